"""The simulated Carrom board under the virtual board: the pieces on an ICF board moved
by pymunk (``tablegame.families.carrom.physics``), reported as a real pocket board would
(docs/protocol.md): a stroke is "started", each piece through a pocket as it drops, the
moving pieces frame by frame, then the settled pieces with the striker where it rests.

The player's hand puts pieces back as a ruling asks (men inside the outer circle, the
queen in the centre circle or as near as it can) and sets up a new board. Used by the
desktop hands, headless scripts and tests; called on the virtual board's thread."""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import Iterator

from tablegame.families.carrom.state import CarromState
from tablegame.families.carrom.physics import CarromBoard, CarromTable, Strike, StrokeResult
from tablegame.families.carrom.referee import expected_on_board
from tablegame.core.sensors import PiecePocketed, PieceReading, PiecesSnapshot, StrokeStarted

log = logging.getLogger(__name__)

FRAME_INTERVAL = 1 / 30   # s between moving frames, as the real board's scan rate
RING_STEP = 2.0           # mm between the rings searched for a free spot


@dataclass(frozen=True)
class StrokeFrame:
    """What the board sends for one scan during a stroke: the events since the last
    scan, then the pieces (moving, or settled for the last)."""

    events: tuple
    pieces: tuple[PieceReading, ...]

    def messages(self, settled: bool) -> list:
        return [*self.events, PiecesSnapshot(self.pieces, settled)]


class CarromWorld:
    def __init__(self, board: CarromBoard | None = None, set_up: bool = True) -> None:
        self.table = CarromTable(board)
        if set_up:
            self.table.set_up_break()

    @property
    def board(self) -> CarromBoard:
        return self.table.board

    # -- what the sensors see --------------------------------------------------------------
    def positions(self) -> tuple[PieceReading, ...]:
        return self.table.pieces()

    def readings(self) -> tuple[PiecesSnapshot, ...]:
        """The whole board, settled: the answer to the host's REQUEST_SNAPSHOT."""
        return (PiecesSnapshot(self.table.pieces(), True),)

    # -- the player's hands ------------------------------------------------------------------
    def shoot(self, strike: Strike) -> Iterator[StrokeFrame]:
        """The stroke's scans; a striker that cannot be set there (a piece in the way,
        beyond the base line) strikes nothing and is logged."""
        try:
            result = self.table.strike(strike, FRAME_INTERVAL)
        except ValueError as error:
            log.warning("the striker cannot be set: %s", error)
            return iter(())
        return iter(frames_of(result))

    def clear(self) -> None:
        self.table.clear()

    def set_up(self) -> None:
        self.table.set_up_break()

    def put_back(self, readings) -> None:
        """The pieces lie as the settled snapshot in ``readings`` says (the board as the log
        last saw it: a restart, an undo; tablegame.core.lay_out), striker and all."""
        for reading in readings:
            if isinstance(reading, PiecesSnapshot):
                self.table.lay(reading.pieces)

    def return_pieces(self, state: CarromState) -> None:
        """What ``state``'s ruling sends back, put where it goes (a new board: set up)."""
        if any(p.piece == "all" for p in state.to_place):
            self.set_up()
        else:
            self.fill_to(expected_on_board(state))

    def fill_to(self, wanted: dict[str, int]) -> None:
        """Put pieces back until the board holds ``wanted`` of each kind: the queen in the
        centre circle (or as near as it can), men inside the outer circle without
        covering the centre circle (or as near as they can). ValueError if there is no room."""
        for kind in ("queen", "white", "black"):
            missing = wanted.get(kind, 0) - sum(1 for p in self.table.pieces() if p.kind == kind)
            for _ in range(max(0, missing)):
                self.table.place(self._free_spot(kind))

    def _free_spot(self, kind: str) -> PieceReading:
        b = self.board
        cx, cy = b.centre
        man = b.man_diameter / 2
        inner = 0.0 if kind == "queen" else b.centre_circle / 2 + man
        outer = b.size / 2 - 2 * man   # the nearest free spot: beyond the circle only if it is full
        r = inner
        while r <= outer:
            steps = max(1, int(2 * math.pi * r / RING_STEP))
            for k in range(steps):
                a = 2 * math.pi * k / steps
                spot = PieceReading(kind, cx + r * math.cos(a), cy + r * math.sin(a))
                if self._fits(spot):
                    return spot
            r += RING_STEP
        raise ValueError(f"no room to put a {kind} back")

    def _fits(self, piece: PieceReading) -> bool:
        b = self.board
        return all(math.hypot(p.x - piece.x, p.y - piece.y) >= b.radius(p.kind) + b.radius(piece.kind)
                   for p in self.table.pieces())


def frames_of(result: StrokeResult) -> list[StrokeFrame]:
    """A simulated stroke as the board's scans: StrokeStarted with the first, each
    pocketed piece with the scan after it dropped, the settled pieces last."""
    pending = sorted(result.pocketed, key=lambda p: p.at)
    scans = list(result.frames) or [result.pieces]
    frames, events = [], [StrokeStarted()]
    for k, pieces in enumerate(scans):
        until = (k + 1) * FRAME_INTERVAL if k < len(scans) - 1 else math.inf
        while pending and pending[0].at <= until:
            drop = pending.pop(0)
            events.append(PiecePocketed(drop.pocket, drop.kind))
        frames.append(StrokeFrame(tuple(events), tuple(pieces)))
        events = []
    return frames
