"""What every screen's layout shares: sizes follow the surface height, so one layout
reads the same at 800x480 and at 1920x1080."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame


@dataclass(frozen=True)
class Proportional:
    size: tuple[int, int]

    def px(self, fraction: float) -> int:
        """A text or row height as a fraction of the surface height."""
        return max(8, round(self.size[1] * fraction))

    @cached_property
    def margin(self) -> int:
        return max(4, round(self.size[1] * 0.02))

    def stack(self, area: pygame.Rect, heights: dict[str, float], gap: float,
              foot: float) -> dict[str, pygame.Rect]:
        """Rows named in ``heights`` (fractions of the surface height) top to bottom in
        ``area``, ``gap`` apart, shrunk alike when they do not fit; a row "hint" of
        height ``foot`` sits at the bottom."""
        gap_px, foot_px = self.px(gap), self.px(foot)
        room = area.height - foot_px - gap_px * len(heights)
        shrink = min(1.0, room / sum(self.px(f) for f in heights.values()))
        rows, y = {}, area.top
        for name, fraction in heights.items():
            rows[name] = pygame.Rect(area.left, y, area.width, int(self.px(fraction) * shrink))
            y = rows[name].bottom + gap_px
        rows["hint"] = pygame.Rect(area.left, area.bottom - foot_px, area.width, foot_px)
        return rows

    def half(self, row: pygame.Rect, i: int) -> pygame.Rect:
        """The left (0) or right (1) half of ``row``, a small gap between (a party's card)."""
        gap = self.px(0.014)
        width = (row.width - gap) // 2
        return pygame.Rect(row.left + i * (width + gap), row.top, width, row.height)
