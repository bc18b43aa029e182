"""Draws a ``NoticeView``: a title in the warning colour and its paragraphs, big
enough to read from the bar, on the table's dark ground. Always a full redraw: a
notice changes seldom."""
from __future__ import annotations

import pygame

from tablegame.display import palette as P
from tablegame.display.layout import Proportional
from tablegame.display.text import TextCache
from tablegame.views.notice import NoticeView

Point = tuple[float, float]


class NoticeScreen:
    def __init__(self, text: TextCache | None = None) -> None:
        self.text = text or TextCache()

    def draw(self, surface: pygame.Surface, view: NoticeView) -> None:
        lay = Proportional(surface.get_size())
        width = surface.get_width() - 4 * lay.margin
        surface.fill(P.BACKGROUND)
        pygame.draw.rect(surface, P.PROBLEM, surface.get_rect(), width=lay.margin)
        y = 3 * lay.margin
        title = self.text.block(view.title, lay.px(0.14), P.PROBLEM, width, align="center")
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, y)))
        y += title.get_height() + 2 * lay.margin
        for line in view.lines:
            block = self.text.block(line, lay.px(0.055), P.CREAM, width, max_lines=3,
                                    align="center")
            surface.blit(block, block.get_rect(midtop=(surface.get_width() // 2, y)))
            y += block.get_height() + lay.margin
        return None

    def to_screen(self, pos: Point) -> tuple[int, int]:
        raise RuntimeError("a notice shows no board")

    def to_board(self, pixel: tuple[float, float]) -> Point | None:
        return None
