"""Shots as the physics plays them, for the camera benchmarks (bench_camera's settling,
bench_camera_blur) and the recorded games (camera_sim/video.py): Shove shots on a ha'penny board cleared when full, Carrom strokes on a
board set up afresh every few strokes. Lazy, so a caller drawing its own noise from the
same ``rng`` between shots keeps its figures as they were."""
from __future__ import annotations

import logging

import numpy as np


def simulated_shots(game: str, rng: np.random.Generator, count: int, *,
                    carrom_speed: tuple[float, float] = (1500, 8000), fresh_every: int = 8):
    """(what lay still before, the physics' frames of pieces 1/30 s apart, the pieces
    pocketed) for each of ``count`` shots; a Carrom stroke whose striker cannot be set
    (a piece in the way) has no frames."""
    from tablegame.core.sensors import PieceReading
    from tablegame.families.carrom.physics import Strike
    from tablegame.families.carrom.simulation import CarromWorld
    from tablegame.families.shove.board import hapenny_board
    from tablegame.families.shove.physics import Shot, ShoveTable
    # a striker that cannot be set strikes nothing: the callers count those, no log line each
    logging.getLogger("tablegame.families.carrom.simulation").setLevel(logging.ERROR)
    table, world = ShoveTable(hapenny_board()), CarromWorld()
    for k in range(count):
        if game == "shove":
            if len(table.positions()) >= 9:
                table.clear()
            before = table.positions()
            try:
                frames = list(table.shoot(Shot(rng.uniform(30, 326), rng.normal(0, 3), rng.uniform(600, 1600))))
            except ValueError:
                table.clear()
                continue
            yield before, frames, 0
        else:
            if k % fresh_every == 0:
                world = CarromWorld()
            strike = Strike(0, rng.uniform(-200, 200), rng.uniform(-40, 40), rng.uniform(*carrom_speed))
            before = (*world.positions(), PieceReading("striker", *world.table.striker_spot(strike)))
            result = list(world.shoot(strike))
            pocketed = sum(1 for f in result for e in f.events if type(e).__name__ == "PiecePocketed")
            yield before, [f.pieces for f in result], pocketed
