"""The Shove screen as plain data: the play builds it from the game
state, already in the chosen language; the display only draws them."""
from __future__ import annotations

from dataclasses import dataclass

from tablegame.families.shove.board import ShoveBoard
from tablegame.core.sensors import CoinReading


@dataclass(frozen=True)
class PartyView:
    name: str                  # "Team A"
    player: str                # who of the party shoves next ("" for a one-player party)
    marks: tuple[int, ...]     # chalk marks per bed, index 0 = bed 1 (nearest the player)
    at_turn: bool
    score_line: str = ""       # e.g. "Tie-break: 3" or "" (already translated)


@dataclass(frozen=True)
class ShoveView:
    title: str                       # "Shove ha'penny" / "Shove piecepack (Progressive)"
    board: ShoveBoard
    coins: tuple[CoinReading, ...]   # as the board last reported them, moving or not
    parties: tuple[PartyView, PartyView]  # party 0 chalks on the left, party 1 on the right
    target: int                      # marks needed in each bed
    status: str                      # the big line: whose turn, coins left
    message: str                     # the last event in words
    problem: str | None = None       # what is wrong; the game waits until it is fixed
    winner: str | None = None        # the result banner, once the game is over
    link: str = ""                   # "Board connected" / "Board missing: check the cable"
    hint: str = ""                   # which keys/buttons do what, in small print
    to_clear: int = 0                # coins of a finished round still to take off the board
    marked: tuple[tuple[float, float], ...] = ()  # where coins lay that moved unhit (mm)
