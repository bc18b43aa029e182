"""The Neunfeld screen as plain data: the play builds it from the game state and
the latest readings, already in the chosen language; the display only draws it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DieView:
    name: str                 # "III"
    colour: int               # 0 blue (III), 1 red (IV), 2 black (V)
    colour_name: str          # "blau" / "blue"
    top: int                  # the face up, as the dice reader sees it
    holder: int | None        # the party it lies in front of; None while rolling for the start
    tips: tuple[int, ...]     # faces it may be tipped to now (only the mover's dice; else ())
    tipped: bool = False      # tipped, the move still to come
    tipped_word: str = ""     # "gekippt" / "tipped" while so (a word: the font has no check mark)


@dataclass(frozen=True)
class NeunfeldPartyView:
    name: str                 # "Anna" or "Tisch"
    square: int               # 0 and 10: off the board, before square 1 / after square 9
    goal: int                 # 9 for party 0 (A), 1 for party 1 (B)
    goal_text: str            # "Ziel: Feld 9"
    at_turn: bool
    table: bool = False       # the table plays this party


@dataclass(frozen=True)
class MoveView:
    """A tip-and-move to show: the table's own, or the hint's."""

    die: int                  # index 0..2 (III, IV, V)
    top: int
    to: int
    words: str


@dataclass(frozen=True)
class NeunfeldView:
    title: str
    parties: tuple[NeunfeldPartyView, NeunfeldPartyView]
    dice: tuple[DieView, DieView, DieView]
    forbidden: tuple[tuple[int, int], ...]  # (square, die index) for every die top on the board
    status: str                              # the big line: whose turn, what to do
    message: str                             # the last event in words
    problem: str | None = None               # what is wrong; the game waits until it is fixed
    winner: str | None = None                # the result banner, once the game is over
    table_move: MoveView | None = None       # the table's move, for the guest to carry out
    hint: MoveView | None = None             # the best move, after OK
    hint_text: str = ""                      # the hint in words, with won/lost/drawn
    link: str = ""
    keys: str = ""                           # which buttons do what, in small print
