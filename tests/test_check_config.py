"""check-config reads the family registrations (issue 11): every game option and board
setting is checked for type and range from the registration's Options, every bad key
is named at once with its line and what it takes, and the exit is non-zero."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from table_app.cli import main
from tablegame.config import SETTINGS, ConfigError, load, parse
from tablegame.config.games import key_lines
from tablegame.registry import families, playable

THE_ISSUES_FILE = """\
[table]
language = "de"

[games.shove-piecepack]
progressive = "maybe"
equal_turns = "yes"
target = 2.5
beds = 99

[games.shove-hapenny]
target = "three"

[boards.shove-hapenny]
width = -5
"""


def test_every_bad_game_option_and_board_setting_is_named_with_its_line_and_what_it_takes(
        tmp_path, capsys):
    path = tmp_path / "config.toml"
    path.write_text(THE_ISSUES_FILE)
    assert main(["check-config", str(path)]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.splitlines() == [
        f"Configuration error in {path}:",
        "  line 5: games.shove-piecepack.progressive: expected true or false, got 'maybe'",
        "  line 6: games.shove-piecepack.equal_turns: expected true or false, got 'yes'",
        "  line 7: games.shove-piecepack.target: expected a whole number from 1 to 9, got 2.5",
        "  line 8: games.shove-piecepack.beds: expected a whole number from 2 to 7, got 99",
        "  line 11: games.shove-hapenny.target: expected a whole number from 1 to 9, got 'three'",
        "  line 14: boards.shove-hapenny.width: expected a number from 50 to 2000, got -5",
    ]
    assert "Traceback" not in said.err


def test_a_good_file_is_fine(tmp_path, capsys):
    path = tmp_path / "config.toml"
    path.write_text('[games.shove-piecepack]\nbeds = 5\nprogressive = true\n'
                    '[boards.shove-hapenny]\nwidth = 400.0\n[shove]\nmoved_coin = "restore"\n')
    assert main(["check-config", str(path)]) == 0
    assert "fine" in capsys.readouterr().out


def test_an_unknown_option_lists_every_option_of_its_game():
    with pytest.raises(ConfigError) as error:
        parse({"games": {"neunfeld": {"stirct": True}}})
    assert error.value.problems == [
        "games.neunfeld.stirct: unknown option; did you mean strict? (neunfeld knows strict, "
        "table_plays)"]


def test_an_unknown_game_or_board_setting_is_named():
    with pytest.raises(ConfigError) as error:
        parse({"games": {"chess": {}}, "boards": {"shove-piecepack": {"width": 300}}})
    assert error.value.problems[0].startswith("games.chess: unknown game 'chess'")
    assert error.value.problems[1] == ("boards.shove-piecepack.width: unknown board setting; "
                                       "shove-piecepack knows tile, gap, coin_diameter, frame, coins")


def test_a_bad_family_setting_is_named_once_and_the_games_are_still_checked():
    with pytest.raises(ConfigError) as error:
        parse({"schocken": {"dice": "loaded"}, "games": {"schocken": {"deckel": 20}}})
    assert error.value.problems == [
        "schocken.dice: expected one of 'table', 'reader', got 'loaded'",
        "games.schocken.deckel: expected a whole number from 13 to 17, got 20"]


def test_a_value_given_on_the_command_line_has_no_line(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[table]\nlanguage = "de"\n')
    with pytest.raises(ConfigError) as error:
        load(path, {"table.language": "fr"})
    assert error.value.problems == ["table.language: expected one of 'de', 'en', got 'fr'"]


def test_the_lines_of_keys_headers_and_quoted_keys():
    text = ('# the table\n[table]\nlanguage = "de"  # German\n\n[games."shove-hapenny"]\n'
            'target = 3\n[boards.shove-hapenny]\n  "width" = 300.0\nparties = [\n  ["A"],\n]\n')
    assert key_lines(text) == {"table": 2, "table.language": 3, "games.shove-hapenny": 5,
                               "games.shove-hapenny.target": 6, "boards.shove-hapenny": 7,
                               "boards.shove-hapenny.width": 8, "boards.shove-hapenny.parties": 9}


def test_the_families_settings_are_rows_of_the_one_settings_table():
    keys = {s.key for s in SETTINGS}
    for family in families():
        for option in family.settings:
            assert f"{family.name}.{option.name}" in keys


# -- a property: what an Option allows is what check-config accepts ------------------------------
TAKES = [(section, game.name, option) for family in playable() for game in family.games
         for section, options in (("games", game.options + game.play_options), ("boards", game.board))
         for option in options]


def allowed(option):
    if option.kind is bool:
        return st.booleans()
    if option.choices:
        return st.sampled_from(option.choices)
    if option.kind is int:
        return st.integers(int(option.low), int(option.high))
    return st.floats(option.low, option.high, allow_nan=False)


def refused(option):
    wrong_type = st.sampled_from(["maybe", [1], {"a": 1}] + ([1.5] if option.kind is int else [])
                                 + ([1] if option.kind is bool else []))
    if option.low is None or option.choices:
        return wrong_type
    return wrong_type | st.integers(max_value=int(option.low) - 1) | st.integers(
        min_value=int(option.high) + 1)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(TAKES), st.data())
def test_any_value_an_option_allows_passes_its_check_and_any_other_is_refused_by_name(take, data):
    section, game, option = take
    value = data.draw(allowed(option))
    try:
        parse({section: {game: {option.name: value}}})
    except ConfigError as error:   # only the rules' or the board's own checks may speak
        assert all(p.startswith(f"{section}.{game}: ") for p in error.problems), error
    bad = data.draw(refused(option))
    with pytest.raises(ConfigError) as error:
        parse({section: {game: {option.name: bad}}})
    assert error.value.problems[0].startswith(f"{section}.{game}.{option.name}: expected ")


def test_every_game_option_and_board_setting_is_documented():
    from pathlib import Path
    text = (Path(__file__).parent.parent / "docs" / "configuration.md").read_text()
    assert [(game, o.name) for _, game, o in TAKES if f"`{o.name}`" not in text] == []


@pytest.mark.parametrize("board, said", [
    ("length = 300.0", "boards.shove-hapenny: the last line ends 387.8 mm from the front edge, "
                       "beyond the board's length of 300.0 mm: fewer beds, lines closer together "
                       "or a longer board"),
    ("coin_diameter = 40.0", "boards.shove-hapenny: a coin of 40.0 mm does not fit in a bed "
                             "(30.9 mm between the lines): a smaller coin or lines further apart"),
    ("side_line = 170.0", "boards.shove-hapenny: a coin of 25.4 mm does not fit between the side "
                          "lines (15.2 mm apart on a board 356.0 mm wide)"),
])
def test_board_sizes_that_make_no_board_together_are_named_in_words(tmp_path, capsys, board, said):
    """Each size is within its own range; together they make a board that cannot be played
    (the installer measured the wrong thing): refused, saying what to change."""
    path = tmp_path / "config.toml"
    path.write_text(f"[boards.shove-hapenny]\n{board}\n")
    assert main(["check-config", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"Configuration error in {path}: line 1: {said}"


# -- settings that would stop the next start (issue 22, item 17) ------------------------

@pytest.mark.parametrize("key, value, words", [
    ("display.size", [99999, 99999], "at most \\[7680, 4320\\]"),          # SDL out of memory
    ("display.size", [10**20, 600], "at most \\[7680, 4320\\]"),          # 21 digits: TypeError
    ("table.store", "", "a file path, not empty"),                # run exits at once
    ("table.store", "/var/lib/tablegame/", "a file path"),
    ("serial.port", "", "a device path or a pyserial URL"),
    ("web.port", 12, "lower ones need root"),                     # Permission denied
    ("web.port", 1023, "from 1024 to 65535"),
    ("web.host", "[[]]", "an IP address"),
    ("web.host", "", "an IP address"),
    ("web.host", "bad host", "a host name"),
])
def test_a_setting_that_cannot_run_is_refused_by_check_config_and_the_settings_writer(
        tmp_path, key, value, words):
    from tablegame.config.file import ConfigFile
    with pytest.raises(ConfigError, match=words):
        parse({}, overrides={key: value})
    path = tmp_path / "config.toml"
    path.write_text("")
    with pytest.raises(ConfigError, match=words):       # the staff page's writer
        ConfigFile(path, load(path)).save({key: value})
    assert path.read_text() == ""


@pytest.mark.parametrize("key, value", [
    ("display.size", [7680, 4320]), ("display.size", [0, 0]), ("web.port", 0),
    ("web.port", 1024), ("web.port", 65535), ("web.host", "127.0.0.1"), ("web.host", "::"),
    ("web.host", "table.local"), ("web.host", "localhost"), ("table.store", "t.sqlite")])
def test_the_edges_of_what_runs_are_accepted(key, value):
    assert parse({}, overrides={key: value})[key] == value


def test_check_config_names_every_problem_at_once_a_bad_parties_hides_no_bad_game(tmp_path, capsys):
    path = tmp_path / "config.toml"
    path.write_text('[table]\ngame = "darts"\nparties = [["Anna"]]\nstore = ""\n'
                    '[web]\nport = 12\nhost = "[[]]"\n[display]\nsize = [99999, 99999]\n')
    assert main(["check-config", str(path)]) == 2
    err = capsys.readouterr().err
    for key in ("table.game", "table.parties", "table.store", "web.port", "web.host",
                "display.size"):
        assert f"{key}: expected" in err, key
    assert "'darts'" in err


def test_check_config_says_the_problems_in_the_files_order_under_its_header_and_guesses_a_typo(
        tmp_path, capsys):
    """The first problem sat on the header's line, the rest came in the order of the checks
    (lines 2, 6, 9, 18, 12 …), and a misspelt key only said "unknown setting" (issue 30,
    item 14)."""
    path = tmp_path / "config.toml"
    path.write_text('[table]\nlangauge = "en"\n\n[serial]\nbaudrate = "fast"\n[web]\nprot = 8080\n'
                    'threads = 0\nmax_streams = 1\n[games.shove-hapenny]\nbeds = 40\n'
                    '[boards.shove-hapenny]\nwidht = 300\n')
    assert main(["check-config", str(path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"Configuration error in {path}:"
    numbers = [int(line.split()[1].rstrip(":")) for line in lines[1:]]
    assert numbers == sorted(numbers) == [2, 5, 6, 7, 8, 11, 13], lines
    assert lines[1] == "  line 2: table.langauge: unknown setting; did you mean table.language?"
    assert "  line 7: web.prot: unknown setting; did you mean web.port?" in lines
    assert lines[-1].startswith("  line 13: boards.shove-hapenny.widht: unknown board setting; "
                                "did you mean width? (shove-hapenny knows width, length")


def test_the_printed_markers_size_is_checked_in_words(tmp_path, capsys):
    path = tmp_path / "config.toml"
    path.write_text("[camera]\nmarker_mm = 5\n")
    assert main(["check-config", str(path)]) == 2
    said = capsys.readouterr().err
    assert ("line 2: camera.marker_mm: expected the printed markers' side in mm, from 20 to 300, "
            "or 0 for the board's own (48 Shove, 55 Carrom), got 5") in said
    path.write_text("[camera]\nmarker_mm = 72\n")
    assert main(["check-config", str(path)]) == 0
    assert load(str(path))["camera.marker_mm"] == 72
