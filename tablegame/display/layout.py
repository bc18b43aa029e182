"""What every screen's layout shares: sizes follow the surface height, so one layout
reads the same at 800x480 and at 1920x1080.

No text is smaller than ``READABLE`` of the screen height (24 px at 800x480, 54 px at
1920x1080; a text's size is the height of its line, capitals and descenders): on the
table's screen that is about 10 mm, capitals of 6-7 mm, which eyes read at two metres
(about 11 arc minutes; 20/20 vision resolves 5)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame


READABLE = 1 / 20   # of the screen height: the smallest text on any screen


def readable_px(size: tuple[int, int]) -> int:
    return round(size[1] * READABLE)


@dataclass(frozen=True)
class Proportional:
    size: tuple[int, int]

    def px(self, fraction: float) -> int:
        """A text or row height as a fraction of the surface height."""
        return max(8, round(self.size[1] * fraction))

    def small_print(self, lines: int) -> int:
        """The height of ``lines`` lines of the smallest text (pygame's font steps a
        line by about 1.12 of its size): a row of hints or keys."""
        px = readable_px(self.size)
        return px + (lines - 1) * round(px * 1.12)

    @cached_property
    def margin(self) -> int:
        return max(4, round(self.size[1] * 0.02))

    def stack(self, area: pygame.Rect, heights: dict[str, int], gap: int,
              foot: int, flexible: tuple[str, ...] = ()) -> dict[str, pygame.Rect]:
        """Rows named in ``heights`` (pixels) top to bottom in ``area``, ``gap`` pixels
        apart, shrunk when they do not fit: the ``flexible`` ones first (down to half),
        then all alike; a row "hint" of height ``foot`` sits at the bottom."""
        room = area.height - foot - gap * len(heights)
        heights = dict(heights)
        over = sum(heights.values()) - room
        bendable = sum(heights[name] for name in flexible)
        if over > 0 and bendable:
            give = min(1.0, over / bendable, 0.5)
            for name in flexible:
                heights[name] = int(heights[name] * (1 - give))
        shrink = min(1.0, room / sum(heights.values()))
        rows, y = {}, area.top
        for name, height in heights.items():
            rows[name] = pygame.Rect(area.left, y, area.width, int(height * shrink))
            y = rows[name].bottom + gap
        rows["hint"] = pygame.Rect(area.left, area.bottom - foot, area.width, foot)
        return rows

    def half(self, row: pygame.Rect, i: int) -> pygame.Rect:
        """The left (0) or right (1) half of ``row``, a small gap between (a party's card)."""
        gap = self.px(0.014)
        width = (row.width - gap) // 2
        return pygame.Rect(row.left + i * (width + gap), row.top, width, row.height)
