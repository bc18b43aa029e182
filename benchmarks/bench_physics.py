"""Speed of the Shove physics: a five-coin ha'penny turn of typical shots that
knock earlier coins on, simulated headless (``settle``) and frame by frame at
30 frames a second (``shoot``, as the virtual board does)."""
from __future__ import annotations

import statistics
import time

from tablegame.families.shove.board import hapenny_board
from tablegame.families.shove.physics import Shot, ShoveTable, speed_to_reach, start_y

TURNS = 40

# (x, angle, bed aimed at): shots up the middle that land on or run into earlier coins
TURN = ((178, 0.0, 3), (180, -0.5, 5), (176, 0.8, 4), (185, -1.5, 6), (172, 1.0, 5))


def _shots(table: ShoveTable) -> list[Shot]:
    board = table.board
    shots = []
    for x, angle, bed in TURN:
        near, far = board.bed_span(bed)
        shots.append(Shot(x, angle, speed_to_reach(table, (near + far) / 2 - start_y(board))))
    return shots


def _turn(headless: bool) -> tuple[float, float, int, int]:
    """Wall and CPU seconds, steps simulated, coins knocked on (moved by a later shot)."""
    table = ShoveTable(hapenny_board())
    shots = _shots(table)
    knocked = 0
    start, cpu = time.perf_counter(), time.process_time()
    for shot in shots:
        before = table.positions()
        if headless:
            table.settle(shot)
        else:
            for _ in table.shoot(shot, frame_interval=1 / 30):
                pass
        after = table.positions()
        knocked += sum(1 for a, b in zip(before, after) if abs(a.x - b.x) + abs(a.y - b.y) > 1)
    return (time.perf_counter() - start, time.process_time() - cpu, table.steps_simulated,
            knocked)


def run() -> list[str]:
    step = ShoveTable(hapenny_board()).step
    lines = [f"physics: five-coin ha'penny turn, step {step * 1000:.2f} ms, best and median of {TURNS}"]
    for headless, name in ((True, "settle"), (False, "shoot at 30 fps")):
        results = [_turn(headless) for _ in range(TURNS)]
        wall = statistics.median(r[0] for r in results)
        best = min(r[0] for r in results)
        cpu = statistics.median(r[1] for r in results)  # CPU time: fair on a shared machine
        _, _, steps, knocked = results[0]
        simulated = steps * step
        lines.append(
            f"  {name}: {simulated:.2f} s simulated ({steps} steps, {knocked} coins knocked on); "
            f"wall {best * 1000:.1f} ms best, {wall * 1000:.1f} ms median, CPU {cpu * 1000:.1f} ms "
            f"median; {simulated / wall:.0f}x real time (median wall), {simulated / best:.0f}x (best), "
            f"{simulated / cpu:.0f}x (CPU); {steps / wall:,.0f} steps/s (median wall)")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
