"""The command line given what it cannot use: a configuration that is not UTF-8 or is
a folder, an event log path that cannot hold a log. Each is said in words, with exit
status 2, no traceback and nothing written; --help reads as plain terminal text."""
import re
import sqlite3
import subprocess
import sys

import pytest

from table_app.cli import _parser, main

TWO_TURNS = "examples/headless/two-turns.json"


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "table_app.cli", *args], capture_output=True,
                          text=True, timeout=60, cwd=cwd)


def test_a_configuration_that_is_not_utf8_or_is_a_folder_is_named(tmp_path, capsys):
    latin1 = tmp_path / "config.toml"
    latin1.write_bytes('[table]\nparties = [["Jürgen"], ["Ben"]]\n'.encode("latin-1"))
    folder = tmp_path / "conf.d"
    folder.mkdir()
    for path, said in ((latin1, "not UTF-8 text (byte 0xfc at position 22)"),
                       (folder, "this is a folder, not a file")):
        for args in (["check-config", str(path)], ["simulate", "--config", str(path), "--headless",
                                                   TWO_TURNS]):
            assert main(args) == 2
            err = capsys.readouterr().err
            assert f"Configuration error in {path}: {said}" in err, err


def test_a_configuration_named_but_missing_is_refused_not_ignored(tmp_path, capsys):
    missing = tmp_path / "config.toml"
    db = tmp_path / "t.sqlite"
    assert main(["simulate", "--config", str(missing), "--db", str(db), "--headless",
                 TWO_TURNS]) == 2
    assert f"Configuration error in {missing}: the file does not exist" in capsys.readouterr().err
    assert not db.exists()


