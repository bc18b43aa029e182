"""Latency from the last byte of a settled snapshot frame on the serial line to the
new game state committed to SQLite (WAL) and drawn on the screen.

This benchmark plays the board itself over a real pty (so it knows when the last
byte went out); the host side is the production path: BoardLink's reader thread,
the session's queue, the referee, the rules, the event log and the display."""
from __future__ import annotations

import os
import statistics
import tempfile
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware_bridge.codec import BoardInfo, Capability, FrameDecoder, Hello, RequestSnapshot, decode, encode  # noqa: E402
from firmware_bridge.link import BoardLink  # noqa: E402
from tablegame.display.display import Display  # noqa: E402
from tablegame.config import load  # noqa: E402
from tablegame.core.sensors import BoardSnapshot, CoinReading, LinkState  # noqa: E402
from tablegame.core import store  # noqa: E402
from table_app.service import FRAME, collect_between_frames, open_session, settle_memory  # noqa: E402
from benchmarks.machine_pace import STEADY, machine_loop  # noqa: E402

SAMPLES = 2000  # a p99 needs the worst 20 samples, not the worst 3
# A table's shoves come seconds apart, and the frame after an idle pause costs about
# twice the CPU time of one right after another on the development machine (caches and
# the core gone cold, docs/performance.md): each shove is sent this long after the last
# one was drawn, whatever a version's loop does in between (main waits for the physics
# check beside the writer, 6e03dd5 did not), so versions compare like with like.
PAUSE = 0.04


class _Board(threading.Thread):
    """The board's side of the handshake; everything else is sent by the benchmark."""

    def __init__(self, master: int, answer=BoardSnapshot((), settled=True),
                 capabilities: Capability = Capability.COINS):
        super().__init__(daemon=True)
        self.master, self.seq = master, 0
        self.answer, self.capabilities = answer, capabilities   # to REQUEST_SNAPSHOT, in BOARD_INFO
        self.lock = threading.Lock()

    def send(self, message) -> float:
        with self.lock:
            self.seq += 1
            os.write(self.master, encode(message, self.seq))
            return time.perf_counter()

    def run(self):
        decoder = FrameDecoder()
        while True:
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            for frame in decoder.feed(data):
                if isinstance(frame, Exception):
                    continue
                message = decode(frame)
                if isinstance(message, Hello):
                    self.send(BoardInfo(1, "bench", self.capabilities, 1))
                elif isinstance(message, RequestSnapshot):
                    self.send(self.answer)


def handle_until(session, done) -> None:
    """Handle events as the table's loop does until ``done()``: not flushed before the
    change is drawn, but an event that came before the awaited one (a re-sync) flushed at
    once, as the table flushes every pass (the link waits for its ACK before reading on)."""
    while not done():
        session.process(timeout=1.0, flush=False)
        if not done():
            session.flush()


def _on_lines(board, count):
    """``count`` coins lying on lines: each is a counted shove that scores nothing,
    so the game never ends however long the benchmark runs."""
    return tuple(CoinReading(60.0 + 45 * i, board.lines[1][0]) for i in range(count))


def measure(size: tuple[int, int], samples: int = SAMPLES, beside=None,
            synchronous: str = store.SYNCHRONOUS, cpu: list[float] | None = None,
            pause: float = 0.0, machine: list[float] | None = None) -> list[float]:
    """``beside(session, folder)``: a context manager run around the measurement
    (bench_web serves the staff page and its browsers there). ``synchronous``: the
    event log's fsync after the change is drawn (AFTER_DRAW, the table's), inside
    each commit (FULL) or none (NORMAL). ``cpu`` gets the
    main thread's CPU time per sample (commit and draw): on a busy machine the
    wall-clock tail is mostly waiting for a core, this is the table's own work (from the
    snapshot sent: making and writing it is the board's work, not the table's).
    ``pause``: each shove is sent this many seconds after the last one was drawn (a
    table's rhythm, ``PAUSE``), the screen doing its work ahead in the table's idle
    passes meanwhile (``wait``); 0 sends it as soon as the last one is handled. As on the
    table, the game is on the screen before the first shove (not in its time).
    ``machine`` gets ``machine_loop``'s time at the start of each pause (``machine[i]``
    before sample ``i``, after sample ``i - 1``): what the machine itself gave the same
    work then (this virtual machine has slow moments of its own, docs/performance.md)."""
    import contextlib
    config = load(None, {"table.language": "de"})
    with tempfile.TemporaryDirectory() as folder:
        default, store.SYNCHRONOUS = store.SYNCHRONOUS, synchronous
        try:
            session = open_session(config, os.path.join(folder, "bench.sqlite"))
        finally:
            store.SYNCHRONOUS = default
        load_beside = beside(session, folder) if beside else contextlib.nullcontext()
        master, slave = os.openpty()
        board = _Board(master)
        board.start()
        link = BoardLink(os.ttyname(slave), session.post, post_event=session.post)
        link.start()
        display = Display(size)
        try:
            load_beside.__enter__()
            while session.status.link is None or session.status.link.state is not LinkState.OPERATIONAL:
                session.process(timeout=0.01)
            session.handle(__import__("tablegame.core.events", fromlist=["ButtonPress"]).ButtonPress("ok"))
            # as the table does: the game on the screen before the first shove, and the
            # seconds until it comes idle (the screen's work ahead done in them), then
            # start-up's objects frozen
            display.show(session.play.view(session.status, "de"))
            while display.idle():
                pass
            settle_memory()
            latencies, drawn = [], time.perf_counter()
            for _ in range(samples):
                state = session.status.state
                if state.on_board == 0:  # a new round: clear the board first (not measured)
                    board.send(BoardSnapshot((), settled=True))
                    while session.process(timeout=0.05):
                        pass
                    state = session.status.state
                # the last shove's physics check (and its replay) reports beside the writer
                # some ms later: on a table, long before the next coin settles, so its result
                # is handled here, not in the next sample's time
                while not session.idle:
                    session.process(timeout=0.01)
                if machine is not None:
                    machine.append(machine_loop())
                if pause:
                    wait(display, drawn + pause)
                version = session.version
                sent = board.send(BoardSnapshot(_on_lines(display_board(session), state.on_board + 1),
                                                settled=True))
                busy = time.thread_time()
                handle_until(session, lambda: session.version != version
                             and session.status.state is not state)   # as the table's loop: draw,
                display.show(session.play.view(session.status, "de"))
                drawn = time.perf_counter()
                latencies.append(drawn - sent)
                if cpu is not None:
                    cpu.append(time.thread_time() - busy)
                session.flush()                                  # then fsync and ACK
            return latencies
        finally:
            load_beside.__exit__(None, None, None)
            link.close()
            display.close()
            os.close(master)
            os.close(slave)


