"""Schocken actions and state: frozen dataclasses that ``tablegame.core.jsoncodec`` writes.

Seats are indices into ``SchockenState.names`` (the table sheet, in seat order).

Actions (``apply`` takes exactly these):
- ``Throw(dice)``: chance. The values of the dice that were in the cup (every die
  not set aside; dice still lying from the last throw go back in the cup). From the
  table's own random source or the dice reader.
- ``SetAside(dice)``: values taken out of the last throw; they stay out (seed 3.08).
- ``TurnSixes(ones)``: ones=1 turns two 6s of the last throw into one 1 (set aside,
  the other die back in the cup); ones=2 turns three 6s into two 1s. Only with a
  throw left; the player must then throw again.
- ``Stop()``: the player keeps his dice; his result counts. Needed after the last
  allowed throw too (the display may send it by itself).
- ``Take()``: instead of throwing, take the Deckel the best result so far is worth
  (seed 3.07).
- ``Tuermchen()``: the throw just made was a Türmchen (a die on another die); it
  does not count and is thrown again (seed 3.05).

Staff corrections (what the table missed; the rules check them like any other action):
- ``SetDeckel(player, deckel)``: ``player`` holds ``deckel`` Deckel in this half; the
  difference comes from the pot or goes back to it.
- ``HalfLost(player)``: the half is over and ``player`` lost it (the table missed the
  last Deckel); the game goes on as after any lost half.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Throw:
    dice: tuple[int, ...]


@dataclass(frozen=True)
class SetAside:
    dice: tuple[int, ...]


@dataclass(frozen=True)
class TurnSixes:
    ones: int = 1


@dataclass(frozen=True)
class Stop:
    pass


@dataclass(frozen=True)
class Take:
    pass


@dataclass(frozen=True)
class Tuermchen:
    pass


@dataclass(frozen=True)
class SetDeckel:
    player: int
    deckel: int


@dataclass(frozen=True)
class HalfLost:
    player: int


ACTION_TYPES = (Throw, SetAside, TurnSixes, Stop, Take, Tuermchen, SetDeckel, HalfLost)

FIRST_HALF, SECOND_HALF, FINAL = 1, 2, 3
HALF_NAMES = {FIRST_HALF: "first half", SECOND_HALF: "second half", FINAL: "final"}


@dataclass(frozen=True)
class Turn:
    """The current player's dice. Dice not aside and not lying are in the cup."""

    throws: int = 0                  # throws that counted so far
    aside: tuple[int, ...] = ()      # set aside (or turned into 1s); they stay out
    lying: tuple[int, ...] = ()      # of the last throw, still on the table
    at_once: bool = False            # the last throw threw all three dice
    fresh: bool = False              # the last throw is untouched (a Türmchen may void it)
    again: bool = False              # a Türmchen voided it: he must throw (seed 3.05), not take

    @property
    def in_cup(self) -> int:
        return 3 - len(self.aside) - len(self.lying)

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice the player would keep if he stopped now, high to low."""
        return tuple(sorted(self.aside + self.lying, reverse=True))


@dataclass(frozen=True)
class Result:
    """A finished player's result in the current round."""

    player: int
    dice: tuple[int, int, int]  # high to low
    at_once: bool
    throws: int


@dataclass(frozen=True)
class RoundReport:
    """What the last finished round did, for the display."""

    best: int
    worst: int                 # who received the Deckel
    result: str                # the best result's name, e.g. "Schock 6"
    deckel: int                # how many the worst player received
    giver: int | None          # None: from the pot (or from everyone at a Schock-Out)
    taken: bool = False        # the worst player took them voluntarily
    schock_out: bool = False
    dropped_out: tuple[int, ...] = ()  # seats out of this half after the round


@dataclass(frozen=True)
class SchockenState:
    """One game: first half, second half and, unless Blattschuss, the final."""

    names: tuple[str, ...]
    game_starter: int
    half: int                         # FIRST_HALF, SECOND_HALF or FINAL
    half_losers: tuple[int, ...]      # loser of each half played so far
    pot: int                          # Deckel still in the middle
    deckel: tuple[int, ...]           # Deckel each seat holds in this half
    active: tuple[int, ...]           # seats still playing this half, seat order
    order: tuple[int, ...]            # this round's throwing order, starter first
    results: tuple[Result, ...] = ()  # players of this round who have finished
    max_throws: int = 3               # set by the round's starter when he stops
    turn: Turn = Turn()
    last_round: RoundReport | None = None
    loser: int | None = None          # set when the game is over: this player pays
    blattschuss: bool = False

    @property
    def over(self) -> bool:
        return self.loser is not None

    @property
    def current(self) -> int | None:
        """The seat whose turn it is, None when the game is over."""
        return None if self.over else self.order[len(self.results)]

    @property
    def throws_allowed(self) -> int:
        """How many throws the current player may make in all."""
        return 3 if not self.results else self.max_throws