def bad_logs(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder")
    not_sqlite = tmp_path / "table.sqlite"
    not_sqlite.write_text("this is a shopping list, not an event log\n" * 40)
    other_program = tmp_path / "shop.sqlite"
    with sqlite3.connect(other_program) as db:
        db.execute("CREATE TABLE items (name TEXT)")
    other_events = tmp_path / "calendar.sqlite"
    with sqlite3.connect(other_events) as db:
        db.execute("CREATE TABLE events (title TEXT, day TEXT)")
        db.execute("INSERT INTO events VALUES ('quiz night', 'Tuesday')")
    return [(folder, "is a folder: name a file in it for the event log"),
            (other_program, "is not an event log (an SQLite file of this table): it holds other "
                            "tables (items) and no events"),
            (other_events, "is not an event log (an SQLite file of this table): its events table "
                           "has other columns (day, title)"),
            (a_file / "var" / "t.sqlite", f"cannot be made: {a_file} is a file, not a folder"),
            (not_sqlite, "is not an event log (an SQLite file of this table): file is not a database")]


def test_a_db_that_cannot_hold_an_event_log_is_refused_in_words(tmp_path, capsys):
    for db, said in bad_logs(tmp_path):
        before = sorted(p.name for p in tmp_path.rglob("*"))
        contents = db.read_bytes() if db.is_file() else None
        assert main(["simulate", "--db", str(db), "--headless", TWO_TURNS]) == 2
        err = capsys.readouterr().err
        assert f"event log: {db} {said}" in err, err
        assert sorted(p.name for p in tmp_path.rglob("*")) == before     # nothing made
        assert (db.read_bytes() if db.is_file() else None) == contents


@pytest.mark.skipif(sys.platform != "linux", reason="needs a folder nobody may write in")
def test_a_db_in_a_folder_that_cannot_be_created_is_refused(tmp_path):
    out = run("simulate", "--db", "/proc/tablegame-test/t.sqlite", "--headless", TWO_TURNS)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "event log: /proc/tablegame-test/t.sqlite cannot be made: the folder " \
           "/proc/tablegame-test cannot be created" in out.stderr


def test_the_window_command_refuses_a_bad_db_the_same_way(tmp_path):
    db = tmp_path / "logs"
    db.mkdir()
    out = run("simulate", "--db", str(db))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert f"event log: {db} is a folder" in out.stderr


def helps():
    parser = _parser()
    yield "tablegame", parser.format_help()
    for action in parser._subparsers._group_actions:
        for name, sub in action.choices.items():
            yield name, sub.format_help()


def test_each_commands_help_says_what_it_does_and_what_each_argument_is():
    """``tablegame reset-password --help`` said only "positional arguments: name" (issue 30,
    the second evening: a new user's first look at a command)."""
    parser = _parser()
    for action in parser._subparsers._group_actions:
        for name, sub in action.choices.items():
            listed = next(a.help for a in action._choices_actions if a.dest == name)
            assert sub.description == listed, name
            bare = [a.dest for a in sub._actions if not a.option_strings and not a.help]
            assert bare == [], (name, bare)
    text = parser._subparsers._group_actions[0].choices["reset-password"].format_help()
    assert "set the password of a staff page account" in text and "the account's name" in text


@pytest.mark.parametrize("name, text", list(helps()))
def test_help_reads_as_plain_text_in_a_terminal(name, text):
    markup = re.findall(r"``|:ref:|:doc:|\.\. \w+::|`[^`\s]+`_", text)
    assert not markup, f"{name} --help shows reStructuredText: {markup}"
    assert all(len(line) <= 100 for line in text.splitlines())


@pytest.mark.parametrize("argv, said", [
    (["power_cut", "--frob"], "power_cut: expected one count, a whole number such as 50, got '--frob'"),
    (["unplug", "5", "6"], "unplug: expected one count"),
    (["nope"], "no soak 'nope'; there are: fuzz, power_cut, unplug"),
])
def test_dev_soak_refuses_what_it_cannot_run_in_words(argv, said, capsys):
    from soak.__main__ import main as soak
    assert soak(argv) == 2
    out = capsys.readouterr()
    assert said in out.err and out.out == ""


def test_dev_bench_help_names_the_benchmarks(capsys):
    from benchmarks.__main__ import main as bench
    assert bench(["--help"]) == 0
    out = capsys.readouterr().out
    assert "./dev bench" in out and "bench_latency" in out and "bench_camera" in out


def test_dev_bench_refuses_an_unknown_benchmark_instead_of_printing_nothing(capsys):
    from benchmarks.__main__ import main as bench
    assert bench(["bench_latency", "bench_nope"]) == 2
    out = capsys.readouterr()
    assert "no benchmark 'bench_nope'; there are: bench_latency" in out.err and out.out == ""


TAKES_PARTIES = ('expected two parties or more (up to ten for Schocken): --party once for each, '
                 'its players\' names comma separated (none empty, none twice, each at most 40 '
                 'characters), e.g. --party "Anna,Carl" --party Ben')


@pytest.mark.parametrize("args, said", [
    (["--party", "A"], f"--party A: {TAKES_PARTIES}"),
    (["--party", "A,", "--party", "Ben"], f"--party A, --party Ben: {TAKES_PARTIES}"),
    (["--game", "neunfeld", "--party", "A", "--party", "B", "--party", "Cem Özdemir"],
     '--party A --party B --party "Cem Özdemir": Neunfeld is played by 2 parties, not 3'),
    (["--size", "100x60"], "--size 100x60: expected WIDTHxHEIGHT of at least 320x240 (the "
                           "smallest screen the table draws on), such as 1280x800, or 0x0 for "
                           "the screen's own size"),
    (["--game", "shove-piecepack", "--option", "beds=9"],
     "--option beds=9: expected a whole number from 2 to 7, got 9"),
    (["--option", "nope=1"], "--option nope=1: unknown option; shove-hapenny knows beds"),
])
def test_a_bad_command_line_option_is_the_command_line_s_problem_not_the_defaults(
        args, said, tmp_path, capsys):
    db = tmp_path / "t.sqlite"
    assert main(["simulate", *args, "--db", str(db), "--headless", TWO_TURNS]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"Command-line error: {said}"), err
    assert "defaults" not in err and not db.exists()


def test_a_bad_command_line_option_beside_a_bad_file_is_named_as_typed(tmp_path, capsys):
    config = tmp_path / "config.toml"
    config.write_text("[serial]\nbaudrate = 5\n")
    assert main(["simulate", "--config", str(config), "--party", "A", "--headless", TWO_TURNS]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"Configuration error in {config}:", f"  --party A: {TAKES_PARTIES}",
        "  line 2: serial.baudrate: expected a number from 1200 to 4000000, got 5"]


def test_config_template_names_a_bad_set_as_typed(capsys):
    assert main(["config-template", "--set", "display.size=[100, 60]"]) == 2
    out = capsys.readouterr()
    assert out.err.startswith("Command-line error: --set display.size=[100, 60]: expected "
                              "[width, height] in pixels, at least [320, 240]") and out.out == ""


def test_dev_bench_names_a_listed_benchmark_whose_file_is_missing(monkeypatch, capsys):
    """A name in MODULES without its file was skipped in silence (exit 0, nothing printed)."""
    import benchmarks.__main__ as bench
    monkeypatch.setattr(bench, "MODULES", [*bench.MODULES, "bench_gone"])
    assert bench.main(["bench_gone"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith("no benchmark 'bench_gone'; there are: bench_latency, ")
    assert "bench_gone," not in out.err and "bench_imports" in out.err
