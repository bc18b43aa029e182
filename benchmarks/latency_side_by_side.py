"""bench_latency's main-thread CPU time of versions side by side, alternated in one session
(docs/performance.md). Each version is a checkout of its own (``git worktree add --detach
/tmp/lat-6e0 6e03dd5``); each run is a fresh process in that checkout, on this venv's
packages, measuring with that version's own ``bench_latency.measure``; the rounds
alternate the versions so a busy moment of the machine hits each.

    .venv/bin/python benchmarks/latency_side_by_side.py ROUNDS SAMPLES NAME=CHECKOUT ...
        [--sizes 800x480,1920x1080] [--pause S] [--centre]

``--pause S`` (default ``bench_latency.PAUSE``, 0.04): each shove is sent S seconds after
the last frame was drawn, as a table's shoves come seconds apart (outside the measured
time); 0: as fast as the version's benchmark loop goes, which differs between versions.
Every version is measured as ``bench_latency`` measures today (the board's own work not
counted, the game drawn before the first shove and start-up's objects frozen after it, as
the table does), older ones from outside. ``--centre``: the coins lie on the line's centre
instead of its near edge (no "touches a line" note since 2f8cb9d). Beside the figures of
all frames, those of the frames that end a turn (the slowest kind) and of the first
turn's (texts and sizes new since start-up), and those of the machine itself: a fixed
loop of Python timed the same way at the start of each pause (on this project's virtual
machine the same work now and then takes 3-10 times as long for a few ms, whatever runs:
the p99 of a run is mostly such moments, docs/performance.md's ninth round)."""
from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import subprocess
import sys
import time

if __package__:
    from .machine_pace import STEADY, machine_loop
else:   # run as a script, in each version's checkout: this file's own folder is on sys.path
    from machine_pace import STEADY, machine_loop


def _one(width: int, height: int, samples: int, pause: float, centre: bool) -> None:
    """In the checkout that is the working directory: its measure, CPU ms as JSON. A
    version whose measure predates ``pause`` (6e03dd5) is given this one's rhythm from
    outside: start-up's objects frozen before the first shove (as the table does), each
    shove sent ``pause`` s after the last frame was drawn, and the board's own work
    (making and writing the snapshot, inside its measured time) taken out of each sample."""
    sys.path.insert(0, os.getcwd())
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    from benchmarks import bench_latency as b
    if not b.__file__.startswith(os.getcwd()):
        raise SystemExit(f"measured {b.__file__}, not the checkout {os.getcwd()}")
    if centre:
        b._on_lines = lambda board, count: tuple(
            b.CoinReading(60.0 + 45 * i, sum(board.lines[1]) / 2) for i in range(count))
    cpu: list[float] = []
    measuring = _first_frame_before(b)
    ends = _turn_ends(b, measuring)
    machine = _machine_in_pauses(b, measuring)
    if "pause" in inspect.signature(b.measure).parameters:
        b.measure((width, height), samples, cpu=cpu, pause=pause)
    else:
        cpu = _from_outside(b, width, height, samples, pause, machine)
    # each frame with the slower of the machine's loops in the pauses before and after it
    # (``machine[i]`` follows frame ``i``; the first frame has none before it, the last
    # none after it): None without pauses
    around = [max(machine[max(0, i - 1):i + 1], default=None) for i in range(len(cpu))]
    around = [None if m is None else m * 1000 for m in around]
    print(json.dumps([[x * 1000, end, m] for x, end, m in zip(cpu, ends, around)]))


def _machine_in_pauses(b, measuring: list[bool]) -> list[float]:
    """The machine's loop timed at the start of each pause between counted shoves: right
    after a frame, 40 ms before the next (outside both: work just before a frame would
    warm it)."""
    times: list[float] = []
    wait = getattr(b, "wait", None)
    if wait is not None:
        def waited(display, until):
            if measuring[0]:
                times.append(machine_loop())
            return wait(display, until)
        b.wait = waited
    return times


