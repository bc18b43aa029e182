"""Miwin's three dice as Neunfeld uses them (docs/rules.md section 3).

Each die has six faces; a face and its opposite never show together, so tipping a
die over one of its lower edges brings up one of the four faces around its top:
any face except the current top and the face opposite it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MiwinDie:
    """One of Miwin's dice, named III, IV or V after ``number``."""

    number: int  # 3, 4 or 5: what actions call the die
    name: str  # "III"
    colour: str  # German colour word, as the seed names it: "blau"
    letter: str  # the seed's column letter: b, r, s
    faces: tuple[int, ...]
    opposites: tuple[tuple[int, int], ...]

    @property
    def label(self) -> str:
        """How messages name the die: "Würfel III (blau)"."""
        return f"Würfel {self.name} ({self.colour})"

    def opposite(self, face: int) -> int:
        for x, y in self.opposites:
            if face == x:
                return y
            if face == y:
                return x
        raise ValueError(f"{self.label} has no face {face}")

    def tips(self, top: int) -> tuple[int, ...]:
        """The four faces one tip can bring up from ``top``, in ascending order."""
        bottom = self.opposite(top)
        return tuple(f for f in self.faces if f not in (top, bottom))


DIE_III = MiwinDie(3, "III", "blau", "b", (1, 2, 5, 6, 7, 9), ((1, 9), (2, 7), (5, 6)))
DIE_IV = MiwinDie(4, "IV", "rot", "r", (1, 3, 4, 5, 8, 9), ((1, 9), (3, 8), (4, 5)))
DIE_V = MiwinDie(5, "V", "schwarz", "s", (2, 3, 4, 6, 7, 8), ((2, 7), (3, 8), (4, 6)))

# In this order everywhere: state tuples of tops and holders are (III, IV, V).
DICE: tuple[MiwinDie, MiwinDie, MiwinDie] = (DIE_III, DIE_IV, DIE_V)


def die_index(number: int) -> int | None:
    """0, 1 or 2 for die III, IV or V; None for a die that does not exist."""
    for i, die in enumerate(DICE):
        if die.number == number:
            return i
    return None
