"""Carrom on the desktop: the simulated pocket board and the player's hand.

Mouse and keys:
- press on the board and drag along the base line of the seat on turn: the striker
  slides along it (it stays within the line's reach);
- drag forward, away from the base line: the dotted aiming line shows where the striker
  goes; the longer the drag, the harder the flick; let go to strike (let go on the base
  line: no stroke, the striker stays put for the next drag); where a piece lies on the
  line the striker cannot be set: the screen says so and nothing is struck;
- P: the hand puts back what the ruling asks (or sets up the next board).
The rail buttons are keys as for every game (OK, BACK, MENU for the fouls)."""
from __future__ import annotations

import dataclasses
import math

import pygame

from tablegame.families.carrom.physics import Strike
from tablegame.families.carrom.play import geometry
from tablegame.families.carrom.simulation import CarromWorld
from tablegame.core.lay_out import lay_out

SPEED_PER_MM = 14.0     # mm/s of flick per mm dragged
MOST_SPEED = 9000.0     # mm/s: a hard flick
BAND = 30.0             # mm either side of the base line where a drag slides the striker


class CarromAim:
    """The drag in progress, in the seat's own terms (along its base line, ahead of it)."""

    def __init__(self, world: CarromWorld) -> None:
        self.world = world
        self.along = 0.0
        self.target: tuple[float, float] | None = None   # (along, ahead) aimed at
        self.dragging = False
        self.refused = False    # the last let-go struck nothing: a piece lay in the way

    def line(self) -> float:
        return self.world.board.striker_line_y()

    def to(self, seat: int, x: float, y: float) -> None:
        """The mouse at board (x, y): slide the striker, or aim ahead of the line."""
        along, ahead = geometry(self.world.board).seat_view(seat, x, y)
        if abs(ahead - self.line()) <= BAND:
            reach = self.world.board.striker_reach()
            self.along, self.target = max(-reach, min(reach, along)), None
        elif ahead > self.line():
            self.target = (along, ahead)

    def strike(self, seat: int) -> Strike | None:
        if self.target is None or self.in_the_way(seat) is not None:
            return None
        dx, dy = self.target[0] - self.along, self.target[1] - self.line()
        speed = min(MOST_SPEED, SPEED_PER_MM * math.hypot(dx, dy))
        return Strike(seat, self.along, math.degrees(math.atan2(dx, dy)), speed)

    def in_the_way(self, seat: int) -> str | None:
        """The kind of piece lying where the striker is set now (it cannot be set there)."""
        return self.world.table.in_the_way(Strike(seat, self.along, 0.0, 0.0))

    def shown(self, seat: int) -> tuple[float, float, float, float]:
        b = self.world.board
        start = b.to_board(seat, self.along, self.line())
        end = b.to_board(seat, *self.target) if self.target else start
        return (*start, *end)


class CarromHands:
    def __init__(self, session, config):
        self._session = session
        self._language = config["table.language"]
        self.world = CarromWorld(session.play.board)
        self.aim = CarromAim(self.world)
        self._board = None
        self._laid = lay_out(self.world, session.status)   # the pieces as the game left them

    def attach(self, board, display):
        session = self._session
        self._board = board

        def show() -> None:
            view = self.dress(session.play.view(session.status, self._language), self._language)
            display.show(dataclasses.replace(view, aim=self.aim.shown(self.at_board())))

        def mouse(event: pygame.event.Event) -> bool:
            seat = self.at_board()
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                at = display.to_board(event.pos)
                if at is None:
                    return False
                self.aim.dragging, self.aim.refused = True, False
                self.aim.to(seat, *at)
            elif event.type == pygame.MOUSEMOTION and self.aim.dragging:
                at = display.to_board(event.pos)
                if at is not None:
                    self.aim.to(seat, *at)
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.aim.dragging:
                self.aim.dragging = False
                strike = self.aim.strike(seat)
                self.aim.refused = self.aim.target is not None and strike is None
                self.aim.target = None
                if strike is not None:
                    board.shoot(strike)
                else:
                    show()   # the striker stays; a piece in its way is said on the screen
                return True
            else:
                return False
            show()
            return True

        def put_back(event: pygame.event.Event) -> bool:
            if event.type != pygame.KEYDOWN or event.key != pygame.K_p:
                return False
            state = session.status.state
            board.by_hand(lambda: self.world.return_pieces(state))
            return True
        return [mouse, put_back]

    def dress(self, view, language: str):
        """While the striker lies where a piece is, the screen says why it cannot be set
        there (the problem's banner), and keeps it drawn where the hand holds it."""
        held = self.aim.dragging or self.aim.refused
        kind = self.aim.in_the_way(self.at_board()) if held else None
        if kind is None:
            return view
        from tablegame.texts import text
        return dataclasses.replace(view, problem=text(language, "cr_desk_striker_blocked",
                                                      kind=text(language, f"cr_desk_{kind}")),
                                   aim=view.aim or self.aim.shown(self.at_board()))

    def at_board(self) -> int:
        """Where the player on turn sits: the base line the hand strikes from."""
        state = self._session.status.state
        return state.at_board(state.seat)

    def after_change(self) -> None:
        """After an undo: the hand lays the pieces out as the game was then."""
        self._laid = lay_out(self.world, self._session.status, self._board, self._laid)