def _first_frame_before(b) -> list[bool]:
    """As the table (and ``bench_latency`` since issue 30's last round): the game on the
    screen before the first shove, start-up's objects frozen after it. A version whose
    measure drew its first frame in the first shove's time (a whole screen: 10 ms, three
    of a run's 900 frames, so part of its p99) is given it from outside, before that
    shove is made (outside the measured time). Answers a flag that turns true then: the
    frames drawn from there on are the measured ones."""
    import gc
    displays, show, board_of, measuring = [], b.Display.show, b.display_board, [False]
    made = b.Display.__init__

    def init(self, *args, **kwargs):
        made(self, *args, **kwargs)
        displays.append(self)

    def display_board(session):
        if not measuring[0]:
            show(displays[-1], session.play.view(session.status, "de"))
            gc.collect()
            gc.freeze()
            measuring[0] = True
        return board_of(session)
    b.Display.__init__, b.display_board = init, display_board
    return measuring


def _turn_ends(b, measuring: list[bool]) -> list[bool]:
    """Whether each frame drawn ends a turn (the party at turn changes: both cards, the
    status and the message at once): the frames the p99 is made of on a quiet machine.
    Their median is that frame's cost where the p99 of a loaded machine is the core
    taken away."""
    ends: list[bool] = []
    show, last = b.Display.show, [None]

    def shown(self, view):
        show(self, view)
        turn = tuple(getattr(p, "at_turn", None) for p in getattr(view, "parties", ()))
        if measuring[0]:
            ends.append(last[0] is not None and turn != last[0])
        last[0] = turn
    b.Display.show = shown
    return ends


def _from_outside(b, width: int, height: int, samples: int, pause: float,
                  machine: list[float]) -> list[float]:
    """An older measure with the rhythm and the counting of ``bench_latency`` today."""
    import gc
    import threading
    main, marks, board_cpu = threading.main_thread(), {"drawn": None}, []
    board_of, send, show = b.display_board, b._Board.send, b.Display.show

    def display_board(session):   # asked for just before the shove is made and sent
        # from here to the snapshot sent is not the table's: neither the board's work nor
        # the pause (waking from it costs the thread CPU time too, which the measure of
        # today does not count: it starts after the send)
        marks["board"] = time.thread_time()
        if marks["drawn"] is None:
            gc.collect()
            gc.freeze()
            marks["board"] = time.thread_time()
        else:
            machine.append(machine_loop())
            time.sleep(max(0.0, marks["drawn"] + pause - time.perf_counter()))
        return board_of(session)

    def sent(self, message):
        at = send(self, message)
        if threading.current_thread() is main:
            marks["sent"] = time.thread_time()
        return at

    def shown(self, view):
        show(self, view)
        board_cpu.append(marks["sent"] - marks["board"])
        marks["drawn"] = time.perf_counter()
    b.display_board, b._Board.send, b.Display.show = display_board, sent, shown
    cpu: list[float] = []
    b.measure((width, height), samples, cpu=cpu)
    return [total - board for total, board in zip(cpu, board_cpu)]


# The first turn's shoves of a run (the game just started): their texts, sizes and
# cards are new since start-up, a cost a table pays once an evening but a run of 300
# shoves counts in its p99 (5 of 300 frames, 1.7 %).
FIRST_TURN = 5


def _p99(ms: list[float]) -> float:
    return sorted(ms)[int(len(ms) * 0.99) - 1]


def _p90(ms: list[float]) -> float:
    """Beside the p99: on a loaded machine a few samples are the core taken away
    mid-frame (counted as the thread's CPU time in a virtual machine), which the p99
    of a thousand shoves is made of and the p90 is not."""
    return sorted(ms)[int(len(ms) * 0.9) - 1]


