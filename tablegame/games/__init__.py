"""The games the table plays, found by name (after python-chess's find_variant)."""
from __future__ import annotations

import importlib
import importlib.util

from tablegame.families import families
from tablegame.games.base import IllegalAction, Outcome, Rules

# name -> "module:factory", from the family registrations
_GAMES = {game.name: game.rules for family in families() for game in family.games}


def game_names() -> list[str]:
    """The games whose engines are installed."""
    names = []
    for name, target in _GAMES.items():
        module = target.split(":")[0]
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return names


def find_game(name: str, **options) -> Rules:
    """The rules of game ``name`` with ``options``; ValueError names what is wrong."""
    if name not in _GAMES:
        raise ValueError(f"unknown game {name!r}; the table plays {', '.join(game_names())}")
    module, factory = _GAMES[name].split(":")
    return getattr(importlib.import_module(module), factory)(**options)


__all__ = ["IllegalAction", "Outcome", "Rules", "find_game", "game_names"]
