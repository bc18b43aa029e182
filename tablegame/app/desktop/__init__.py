"""The simulated player's hands on the desktop, one module per game family: what
the virtual board senses (its world) and which window events act on it. Part of
the composition root: it may import the adapters (pygame, the virtual board)."""
from __future__ import annotations

from typing import Any, Callable, Protocol

from tablegame.registry import family_of, installed, load


class Hands(Protocol):
    world: Any  # given to the VirtualBoard: positions()/shoot()/clear(), readings()

    def attach(self, board, display) -> list[Callable]:
        """Once the virtual board and the window exist: the pygame event handlers."""

    def after_change(self) -> None:
        """After every change of the session's status (e.g. the game changed board)."""


def hands_for(session, config) -> Hands:
    """The hands of the session's game's family (its registration's ``hands``);
    ValueError in words for a family whose hands are not built yet."""
    hands = family_of(session.status.setup.game).hands
    if not installed(hands):
        raise ValueError(f"the desktop cannot play {session.status.setup.game} yet")
    return load(hands)(session, config)
