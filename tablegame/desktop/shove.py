"""Shove on the desktop: drag the mouse on the board to shove a coin."""
from __future__ import annotations

from hardware.mouse import DragToShove
from tablegame.simulation import SimulatedTable


class ShoveHands:
    def __init__(self, session, config):
        self._session = session
        self._friction = config["simulation.friction"]
        self.world = SimulatedTable(session.play.board, self._friction)

    def attach(self, board, display):
        def shove(shot) -> None:
            if self._session.status.state.on_board == 0:
                board.clear()  # the player clears the board before a new round
            board.shoot(shot)
        drag = DragToShove(display, lambda: self._session.play.board, shove, self._friction)
        return [drag.handle]

    def after_change(self) -> None:
        self.world.use(self._session.play.board)
