"""Speed of the Carrom physics: the break, with all 20 pieces simulated until they
rest, from seat 0's base line at a few positions, angles and speeds. Issue 9 aims at
20x faster than a public pymunk carrom simulator's ~560 ms per break shot."""
from __future__ import annotations

import statistics
import time

from tablegame.families.carrom.physics import CarromTable, Strike

BREAKS = [Strike(0, along, angle, speed)
          for along in (-60.0, 0.0, 45.0)
          for angle in (-1.0, 0.0, 2.0)
          for speed in (4000.0, 6000.0, 8000.0)]   # 27 breaks, gentle to hard
ROUNDS = 4


def _break(strike: Strike, frame_interval: float | None) -> tuple[float, float, int, int]:
    table = CarromTable()
    table.set_up_break()
    start = time.perf_counter()
    result = table.strike(strike, frame_interval)
    return time.perf_counter() - start, result.time, result.steps, len(result.pocketed)


def run() -> list[str]:
    lines = [f"carrom physics: the break (20 pieces to rest), {len(BREAKS)} breaks x {ROUNDS}"]
    for frames, name in ((None, "to rest"), (1 / 30, "with frames at 30 fps (virtual board)")):
        samples = [_break(s, frames) for _ in range(ROUNDS) for s in BREAKS]
        walls = sorted(s[0] for s in samples)
        simulated = sum(s[1] for s in samples)
        pocketed = sum(s[3] for s in samples[:len(BREAKS)])
        lines.append(
            f"  {name}: per break median {statistics.median(walls) * 1000:.1f} ms, "
            f"worst {walls[-1] * 1000:.1f} ms ({len(walls)} samples); "
            f"{simulated / sum(walls):.0f}x real time; median {statistics.median(s[2] for s in samples)} "
            f"steps; {pocketed} pieces pocketed over the {len(BREAKS)} breaks; "
            f"{560 / (statistics.median(walls) * 1000):.0f}x faster than 560 ms")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
