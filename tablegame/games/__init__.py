"""The games the table plays, found by name (after python-chess's find_variant) in the
family registrations (tablegame.families)."""
from __future__ import annotations

import importlib.util

from tablegame import families
from tablegame.games.base import IllegalAction, Outcome, Rules


def game_names() -> list[str]:
    """The games whose engines are installed."""
    return [name for name in families.game_names()
            if importlib.util.find_spec(families.module_of(families.find(name).rules)) is not None]


def find_game(name: str, **options) -> Rules:
    """The rules of game ``name`` with ``options``; ValueError names what is wrong."""
    return families.load(families.find(name).rules)(**options)


__all__ = ["IllegalAction", "Outcome", "Rules", "find_game", "game_names"]