def wait(display, until: float) -> None:
    """Until ``until`` (``perf_counter``) as the table's loop waits: a pass every
    ``FRAME`` that brings nothing to draw lets the screen do a step of its work ahead,
    and collects the garbage that is due."""
    while (left := until - time.perf_counter()) > 0:
        time.sleep(min(left, FRAME))
        if left > FRAME:
            display.idle()
            collect_between_frames()


def _p99(ordered: list[float]) -> float:
    return ordered[int(len(ordered) * 0.99) - 1]


def display_board(session):
    return session.play.board


def figures(seconds: list[float]) -> str:
    """Latencies in words: median and p99 in ms."""
    ms = sorted(x * 1000 for x in seconds)
    return f"median {statistics.median(ms):.2f} ms, p99 {_p99(ms):.2f} ms"


ROUNDS = 3   # the modes take turns, so a busy moment of the machine hits each


def run() -> list[str]:
    lines = []
    for size in ((800, 480), (1920, 1080)):
        ms: dict[str, list[float]] = {"AFTER_DRAW": [], "FULL": []}
        cpu: dict[str, list[float]] = {mode: [] for mode in ms}
        around: dict[str, list[float]] = {mode: [] for mode in ms}
        for _ in range(ROUNDS):
            for mode in ms:
                before: list[float] = []
                part = measure(size, SAMPLES // ROUNDS, synchronous=mode, cpu=cpu[mode],
                               pause=PAUSE, machine=before)
                ms[mode] += part
                around[mode] += [max(before[i:i + 2]) for i in range(len(part))]
        for mode in ms:
            wall = sorted(x * 1000 for x in ms[mode])
            own = sorted(x * 1000 for x in cpu[mode])
            lines.append(f"snapshot last byte -> committed and drawn at {size[0]}x{size[1]}, "
                         f"synchronous={mode}{' (the table)' if mode == store.SYNCHRONOUS else ''}: "
                         f"median {statistics.median(wall):.2f} ms, p99 {_p99(wall):.2f} ms, "
                         f"max {wall[-1]:.2f} ms ({len(wall)} counted shoves)")
            lines.append(f"  of which the main thread's own CPU time: median {statistics.median(own):.2f} ms, "
                         f"p99 {_p99(own):.2f} ms ({len(own)} counted shoves, each {PAUSE * 1000:.0f} ms "
                         f"after the last was drawn)")
            lines.append("    " + steady(cpu[mode], around[mode]))
    return lines


def steady(cpu: list[float], around: list[float]) -> str:
    """The main thread's CPU over the frames the machine ran at its usual pace (its fixed
    loop before and after each frame within ``STEADY`` times its median), and how slow its
    slow moments were: the p99 of the table's own work, the machine's moments left out."""
    usual = statistics.median(around)
    kept = sorted(c * 1000 for c, m in zip(cpu, around) if m <= STEADY * usual)
    return (f"the frames with the machine's own loop before and after within {STEADY} times its median "
            f"({len(kept)} of {len(cpu)}; its p99 {_p99(sorted(around)) / usual:.1f} times its median): "
            f"CPU median {statistics.median(kept):.2f} ms, p99 {_p99(kept):.2f} ms")


if __name__ == "__main__":
    print("\n".join(run()))
