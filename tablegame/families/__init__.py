"""Game families: each declares itself once in ``tablegame/families/<name>.py`` (``FAMILY = Family(...)``).

Core only (no pygame, serial, gpiozero): adapter parts are named by "module:attr" strings and
imported lazily by the adapter that needs them. Adding a family is adding a module here.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


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
        """None if ``value`` is allowed, else what is allowed, in words."""
        if self.kind is bool:
            return None if isinstance(value, bool) else f"expected true or false, got {value!r}"
        if self.choices:
            return None if value in self.choices else (
                f"expected one of {', '.join(map(repr, self.choices))}, got {value!r}")
        if self.kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
            what = "a whole number"
        elif self.kind is float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            what = "a number"
        else:
            return None if isinstance(value, str) else f"expected text, got {value!r}"
        if ok and (self.low is None or value >= self.low) and (self.high is None or value <= self.high):
            return None
        bounds = (f" from {self.low:g} to {self.high:g}" if self.low is not None and self.high is not None
                  else f" of at least {self.low:g}" if self.low is not None
                  else f" of at most {self.high:g}" if self.high is not None else "")
        return f"expected {what}{bounds}, got {value!r}"


@dataclass(frozen=True)
class Game:
    """One game name the table plays, e.g. "shove-piecepack"."""
    name: str
    title: dict[str, str]
    rules: str                       # "module:factory(**options) -> Rules"
    options: tuple[Option, ...] = ()  # rules options and play options
    board: tuple[Option, ...] = ()    # [boards.<game>] settings


@dataclass(frozen=True)
class Correction:
    """What staff may correct; becomes an engine action the rules validate."""
    name: str
    title: dict[str, str]
    fields: tuple[Option, ...]
    action: str


@dataclass(frozen=True)
class Family:
    name: str
    games: tuple[Game, ...]
    play: str
    menu: tuple[tuple[str, dict], ...]
    solo: bool
    screen: str
    view_type: str
    hands: str
    script: str
    texts: str
    corrections: tuple[Correction, ...] = ()


@lru_cache(maxsize=None)
def families() -> tuple[Family, ...]:
    """Every registered family: the ``FAMILY`` of each module in this package."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        found.append(importlib.import_module(f"{__name__}.{info.name}").FAMILY)
    return tuple(found)


def game_names() -> list[str]:
    return [game.name for family in families() for game in family.games]


def family_of(game: str) -> Family:
    """The family of ``game``; ValueError in words for an unknown game."""
    for family in families():
        if any(g.name == game for g in family.games):
            return family
    raise ValueError(f"unknown game {game!r}; the table plays {', '.join(game_names())}")


def find(game: str) -> Game:
    return next(g for g in family_of(game).games if g.name == game)


def load(target: str):
    """The object a "module:attr" string names, imported now."""
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)
