"""Shove on the desktop: drag the mouse on the board to shove a coin; H (hand) nudges
the coin nearest the mouse pointer by a coin and a half, as a cheat would, so the
referee's physics check can be seen; C clears the board after a round (so does the next
drag), and the screen says so while the table asks for it."""
from __future__ import annotations

import dataclasses

import pygame

from tablegame.families.shove.hands_drag import DragToShove
from tablegame.core.lay_out import lay_out
from tablegame.families.shove.simulation import SimulatedTable

NUDGE = 1.5  # coin diameters


class ShoveHands:
    def __init__(self, session, config):
        self._session = session
        self._friction = config["simulation.friction"]
        self.world = SimulatedTable(session.play.board, self._friction)
        self._board = None
        self._laid = lay_out(self.world, session.status)   # the coins as the game left them

    def attach(self, board, display):
        self._board = board
        def shove(shot) -> None:
            if self._session.status.state.on_board == 0:
                board.clear()  # the player clears the board before a new round
            board.shoot(shot)

        def nudge(event: pygame.event.Event) -> bool:
            if event.type != pygame.KEYDOWN or event.key != pygame.K_h:
                return False
            at = display.to_board(pygame.mouse.get_pos())
            if at is None:
                return False
            b = self.world.board
            # towards the middle of the board, where there is room
            dx = NUDGE * b.coin_diameter * (1 if at[0] < b.width / 2 else -1)
            board.by_hand(lambda: self.world.nudge(at[0], at[1], dx, 0.0))
            return True
        def clear(event: pygame.event.Event) -> bool:
            if event.type != pygame.KEYDOWN or event.key != pygame.K_c:
                return False
            board.clear()
            return True
        drag = DragToShove(display, lambda: self._session.play.board, shove, self._friction)
        return [drag.handle, nudge, clear]

    def dress(self, view, language: str):
        """While the table asks for the board cleared, the hint says how, on the desktop."""
        if not getattr(view, "to_clear", 0):
            return view
        from tablegame.texts import text
        return dataclasses.replace(view, hint=text(language, "hint_desk_clear"))

    def after_change(self) -> None:
        self.world.use(self._session.play.board)
        self._laid = lay_out(self.world, self._session.status, self._board, self._laid)
