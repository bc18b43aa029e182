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


Point = tuple[float, float]


@dataclass(frozen=True)
class NamedCoin:
    """The coin the check names, as the replay shows it."""

    path: int          # its path in ``ShoveReplay.paths``
    number: int        # counted from the front edge, as the coins lie now (1: the nearest)
    seen: Point        # where the sensors see it (mm)
    would: Point       # where it would have come to rest if nobody had touched it (mm)


@dataclass(frozen=True)
class ShoveReplay:
    """The last shove as the physics check explained it, in board millimetres, in no
    language: every coin's path in the best shot the check found, from the board as
    it was (the shot coin from the front edge, last), a point every ``interval`` s of
    the shot; a coin the shot left still has one point. Computed beside the writer
    (replay.py), kept in the table's status; the screen, the staff page and the
    headless runner all draw this one value."""

    paths: tuple[tuple[Point, ...], ...]
    interval: float
    seen: tuple[Point, ...]            # the played coins as the sensors saw them after it
    # the shot: x (mm), angle (deg), reach (mm of a lone coin's slide); None: no shove
    shot: tuple[float, float, float] | None = None
    named: NamedCoin | None = None     # the coin the check names (None: it explains every coin)

    @property
    def duration(self) -> float:
        """Seconds of the shot until the last coin rests."""
        return max((len(p) - 1 for p in self.paths), default=0) * self.interval


@dataclass(frozen=True)
class ReplayView:
    """The replay on a screen or a page, in its language: ``asked`` grows each time the
    table is to play it (a button held, a coin named); the title and the words beside it
    ("Münze 3 läge 41 mm tiefer")."""

    replay: ShoveReplay
    asked: int
    title: str
    words: str


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
    replay: ReplayView | None = None  # the last shove as the check explained it, to replay
    # the big lines the turn's next frames show if every coin counts ("… noch 3 Münzen",
    # then the board to clear): the screen lays them out between frames, not in the frame
    # that first shows each (ShoveScreen.idle)
    ahead: tuple[str, ...] = ()
