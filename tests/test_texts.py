"""Every note the table can show has a German and an English text: the notes are found
on the source (``Note.of("key", ...)``), so a new reason cannot slip past; and the
engines give every reason for an illegal action as a note."""
import ast
from pathlib import Path

import pytest

from tablegame.i18n import LANGUAGES, TEXTS

ROOT = Path(__file__).parent.parent
MODULES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tablegame").rglob("*.py"))
# the engines whose reasons are notes
ENGINES = ("tablegame/games/shove.py", "tablegame/games/neunfeld.py", "tablegame/games/schocken.py",
           "tablegame/games/schocken_turn.py", "tablegame/play/schocken_sheet.py",
           "tablegame/games/carrom.py")


def calls(module: str):
    return [n for n in ast.walk(ast.parse((ROOT / module).read_text(encoding="utf-8")))
            if isinstance(n, ast.Call)]


def note_keys(module: str) -> set[str]:
    """The keys of the notes ``module`` builds with a literal key."""
    return {c.args[0].value for c in calls(module)
            if ast.unparse(c.func) == "Note.of" and c.args and isinstance(c.args[0], ast.Constant)}


@pytest.mark.parametrize("module", MODULES)
def test_every_note_key_has_a_german_and_an_english_text(module):
    missing = {language: sorted(note_keys(module) - set(TEXTS[language])) for language in LANGUAGES}
    assert missing == {language: [] for language in LANGUAGES}


@pytest.mark.parametrize("module", sorted(p.relative_to(ROOT).as_posix()
                                          for p in (ROOT / "tablegame/texts").glob("[!_]*.py")))
def test_a_game_text_module_has_every_key_in_both_languages(module):
    name = module.removesuffix(".py").replace("/", ".")
    texts = __import__(name, fromlist=["TEXTS"]).TEXTS
    assert set(texts["de"]) == set(texts["en"])


@pytest.mark.parametrize("module", ENGINES)
def test_an_engine_gives_every_reason_for_an_illegal_action_as_a_note(module):
    plain = [c.lineno for c in calls(module) if ast.unparse(c.func) == "IllegalAction"]
    assert plain == [], "raise IllegalAction.because(Note.of(...), language) instead"
    assert note_keys(module)
