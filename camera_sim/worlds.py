"""The simulated worlds as the rendered camera sees them (``sources.Rendered``): what lies
still, and the scenes of a shot as the physics plays it, 30 a second. One view per game:
Shove's SimulatedTable, Carrom's CarromWorld, Schocken's dice tray and Neunfeld's board.
The hands' verbs (shoot, clear, report) are done here, on the camera's thread."""
from __future__ import annotations

import math
from dataclasses import dataclass

from camera_sim.dice_rig import PlacedDice
from camera_sim.dice_scene import neunfeld_scene, schocken_scene
from camera_board.dice_layout import neunfeld_table, schocken_table
from camera_board.layout import Layout, carrom_layout, shove_layout
from camera_sim.scene import Scene, carrom_scene, shove_scene
from tablegame.core.sensors import DiceReading, PieceReading

STILL_BEFORE_STROKE = 15   # physics frames (0.5 s): the striker set on its base line lies still
HAND_FRAMES = 3            # physics frames (0.1 s) a hand is over the board, setting or taking pieces


@dataclass(frozen=True)
class HandScene(Scene):
    """A scene with a hand reaching in (camera_sim/render.py Light.hand): fingertips at
    x, y mm, the arm's angle in degrees."""
    hand: tuple[float, float, float] | None = None


class _Coins:
    """Shove: the coins as they lie; a shot's frames are the coins' positions."""

    def __init__(self, world):
        self.world = world
        self.layout: Layout = shove_layout(world.board)

    def still(self) -> Scene:
        return shove_scene(self.world.board, self.world.positions())

    def shoot(self, shot) -> list[Scene]:
        return [shove_scene(self.world.board, coins) for coins in self.world.shoot(shot)]

    def clear(self) -> None:
        self.world.clear()

    def touched(self) -> list[Scene] | None:
        """The scenes after a hand changed the world (None: the camera just sees the change)."""
        return None

    def report(self, reading) -> None:
        raise ValueError(f"a camera sees the board, it is not told what lies there ({type(reading).__name__}): "
                         "a step that reports a reading needs the virtual board")


class _Pieces(_Coins):
    """Carrom: the pieces as they lie (the striker where it stopped, until a hand takes
    it); a stroke is the striker set on its base line, still for a moment, then the
    stroke's frames."""

    def __init__(self, world):
        self.world = world
        self.layout = carrom_layout(world.board)

    def still(self) -> Scene:
        return carrom_scene(self.world.board, self.world.positions())

    def shoot(self, strike) -> list[Scene]:
        try:
            spot = self.world.table.striker_spot(strike)
        except ValueError:
            spot = None                # the world says why it strikes nothing
        before = carrom_scene(self.world.board, [*self.world.positions(),
                                                 *([PieceReading("striker", *spot)] if spot else [])])
        frames = [carrom_scene(self.world.board, frame.pieces) for frame in self.world.shoot(strike)]
        if not frames:
            return []
        x, y = spot
        return [HandScene(before.layout, before.pieces, (x, y - 10, -90))] * HAND_FRAMES + \
            [before] * STILL_BEFORE_STROKE + frames

    def touched(self) -> list[Scene]:
        """A hand over the board (the watcher starts afresh after it: no stroke), then the
        board as the hand left it (the striker taken away)."""
        after = self.still()
        x, y = self.world.board.centre
        return [HandScene(after.layout, after.pieces, (x, y, -90))] * HAND_FRAMES + [after]


class _Dice(_Coins):
    """Schocken and Neunfeld: the dice where a hand laid them (a die keeps its place
    until its reading changes: camera_sim/dice_rig.py), Neunfeld's pieces on their
    squares. The hands change the world and report it; the camera draws the world."""

    def __init__(self, world, neunfeld: bool, seed: int = 0):
        self.world, self.neunfeld = world, neunfeld
        self.table = neunfeld_table() if neunfeld else schocken_table()
        self.layout = self.table.layout
        self._placed = PlacedDice(self.table, seed)

    def still(self) -> Scene:
        dice = next((r for r in self.world.readings() if isinstance(r, DiceReading)), None)
        laid = self._placed.lay(dice) if dice is not None else ()
        if self.neunfeld:
            return neunfeld_scene(self.table, self.world.squares, laid)
        return schocken_scene(self.table, laid)

    def shoot(self, shot) -> list[Scene]:
        raise ValueError("dice are thrown by hand, not shot")

    def clear(self) -> None:
        getattr(self.world, "clear", lambda: None)()

    def report(self, reading) -> None:
        """The hands changed the world and report what lies there now: the camera sees it."""


VIEWS = {"shove": _Coins, "carrom": _Pieces,
         "schocken": lambda world: _Dice(world, neunfeld=False),
         "neunfeld": lambda world: _Dice(world, neunfeld=True)}


def view_of(game: str, world):
    """How the camera sees ``world``, the simulated world of ``game`` (camera_sim/rendered.py:
    game_of)."""
    return VIEWS[game](world)


def pose_over(layout: Layout, fov: float, aspect: float):
    """A camera hung over the middle of ``layout``, a little towards the near end and
    looking at the middle, high enough that the board with its frame and markers fills
    most of a ``fov``-degree picture (``aspect``: height / width)."""
    from camera_board.camera import Pose
    x0, y0, x1, y1 = layout.extent(margin=10.0)
    half = math.tan(math.radians(fov) / 2)
    height = 1.1 * max((x1 - x0) / 2 / half, (y1 - y0) / 2 / (half * aspect))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return Pose(cx, cy - 0.05 * (y1 - y0), height, cx, cy)
