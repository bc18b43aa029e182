"""Every note the table can show has a German and an English text: the notes are found
on the source (``Note.of("key", ...)``), so a new reason cannot slip past; and the
engines give every reason for an illegal action as a note."""
import ast
import random
from pathlib import Path

import pytest

from tablegame.texts import LANGUAGES, TEXTS

ROOT = Path(__file__).parent.parent
MODULES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tablegame").rglob("*.py"))
# the engines whose reasons are notes
ENGINES = ("tablegame/families/shove/rules.py", "tablegame/families/neunfeld/rules.py", "tablegame/families/schocken/rules.py",
           "tablegame/families/schocken/turn.py", "tablegame/families/schocken/sheet.py",
           "tablegame/families/carrom/rules.py")


def calls(module: str):
    return [n for n in ast.walk(ast.parse((ROOT / module).read_text(encoding="utf-8")))
            if isinstance(n, ast.Call)]


def note_keys(module: str) -> set[str]:
    """The keys of the notes ``module`` builds with a literal key."""
    return {c.args[0].value for c in calls(module)
            if ast.unparse(c.func) == "Note.of" and c.args and isinstance(c.args[0], ast.Constant)}


def text_keys(module: str) -> set[str]:
    """The keys ``module`` looks up with ``text(language, "key", ...)`` (screen lines)."""
    return {c.args[1].value for c in calls(module)
            if ast.unparse(c.func).split(".")[-1] == "text" and len(c.args) > 1
            and isinstance(c.args[1], ast.Constant)}


@pytest.mark.parametrize("module", MODULES)
def test_every_note_key_has_a_german_and_an_english_text(module):
    missing = {language: sorted(note_keys(module) - set(TEXTS[language])) for language in LANGUAGES}
    assert missing == {language: [] for language in LANGUAGES}


@pytest.mark.parametrize("module", [m for m in MODULES if text_keys(m)])
def test_every_text_looked_up_by_name_has_a_german_and_an_english_text(module):
    """Screen lines are looked up by name, not built as notes: a family's text left
    in no module, or in one language only, is found here rather than on a screen."""
    missing = {language: sorted(text_keys(module) - set(TEXTS[language])) for language in LANGUAGES}
    assert missing == {language: [] for language in LANGUAGES}


@pytest.mark.parametrize("module", sorted(
    p.relative_to(ROOT).as_posix() for p in [*(ROOT / "tablegame/families").glob("*/texts*.py"),
                                             ROOT / "tablegame/texts/unattended.py"]))
def test_a_game_text_module_has_every_key_in_both_languages(module):
    name = module.removesuffix(".py").replace("/", ".")
    texts = __import__(name, fromlist=["TEXTS"]).TEXTS
    assert set(texts["de"]) == set(texts["en"])


def _registered_text_modules() -> list[str]:
    from tablegame.registry import families
    return sorted({"tablegame.texts", *(family.texts for family in families())})


@pytest.mark.parametrize("name", _registered_text_modules())
def test_the_shared_texts_and_each_registered_familys_have_every_key_in_both_languages(name):
    """Each family's texts module wherever it lives, and the whole merged table (the
    shared texts with every family's): a key missing in German would quietly show in
    English, as ``text`` falls back to it."""
    texts = __import__(name, fromlist=["TEXTS"]).TEXTS
    assert sorted(set(texts["de"]) ^ set(texts["en"])) == []


@pytest.mark.parametrize("module", ENGINES)
def test_an_engine_gives_every_reason_for_an_illegal_action_as_a_note(module):
    plain = [c.lineno for c in calls(module) if ast.unparse(c.func) == "IllegalAction"]
    assert plain == [], "raise IllegalAction.because(Note.of(...), language) instead"
    assert note_keys(module)


# -- grammar: one coin, many coins; a party's name once -------------------------------------

from hypothesis import given, strategies as st  # noqa: E402

from tablegame.families.shove.rules import Cleared, CoinToss, Shove  # noqa: E402
from tablegame.texts import text  # noqa: E402
from tablegame.core.games import make_play  # noqa: E402
from tablegame.core.play import GameSetup, TableStatus  # noqa: E402

