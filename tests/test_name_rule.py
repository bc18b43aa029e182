"""One rule for a name wherever a name enters the table (tablegame.core.names): the staff
page, the names panel's parsing, the configuration and --party, the session itself
(whoever sends the game), and staff accounts. A name that breaks a screen never gets in."""
import pytest
from hypothesis import given, strategies as st

from tablegame.config import ConfigError, parse
from tablegame.core.names import MAX_NAME, name_problem, parties_problem
from tablegame.core.parties import parse_parties, say_problem
from tablegame.core.play import GameSetup
from tablegame.core.session import NewGame
from web_table import Table

BAD = {
    "nul": "An\x00na",
    "zero-width only": "\u200b",
    "newline": "Anna\nBen",
    "direction override": "\u202eanna",
    "combining marks only": "\u0301\u0302",
    "too long": "A" * (MAX_NAME + 1),
    "50,000 characters": "B" * 50_000,
    "blank": "   ",
}
GOOD = ["Anna", "Zoë", "José María", "李小龙", "O'Brien-Smith", "Ali (2)", "A" * MAX_NAME]


@pytest.mark.parametrize("name", BAD.values(), ids=BAD.keys())
def test_the_rule_refuses_what_a_screen_cannot_show(name):
    assert name_problem(name) is not None


@pytest.mark.parametrize("name", GOOD)
def test_the_rule_takes_real_names(name):
    assert name_problem(name) is None


@given(st.text(max_size=60))
def test_an_accepted_name_is_printable_short_and_shows_something(name):
    if name_problem(name) is None:
        kept = " ".join(name.split())
        assert kept.isprintable() and 0 < len(kept) <= MAX_NAME and kept.strip()


@pytest.mark.parametrize("name", [n for n in BAD.values() if "\n" not in n and len(n) < 60],
                         ids=[k for k, n in BAD.items() if "\n" not in n and len(n) < 60])
def test_the_page_and_the_panel_refuse_such_a_name_with_words(name):
    parties, problem = parse_parties([name, "Ben"])
    assert parties is None and problem is not None
    assert say_problem("de", problem).startswith("Partei 1: ")


@pytest.mark.parametrize("parties", [
    [["An\x00na"], ["Ben"]], [["\u200b"], ["Ben"]], [["Anna\nBen"], ["Cem"]],
    [["B" * 50_000], ["Ben"]], [["Anna"], ["Anna"]], [["Anna"], ["ANNA"]],
])
def test_the_configuration_and_the_command_line_refuse_them(parties):
    with pytest.raises(ConfigError) as error:
        parse({"table": {"parties": parties}})
    assert any("table.parties" in problem for problem in error.value.problems)


def test_party_anna_twice_on_the_command_line_is_refused_in_words(capsys):
    from table_app.cli import main
    assert main(["simulate", "--party", "Anna", "--party", "Anna", "--headless", "/dev/null"]) == 2
    assert "none twice" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["An\x00na", "\u200b", "B" * 50_000])
def test_the_session_refuses_a_game_with_such_a_name_whoever_sends_it(tmp_path, name):
    table = Table(tmp_path)
    try:
        before = table.session.snapshot().status.setup
        reply = table.session.submit(NewGame(GameSetup("shove-hapenny", ((name,), ("Ben",)))),
                                     by="script", wait=5)
        assert not reply.accepted
        assert table.session.snapshot().status.setup == before
    finally:
        table.close()


def test_no_name_twice_in_any_case():
    assert parties_problem([["Anna", "Carl"], ["carl"]])[1] == "names_twice"
    assert parties_problem([["Anna", "Carl"], ["Ben"]]) is None


@pytest.mark.parametrize("name", ["ad\x00min", "\u200b", "x" * 41, " "])
def test_a_staff_account_follows_the_same_rule(tmp_path, name):
    from web_admin.accounts import AccountError, Accounts
    with pytest.raises(AccountError):
        Accounts(tmp_path / "staff.sqlite").add(name, "long-enough-1", "staff")
