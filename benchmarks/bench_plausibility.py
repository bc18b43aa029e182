"""Speed of the referee's physics check (issue 12): one check of a settled board
against the last, over a corpus of simulated shots (genuine, and with one coin moved
by hand). Rates at several tolerances: ``python -m tablegame.physics.corpus``."""
from __future__ import annotations

import statistics
import time

from tablegame.boards.shove import hapenny_board
from tablegame.physics import corpus
from tablegame.referee import moved

SHOTS = 2000


def run() -> list[str]:
    board = hapenny_board()
    samples = corpus.generate(SHOTS, board=board)
    pairs = [(s.before, s.after) for s in samples] + [(s.before, s.cheat) for s in samples
                                                       if s.cheat is not None]
    times = []
    for before, after in pairs:
        start = time.perf_counter()
        moved.check_shove(board, before, after)
        times.append(time.perf_counter() - start)
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return [f"plausibility: {len(times)} checks ({len(samples)} genuine shots, "
            f"{len(times) - len(samples)} with a coin moved by hand), "
            f"median {statistics.median(times) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
            f"max {times[-1] * 1000:.2f} ms"]


if __name__ == "__main__":
    print("\n".join(run()))
