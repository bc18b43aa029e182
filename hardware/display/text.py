"""Rendered text, cached: a frame re-blits what it drew last time and renders
only the texts that changed. Sizes are pixel heights of a line of capitals and
descenders, so layouts can say "a twelfth of the screen height"."""
from __future__ import annotations

import weakref
from collections import OrderedDict

import pygame

Colour = tuple[int, int, int]

# pygame's bundled font draws a line about 0.68 times its nominal size tall.
_SIZE_PER_PX = 1 / 0.68
ELLIPSIS = "\u2026"


class TextCache:
    """``text.block("Team A am Zug", px=40, colour=CREAM, width=300)`` -> Surface.

    Least recently used surfaces are dropped beyond ``max_entries``."""

    def __init__(self, max_entries: int = 256) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._max_entries = max_entries
        self.renders = 0  # how many texts were actually rendered (for tests and benches)
        self._ink: weakref.WeakKeyDictionary[pygame.Surface, pygame.Rect] = \
            weakref.WeakKeyDictionary()

    def ink(self, surface: pygame.Surface) -> pygame.Rect:
        """The part of ``surface`` (a block from this cache) that its lines cover; the
        rest is transparent, so blitting only this part draws the same picture."""
        rect = self._ink.get(surface)
        return surface.get_rect() if rect is None else rect

    def font(self, px: int) -> pygame.font.Font:
        px = max(6, int(px))
        font = self._fonts.get(px)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = self._fonts[px] = pygame.font.Font(None, round(px * _SIZE_PER_PX))
        return font

    def line(self, text: str, px: int, colour: Colour) -> pygame.Surface:
        """One line of text, as it comes."""
        return self._cached(("line", text, int(px), colour),
                            lambda: _for_display(self._render(self.font(px), text, colour)))

    def block(self, text: str, px: int, colour: Colour, width: int, *,
              height: int | None = None, max_lines: int = 1, align: str = "left",
              min_px: int | None = None) -> pygame.Surface:
        """``text`` wrapped into at most ``max_lines`` lines that fit in ``width`` (and
        ``height``, when given); the font shrinks (down to ``min_px``, default half of
        ``px``) until it fits, and what still does not fit ends in an ellipsis."""
        key = ("block", text, int(px), colour, int(width), height, max_lines, align, min_px)
        return self._cached(key, lambda: self._render_block(
            text, int(px), colour, max(1, int(width)), height, max_lines, align,
            max(6, int(min_px if min_px is not None else px // 2))))

    def _cached(self, key: tuple, render) -> pygame.Surface:
        surface = self._surfaces.get(key)
        if surface is None:
            surface = self._surfaces[key] = render()
            if len(self._surfaces) > self._max_entries:
                self._surfaces.popitem(last=False)
        else:
            self._surfaces.move_to_end(key)
        return surface

    def _render(self, font: pygame.font.Font, text: str, colour: Colour) -> pygame.Surface:
        self.renders += 1
        return font.render(text, True, colour)

    def _render_block(self, text: str, px: int, colour: Colour, width: int,
                      height: int | None, max_lines: int, align: str,
                      min_px: int) -> pygame.Surface:
        size = px
        while True:
            font = self.font(size)
            lines = _wrap(font, text, width)
            step, tall = font.get_linesize(), font.get_height()
            room = max_lines if height is None else \
                max(1, min(max_lines, (height - tall) // step + 1))
            fits = len(lines) <= room and all(font.size(line)[0] <= width for line in lines)
            if fits or size <= min_px:
                break
            size = max(min_px, int(size * 0.9))
        if len(lines) > room:
            lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
        lines = [_clip(font, line, width) for line in lines]
        rendered = [self._render(font, line, colour) for line in lines]
        block = pygame.Surface((width, step * (len(rendered) - 1) + rendered[0].get_height()),
                               pygame.SRCALPHA)
        ink = None
        for i, surface in enumerate(rendered):
            x = {"left": 0, "center": (width - surface.get_width()) // 2,
                 "right": width - surface.get_width()}[align]
            line = block.blit(surface, (x, i * step))
            ink = line if ink is None else ink.union(line)
        block = _for_display(block)
        self._ink[block] = ink.clip(block.get_rect())
        return block


def _for_display(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` in the window's pixel format with alpha, for fast blits: as
    ``convert_alpha()``, without its copy when the format is that one already (as
    rendered text usually is on a 32-bit screen: 0.1 ms saved per big block)."""
    display = pygame.display.get_surface()
    if display is None:
        return surface
    if surface.get_bitsize() == 32 and display.get_bitsize() == 32 \
            and surface.get_masks()[:3] == display.get_masks()[:3] and surface.get_masks()[3]:
        return surface
    return surface.convert_alpha()


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Greedy word wrap; a single word wider than ``width`` gets a line of its own."""
    lines: list[str] = []
    for paragraph in text.split("\n") or [""]:
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if current and font.size(candidate)[0] > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines or [""]


def _clip(font: pygame.font.Font, line: str, width: int) -> str:
    if font.size(line)[0] <= width:
        return line
    lo, hi = 0, len(line)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if font.size(line[:mid].rstrip() + ELLIPSIS)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return line[:lo].rstrip() + ELLIPSIS
