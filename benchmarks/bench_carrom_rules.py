"""Carrom's referee: time from a finished stroke to its ruling in words (``apply`` plus
the ruling's notes in German), per action over random games, singles and doubles; and
whole random games per second. Every action is timed three times ("min of 3" removes
pauses when another process takes the shared core)."""
from __future__ import annotations

import random
import statistics
import time

from tablegame.families.carrom.rules import CarromRules
from tablegame.families.carrom.ruling import ruling_notes
from tablegame.texts import say

RULES = CarromRules()


def _game(seed: int) -> list:
    rng = random.Random(seed)
    state = RULES.initial_state([["A", "C"], ["B", "D"]] if seed % 2 else [["A"], ["B"]])
    steps = []
    while not RULES.is_over(state):
        action = RULES.random_action(state, rng)
        steps.append((state, action))
        state = RULES.apply(state, action)
    return steps


def _ruled(state, action) -> list[str]:
    after = RULES.apply(state, action)
    return [say("de", note) for note in ruling_notes(after)]


def run() -> list[str]:
    steps = [step for seed in range(200) for step in _game(seed)]
    best = []
    for state, action in steps:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            _ruled(state, action)
            times.append(time.perf_counter() - start)
        best.append(min(times))
    best.sort()
    p99 = best[min(len(best) - 1, int(0.99 * len(best)))]
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < 2.0:
        _game(games)
        games += 1
    rate = games / (time.perf_counter() - start)
    return [f"stroke to ruling in words: median {statistics.median(best) * 1e6:.0f} µs, "
            f"p99 {p99 * 1e6:.0f} µs, max {best[-1] * 1e6:.0f} µs (min of 3, {len(best)} actions)",
            f"random games played out: {rate:.0f} per second"]