NOUNS = {"de": ("Münze", "Münzen"), "en": ("coin", "coins")}


@given(left=st.integers(0, 12), language=st.sampled_from(LANGUAGES),
       key=st.sampled_from(["status_turn", "status_turn_flick", "status_playoff"]))
def test_a_count_takes_the_singular_for_one_and_the_plural_otherwise(left, language, key):
    one, many = NOUNS[language]
    words = text(language, key, who="Anna", left=left)
    assert words.endswith(f" {left} {one if left == 1 else many}" + ("" if language == "de" else " left"))


@pytest.mark.parametrize("language, coins, says", [
    ("de", 1, "(1 Münze liegt noch)"), ("de", 3, "(3 Münzen liegen noch)"),
    ("en", 1, "(1 coin still on it)"), ("en", 3, "(3 coins still on it)")])
def test_the_board_to_clear_counts_its_coins_in_words(language, coins, says):
    assert text(language, "status_clear", coins=coins).endswith(says)


@pytest.mark.parametrize("scoring, says", [
    (dict(own=(3,)), "Anna: 1 Strich in Bett 3"),
    (dict(own=(2, 5)), "Anna: 2 Striche in Betten 2, 5"),
    (dict(own=(3, 3)), "Anna: 2 Striche in Bett 3"),
    (dict(given=(4,), lost=(6, 7)), "Anna: kein Strich · Ben bekommt Bett 4 · verfallen: Betten 6, 7"),
    (dict(tiebreak=True, count=1), "Anna: 1 Münze im Stechen"),
])
def test_a_scored_turn_is_said_in_good_german(scoring, says):
    assert text("de", "turn_scored", party="Anna", other="Ben", **scoring) == says


def test_a_finished_game_tells_what_ok_does_now():
    setup = GameSetup("shove-piecepack", (("Anna",), ("Ben",)))
    play = make_play(setup)
    rules, rng = play.rules, random.Random(3)
    state = rules.initial_state(setup.parties)
    fresh = TableStatus(setup, state, menu_steps=True)
    assert play.view(fresh, "de").hint == "OK: Münzwurf · MENÜ: Spielwahl"
    while not rules.is_over(state):
        state = rules.apply(state, rules.random_action(state, rng))
    over = TableStatus(setup, state, moves=30, actions=30)
    assert play.view(over, "de").hint == \
        "OK: neues Spiel · ZURÜCK lang: rückgängig · MENÜ: Personalseite"


def test_the_player_who_shoves_is_named_once():
    setup = GameSetup("shove-piecepack", (("Anna", "Carl"), ("Ben",)))
    play = make_play(setup)
    rules = play.rules
    state = rules.apply(rules.apply(rules.initial_state(setup.parties), CoinToss(0)), Cleared())
    for _ in range(4):
        state = rules.apply(state, Shove(()))
    status = TableStatus(setup, state)
    assert play.view(status, "de").status == "Anna schiebt – noch 1 Münze"
    assert play.view(status, "en").status == "Anna to shove – 1 coin left"


from tablegame.texts import link_details, link_text  # noqa: E402
from tablegame.core.sensors import LinkState, LinkStatus  # noqa: E402


@pytest.mark.parametrize("state, de, en", [
    (LinkState.OPERATIONAL, "Brett verbunden", "Board connected"),
    (LinkState.LOST, "Brett fehlt: Kabel prüfen", "Board missing: check the cable"),
    (LinkState.SEARCHING, "Brett fehlt: Kabel prüfen", "Board missing: check the cable"),
])
def test_guests_see_the_link_in_a_few_words_and_staff_get_the_details(state, de, en):
    link = LinkStatus(state, "board 0x7ab1e, firmware virtual-1.0 on /dev/pts/3")
    assert (link_text(link, "de"), link_text(link, "en")) == (de, en)
    assert link_details(link, "en") == f"{en} (board 0x7ab1e, firmware virtual-1.0 on /dev/pts/3)"


