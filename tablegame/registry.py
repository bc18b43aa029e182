"""The registry of game families: what a family declares (``Family``, ``Game``, ``Option``,
``Correction``) and where the table finds them. Each family is one package,
``tablegame/families/<name>/``, whose ``__init__`` declares ``FAMILY = Family(...)`` and nothing
else; everything else of the family lives beside it in that folder.

Core only (no pygame, serial, gpiozero): adapter parts are named by "module:attr" strings and
imported lazily by the adapter that needs them. Adding a family is adding a folder.
"""
from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from tablegame.words.phrase import Phrase, phrasebook

# What an option takes and what is wrong with a value or a name, in German and English (the
# English ones are check-config's words; the staff page says them in its language).
WORDS = {
    "de": {
        "expected_got": "erwartet wird {allowed}, nicht {value}",
        "true_or_false": "true oder false", "one_of": "einer der Werte {choices}", "text": "Text",
        "a_whole_number": "eine ganze Zahl", "a_number": "eine Zahl",
        "from_to": "{what} von {low} bis {high}", "at_least": "{what} von mindestens {low}",
        "at_most": "{what} von höchstens {high}",
        "knows": "{game} kennt {names}", "knows_none": "{game} hat keine",
        "unknown_game": "unbekanntes Spiel {game}; der Tisch spielt {games}",
    },
    "en": {
        "expected_got": "expected {allowed}, got {value}",
        "true_or_false": "true or false", "one_of": "one of {choices}", "text": "text",
        "a_whole_number": "a whole number", "a_number": "a number",
        "from_to": "{what} from {low} to {high}", "at_least": "{what} of at least {low}",
        "at_most": "{what} of at most {high}",
        "knows": "{game} knows {names}", "knows_none": "{game} has none",
        "unknown_game": "unknown game {game}; the table plays {games}",
    },
}
phrase = phrasebook(WORDS)



@dataclass(frozen=True)
class Option:
    """One setting of a game, a board or a correction field (data, read by config, web page, panel)."""
    name: str
    default: Any
    kind: type
    doc: dict[str, str]
    choices: tuple = ()
    low: float | None = None
    high: float | None = None

    def check(self, value) -> Phrase | None:
        """None if ``value`` is allowed, else what is allowed and what was given, in words."""
        return None if self.allows(value) else phrase("expected_got", allowed=self.allowed(),
                                                       value=repr(value))

    def allows(self, value) -> bool:
        if self.kind is bool:
            return isinstance(value, bool)
        if self.choices:
            return value in self.choices
        if self.kind is str:
            return isinstance(value, str)
        if isinstance(value, bool) or not isinstance(value, int if self.kind is int else (int, float)):
            return False
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def allowed(self) -> Phrase:
        """What the option takes, in words: "a whole number from 2 to 7"."""
        if self.kind is bool:
            return phrase("true_or_false")
        if self.choices:
            return phrase("one_of", choices=", ".join(map(repr, self.choices)))
        if self.kind is str:
            return phrase("text")
        what = phrase("a_whole_number" if self.kind is int else "a_number")
        low = None if self.low is None else f"{self.low:g}"
        high = None if self.high is None else f"{self.high:g}"
        if low is not None and high is not None:
            return phrase("from_to", what=what, low=low, high=high)
        if low is not None:
            return phrase("at_least", what=what, low=low)
        return phrase("at_most", what=what, high=high) if high is not None else what


@dataclass(frozen=True)
class Game:
    """One game name the table plays, e.g. "shove-piecepack"."""
    name: str
    title: dict[str, str]
    rules: str                             # "module:factory(**options) -> Rules"
    options: tuple[Option, ...] = ()       # [games.<name>] options that go to the rules
    play_options: tuple[Option, ...] = ()  # [games.<name>] options that go to the play
    board: tuple[Option, ...] = ()         # [boards.<name>] settings, given to the play

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options + self.play_options if o.name == name), None)


@dataclass(frozen=True)
class Correction:
    """What staff may correct; becomes an engine action the rules validate."""
    name: str
    title: dict[str, str]
    fields: tuple[Option, ...]   # whole numbers typed on the staff page
    action: str                  # "module:factory(**fields) -> the engine's action"


@dataclass(frozen=True)
class Command:
    """A command of the family's own on the table's command line: ``tablegame <name> ...``.
    ``arguments`` are argparse's (name or flag, keywords); ``run`` is "module:function",
    ``function(args) -> exit status``, imported only when the command runs."""
    name: str
    help: str
    arguments: tuple[tuple[str, dict], ...]
    run: str


