"""What the staff page's calibration shows of a board: the board drawn from its sizes and
each piece of the latest reading placed on it, in words. A family gives it by its
registration's ``calibration`` ("module:function", ``function(board, readings) ->
Calibration``), so the page draws every family's board without knowing any game.

Shapes are SVG elements in the drawing's own coordinates (mm, y downwards: a family
turns its board's "y away from the player" round itself). Core only: plain data."""
from __future__ import annotations

from dataclasses import dataclass

from tablegame.words.notes import Note


@dataclass(frozen=True)
class Shape:
    tag: str                                 # an SVG element: "rect", "circle", "line"
    attrs: tuple[tuple[str, object], ...]    # its attributes, e.g. (("cx", 10.0), ...)

    @classmethod
    def of(cls, tag: str, **attrs) -> "Shape":
        # stroke_width -> "stroke-width", class_ -> "class"
        return cls(tag, tuple((k.rstrip("_").replace("_", "-"), v) for k, v in attrs.items()))

    def to_data(self) -> dict:
        return {"tag": self.tag, "attrs": dict(self.attrs)}


@dataclass(frozen=True)
class Placed:
    """One piece of the reading: where it lies (board mm), its place in words, its shape."""
    x: float
    y: float
    where: Note
    shape: Shape


@dataclass(frozen=True)
class Calibration:
    width: float                   # the drawing's size (mm)
    height: float
    shapes: tuple[Shape, ...]      # the board, drawn first
    pieces: tuple[Placed, ...]     # the latest reading's pieces, drawn over it
