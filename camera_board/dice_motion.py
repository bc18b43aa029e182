"""From one dice sighting per frame to DICE and SQUARES board events: once nothing has
moved for the settle time, the dice as they lie (if they changed) and then the squares
taken (if they changed). Dice boards send no moving frames (docs/protocol.md).

**Which die is which.** The Schocken referee compares readings die by die, so a die
keeps its place in the reading from one settled reading to the next:
- the first reading numbers the dice left to right (by x across the table);
- after that each die gets the number of the die it most likely is: a die that stays in
  the tray keeps its number (it has not moved); a die newly in the tray is the lying die
  that showed the same face (set aside), or a 6 that is now a 1 (a turned six); a die
  out of the tray again is the one nearest where it lay; thrown dice take the numbers
  left by how near they came to rest to where each lay (any order is right for them).
- a Türmchen's hidden die (and a tower top whose pips the lower die confuses) keeps
  the face it had: the camera cannot see it; the reading says not flat.
Neunfeld's dice are told by colour: III (blue), IV (red), V (black), always in that order;
DICE is sent only when all three are seen (a hand over one: nothing), SQUARES always."""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from camera_board.dice_detect import DiceSighting, SeenDie
from camera_board.motion import BLIND_AFTER, SETTLE, Fault
from camera_board.words import doubt
from tablegame.core.sensors import DiceReading, SquaresReading

MOVE = 2.0      # mm: a die further than this from where it lay when the table last moved: moving


@dataclass
class DiceWatcher:
    game: str                                    # "schocken" or "neunfeld"
    settle: float = SETTLE
    anchor: tuple | None = None                  # the sighting when the table last moved
    moved_at: float = -math.inf
    good_at: float | None = None
    blind_said: bool = False
    dice: list[SeenDie] | None = None            # the last settled dice, in the reading's order
    sent: dict = field(default_factory=dict)     # type -> the last settled reading sent

    def see(self, now: float, sighting: DiceSighting) -> list:
        if sighting.problem is not None:
            return self._unsure(now, sighting)
        self.blind_said, self.good_at = False, now
        if self.anchor is None or _moved(self.anchor, sighting):
            self.anchor, self.moved_at = sighting, now
            return []
        if now - self.moved_at < self.settle:
            return []
        out = []
        dice = self._dice(sighting)
        squares = None if sighting.squares is None else SquaresReading(tuple(sighting.squares))
        for reading in (dice, squares):
            if reading is not None and self.sent.get(type(reading)) != reading:
                self.sent[type(reading)] = reading
                out.append(reading)
        return out

    def _unsure(self, now: float, sighting: DiceSighting) -> list:
        self.moved_at, self.anchor = now, None
        if sighting.hand or self.good_at is None:
            self.good_at = now
            return []
        if not self.blind_said and now - self.good_at >= BLIND_AFTER:
            self.blind_said = True
            return [Fault(doubt("cannot_see", doubt=sighting.problem))]
        return []

    def _dice(self, sighting: DiceSighting) -> DiceReading | None:
        if self.game == "neunfeld":
            if len(sighting.dice) != 3:
                return None
            return DiceReading(tuple(d.value for d in sighting.dice), (False,) * 3, True)
        seen = list(sighting.dice)
        flat = not any(d.tower for d in seen)
        if not flat:      # the die under the tower, where the tower stands
            tower = next(d for d in seen if d.tower)
            seen.append(SeenDie(tower.x, tower.y, 0, tower.body, tower.aside, True))
        ordered = seen if self.dice is None else order(self.dice, seen)
        if self.dice is None and any(d.value == 0 for d in ordered):
            return None   # a tower before any reading: its faces are unknown
        ordered = [d if d.value else SeenDie(d.x, d.y, self.dice[i].value, d.body, d.aside, d.tower)
                   for i, d in enumerate(ordered)]
        self.dice = ordered
        return DiceReading(tuple(d.value for d in ordered), tuple(bool(d.aside) for d in ordered), flat)


def _cost(was: SeenDie, now: SeenDie) -> float:
    near = math.hypot(was.x - now.x, was.y - now.y)
    if was.aside and now.aside:
        return near + (0 if was.value == now.value or not now.value else 1000)
    if now.aside:        # newly in the tray: set aside with its face, or a turned six
        return 0 if was.value == now.value else 5 if (was.value, now.value) == (6, 1) else 50
    if was.aside:        # taken out of the tray again
        return 100 + near
    return 0.01 * near   # thrown: any order is right; the nearest keeps the numbers steady


def order(before: list[SeenDie], now: list[SeenDie]) -> list[SeenDie]:
    """``now`` in the order that keeps each die's number from ``before`` (see above)."""
    best = min(itertools.permutations(now), key=lambda p: sum(_cost(b, d) for b, d in zip(before, p)))
    return list(best)


def _moved(anchor: DiceSighting, now: DiceSighting) -> bool:
    if anchor.squares != now.squares or len(anchor.dice) != len(now.dice):
        return True
    a, b = sorted(anchor.dice, key=lambda d: (d.x, d.y)), sorted(now.dice, key=lambda d: (d.x, d.y))
    return any(p.value != q.value or p.tower != q.tower or math.hypot(p.x - q.x, p.y - q.y) > MOVE
               for p, q in zip(a, b))