@dataclass(frozen=True)
class Family:
    """Everything the table needs of a game family. Adapter parts are "module:attr"
    strings (or a module's name), imported only when the family's game is chosen; a
    family without ``play`` is known by its rules and texts only (the table does not
    offer it), else it gives all of play, screen, view_type, hands and script:

    - ``play``: ``factory(rules, settings: PlaySettings, **play_options) -> Play``
      (tablegame.core.play: judge/press/view; ``settings`` holds this family's
      ``settings`` and the game's ``board`` values by name, defaults filled in)
    - ``screen``: the pygame screen class (tablegame.display.display.Screen), made with
      no arguments, that draws the views of type ``view_type``
    - ``hands``: ``factory(session, config) -> Hands`` (table_app.desktop.Hands)
    - ``script``: a module with ``STEPS`` (its steps' forms, built with tablegame.core.step_forms),
      ``world(session, config)`` (what the virtual board senses in a headless run),
      ``step(step, i, session, board, world, config, ScriptError)`` (one step done) and
      optionally ``check(step, config, play)`` (a problem only the table can tell)
    - ``texts``: a module with ``TEXTS = {"de": {...}, "en": {...}}`` (tablegame.texts)
    - ``settings``: the family's table settings, ``[<name>] key = value`` in the
      configuration (key ``<name>.<option>``)
    - ``calibration``: ``function(board, readings) -> tablegame.core.calibration.Calibration``,
      the play's board drawn and the readings placed on it for the staff page
    """
    name: str
    games: tuple[Game, ...]
    texts: str
    play: str | None = None              # None: the rules only, the table cannot play it yet
    menu: tuple[tuple[str, dict], ...] = ()   # what MENU steps through: (game, options)
    solo: bool = False                   # each party is one player
    screen: str | None = None
    view_type: str | None = None
    hands: str | None = None
    script: str | None = None
    settings: tuple[Option, ...] = ()
    corrections: tuple[Correction, ...] = ()
    order: int = 100   # where the family comes in lists; the first game of the first is the default
    calibration: str | None = None       # "module:function(board, readings) -> Calibration"
    commands: tuple[Command, ...] = ()   # the family's own commands on the command line


@lru_cache(maxsize=None)
def families() -> tuple[Family, ...]:
    """Every registered family: the ``FAMILY`` of each package in ``tablegame.families``, in order."""
    package = importlib.import_module(f"{__package__}.families")   # the folder beside this module
    found = [importlib.import_module(f"{package.__name__}.{info.name}").FAMILY
             for info in pkgutil.iter_modules(package.__path__) if info.ispkg]
    return tuple(sorted(found, key=lambda f: (f.order, f.name)))


def game_names() -> list[str]:
    return [game.name for family in families() for game in family.games]


def playable() -> tuple[Family, ...]:
    """The families the table can play (those with a play, a screen, hands and a script)."""
    return tuple(f for f in families() if f.play is not None)


def playable_games() -> list[str]:
    return [game.name for family in playable() for game in family.games]


def family_of(game: str) -> Family:
    """The family of ``game``; ValueError in words for an unknown game."""
    for family in families():
        if any(g.name == game for g in family.games):
            return family
    raise ValueError(phrase("unknown_game", game=repr(game), games=", ".join(game_names())))


def find(game: str) -> Game:
    """The registration of ``game``; ValueError in words for an unknown game."""
    return next(g for g in family_of(game).games if g.name == game)


def module_of(target: str) -> str:
    """The module a "module:attr" string (or a module's name) names."""
    return target.split(":")[0]


def check_values(options: tuple[Option, ...], values: Mapping[str, Any]
                 ) -> tuple[list[str], list[tuple[str, str]]]:
    """The names in ``values`` that none of ``options`` has, and (name, what is wrong)
    for each value that its option refuses."""
    known = {o.name: o for o in options}
    unknown = sorted(name for name in values if name not in known)
    bad = [(name, problem) for name, value in values.items() if name in known
           and (problem := known[name].check(value)) is not None]
    return unknown, bad


def known(game: str, options: tuple[Option, ...]) -> Phrase:
    """What ``game`` takes, for a message about a name it does not know."""
    return (phrase("knows", game=game, names=", ".join(o.name for o in options)) if options
            else phrase("knows_none", game=game))


def installed(target: str | None) -> bool:
    """Whether the module a "module:attr" string names is there (a family's part that
    is still being built is not: the table then says it cannot do that yet)."""
    if target is None:
        return False
    try:
        return importlib.util.find_spec(module_of(target)) is not None
    except ModuleNotFoundError:   # its package is missing too
        return False


def load(target: str):
    """The object a "module:attr" string names, imported now."""
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)
