"""Unplug: the virtual board's cable pulled and plugged back, again and again
(``python -m soak.unplug [CYCLES]``, 100 cycles unless told).

The real BoardLink talks to the virtual board over a pseudo-terminal; unplugging
closes the pty (pyserial raises SerialException on the host's side) and, as for a
USB board that its cable powers, plugging it back starts the firmware afresh. Each
cycle the board reports a new dice reading, the world's state from then on, and
the cable is pulled at one of three moments: at once (the event may not be sent
yet), once the host has posted it (its ACK may be on the way), or once it is
acknowledged. Then the cable goes back in.

The cable stays out for a random time up to 1.5 s, so the link's backoff (0.1 s
doubling to 0.5 s) has grown when it goes back in, as when a hand fumbles with it.
Figures: for each cycle the time from plugging back in to the link OPERATIONAL and
to the board's state posted again (the resync), their median and the worst. The
checks: every reading reported reaches the host, in order, and none is posted twice
as an event; the resync after a reconnect repeats the state the board is in (the
referee treats a repeated state as nothing new), and is counted on its own."""
from __future__ import annotations

import random
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from firmware_bridge.codec import Capability
from firmware_bridge.link import BoardLink
from firmware_bridge.virtual_board import VirtualBoard
from tablegame.core.sensors import DiceReading, LinkState, LinkStatus

CYCLES = 100
MOMENTS = ("at once", "posted", "acknowledged")


class DiceWorld:
    """A dice board whose whole state is its last reading."""

    def __init__(self) -> None:
        self.current: tuple[DiceReading, ...] = ()

    def readings(self) -> tuple[DiceReading, ...]:
        return self.current


class Recorder:
    """What the link posts, in order, with a way to wait for it (a deadline, no sleeps)."""

    def __init__(self) -> None:
        self.items: list[tuple[float, object]] = []
        self._cond = threading.Condition()

    def __call__(self, item: object) -> None:
        with self._cond:
            self.items.append((time.perf_counter(), item))
            self._cond.notify_all()

    def event(self, reading: object, handled) -> None:
        self(reading)
        handled()

    def mark(self) -> int:
        with self._cond:
            return len(self.items)

    def wait_from(self, mark: int, predicate, timeout: float, what: str) -> float:
        """The time of the first item from ``mark`` on that matches ``predicate``;
        TimeoutError saying ``what`` when none comes within ``timeout`` s."""
        def found():
            return next((t for t, item in self.items[mark:] if predicate(item)), None)
        with self._cond:
            if not self._cond.wait_for(lambda: found() is not None, timeout):
                raise TimeoutError(f"{what}: not within {timeout} s")
            return found()


@dataclass
class Figures:
    cycles: int = 0
    reconnect: list[float] = field(default_factory=list)   # s from replug to OPERATIONAL
    resynced: list[float] = field(default_factory=list)    # s from replug to the state posted
    resync_repeats: int = 0                                # states the resync repeated
    failures: list[str] = field(default_factory=list)


