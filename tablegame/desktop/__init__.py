"""The simulated player's hands on the desktop, one module per game family: what
the virtual board senses (its world) and which window events act on it. Part of
the composition root: it may import the adapters (pygame, the virtual board)."""
from __future__ import annotations

import importlib
from typing import Any, Callable, Protocol

from tablegame.families import families


class Hands(Protocol):
    world: Any  # given to the VirtualBoard: positions()/shoot()/clear(), readings()

    def attach(self, board, display) -> list[Callable]:
        """Once the virtual board and the window exist: the pygame event handlers."""

    def after_change(self) -> None:
        """After every change of the session's status (e.g. the game changed board)."""


# family -> "module:factory(session, config) -> Hands", from the family registrations
_HANDS = {f.name: f.hands for f in families()}


def family(game: str) -> str:
    return game.split("-")[0]


def hands_for(session, config) -> Hands:
    module, factory = _HANDS[family(session.status.setup.game)].split(":")
    return getattr(importlib.import_module(module), factory)(session, config)
