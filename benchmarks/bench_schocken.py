"""Exact Schocken odds per decision: median and p99 time.

Decisions come from random playouts (3 to 6 players, default and house-rule options):
every state where the current player has a result to beat. Each decision is solved
from scratch (a new solver); only the target-free tables (strength of the 56 throws,
moves from a set of dice) are shared, and their one-off cost is shown as "first call".
Every decision is timed three times; "min of 3" removes pauses when another process
takes the shared core, "single" is one plain call."""
from __future__ import annotations

import random
import statistics
import time

from tablegame.families.schocken import odds as schocken_odds
from tablegame.families.schocken.rules import SchockenRules


def decisions(rules: SchockenRules, seed: int, players: int, limit: int) -> list:
    rng = random.Random(seed)
    state = rules.initial_state([[f"P{i}"] for i in range(players)])
    found = []
    while not rules.is_over(state) and len(found) < limit:
        if state.results:
            found.append(state)
        state = rules.apply(state, rules.random_action(state, rng))
    return found


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms"


def _p99(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(0.99 * len(values)))]


def run() -> list[str]:
    lines = []
    for options in ({}, {"ranking": "value-first", "assembled": False}):
        rules = SchockenRules(**options)
        states = [s for seed in range(40) for s in decisions(rules, seed, 3 + seed % 4, 25)]
        schocken_odds._strengths.cache_clear()
        schocken_odds._after_throw.cache_clear()
        start = time.perf_counter()
        rules.odds(states[0])
        first = time.perf_counter() - start
        single, best, largest = [], [], []
        for state in states:
            runs = []
            for _ in range(3):
                start = time.perf_counter()
                rules.odds(state)
                runs.append(time.perf_counter() - start)
            single.append(runs[0])
            best.append(min(runs))
            if state.turn.throws == 0 and state.throws_allowed == 3:
                largest.append(min(runs))
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
        lines.append(f"schocken odds ({label}), {len(states)} decisions: "
                     f"median {_ms(statistics.median(best))}, p99 {_ms(_p99(best))}, "
                     f"max {_ms(max(best))} (min of 3); single call: "
                     f"median {_ms(statistics.median(single))}, p99 {_ms(_p99(single))}; "
                     f"first call {_ms(first)}")
        lines.append(f"  largest case, before the first of three throws ({len(largest)}): "
                     f"median {_ms(statistics.median(largest))}, max {_ms(max(largest))}")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
