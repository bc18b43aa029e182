"""Shove on the desktop: drag the mouse on the board to shove a coin; H (hand) nudges
the coin nearest the mouse pointer by a coin and a half, as a cheat would, so the
referee's physics check can be seen (where it cannot, the screen says why); C clears the board after a round (so does the next
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
        self._language = config["table.language"]
        self._refused: tuple[str, int] | None = None   # a nudge's refusal, and the session's version then
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
            refused = self.world.nudge_refused(at[0], at[1], dx, 0.0)
            if refused is None:
                self._refused = None
                board.by_hand(lambda: self.world.nudge(at[0], at[1], dx, 0.0))
            else:   # said on the screen until the table changes (it was only in the terminal)
                self._refused = refused, self._session.version
                session = self._session
                display.show(self.dress(session.play.view(session.status, self._language), self._language))
            return True
        def clear(event: pygame.event.Event) -> bool:
            if event.type != pygame.KEYDOWN or event.key != pygame.K_c:
                return False
            board.clear()
            return True
        drag = DragToShove(display, lambda: self._session.play.board, shove, self._friction)
        return [drag.handle, nudge, clear]

    def dress(self, view, language: str):
        """While the table asks for the board cleared, the hint says how, on the desktop;
        a nudge the hand could not make says why (the problem's banner) until the table
        changes."""
        from tablegame.texts import text
        if getattr(view, "to_clear", 0):
            view = dataclasses.replace(view, hint=text(language, "hint_desk_clear"))
        if self._refused is not None and self._refused[1] == self._session.version:
            view = dataclasses.replace(view, problem=text(language, f"desk_nudge_{self._refused[0]}"))
        return view

    def after_change(self) -> None:
        self.world.use(self._session.play.board)
        self._laid = lay_out(self.world, self._session.status, self._board, self._laid)
