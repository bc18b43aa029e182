"""Carrom at the table: latency from the last byte of a stroke's settled PIECES frame on
the serial line to the ruling committed to SQLite (WAL) and drawn on the screen, at
both screen sizes; and the Carrom screen's frame time alone (a piece moving while a
stroke is under way, the ruling of each stroke, a full redraw).

The board is played by the benchmark over a real pty (so it knows when the last byte
went out); the host side is the production path: BoardLink's reader thread, the
session's queue, the Carrom referee, the rules, the event log and the Carrom screen.
Every stroke moves a man and pockets nothing, so the turn passes and the board never
ends however many strokes are measured."""
from __future__ import annotations

import gc
import os
import tempfile
import time
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from benchmarks.bench_latency import _Board, figures, handle_until  # noqa: E402
from firmware_bridge.codec import Capability  # noqa: E402
from firmware_bridge.link import BoardLink  # noqa: E402
from tablegame.display.display import Display  # noqa: E402
from tablegame.config import load  # noqa: E402
from tablegame.families.carrom.physics import CarromBoard, break_setup  # noqa: E402
from tablegame.core.play import GameSetup  # noqa: E402
from tablegame.core.sensors import LinkState, PiecesSnapshot, StrokeStarted  # noqa: E402
from table_app.service import open_session, settle_memory  # noqa: E402

SAMPLES = 2000
SET_UP = PiecesSnapshot(break_setup(CarromBoard()), settled=True)


def _moved(k: int) -> PiecesSnapshot:
    """The set-up with one man nudged 5 mm one way or the other: a stroke that touched it."""
    pieces = list(SET_UP.pieces)
    i = 1 + k % 18
    pieces[i] = replace(pieces[i], x=pieces[i].x + (5 if k % 2 else -5))
    return PiecesSnapshot(tuple(pieces), settled=True)


def measure(size: tuple[int, int], samples: int = SAMPLES) -> tuple[list[float], list[float]]:
    """Latencies (wall clock) and the main thread's CPU time for each stroke."""
    config = load(None, {"table.language": "de"})
    setup = GameSetup("carrom", (("Anna",), ("Ben",)))
    with tempfile.TemporaryDirectory() as folder:
        session = open_session(config, os.path.join(folder, "bench.sqlite"), setup)
        master, slave = os.openpty()
        board = _Board(master, answer=SET_UP, capabilities=Capability.POCKETS)
        board.start()
        link = BoardLink(os.ttyname(slave), session.post, post_event=session.post)   # as the table:
        # the stroke's ACK waits for the writer, so the link's thread sleeps while it works
        link.start()
        display = Display(size)
        try:
            while (session.status.link is None or session.status.link.state is not LinkState.OPERATIONAL
                   or session.status.state.to_place):   # the set-up seen: Placed
                session.process(timeout=0.01)
            display.show(session.play.view(session.status, "de"))   # the table's first frame: long
            settle_memory()   # before any stroke (layout, board, texts); then as the table's loop does
            latencies, cpu = [], []
            for k in range(samples):
                board.send(StrokeStarted())   # seconds before the board settles: not measured
                session.process(timeout=1.0)
                actions = session.status.actions
                sent = board.send(_moved(k))
                busy = time.thread_time()   # the board's write is not the table's work
                handle_until(session, lambda: session.status.actions != actions)   # as the table: draw,
                display.show(session.play.view(session.status, "de"))
                latencies.append(time.perf_counter() - sent)
                cpu.append(time.thread_time() - busy)
                session.flush()                                  # then fsync and ACK
            return latencies, cpu
        finally:
            gc.unfreeze()   # the benchmarks after this one start as they would alone
            link.close()
            display.close()
            session.close()
            os.close(master)
            os.close(slave)


FRAMES = 300


def stroke_views(count: int) -> list:
    """The views a table shows after ``count`` strokes that each pass the turn."""
    from tablegame.core.games import make_play
    from tablegame.core.session import Session
    from tablegame.core.store import EventLog
    session = Session(EventLog(":memory:"), make_play, GameSetup("carrom", (("Anna",), ("Ben",))))
    session.handle(SET_UP)
    views = []
    for k in range(count):
        session.handle(StrokeStarted())
        session.handle(_moved(k))
        views.append(session.play.view(session.status, "de"))
    session.close()
    return views


def screen_frames(size: tuple[int, int], views: list, case: str) -> list[float]:
    """Display.show times for ``case``: "moving" (one piece slides, nothing else),
    "ruling" (the view after each stroke), "full" (everything redrawn)."""
    base = views[0]
    with Display(size, caption="bench") as display:
        for view in views[:10]:
            display.show(view)   # warm up: layout, static layer, texts and cards
        times = []
        for i in range(FRAMES):
            if case == "moving":
                first = base.pieces[0]
                view = replace(base, pieces=(replace(first, y=first.y - 1 - i % 40), *base.pieces[1:]))
            else:
                view = views[i % len(views)]
            start = time.perf_counter()
            if case == "full":
                display.screen.invalidate()
            display.show(view)
            times.append(time.perf_counter() - start)
    return times


def run() -> list[str]:
    views = stroke_views(40)
    lines = [f"Carrom screen, {FRAMES} frames per case, SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}"]
    for case, what in (("moving", "a piece moves"), ("ruling", "a stroke's ruling"), ("full", "full redraw")):
        for size in ((800, 480), (1920, 1080)):
            lines.append(f"  {size[0]}x{size[1]} ({what}): {figures(screen_frames(size, views, case))}")
    for size in ((800, 480), (1920, 1080)):
        latencies, cpu = measure(size)
        lines.append(f"Carrom: settled PIECES last byte -> ruling committed and drawn at "
                     f"{size[0]}x{size[1]}: {figures(latencies)}, max {max(latencies) * 1000:.2f} ms "
                     f"({len(latencies)} strokes)")
        lines.append(f"  the main thread's CPU time: {figures(cpu)}; load average "
                     f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
