"""Exact Schocken odds per decision: median and p99 time, cold (nothing cached).

Decisions are taken from random playouts (3 and 6 players, default and house-rule
options): every state where a player who has something to beat is to decide."""
from __future__ import annotations

import random
import statistics
import time

from tablegame.games.schocken import SchockenRules


def decisions(rules: SchockenRules, seed: int, players: int, limit: int) -> list:
    rng = random.Random(seed)
    state = rules.initial_state([[f"P{i}"] for i in range(players)])
    found = []
    while not rules.is_over(state) and len(found) < limit:
        if state.results:
            found.append(state)
        state = rules.apply(state, rules.random_action(state, rng))
    return found


def run() -> list[str]:
    lines = []
    for options in ({}, {"ranking": "value-first", "assembled": False}):
        rules = SchockenRules(**options)
        states = [s for seed in range(40) for s in decisions(rules, seed, 3 + seed % 4, 25)]
        times, worst_first = [], []
        for state in states:
            start = time.perf_counter()
            rules.odds(state)
            elapsed = time.perf_counter() - start
            times.append(elapsed)
            if state.turn.throws == 0 and state.throws_allowed == 3:
                worst_first.append(elapsed)
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
        lines.append(f"schocken odds ({label}): {len(times)} decisions, "
                     f"median {statistics.median(times) * 1e3:.2f} ms, "
                     f"p99 {p99 * 1e3:.2f} ms, max {times[-1] * 1e3:.2f} ms")
        if worst_first:
            lines.append(f"  before the first of three throws (largest case): "
                         f"median {statistics.median(worst_first) * 1e3:.2f} ms "
                         f"over {len(worst_first)}")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
