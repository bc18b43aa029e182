"""Neunfeld solver figures: full solve time and peak memory per variant, cache load, hint lookup."""
from __future__ import annotations

import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from tablegame.families.neunfeld.rules import NeunfeldRules
from tablegame.families.neunfeld.solver import NeunfeldSolver, reachable_keys, solve

HINT_STATES = 2000


def _hint_states(rules: NeunfeldRules, count: int) -> list:
    rng = random.Random(2024)
    states = []
    while len(states) < count:
        state = rules.initial_state([["A"], ["B"]])
        while not rules.is_over(state):
            state = rules.apply(state, rules.random_action(state, rng))
            if state.started and not rules.is_over(state):
                states.append(state)
    return states[:count]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run() -> list[str]:
    lines = []
    for strict in (False, True):
        rules = NeunfeldRules(strict=strict)
        variant = "strict" if strict else "standard"
        times = []
        for _ in range(3):
            started = time.perf_counter()
            solve(strict)
            times.append(time.perf_counter() - started)
        tracemalloc.start()
        solve(strict)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "neunfeld.bin"
            NeunfeldSolver.load(rules, path)
            started = time.perf_counter()
            solver = NeunfeldSolver.load(rules, path)
            load = time.perf_counter() - started
            size = path.stat().st_size
        assert solver.from_cache
        counts = solver.counts()
        lines.append(f"neunfeld {variant}: full solve {min(times) * 1000:.0f} ms (best of 3), "
                     f"peak traced memory {peak / 1e6:.1f} MB; cache {size / 1e3:.0f} kB, loads in "
                     f"{load * 1000:.1f} ms")
        lines.append(f"neunfeld {variant}: positions won/lost/drawn {counts['win']}/{counts['loss']}/"
                     f"{counts['draw']} of all valid, {len(reachable_keys(strict))} reachable")
        hints, cpu = [], []
        for state in _hint_states(rules, HINT_STATES):
            started, busy = time.perf_counter(), time.thread_time()
            solver.evaluate(state)
            solver.best_action(state)
            hints.append(time.perf_counter() - started)
            cpu.append(time.thread_time() - busy)
        lines.append(f"neunfeld {variant}: hint (evaluate + best_action) over {len(hints)} positions: "
                     f"median {statistics.median(hints) * 1e3:.2f} ms, p99 {_percentile(hints, 0.99) * 1e3:.2f} ms")
        # on a busy machine the wall clock's tail is waiting for a core; this is the hint's own work
        lines.append(f"  of which CPU time: median {statistics.median(cpu) * 1e3:.2f} ms, "
                     f"p99 {_percentile(cpu, 0.99) * 1e3:.2f} ms ({len(cpu)} positions)")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
