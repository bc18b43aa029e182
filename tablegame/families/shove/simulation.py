"""The simulated world under the virtual board: the physical board and the
player's hand, for the desktop run, headless scripts and tests."""
from __future__ import annotations

import math
import threading
from typing import Iterator

from tablegame.families.shove.board import ShoveBoard
from tablegame.families.shove.physics import NudgeRefused, Shot, ShoveTable, speed_to_reach
from tablegame.core.sensors import BoardSnapshot, CoinReading


class SimulatedTable:
    """The board the virtual board senses. It follows the game: choosing piecepack
    lays the piecepack board (the swap happens on the virtual board's own thread,
    between shots). A new shot first picks up any coin lying short of the first
    line: the player takes it back to shove it again."""

    def __init__(self, board: ShoveBoard, friction: float):
        self._friction = friction
        self._table = ShoveTable(board, friction=friction)
        self._next_board: ShoveBoard | None = None
        self._lock = threading.Lock()

    def use(self, board: ShoveBoard) -> None:
        with self._lock:
            self._next_board = board if board != self._table.board else None

    @property
    def board(self) -> ShoveBoard:
        with self._lock:
            return self._next_board or self._table.board

    def _current(self) -> ShoveTable:
        with self._lock:
            if self._next_board is not None:
                self._table = ShoveTable(self._next_board, friction=self._friction)
                self._next_board = None
            return self._table

    def positions(self) -> tuple[CoinReading, ...]:
        return self._current().positions()

    def shoot(self, shot: Shot) -> Iterator[tuple[CoinReading, ...]]:
        table = self._current()
        table.pick_up_short()
        return table.shoot(shot)

    def clear(self) -> None:
        self._current().clear()

    def put_back(self, readings) -> None:
        """The coins lie where the board's settled snapshot in ``readings`` saw them."""
        table = self._current()
        table.clear()
        for snapshot in readings:
            if isinstance(snapshot, BoardSnapshot):
                for coin in snapshot.coins:
                    table.place(coin.x, coin.y)

    def nudge(self, x: float, y: float, dx: float, dy: float) -> None:
        """A hand moves the coin nearest (x, y) by (dx, dy) mm (see ShoveTable.nudge)."""
        self._current().nudge(x, y, dx, dy)

    def nudge_refused(self, x: float, y: float, dx: float, dy: float) -> str | None:
        """Why that nudge cannot be made (NudgeRefused's kind), or None: it can."""
        try:
            self._current().nudged(x, y, dx, dy)
        except NudgeRefused as refused:
            return refused.kind
        return None


def shot_from_drag(board: ShoveBoard, start: tuple[float, float], end: tuple[float, float],
                   friction: float) -> Shot | None:
    """A shove aimed by dragging from ``start`` towards ``end`` (board mm): the coin
    sets off from the front edge below ``start`` and slides about as far as the drag
    is long. None for a drag that does not point up the board."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if dy <= 0:
        return None
    r = board.coin_radius
    x = min(max(start[0], r), board.width - r)
    angle = math.degrees(math.atan2(dx, dy))
    speed = speed_to_reach(ShoveTable(board, friction=friction), math.hypot(dx, dy))
    return Shot(x=x, angle=angle, speed=speed)