def _print_machine(size: str, around: dict[str, list[tuple[float, float]]]) -> None:
    """The machine's loop beside the frames (all versions' runs of ``size``), and each
    version's p99 over the frames whose loops before and after ran as usual: what is
    left of the p99 once the machine's slow moments are taken out."""
    loops = [machine for frames in around.values() for _, machine in frames]
    if not loops:
        return
    usual = statistics.median(loops)
    print(f"  {size} the machine itself (a fixed loop in each pause, {len(loops)}): median "
          f"{usual:.3f} ms, p90 {_p90(loops):.3f}, p99 {_p99(loops):.3f} ms "
          f"({_p99(loops) / usual:.1f} times its median)")
    for name, frames in around.items():
        steady = [ms for ms, machine in frames if machine <= STEADY * usual]
        if steady:
            print(f"    {name}: the frames with the loop before and after within {STEADY} times its "
                  f"median: median {statistics.median(steady):.3f} ms, p90 {_p90(steady):.2f}, "
                  f"p99 {_p99(steady):.2f} ms, {len(steady)} of {len(frames)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", type=int)
    parser.add_argument("samples", type=int)
    parser.add_argument("versions", nargs="+", help="NAME=CHECKOUT, the first is the reference")
    parser.add_argument("--sizes", default="800x480,1920x1080")
    parser.add_argument("--pause", type=float, default=0.04)
    parser.add_argument("--centre", action="store_true")
    parser.add_argument("--one", nargs=3, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        return _one(*args.one, args.pause, args.centre)
    versions = dict(v.split("=", 1) for v in args.versions)
    sizes = args.sizes.split(",")
    pool: dict[tuple[str, str], list[float]] = {(v, s): [] for v in versions for s in sizes}
    ends: dict[tuple[str, str], list[float]] = {(v, s): [] for v in versions for s in sizes}
    firsts: dict[tuple[str, str], list[float]] = {(v, s): [] for v in versions for s in sizes}
    around: dict[tuple[str, str], list[tuple[float, float]]] = {(v, s): [] for v in versions for s in sizes}
    loads = [os.getloadavg()[0]]
    for r in range(args.rounds):
        for size in sizes:
            order = list(versions) if r % 2 == 0 else list(versions)[::-1]
            for name in order:
                command = [sys.executable, os.path.abspath(__file__), "0", "0", "x=x",
                           "--one", *size.split("x"), str(args.samples), "--pause", str(args.pause)]
                out = subprocess.run(command + (["--centre"] if args.centre else []),
                                     cwd=versions[name], capture_output=True, text=True, check=True)
                for i, (ms, end, machine) in enumerate(json.loads(out.stdout.splitlines()[-1])):
                    pool[name, size].append(ms)
                    if machine is not None:
                        around[name, size].append((ms, machine))
                    if end:
                        ends[name, size].append(ms)
                    if i < FIRST_TURN:
                        firsts[name, size].append(ms)
        loads.append(os.getloadavg()[0])
    first = next(iter(versions))
    for size in sizes:
        m0, q0 = statistics.median(pool[first, size]), _p99(pool[first, size])
        for name in versions:
            ms = pool[name, size]
            m, q = statistics.median(ms), _p99(ms)
            n, n0 = _p90(ms), _p90(pool[first, size])
            print(f"{size} {name}: main-thread CPU median {m:.3f} ms ({(m / m0 - 1) * 100:+.1f} %), "
                  f"p90 {n:.2f} ms ({(n / n0 - 1) * 100:+.1f} %), "
                  f"p99 {q:.2f} ms ({(q / q0 - 1) * 100:+.1f} %), {len(ms)} counted shoves")
            e, e0 = ends[name, size], ends[first, size]
            if e and e0:
                t, t0 = statistics.median(e), statistics.median(e0)
                print(f"    the frames that end a turn: median {t:.3f} ms ({(t / t0 - 1) * 100:+.1f} %), "
                      f"p90 {_p90(e):.2f} ms ({(_p90(e) / _p90(e0) - 1) * 100:+.1f} %), {len(e)} of them")
            f, f0 = firsts[name, size], firsts[first, size]
            if f and f0:
                t, t0 = statistics.median(f), statistics.median(f0)
                print(f"    the first turn's frames (texts and sizes new since start-up): median {t:.3f} ms "
                      f"({(t / t0 - 1) * 100:+.1f} %), max {max(f):.2f} ms, {len(f)} of them")
        _print_machine(size, {name: around[name, size] for name in versions})
    print("load average (1 min) before and after each round:", " ".join(f"{x:.1f}" for x in loads))


if __name__ == "__main__":
    main()
