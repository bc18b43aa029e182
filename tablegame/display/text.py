"""Rendered text, cached: a frame re-blits what it drew last time and renders
only the texts that changed. Sizes are pixel heights of a line of capitals and
descenders, so layouts can say "a twelfth of the screen height"."""
from __future__ import annotations

import io
import weakref
from collections import OrderedDict

import pygame
import pygame.pkgdata

Colour = tuple[int, int, int]

# pygame's bundled font draws a line about 0.68 times its nominal size tall.
_SIZE_PER_PX = 1 / 0.68
ELLIPSIS = "\u2026"
# The glyphs a table's words are made of (German and English), warmed ahead at the sizes
# a screen draws in (``TextCache.ahead``); a chunk per idle step of the table's loop.
GLYPHS = "".join(map(chr, range(32, 127))) + "ÄÖÜäöüß–—·…„“”‘’×°€"
GLYPH_CHUNK = 24


class TextCache:
    """``text.block("Team A am Zug", px=40, colour=CREAM, width=300)`` -> Surface.

    Least recently used surfaces are dropped beyond ``max_entries``."""

    def __init__(self, max_entries: int = 256) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        # a block's lines as rendered, by (size, line, colour): blocks share lines
        # ("Team A schiebt –" / "noch 3 Münzen"), and a line is rendered once
        self._lines: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._max_entries = max_entries
        self._max_lines = max(8, max_entries // 4)   # recent blocks' lines are enough
        self.renders = 0  # how many texts were actually rendered (for tests and benches)
        # no text smaller than this (px): each screen sets it from its surface's height
        # (layout.readable_px); a text that does not fit at it ends in an ellipsis
        self.floor_px = 6
        self.smallest_px: int | None = None  # the smallest size drawn (for the tests)
        self.cut: set[str] = set()   # the texts that ended in an ellipsis (for the tests)
        self._ink: weakref.WeakKeyDictionary[pygame.Surface, pygame.Rect] = \
            weakref.WeakKeyDictionary()
        self._ahead: list[tuple[int, int]] = []   # (size, glyph offset) still to warm
        self._warm: set[int] = set()              # sizes warmed or queued
        # each size's words as measured alone: a layout guesses a line's width from them
        # and measures the line itself only where the guess is near its width (``_wrap``)
        self._words: dict[int, dict[str, int]] = {}

    def ahead(self, px: int, min_px: int | None = None) -> None:
        """Warm the glyphs of ``GLYPHS`` at ``px`` and at each size a block of ``px``
        shrinks through down to ``min_px`` (as ``block``), in later ``idle`` steps. A
        font's first text at a new size loads each glyph: measuring and rendering a
        line took 0.6 + 0.3 ms there against 0.01 + 0.04 ms with its glyphs loaded
        (800x480; a turn's new message, a long status shrunk to fit)."""
        px, min_px = self._sizes(px, min_px)
        size = px
        while True:
            if size not in self._warm:
                self._warm.add(size)
                self._ahead.append((size, 0))
            if size <= min_px:
                return
            size = max(min_px, int(size * 0.9))

    def idle(self) -> bool:
        """One step of the work ``ahead`` asked for: ``GLYPH_CHUNK`` glyphs rendered at
        one size (0.2-1.2 ms at load 8); False when nothing is left to do. Rendering loads a glyph
        for measuring too, and the pixels drawn later are the same either way."""
        if not self._ahead:
            return False
        size, start = self._ahead.pop(0)
        self.font(size).render(GLYPHS[start:start + GLYPH_CHUNK], True, (255, 255, 255))
        if start + GLYPH_CHUNK < len(GLYPHS):
            self._ahead.insert(0, (size, start + GLYPH_CHUNK))
        return bool(self._ahead)

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
            font = self._fonts[px] = _default_font(round(px * _SIZE_PER_PX))
        return font

    def line(self, text: str, px: int, colour: Colour) -> pygame.Surface:
        """One line of text, as it comes."""
        px = self._drawn_at(px)
        return self._cached(("line", text, int(px), colour),
                            lambda: _for_display(self._render(self.font(px), text, colour)))

    def clipped_line(self, text: str, px: int, colour: Colour, width: int) -> pygame.Surface:
        """One line as tight as ``line``, ending in an ellipsis where it is wider than
        ``width`` (a name beside words that must stay whole)."""
        shown = _clip(self.font(max(int(px), self.floor_px)), text, max(1, int(width)))
        if shown != text:
            self.cut.add(text)
        return self.line(shown, px, colour)

    def block(self, text: str, px: int, colour: Colour, width: int, *,
              height: int | None = None, max_lines: int = 1, align: str = "left",
              min_px: int | None = None) -> pygame.Surface:
        """``text`` wrapped into at most ``max_lines`` lines that fit in ``width`` (and
        ``height``, when given); the font shrinks (down to ``min_px``, default half of
        ``px``) until it fits, and what still does not fit ends in an ellipsis."""
        px, min_px = self._sizes(px, min_px)
        key = ("block", text, px, colour, int(width), height, max_lines, align, min_px)
        return self._cached(key, lambda: self._render_block(self._layout(
            text, px, colour, max(1, int(width)), height, max_lines, align, min_px),
            max(1, int(width))))

    def lines(self, text: str, px: int, colour: Colour, width: int, *,
              height: int | None = None, max_lines: int = 1, align: str = "left",
              min_px: int | None = None) -> tuple[tuple[pygame.Surface, tuple[int, int]], ...]:
        """The lines ``block`` draws, each with its place in the block: a screen that
        blits them one by one redraws only a line that changed ("noch 3 Münzen"), not
        the whole block. Lines never overlap (a line is shorter than the line step)."""
        px, min_px = self._sizes(px, min_px)
        key = ("lines", text, px, colour, int(width), height, max_lines, align, min_px)
        return self._cached(key, lambda: self._layout(
            text, px, colour, max(1, int(width)), height, max_lines, align, min_px))

    def one_line_px(self, text: str, px: int, width: int, min_px: int) -> int | None:
        """The size from ``px`` down to ``min_px`` (in ``block``'s steps) at which ``text``
        fits ``width`` on one line, or None: a short name is better a little smaller on one
        line than broken over two ("Team" / "A")."""
        px, min_px = self._sizes(px, min_px)
        size = px
        while self.font(size).size(text)[0] > width:
            if size <= min_px:
                return None
            size = max(min_px, int(size * 0.9))
        return size

    def _sizes(self, px: int, min_px: int | None) -> tuple[int, int]:
        """A block's size and the size it may shrink to (half by default), neither
        below the floor."""
        px = max(int(px), self.floor_px)
        return px, max(int(min_px if min_px is not None else px // 2), self.floor_px, 6)

    def _drawn_at(self, px: int) -> int:
        px = max(int(px), self.floor_px)
        self.smallest_px = px if self.smallest_px is None else min(self.smallest_px, px)
        return px

    def _cached(self, key: tuple, render, cache: OrderedDict | None = None) -> pygame.Surface:
        cache, bound = (self._surfaces, self._max_entries) if cache is None else \
            (cache, self._max_lines)
        surface = cache.get(key)
        if surface is None:
            surface = cache[key] = render()
            if len(cache) > bound:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        return surface

    def _render(self, font: pygame.font.Font, text: str, colour: Colour) -> pygame.Surface:
        """One line; its ink is where its glyphs are (a line blitted alone blits only that)."""
        self.renders += 1
        surface = font.render(text, True, colour)
        self._ink[surface] = surface.get_bounding_rect()
        return surface

    def _layout(self, text: str, px: int, colour: Colour, width: int,
                height: int | None, max_lines: int, align: str,
                min_px: int) -> tuple[tuple[pygame.Surface, tuple[int, int]], ...]:
        size = px
        while True:
            font = self.font(size)
            widths = _Widths(font, self._words_at(size))
            lines = _wrap(widths, text, width)
            step, tall = font.get_linesize(), font.get_height()
            room = max_lines if height is None else \
                max(1, min(max_lines, (height - tall) // step + 1))
            fits = len(lines) <= room and all(widths(line) <= width for line in lines)
            if fits or size <= min_px:
                break
            size = max(min_px, int(size * 0.9))
        self._drawn_at(size)
        if len(lines) > room:
            lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
        clipped = [_clip(font, line, width, widths) for line in lines]
        if clipped != lines:
            self.cut.add(text)
        lines = clipped
        rendered = [self._cached((size, line, colour),
                                 lambda line=line: self._render(font, line, colour), self._lines)
                    for line in lines]
        placed = []
        for i, surface in enumerate(rendered):
            x = 0 if align == "left" else width - surface.get_width() if align == "right" \
                else (width - surface.get_width()) // 2
            placed.append((surface, (x, i * step)))
        return tuple(placed)

    def _words_at(self, size: int) -> dict[str, int]:
        words = self._words.get(size)
        if words is None or len(words) > 4096:   # a long evening's names and numbers
            words = self._words[size] = {}
        return words

    def _render_block(self, placed, width: int) -> pygame.Surface:
        last, (_, y) = placed[-1]
        block = pygame.Surface((width, y + last.get_height()), pygame.SRCALPHA)
        ink = None
        for surface, (x, y) in placed:
            if ink is None or not ink.colliderect(surface.get_rect(topleft=(x, y))):
                # onto transparent black, adding is copying: the same pixels as
                # blending them on, in half the time
                line = block.blit(surface, (x, y), special_flags=pygame.BLEND_RGBA_ADD)
            else:   # a tall line reaching into the one above: blend where they meet
                line = block.blit(surface, (x, y))
            ink = line if ink is None else ink.union(line)
        block = _for_display(block)
        self._ink[block] = ink.clip(block.get_rect())
        return block


# pygame.font.Font(None, size) opens pygame's default font at int(size * 0.6875),
# read through a Python file object: every glyph a new size loads is a seek and a
# read on the file. The same font from a copy in memory opens and measures a new
# size in 0.65 ms instead of 1.1 ms (first render at that size: 0.7 ms either way).
_DEFAULT_SCALE = 0.6875
_default_font_data: bytes | None = None   # b"": not usable, open fonts as pygame does


def _default_font(size: int) -> pygame.font.Font:
    """``pygame.font.Font(None, size)``, the same font, opened from memory."""
    global _default_font_data
    if _default_font_data is None:
        _default_font_data = _load_default_font()
    if not _default_font_data:
        return pygame.font.Font(None, size)
    return pygame.font.Font(io.BytesIO(_default_font_data), max(1, int(size * _DEFAULT_SCALE)))


def _load_default_font() -> bytes:
    """The default font file's bytes, once checked to give what ``Font(None, size)``
    gives (metrics and pixels); b"" when they differ or the file is not there."""
    try:
        with pygame.pkgdata.getResource(pygame.font.get_default_font()) as file:
            data = file.read()
        sample, size = "Münze gezählt – noch 4: ÄÖÜß…", 40   # 27.5: int, not round
        ours = pygame.font.Font(io.BytesIO(data), max(1, int(size * _DEFAULT_SCALE)))
        theirs = pygame.font.Font(None, size)
        same = all(getattr(ours, name)() == getattr(theirs, name)()
                   for name in ("get_height", "get_linesize", "get_ascent", "get_descent")) \
            and ours.size(sample) == theirs.size(sample) \
            and pygame.image.tobytes(ours.render(sample, True, (255, 255, 255)), "RGBA") \
            == pygame.image.tobytes(theirs.render(sample, True, (255, 255, 255)), "RGBA")
        return data if same else b""
    except (OSError, pygame.error):
        return b""


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


class _Widths:
    """A font's widths of texts, for one layout: each text measured once (``widths(text)``),
    and a line's width guessed from its words' (``word``), kept by the cache per size."""

    def __init__(self, font: pygame.font.Font, words: dict[str, int]) -> None:
        self.font, self.words = font, words
        self._exact: dict[str, int] = {}
        self.space = self.word(" ")
        # how far a guess may be off at each word joined: measured on every text of the
        # catalogue at 6-99 px, a line is -2 to +1 px from its words and spaces added up
        # (glyphs sit on whole pixels of a pen that moves in fractions); twice that kept
        self.slack = 4 + font.get_height() // 32

    def word(self, word: str) -> int:
        width = self.words.get(word)
        if width is None:
            width = self.words[word] = self.font.size(word)[0]
        return width

    def __call__(self, text: str) -> int:
        width = self._exact.get(text)
        if width is None:
            width = self.words.get(text)
            if width is None:
                width = self.font.size(text)[0]
            self._exact[text] = width
        return width


def _wrap(widths: _Widths, text: str, width: int) -> list[str]:
    """Greedy word wrap; a single word wider than ``width`` gets a line of its own. A line
    is measured only where its words' widths, added up, are near ``width`` (a new
    message's layout measured each longer line it tried: 21 texts for three lines, now 5-6); a
    line taken by that guess is measured once at its end, and should it not fit after all,
    the text is wrapped measuring every try, as it always was (``_wrap_measured``)."""
    lines: list[str] = []
    for paragraph in text.split("\n") or [""]:
        current, known, doubt = "", 0, 0   # current's width, off by at most doubt
        for word in paragraph.split():
            if not current:
                current, known, doubt = word, widths.word(word), 0
                continue
            candidate = f"{current} {word}"
            guess, off = known + widths.space + widths.word(word), doubt + widths.slack
            if guess + off <= width:
                current, known, doubt = candidate, guess, off
                continue
            exact = widths(candidate)
            if exact > width:
                if doubt and widths(current) > width:
                    return _wrap_measured(widths, text, width)
                lines.append(current)
                current, known, doubt = word, widths.word(word), 0
            else:
                current, known, doubt = candidate, exact, 0
        if doubt and widths(current) > width:
            return _wrap_measured(widths, text, width)
        lines.append(current)
    return lines or [""]


def _wrap_measured(widths: _Widths, text: str, width: int) -> list[str]:
    """``_wrap`` measuring every line it tries."""
    lines: list[str] = []
    for paragraph in text.split("\n") or [""]:
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if current and widths(candidate) > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines or [""]


def _clip(font: pygame.font.Font, line: str, width: int, widths: _Widths | None = None) -> str:
    if (font.size(line)[0] if widths is None else widths(line)) <= width:
        return line
    lo, hi = 0, len(line)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if font.size(line[:mid].rstrip() + ELLIPSIS)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return line[:lo].rstrip() + ELLIPSIS
