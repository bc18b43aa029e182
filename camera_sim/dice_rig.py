"""The dice as the simulated world says they lie, placed on a camera's table: each die
keeps its place until its reading changes (a die set aside goes into the tray, a thrown
die comes to rest somewhere new, a Türmchen puts one lying die on another). Used with
``camera_sim.rig.Rig`` by the end-to-end tests: the readings a script's steps give
(tablegame/families/schocken/hands.py DiceTray, neunfeld/hands.py NeunfeldWorld)
become pictures the camera board reads."""
from __future__ import annotations

import numpy as np

from camera_sim.dice_places import clear_spot
from camera_board.dice_layout import DIE, MIWIN_BODIES, WHITE_PIP, DiceTable
from camera_sim.dice_scene import Die, DiceScene, neunfeld_scene, schocken_scene
from tablegame.core.sensors import DiceReading


class PlacedDice:
    def __init__(self, table: DiceTable, seed: int = 0):
        self.table, self.rng = table, np.random.default_rng(seed)
        self.dice: list[Die] = []

    def _die(self, i: int, value: int, area, taken) -> Die:
        x, y = clear_spot(self.rng, area, taken)
        if self.table.squares:     # Neunfeld: III blue, IV red, V black, white pips
            return Die(x, y, value, float(self.rng.uniform(0, 90)), body=MIWIN_BODIES[i], pip=WHITE_PIP)
        return Die(x, y, value, float(self.rng.uniform(0, 90)))

    def lay(self, reading: DiceReading) -> tuple[Die, ...]:
        old = [d if d.base == 0 else None for d in self.dice]   # a tower's top lands anew
        new: list[Die | None] = [None] * len(reading.values)
        for i, (value, aside) in enumerate(zip(reading.values, reading.aside)):
            was = old[i] if i < len(old) else None
            if was is not None and was.value == value and self.table.in_tray(was.x, was.y) == bool(aside):
                new[i] = was
        for i, (value, aside) in enumerate(zip(reading.values, reading.aside)):
            if new[i] is None:
                taken = [(d.x, d.y) for d in new if d is not None]
                new[i] = self._die(i, value, self.table.tray if aside else self.table.throw_area, taken)
        if not reading.flat:       # the last lying die lies on the first
            lying = [i for i, a in enumerate(reading.aside) if not a]
            low, top = new[lying[0]], new[lying[-1]]
            new[lying[-1]] = Die(low.x + 1.0, low.y - 1.0, top.value, low.angle + 25, DIE, top.body, top.pip)
        self.dice = list(new)
        return tuple(self.dice)

    def schocken(self, reading: DiceReading) -> DiceScene:
        return schocken_scene(self.table, self.lay(reading))

    def neunfeld(self, reading: DiceReading, squares) -> DiceScene:
        return neunfeld_scene(self.table, squares, self.lay(reading))
