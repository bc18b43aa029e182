"""The Neunfeld screen: the 1x9 board across the top with both pieces and the
squares the dice forbid, Miwin's three dice in their colours below it (top face,
who holds them, the faces the mover may tip them to), then the status, the table's
move or the hint, the banners and the keys.

All sizes follow the surface, so one layout serves 800x480 and 1920x1080. Hit
tests (``square_at``, ``die_at``, ``tip_at``) let the desktop hands tell what a
click meant."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame

from tablegame.display.layout import Proportional, readable_px
from tablegame.display import palette as P
from tablegame.display.text import TextCache
from tablegame.families.neunfeld.view import DieView, MoveView, NeunfeldView

Point = tuple[float, float]

DIE_COLOURS = ((40, 96, 210), (200, 36, 40), (28, 28, 30))   # III blue, IV red, V black
DIE_EDGE = (236, 232, 220)
SQUARE = P.WOOD
SQUARE_OFF = (58, 74, 66)     # the start places beside the board
HIGHLIGHT = P.WINNER


@dataclass(frozen=True)
class NeunfeldLayout(Proportional):
    """Where everything goes on a surface of ``size``; pure geometry."""


    @cached_property
    def header(self) -> pygame.Rect:
        return pygame.Rect(self.margin, self.margin, self.size[0] - 2 * self.margin, self.px(0.06))

    @cached_property
    def cell(self) -> int:
        return int(min((self.size[0] - 2 * self.margin) / 11, self.size[1] * 0.19))

    def place(self, square: int) -> pygame.Rect:
        """Square 1..9 on the board, or 0 / 10 beside it (where the pieces start)."""
        c = self.cell
        left = (self.size[0] - 11 * c) // 2
        return pygame.Rect(left + square * c, self.header.bottom + self.px(0.02), c, c)

    def forbid_mark(self, square: int) -> pygame.Rect:
        """The band along the bottom of a forbidden square, in the colour of the die."""
        r = self.place(square).inflate(-max(2, self.cell // 12), -max(2, self.cell // 12))
        h = max(3, round(r.height * 0.2))
        return pygame.Rect(r.left, r.bottom - h, r.width, h)

    @cached_property
    def die_size(self) -> int:
        return int(min(self.size[1] * 0.15, (self.size[0] - 2 * self.margin) / 7))

    def die(self, i: int) -> pygame.Rect:
        d = self.die_size
        pitch = (self.size[0] - 2 * self.margin) / 3
        cx = round(self.margin + pitch * (i + 0.5))
        return pygame.Rect(cx - d // 2, self.place(0).bottom + self.px(0.075), d, d)

    def holder(self, i: int) -> pygame.Rect:
        die = self.die(i)
        pitch = (self.size[0] - 2 * self.margin) // 3
        return pygame.Rect(die.centerx - pitch // 2, die.bottom + self.px(0.008), pitch, self.px(0.04))

    def chip(self, i: int, k: int, n: int = 4) -> pygame.Rect:
        """The ``k``-th of ``n`` faces die ``i`` may be tipped to."""
        size = self.px(0.065)
        gap = max(2, size // 6)
        width = n * size + (n - 1) * gap
        row = self.holder(i)
        return pygame.Rect(row.centerx - width // 2 + k * (size + gap), row.bottom + self.px(0.006),
                           size, size)

    @cached_property
    def rows(self) -> dict[str, pygame.Rect]:
        top = self.chip(0, 0).bottom + self.px(0.02)
        w = self.size[0] - 2 * self.margin
        keys_h = self.small_print(2)
        bottom = self.size[1] - self.margin - keys_h
        rows, y = {}, top
        for name, fraction in (("status", 0.075), ("move", 0.055), ("message", 0.05)):
            rows[name] = pygame.Rect(self.margin, y, w, min(self.px(fraction), max(8, bottom - y)))
            y = rows[name].bottom + self.px(0.008)
        rows["banner"] = pygame.Rect(self.margin, y, w, max(self.px(0.03), bottom - y - self.px(0.008)))
        rows["keys"] = pygame.Rect(self.margin, bottom, w, keys_h)
        return rows


class NeunfeldScreen:
    """Draws a ``NeunfeldView`` on any surface; remembers the last layout and view for
    the hit tests."""

    def __init__(self, text: TextCache | None = None) -> None:
        self.text = text or TextCache()
        self.layout: NeunfeldLayout | None = None
        self.view: NeunfeldView | None = None
        self._static: pygame.Surface | None = None

    # -- hit tests -------------------------------------------------------------------------------
    def square_at(self, pixel: Point) -> int | None:
        """The board square (1..9) under ``pixel``."""
        if self.layout is None:
            return None
        return next((s for s in range(1, 10) if self.layout.place(s).collidepoint(pixel)), None)

    def die_at(self, pixel: Point) -> int | None:
        """The die (0..2 for III, IV, V) under ``pixel``."""
        if self.layout is None:
            return None
        return next((i for i in range(3) if self.layout.die(i).collidepoint(pixel)), None)

    def tip_at(self, pixel: Point) -> tuple[int, int] | None:
        """(die index, new top) of the tip chip under ``pixel``."""
        if self.layout is None or self.view is None:
            return None
        for i, die in enumerate(self.view.dice):
            for k, face in enumerate(die.tips):
                if self.layout.chip(i, k, len(die.tips)).collidepoint(pixel):
                    return i, face
        return None

    def to_board(self, pixel: Point) -> Point | None:
        square = self.square_at(pixel)
        return None if square is None else (float(square), 0.0)

    def to_screen(self, pos: Point) -> tuple[int, int]:
        if self.layout is None:
            raise RuntimeError("nothing drawn yet: to_screen needs a layout")
        return self.layout.place(round(pos[0])).center

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: NeunfeldView) -> None:
        lay = self._fit(surface)
        self.view = view
        surface.blit(self._static, (0, 0))
        shown = view.table_move or view.hint
        self._draw_marks(surface, lay, view, shown)
        self._draw_pieces(surface, lay, view)
        for i, die in enumerate(view.dice):
            self._draw_die(surface, lay, i, die, view, shown)
        self._draw_text(surface, lay, view)

    def _fit(self, surface: pygame.Surface) -> NeunfeldLayout:
        size = surface.get_size()
        if self.layout is None or self.layout.size != size:
            self.layout = NeunfeldLayout(size)
            self.text.floor_px = readable_px(size)
            self._static = self._render_static(surface, self.layout)
        return self.layout

    def _render_static(self, like: pygame.Surface, lay: NeunfeldLayout) -> pygame.Surface:
        static = pygame.Surface(lay.size, 0, like)
        static.fill(P.BACKGROUND)
        board = lay.place(1).union(lay.place(9)).inflate(lay.cell // 6, lay.cell // 6)
        pygame.draw.rect(static, P.FRAME, board, border_radius=max(2, lay.cell // 10))
        for s in range(11):
            r = lay.place(s).inflate(-max(2, lay.cell // 12), -max(2, lay.cell // 12))
            if s in (0, 10):
                pygame.draw.rect(static, SQUARE_OFF, r, width=max(1, lay.cell // 30),
                                 border_radius=max(2, lay.cell // 8))
                continue
            static.fill(SQUARE, r)
            number = self.text.line(str(s), round(lay.cell * 0.28), P.BED_NUMBER)
            static.blit(number, number.get_rect(topleft=(r.left + lay.cell // 14, r.top + lay.cell // 20)))
        return static

    def _draw_marks(self, surface, lay: NeunfeldLayout, view: NeunfeldView, shown: MoveView | None) -> None:
        for square, i in view.forbidden:
            r = lay.place(square).inflate(-lay.cell // 4, -lay.cell // 4)
            width = max(2, lay.cell // 14)
            pygame.draw.line(surface, DIE_COLOURS[i], r.topleft, r.bottomright, width)
            pygame.draw.line(surface, DIE_COLOURS[i], r.topright, r.bottomleft, width)
            surface.fill(DIE_COLOURS[i], lay.forbid_mark(square))
        if shown is not None and 1 <= shown.to <= 9:
            pygame.draw.rect(surface, HIGHLIGHT, lay.place(shown.to), width=max(3, lay.cell // 14),
                             border_radius=max(2, lay.cell // 10))

    def _draw_pieces(self, surface, lay: NeunfeldLayout, view: NeunfeldView) -> None:
        for party, pv in enumerate(view.parties):
            r = lay.place(min(max(pv.square, 0), 10))
            radius = round(lay.cell * 0.3)
            centre = (r.centerx, r.centery - round(lay.cell * 0.04))
            pygame.draw.circle(surface, P.INK, centre, radius + max(2, lay.cell // 30))
            pygame.draw.circle(surface, P.PARTY[party], centre, radius)
            if pv.at_turn:
                pygame.draw.circle(surface, P.CREAM, centre, radius + max(4, lay.cell // 14),
                                   width=max(2, lay.cell // 30))
            letter = self.text.line("AB"[party], round(radius * 0.9), P.INK)
            surface.blit(letter, letter.get_rect(center=centre))

    def _draw_die(self, surface, lay: NeunfeldLayout, i: int, die: DieView, view: NeunfeldView,
                  shown: MoveView | None) -> None:
        r = lay.die(i)
        radius = max(3, r.width // 7)
        if shown is not None and shown.die == i:
            pygame.draw.rect(surface, HIGHLIGHT, r.inflate(lay.px(0.02), lay.px(0.02)),
                             border_radius=radius + 2)
        pygame.draw.rect(surface, DIE_EDGE, r, border_radius=radius)
        pygame.draw.rect(surface, DIE_COLOURS[i], r.inflate(-max(4, r.width // 16), -max(4, r.width // 16)),
                         border_radius=radius)
        top = self.text.line(str(die.top), round(r.height * 0.55), P.CREAM)
        surface.blit(top, top.get_rect(center=r.center))
        name = self.text.line(die.name, round(r.height * 0.16), P.CREAM)
        surface.blit(name, name.get_rect(bottomright=(r.right - r.width // 10, r.bottom - r.height // 14)))
        holder = lay.holder(i)
        if die.holder is not None:
            who = view.parties[die.holder].name
            colour = P.PARTY[die.holder]
            words = " · ".join(w for w in (die.colour_name, who, die.tipped_word) if w)
        else:
            words, colour = die.colour_name, P.MUTED
        label = self.text.block(words, lay.px(0.034), colour, holder.width, align="center")
        surface.blit(label, label.get_rect(midtop=holder.midtop))
        for k, face in enumerate(die.tips):
            chip = lay.chip(i, k, len(die.tips))
            pick = shown is not None and shown.die == i and shown.top == face
            pygame.draw.rect(surface, HIGHLIGHT if pick else P.CARD, chip, border_radius=max(2, chip.width // 6))
            pygame.draw.rect(surface, DIE_COLOURS[i] if i < 2 else DIE_EDGE, chip,
                             width=max(1, chip.width // 14), border_radius=max(2, chip.width // 6))
            number = self.text.line(str(face), round(chip.height * 0.6), P.INK if pick else P.CREAM)
            surface.blit(number, number.get_rect(center=chip.center))

    def _draw_text(self, surface, lay: NeunfeldLayout, view: NeunfeldView) -> None:
        text, rows, header = self.text, lay.rows, lay.header
        link = text.block(view.link, lay.px(0.032), P.MUTED, header.width * 2 // 5, align="right")
        surface.blit(link, link.get_rect(topright=header.topright))
        title = text.block(view.title, lay.px(0.045), P.CREAM, header.width - link.get_width() - lay.px(0.02))
        surface.blit(title, header.topleft)
        for side, pv in zip(("left", "right"), view.parties):
            self._draw_party_line(surface, lay, side, pv, P.PARTY[view.parties.index(pv)])
        status = rows["status"]
        surface.blit(text.block(view.status, lay.px(0.06), P.CREAM, status.width, height=status.height,
                                min_px=lay.px(0.035)), status.topleft)
        if view.problem:   # what is wrong first, whole: it takes the move's and the news' rows
            self._banner(surface, lay, rows["move"].union(rows["banner"]), view.problem,
                         P.PROBLEM, P.CREAM, lines=3)
        else:
            self._draw_news(surface, lay, view)
        keys = rows["keys"]
        surface.blit(text.block(view.keys, lay.px(0.028), P.MUTED, keys.width, height=keys.height,
                                max_lines=2), keys.topleft)

    def _draw_party_line(self, surface, lay: NeunfeldLayout, side: str, pv, colour) -> None:
        """ "Anna · Ziel: Feld 9" under the piece's start: the goal whole, a long name gives
        way ("Die Gäste… · Ziel: Feld 9"); each takes at most half the screen."""
        px, room = lay.px(0.03), lay.size[0] // 2 - lay.margin
        goal = self.text.line(f" · {pv.goal_text}", px, colour)
        name = self.text.clipped_line(pv.name, px, colour, max(8, room - goal.get_width()))
        place = lay.place(0 if side == "left" else 10)
        top = place.bottom + lay.px(0.004)
        left = place.left if side == "left" else \
            place.right - name.get_width() - goal.get_width()
        surface.blit(name, (left, top))
        surface.blit(goal, (left + name.get_width(), top))

    def _draw_news(self, surface, lay: NeunfeldLayout, view: NeunfeldView) -> None:
        """The table's move or the hint, the last event, and the winner's banner."""
        text, rows = self.text, lay.rows
        move = view.table_move or view.hint
        words = view.table_move.words if view.table_move else view.hint_text
        if words:   # two lines when the news gives its row (a hint), never cut
            row = rows["move"] if view.message else rows["move"].union(rows["message"])
            surface.blit(text.block(words, lay.px(0.045), HIGHLIGHT if move else P.CREAM, row.width,
                                    height=row.height, min_px=lay.px(0.025), max_lines=2),
                         row.topleft)
        if view.message:
            row = rows["message"]
            surface.blit(text.block(view.message, lay.px(0.038), P.MUTED, row.width, height=row.height,
                                    min_px=lay.px(0.024)), row.topleft)
        if view.winner:
            self._banner(surface, lay, rows["banner"], view.winner, P.WINNER, P.INK)

    def _banner(self, surface, lay: NeunfeldLayout, rect: pygame.Rect, words: str, fill, ink,
                lines: int = 2) -> None:
        pygame.draw.rect(surface, fill, rect, border_radius=lay.px(0.012))
        pad = lay.px(0.008)
        inner = rect.inflate(-2 * pad, -2 * pad)
        block = self.text.block(words, lay.px(0.05), ink, inner.width, height=inner.height,
                                max_lines=lines, align="center", min_px=lay.px(0.025))
        surface.blit(block, block.get_rect(center=inner.center))
