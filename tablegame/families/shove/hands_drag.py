"""The desktop player's hand: drag on the board with the mouse to shove a coin.

Press where the coin should set off (across the board) and drag towards where it
should stop: the coin is launched from the front edge in that direction, about as
far as the drag is long."""
from __future__ import annotations

from typing import Callable

import pygame

from tablegame.families.shove.board import ShoveBoard
from tablegame.families.shove.physics import Shot
from tablegame.families.shove.simulation import shot_from_drag


class DragToShove:
    def __init__(self, display, board: Callable[[], ShoveBoard], shove: Callable[[Shot], None],
                 friction: float) -> None:
        self._display = display
        self._board = board
        self._shove = shove
        self._friction = friction
        self._start: tuple[float, float] | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._start = self._display.to_board(event.pos)
            return self._start is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._start:
            end, start, self._start = self._display.to_board(event.pos), self._start, None
            shot = end and shot_from_drag(self._board(), start, end, self._friction)
            if shot:
                self._shove(shot)
            return bool(shot)
        return False