def reading(n: int) -> DiceReading:
    return DiceReading((n // 256 % 256, n % 256), (False, False))


def operational(item: object) -> bool:
    return isinstance(item, LinkStatus) and item.state is LinkState.OPERATIONAL


def lost(item: object) -> bool:
    return isinstance(item, LinkStatus) and item.state is LinkState.LOST


def cycle(n: int, moment: str, off: float, board: VirtualBoard, world: DiceWorld, posts: Recorder,
          figures: Figures, timeout: float = 5.0) -> None:
    """One report, one unplug at ``moment``, the cable out for ``off`` s (a hand
    fumbling with the plug: the link's backoff has grown meanwhile), back in."""
    event = reading(n)
    world.current = (event,)
    start = posts.mark()
    board.report(event)
    if moment == "posted":
        posts.wait_from(start, lambda item: item == event, timeout, f"cycle {n}: the event posted")
    elif moment == "acknowledged" and not board.wait_idle(timeout):
        raise TimeoutError(f"cycle {n}: the event not acknowledged within {timeout} s")
    board.unplug()
    posts.wait_from(start, lost, timeout, f"cycle {n}: the host noticing the unplug")
    time.sleep(off)
    mark = posts.mark()
    plugged = time.perf_counter()
    board.replug()
    up = posts.wait_from(mark, operational, timeout, f"cycle {n}: reconnecting")
    state = posts.wait_from(mark, lambda item: item == event, timeout, f"cycle {n}: the resync")
    figures.reconnect.append(up - plugged)
    figures.resynced.append(state - plugged)
    figures.cycles += 1


def check(posts: Recorder, cycles: int, figures: Figures) -> None:
    """Every event once, in order; the resync's repeats counted apart."""
    events, after_handshake = [], False
    for _t, item in posts.items:
        if operational(item):
            after_handshake = True
        elif isinstance(item, DiceReading):
            if after_handshake and events and item == events[-1]:
                figures.resync_repeats += 1          # the state repeated by the resync
            else:
                events.append(item)
            after_handshake = False
    expected = [reading(0xFFFF)] + [reading(n) for n in range(cycles)]
    if events != expected:
        missing = [r for r in expected if r not in events]
        doubled = [r for r in set(events) if events.count(r) > 1]
        figures.failures.append(f"events seen {len(events)}, reported {len(expected)}; "
                                f"lost {missing[:5]}, doubled {doubled[:5]}")


def soak(cycles: int, folder: str, seed: int = 0, longest_off: float = 1.5) -> Figures:
    """``cycles`` unplugs, each with the cable out for up to ``longest_off`` s (random)."""
    rng = random.Random(seed)
    figures = Figures()
    world = DiceWorld()
    posts = Recorder()
    with VirtualBoard(world, link_path=str(Path(folder) / "board"), capabilities=Capability.DICE,
                      heartbeat=0.1, seed=seed) as board, \
            BoardLink(board.port, posts, post_event=posts.event, heartbeat=0.1,
                      silence_timeout=1.0) as link:
        # the state before the first cycle, laid before the link starts: its handshake and resync
        # can come within a millisecond, and a resync of the empty world posts nothing to wait for
        # (a loaded CI run, 2026-11-29: "the first handshake and resync: not within 5.0 s")
        start = reading(0xFFFF)
        world.current = (start,)
        link.start()
        posts.wait_from(0, lambda item: item == start, 5.0, "the first handshake and resync")
        for n in range(cycles):
            try:
                cycle(n, MOMENTS[n % len(MOMENTS)], rng.uniform(0, longest_off), board, world,
                      posts, figures)
            except TimeoutError as error:
                figures.failures.append(str(error))
                board.replug()
        board.wait_idle(5.0)
    check(posts, figures.cycles + len(figures.failures), figures)
    return figures


def _ms(seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    if not ms:
        return "none"
    return f"median {statistics.median(ms):.0f} ms, worst {ms[-1]:.0f} ms ({len(ms)} reconnects)"


def run(args: list[str]) -> int:
    cycles = int(args[0]) if args else CYCLES
    import logging
    logging.getLogger("firmware_bridge").setLevel(logging.ERROR)   # a hundred unplugs, said in figures
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="unplug-") as folder:
        figures = soak(cycles, folder)
    print(f"unplug: {figures.cycles} of {cycles} unplug/replug cycles of the virtual board's pty "
          f"({time.monotonic() - started:.0f} s)")
    print(f"  replug -> link operational: {_ms(figures.reconnect)}")
    print(f"  replug -> the board's state posted again: {_ms(figures.resynced)}")
    print("  each, ms: " + " ".join(f"{s * 1000:.0f}" for s in figures.resynced))
    print(f"  events reported {cycles}; states repeated by the resync (nothing new to the referee): "
          f"{figures.resync_repeats}; failures (lost, doubled, no reconnect): {len(figures.failures)}")
    for failure in figures.failures[:20]:
        print(f"  FAILED: {failure}")
    return 1 if figures.failures else 0


if __name__ == "__main__":
    import sys
    sys.exit(run(sys.argv[1:]))
