"""Carrom at the table: latency from the last byte of a stroke's settled PIECES frame on
the serial line to the ruling committed to SQLite (WAL) and drawn on the screen, at
both screen sizes.

The board is played by the benchmark over a real pty (so it knows when the last byte
went out); the host side is the production path: BoardLink's reader thread, the
session's queue, the Carrom referee, the rules, the event log and the Carrom screen.
Every stroke moves a man and pockets nothing, so the turn passes and the board never
ends however many strokes are measured."""
from __future__ import annotations

import os
import tempfile
import time
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from benchmarks.bench_latency import _Board, figures  # noqa: E402
from firmware_bridge.codec import Capability  # noqa: E402
from firmware_bridge.link import BoardLink  # noqa: E402
from hardware.display.display import Display  # noqa: E402
from tablegame.config import load  # noqa: E402
from tablegame.physics.carrom import CarromBoard, break_setup  # noqa: E402
from tablegame.play.base import GameSetup  # noqa: E402
from tablegame.sensors import LinkState, PiecesSnapshot, StrokeStarted  # noqa: E402
from tablegame.service import open_session  # noqa: E402

SAMPLES = 2000
SET_UP = PiecesSnapshot(break_setup(CarromBoard()), settled=True)


def _moved(k: int) -> PiecesSnapshot:
    """The set-up with one man nudged 5 mm one way or the other: a stroke that touched it."""
    pieces = list(SET_UP.pieces)
    i = 1 + k % 18
    pieces[i] = replace(pieces[i], x=pieces[i].x + (5 if k % 2 else -5))
    return PiecesSnapshot(tuple(pieces), settled=True)


def measure(size: tuple[int, int], samples: int = SAMPLES) -> list[float]:
    config = load(None, {"table.language": "de"})
    setup = GameSetup("carrom", (("Anna",), ("Ben",)))
    with tempfile.TemporaryDirectory() as folder:
        session = open_session(config, os.path.join(folder, "bench.sqlite"), setup)
        master, slave = os.openpty()
        board = _Board(master, answer=SET_UP, capabilities=Capability.POCKETS)
        board.start()
        link = BoardLink(os.ttyname(slave), session.post)
        link.start()
        display = Display(size)
        try:
            while (session.status.link is None or session.status.link.state is not LinkState.OPERATIONAL
                   or session.status.state.to_place):   # the set-up seen: Placed
                session.process(timeout=0.01)
            latencies = []
            for k in range(samples):
                actions = session.status.actions
                board.send(StrokeStarted())
                sent = board.send(_moved(k))
                while session.status.actions == actions:
                    session.process(timeout=1.0)
                display.show(session.play.view(session.status, "de"))
                latencies.append(time.perf_counter() - sent)
            return latencies
        finally:
            link.close()
            display.close()
            session.close()
            os.close(master)
            os.close(slave)


def run() -> list[str]:
    lines = []
    for size in ((800, 480), (1920, 1080)):
        latencies = measure(size)
        lines.append(f"Carrom: settled PIECES last byte -> ruling committed and drawn at "
                     f"{size[0]}x{size[1]}: {figures(latencies)}, max {max(latencies) * 1000:.2f} ms "
                     f"({len(latencies)} strokes)")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
