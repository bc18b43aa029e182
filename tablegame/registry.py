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

    def check(self, value) -> str | None:
        """None if ``value`` is allowed, else what is allowed and what was given, in words."""
        return None if self.allows(value) else f"expected {self.allowed()}, got {value!r}"

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

    def allowed(self) -> str:
        """What the option takes, in words: "a whole number from 2 to 7"."""
        if self.kind is bool:
            return "true or false"
        if self.choices:
            return f"one of {', '.join(map(repr, self.choices))}"
        if self.kind is str:
            return "text"
        what = "a whole number" if self.kind is int else "a number"
        if self.low is not None and self.high is not None:
            return f"{what} from {self.low:g} to {self.high:g}"
        if self.low is not None:
            return f"{what} of at least {self.low:g}"
        return f"{what} of at most {self.high:g}" if self.high is not None else what


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
    - ``screen``: the pygame screen class (hardware.display.display.Screen), made with
      no arguments, that draws the views of type ``view_type``
    - ``hands``: ``factory(session, config) -> Hands`` (tablegame.app.desktop.Hands)
    - ``script``: a module with ``STEPS`` (its steps' forms, as tablegame.app.headless_steps),
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
    raise ValueError(f"unknown game {game!r}; the table plays {', '.join(game_names())}")


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


def known(game: str, options: tuple[Option, ...]) -> str:
    """What ``game`` takes, for a message about a name it does not know."""
    return f"{game} knows {', '.join(o.name for o in options)}" if options else f"{game} has none"


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
