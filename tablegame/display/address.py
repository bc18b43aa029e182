"""The staff page's address on the table's screen: the QR code big on the left (whole
pixels per module, so every phone camera reads it), the title, the address in words
and what to do on the right. The game's own screen is not drawn: the address is a
screen of its own until a rail button takes it away.

All sizes follow the surface, so one layout serves 800x480 and 1920x1080."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame

from tablegame.display import palette as P
from tablegame.display.layout import Proportional
from tablegame.display.text import TextCache
from tablegame.views.address import AddressView

Point = tuple[float, float]
LIGHT, DARK = (255, 255, 255), (0, 0, 0)   # a QR code wants the strongest contrast


@dataclass(frozen=True)
class AddressLayout(Proportional):
    modules: int    # modules across, quiet zone included

    @cached_property
    def module(self) -> int:
        """Pixels per module: as big as fits in the height (and half the width)."""
        w, h = self.size
        room = min(h - 2 * self.margin, w // 2 - 2 * self.margin)
        return max(1, room // max(1, self.modules))

    @cached_property
    def code(self) -> pygame.Rect:
        side = self.module * self.modules
        return pygame.Rect(self.margin, (self.size[1] - side) // 2, side, side)

    @cached_property
    def words(self) -> pygame.Rect:
        """The column right of the code."""
        left = self.code.right + 2 * self.margin
        return pygame.Rect(left, self.margin, self.size[0] - left - self.margin,
                           self.size[1] - 2 * self.margin)


class AddressScreen:
    def __init__(self, text: TextCache | None = None) -> None:
        self.text = text or TextCache()

    def to_screen(self, pos: Point) -> tuple[int, int]:
        return (0, 0)       # no board on this screen

    def to_board(self, pixel: tuple[float, float]) -> Point | None:
        return None

    def draw(self, surface: pygame.Surface, view: AddressView) -> None:
        lay = AddressLayout(surface.get_size(), len(view.modules))
        surface.fill(P.BACKGROUND)
        if view.modules:
            self._code(surface, lay, view.modules)
        column, text = lay.words, self.text
        y = column.top + lay.px(0.08)
        for words, px, colour, lines in ((view.title, lay.px(0.09), P.CREAM, 1),
                                         (view.address, lay.px(0.06), P.WINNER, 2),
                                         *((line, lay.px(0.045), P.CREAM, 2)
                                           for line in view.lines)):
            if not words:
                continue
            block = text.block(words, px, colour, column.width, max_lines=lines)
            surface.blit(block, (column.left, y))
            y += block.get_height() + lay.px(0.05)
        return None

    @staticmethod
    def _code(surface: pygame.Surface, lay: AddressLayout, modules: tuple[str, ...]) -> None:
        surface.fill(LIGHT, lay.code)
        size = lay.module
        for row, line in enumerate(modules):
            for column, dark in enumerate(line):
                if dark == "1":
                    surface.fill(DARK, (lay.code.left + column * size,
                                        lay.code.top + row * size, size, size))
