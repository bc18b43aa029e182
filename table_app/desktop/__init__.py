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


class SwitchingHands:
    """The hands of whichever family the session plays now. A new game of another family
    (the staff page's new game, a family's MENU) gets that family's hands afresh: its
    world on the virtual board (``board.use``), its mouse and keys; the screen follows
    the view's type by itself (the Display). ``build`` makes one family's hands."""

    def __init__(self, session, config, build: Callable = hands_for):
        self._session, self._config, self._build = session, config, build
        self._family = family_of(session.status.setup.game).name
        self.current: Hands = build(session, config)
        self._board = self._display = None
        self._handlers: list[Callable] = []

    @property
    def world(self) -> Any:
        return self.current.world

    def attach(self, board, display) -> list[Callable]:
        self._board, self._display = board, display
        self._handlers = self.current.attach(board, display)
        return [self.handle]

    def handle(self, event) -> bool:
        """The event to the current family's handlers (True: one of them used it)."""
        return any([bool(handle(event)) for handle in self._handlers])

    def dress(self, view, language: str):
        """The view as the desktop shows it: the family's hands may add what only the
        desktop has (Shove: how to clear the board with the mouse or a key)."""
        dress = getattr(self.current, "dress", None)
        return view if dress is None else dress(view, language)

    def after_change(self) -> None:
        family = family_of(self._session.status.setup.game).name
        if family != self._family:
            self._switch(family)
        self.current.after_change()

    def _switch(self, family: str) -> None:
        hands = self._build(self._session, self._config)   # ValueError: the old hands stay
        self.current, self._family, self._handlers = hands, family, []
        if self._board is not None:
            self._board.use(hands.world)
            self._handlers = hands.attach(self._board, self._display)