def test_a_reading_the_game_cannot_use_is_named_in_words_not_by_its_type():
    assert text("de", "wrong_reading", kind="DiceReading") == \
        "Das Brett meldet Würfel, das passt nicht zu diesem Spiel"
    assert text("en", "wrong_reading", kind="SquaresReading") == \
        "The board reports squares, which does not fit this game"


# -- a party of two is "they" (issue 30, item 15) ---------------------------------------------

TWO = "Anna & Carl"
# The verbs the table's sentences put after a name, as they read for one player.
SINGULAR = {"en": {"wins", "starts", "has", "is", "rolls", "begins", "reaches", "gets", "breaks",
                   "places", "covers", "pockets", "throws", "takes", "loses", "sets", "moves",
                   "tips", "shoves", "flicks", "plays", "owes", "leaves"},
            "de": {"gewinnt", "beginnt", "hat", "ist", "würfelt", "erreicht", "bekommt", "stößt",
                   "kann", "muss", "setzt", "verliert", "wirft", "nimmt", "schiebt", "legt",
                   "dreht", "deckt", "kippt", "spielt", "schnippt", "verlässt", "schuldet"}}


def _string_templates():
    import string
    for language in LANGUAGES:
        for key, template in TEXTS[language].items():
            if isinstance(template, str):
                fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
                if fields & {"party", "other", "loser", "winner"}:
                    yield language, key, template, fields


@pytest.mark.parametrize("language, key, template, fields",
                         list(_string_templates()), ids=lambda v: v if isinstance(v, str) else "")
def test_a_party_of_two_takes_the_verb_for_several(language, key, template, fields):
    from tablegame.texts import text
    values = {f: TWO if f in ("party", "other", "loser", "winner") else 2 for f in fields}
    try:
        said = text(language, key, **values)
    except (KeyError, ValueError, TypeError, IndexError):
        pytest.skip("its values are not names and numbers")
    after = {word.strip(":,!") for i in range(len(said)) if said.startswith(TWO, i)
             for word in said[i + len(TWO):].split()[:2]}    # "… still has"
    assert not after & SINGULAR[language], said


@pytest.mark.parametrize("language, key, values, says", [
    ("en", "winner", {"party": TWO}, "Anna & Carl win!"),
    ("en", "winner", {"party": "Anna"}, "Anna wins!"),
    ("de", "winner", {"party": TWO}, "Anna & Carl gewinnen!"),
    ("en", "coin_toss", {"party": TWO}, "Coin toss: Anna & Carl start"),
    ("de", "coin_toss", {"party": TWO}, "Münzwurf: Anna & Carl beginnen"),
    ("en", "marks_corrected", {"party": TWO, "bed": 3, "marks": 2}, "Corrected: Anna & Carl have 2 marks in bed 3"),
    ("de", "marks_corrected", {"party": TWO, "bed": 3, "marks": 1}, "Korrigiert: Anna & Carl haben 1 Strich in Bett 3"),
    ("en", "nf_rolled_start", {"party": TWO, "tops": (5, 4, 4)}, "Rolled 5, 4, 4: a 5! Anna & Carl begin"),
    ("de", "cr_toss", {"party": TWO}, "Münzwurf: Anna & Carl stoßen das Entscheidungsboard an"),
])
def test_the_verb_agrees_with_the_party(language, key, values, says):
    from tablegame.texts import text
    assert text(language, key, **values) == says


def test_a_scored_turn_gives_to_a_party_of_two_in_good_words():
    from tablegame.texts import say
    from tablegame.words.notes import Note
    note = Note.of("turn_scored", party="Ben", other=TWO, own=(1,), given=(4,), lost=(),
                   sergeants=(), gold_watch=False, tiebreak=False, count=2)
    assert say("en", note) == "Ben: 1 mark in bed 1 · Anna & Carl get bed 4"
    assert say("de", note) == "Ben: 1 Strich in Bett 1 · Anna & Carl bekommen Bett 4"
