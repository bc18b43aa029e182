"""What the board's sensors report, in the core's own terms (millimetres).

The firmware bridge decodes frames into these; the referee reads them."""
from __future__ import annotations

import enum
from dataclasses import dataclass


@dataclass(frozen=True)
class CoinReading:
    """Centre of one coin, in mm: x across the board from its left edge,
    y up the board from its front edge (negative: overhanging the front)."""

    x: float
    y: float


@dataclass(frozen=True)
class BoardSnapshot:
    """Every coin the board sees. ``settled`` is true once nothing has moved for
    the board's settle time: only settled snapshots are refereed."""

    coins: tuple[CoinReading, ...]
    settled: bool


class LinkState(enum.Enum):
    """The serial link to the board, as staff and guests see it."""

    SEARCHING = "searching"      # no device, or it cannot be opened: retrying with backoff
    HANDSHAKE = "handshake"      # port open, waiting for the board to introduce itself
    OPERATIONAL = "operational"  # frames flow
    LOST = "lost"                # the device went away or fell silent


@dataclass(frozen=True)
class LinkStatus:
    state: LinkState
    detail: str = ""  # in words: the port, the error, the firmware version


@dataclass(frozen=True)
class DiceReading:
    """The dice reader: the top face of each die, in the reader's die order
    (Schocken: three alike dice; Neunfeld: Miwin's III, IV, V by colour).
    ``aside`` marks dice lying in the set-aside tray; ``flat`` is false when a die
    leans or lies on another (a Türmchen)."""

    values: tuple[int, ...]
    aside: tuple[bool, ...]
    flat: bool = True


@dataclass(frozen=True)
class SquaresReading:
    """A sensor under each square of a row board: which squares hold a piece
    (index 0 = square 1)."""

    occupied: tuple[bool, ...]


# -- Carrom: a board with pockets (the ``pockets`` capability) --------------------------

PIECE_KINDS = ("white", "black", "queen", "striker")


@dataclass(frozen=True)
class PieceReading:
    """One piece of a kind on a pocket board: its centre in mm, seen from seat 0, x from
    the playing surface's left edge, y away from seat 0's cushion."""

    kind: str   # one of PIECE_KINDS
    x: float
    y: float


@dataclass(frozen=True)
class PiecesSnapshot:
    """Every piece on the playing surface; ``settled`` once nothing has moved for the
    board's settle time. A settled one closes a stroke."""

    pieces: tuple[PieceReading, ...]
    settled: bool


@dataclass(frozen=True)
class StrokeStarted:
    """The striker has left the base line: what follows until the board settles is one
    stroke."""


@dataclass(frozen=True)
class PiecePocketed:
    """A piece went through pocket ``pocket`` (0..3, from seat 0's left-hand corner,
    round to the right)."""

    pocket: int
    kind: str


@dataclass(frozen=True)
class PieceOffBoard:
    """A piece left the playing surface other than through a pocket (it jumped off)."""

    kind: str


# -- the board at rest, as the event log keeps it ---------------------------------------

# What lies on a board at rest. The log keeps the latest of each with every event, so a
# simulated board is laid out again as the game left it (after a restart or an undo).
AT_REST = (BoardSnapshot, DiceReading, SquaresReading, PiecesSnapshot)


def at_rest_to_data(readings) -> list[dict]:
    """The readings of a board at rest as JSON data (moving snapshots are left out), in
    jsoncodec's form. Done for every logged event on the writer's thread, so by hand:
    jsoncodec's general walk took twice as long (225 against 103 us for ten coins)."""
    return [{"type": type(r).__name__, **_data(r)} for r in readings
            if type(r) in AT_REST and getattr(r, "settled", True)]


_PLAIN = frozenset((str, int, float, bool, type(None)))   # JSON as they are


def _data(value):
    if type(value) in _PLAIN:
        return value
    if isinstance(value, tuple):
        return [_data(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        # a piece's kind, x and y are taken as they are, without a call each (a settled
        # Carrom board is 20 pieces, logged with every stroke)
        return {k: v if type(v) in _PLAIN else _data(v) for k, v in vars(value).items()}
    return value


def at_rest_from_data(data) -> tuple:
    """Inverse of ``at_rest_to_data``; ValueError for data that is not such readings."""
    from tablegame.core.jsoncodec import action_from_data
    if not isinstance(data, (list, tuple)):
        raise ValueError(f"expected a list of readings, got {data!r}")
    return tuple(action_from_data(AT_REST, item) for item in data)
