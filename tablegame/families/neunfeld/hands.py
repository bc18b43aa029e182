"""Neunfeld on the desktop: the simulated board and dice, and the player's clicks.

Mouse and keys:
- click one of the small face buttons under a die: tip that die to that face;
- click a square: move the piece of the side to move there;
- R: roll all three dice (the start roll);
- C: take both pieces off the board (before a new game).
Against the table, the hands carry out the table's announced move themselves.
The world is also what the virtual board reports after a reconnect (``readings()``)."""
from __future__ import annotations

import random
import threading

from tablegame.core.world import NoCoins
from tablegame.families.neunfeld.rules import START_SQUARES, TipAndMove, position_after
from tablegame.families.neunfeld.dice import DICE
from tablegame.core.lay_out import lay_out
from tablegame.families.neunfeld.referee import FIRST_SQUARE, squares_reading
from tablegame.core.sensors import DiceReading, SquaresReading


class NeunfeldWorld(NoCoins):
    """The dice as they lie and the squares that hold a piece. The pieces on the
    sensors are alike; the world keeps which is which only to move the right one."""

    def __init__(self, tops=None, squares=START_SQUARES):
        self._lock = threading.Lock()
        self.tops = None if tops is None else tuple(tops)   # None: not rolled yet
        self.squares = tuple(squares)

    def dice(self) -> DiceReading:
        with self._lock:
            return DiceReading(self.tops, (False, False, False), True)

    def board(self) -> SquaresReading:
        with self._lock:
            return squares_reading(self.squares)

    def readings(self):
        """What a re-sync reports: the squares, and the dice once they have been rolled."""
        return [self.board()] if self.tops is None else [self.dice(), self.board()]

    def put_back(self, readings) -> None:
        """The dice and pieces lie as ``readings`` say. The sensors cannot tell the
        pieces apart: a piece whose square is still taken stays, the other goes to the
        square left (or, if none, back to its start beside the board)."""
        for reading in readings:
            if isinstance(reading, DiceReading):
                with self._lock:
                    self.tops = tuple(reading.values)
            elif isinstance(reading, SquaresReading):
                taken = [FIRST_SQUARE + i for i, on in enumerate(reading.occupied) if on]
                with self._lock:
                    stay = [s if s in taken else None for s in self.squares]
                    free = [s for s in taken if s not in stay]
                    self.squares = tuple(s if s is not None else (free.pop(0) if free else start)
                                         for s, start in zip(stay, START_SQUARES))

    def set_tops(self, tops) -> DiceReading:
        with self._lock:
            self.tops = tuple(tops)
        return self.dice()

    def move_from(self, square: int, to: int) -> SquaresReading:
        """Move the piece on ``square`` (0 or 10: beside the board) to ``to``."""
        with self._lock:
            if square not in self.squares:
                raise ValueError(f"no piece on square {square}; pieces on {self.squares}")
            party = self.squares.index(square)
            self.squares = tuple(to if p == party else s for p, s in enumerate(self.squares))
        return self.board()

    def tip(self, die_index: int, top: int) -> DiceReading:
        with self._lock:
            self.tops = tuple(top if i == die_index else t for i, t in enumerate(self.tops))
        return self.dice()

    def roll(self, rng: random.Random) -> DiceReading:
        with self._lock:
            self.tops = tuple(rng.choice(die.faces) for die in DICE)
        return self.dice()

    def move(self, party: int, to: int) -> SquaresReading:
        with self._lock:
            self.squares = tuple(to if p == party else s for p, s in enumerate(self.squares))
        return self.board()

    def clear(self) -> SquaresReading:
        with self._lock:
            self.squares = START_SQUARES
        return self.board()


def carry_out(world: NeunfeldWorld, board, state, action: TipAndMove) -> None:
    """Tip and move as a guest's hands would: the dice reading, then the squares."""
    after = position_after(state.position, action)
    board.report(world.tip([d.number for d in DICE].index(action.die), action.top))
    board.report(world.move(state.position.to_move, after.squares[state.position.to_move]))


class NeunfeldHands:
    def __init__(self, session, config, rng: random.Random | None = None):
        self._session = session
        self._rng = rng or random.Random()
        state = session.status.state
        pos = state.position
        self.world = NeunfeldWorld(pos.tops if pos else state.last_roll,
                                   pos.squares if pos else START_SQUARES)
        self._board = None
        self._carried: object = None   # the state whose table move the hands last carried out
        self._laid = lay_out(self.world, session.status)

    def attach(self, board, display):
        import pygame
        self._board = board

        def handle(event) -> None:
            state = self._session.status.state
            if event.type == pygame.KEYDOWN and event.key == pygame.K_r and not state.started:
                board.report(self.world.roll(self._rng))
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_c:
                board.report(self.world.clear())
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and state.started:
                screen = display.screen
                if not hasattr(screen, "tip_at"):
                    return
                tip = screen.tip_at(event.pos)
                if tip is not None:
                    board.report(self.world.tip(*tip))
                    return
                square = screen.square_at(event.pos)
                if square is not None:
                    board.report(self.world.move(state.to_move, square))
        return [handle]

    def after_change(self) -> None:
        """Against the table: carry out its move once it is announced."""
        session, board = self._session, self._board
        self._laid = lay_out(self.world, session.status, board, self._laid)
        state = session.status.state
        if board is None or not hasattr(session.play, "table_move") or state is self._carried:
            return
        if not state.started:
            if session.status.actions == 0 and self.world.squares != START_SQUARES:
                board.report(self.world.clear())   # a new game: the pieces start beside the board
            return
        action = session.play.table_move(state)
        if action is not None and not session.play.rules.is_over(state):
            self._carried = state
            carry_out(self.world, board, state, action)
