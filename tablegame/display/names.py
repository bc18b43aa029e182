"""The name editor's panel, drawn over the game's own screen: the game dimmed, a
card with the title, one row per party (label, the typed names, a cursor in the
current row), what is wrong and the keys.

``NamesScreen`` draws a ``NamesView`` by drawing the view beneath with that view's
own screen and the panel on top. The screen beneath draws all of it every time
(the panel changes size as parties come and go), and a game screen taking the
window back hears ``invalidate()`` from the display, so no panel is left over."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame

from tablegame.display import palette as P
from tablegame.display.display import Screen
from tablegame.display.layout import Proportional, readable_px
from tablegame.display.over import OverScreen
from tablegame.display.text import ELLIPSIS
from tablegame.views.names import NamesView

DIM = (0, 0, 0, 150)          # over the game while the panel is up
FIELD = (22, 30, 27)          # where the names are typed
CURSOR = P.WINNER


@dataclass(frozen=True)
class NamesLayout(Proportional):
    """The card and its rows on a surface of ``size``, for ``parties`` rows."""

    parties: int

    @cached_property
    def card(self) -> pygame.Rect:
        w, h = self.size
        width = min(w - 2 * self.margin, max(round(w * 0.7), self.px(1.1)))
        height = (2 * self.margin + self.title_height + self.problem_height
                  + self.hint_height + max(1, self.parties) * self.row_height)
        return pygame.Rect((w - width) // 2, max(0, (h - height) // 2), width, min(h, height))

    @cached_property
    def title_height(self) -> int:
        return self.px(0.09)

    @cached_property
    def problem_height(self) -> int:
        """Two lines at the readable size: a note is read whole, never cut."""
        return max(self.px(0.07), self.small_print(2))

    @cached_property
    def hint_height(self) -> int:
        """The keys, three lines of small print at the readable size (Enter and Esc first)."""
        return self.small_print(3)

    @cached_property
    def row_height(self) -> int:
        """As tall as fits: ten Schocken players still fit at 800x480."""
        room = self.size[1] - 4 * self.margin - self.title_height - self.problem_height \
            - self.hint_height
        return max(8, min(self.px(0.09), room // max(1, self.parties)))

    def _inner(self, top: int, height: int) -> pygame.Rect:
        return pygame.Rect(self.card.left + self.margin, top, self.card.width - 2 * self.margin,
                           height)

    @cached_property
    def title(self) -> pygame.Rect:
        return self._inner(self.card.top + self.margin, self.title_height)

    def row(self, i: int) -> pygame.Rect:
        return self._inner(self.title.bottom + i * self.row_height, self.row_height)

    @cached_property
    def problem(self) -> pygame.Rect:
        return self._inner(self.title.bottom + max(1, self.parties) * self.row_height,
                           self.problem_height)

    @cached_property
    def hint(self) -> pygame.Rect:
        return self._inner(self.problem.bottom, self.hint_height)


class NamesScreen(OverScreen):
    """Draws a ``NamesView``: the view beneath with its own screen, the panel over it."""

    def draw(self, surface: pygame.Surface, view: NamesView) -> None:
        self.draw_beneath(surface, view.under)
        self.text.floor_px = readable_px(surface.get_size())
        self._panel(surface, NamesLayout(surface.get_size(), len(view.labels)), view)
        return None

    def _panel(self, surface: pygame.Surface, lay: NamesLayout, view: NamesView) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(DIM)
        surface.blit(dim, (0, 0))
        card, text = lay.card, self.text
        pygame.draw.rect(surface, P.CARD, card, border_radius=lay.px(0.015))
        pygame.draw.rect(surface, P.MUTED, card, width=max(1, lay.px(0.004)),
                         border_radius=lay.px(0.015))
        title = text.block(view.title, lay.px(0.06), P.CREAM, lay.title.width,
                           height=lay.title.height)
        surface.blit(title, title.get_rect(midleft=lay.title.midleft))
        for i, (label, typed) in enumerate(zip(view.labels, view.texts)):
            self._row(surface, lay, lay.row(i), label, typed, i == view.current,
                      i == view.current and view.selected)
        if view.problem:
            problem = text.block(view.problem, lay.px(0.045), P.PROBLEM, lay.problem.width,
                                 height=lay.problem.height, max_lines=2 if view.labels else 3)
            surface.blit(problem, problem.get_rect(midleft=lay.problem.midleft))
        if view.hint:
            hint = text.block(view.hint, lay.px(0.032), P.MUTED, lay.hint.width,
                              height=lay.hint.height, max_lines=3)
            surface.blit(hint, hint.get_rect(midleft=lay.hint.midleft))

    def _row(self, surface, lay: NamesLayout, row: pygame.Rect, label: str, typed: str,
             current: bool, selected: bool = False) -> None:
        gap = max(2, lay.row_height // 8)
        px = max(8, round(row.height * 0.55))
        label_width = row.width // 4
        caption = self.text.block(label, px, P.WINNER if current else P.MUTED,
                                  label_width - gap)
        surface.blit(caption, caption.get_rect(midleft=(row.left, row.centery)))
        field = pygame.Rect(row.left + label_width, row.top + gap // 2,
                            row.width - label_width, row.height - gap)
        surface.fill(FIELD, field)
        if current:
            pygame.draw.rect(surface, CURSOR, field, width=max(1, gap // 2))
        room = field.width - 3 * gap
        font = self.text.font(px)
        if current:   # as typed, spaces and all, its end in view
            shown = _tail(font, typed, room)
            line = self.text.line(shown, px, P.INK if selected and shown else P.CREAM) \
                if shown else None
            if selected and shown:   # selected whole: what is typed replaces it
                surface.fill(CURSOR, pygame.Rect(field.left + gap // 2, field.top + gap,
                                                 font.size(shown)[0] + gap, field.height - 2 * gap))
        else:
            line = self.text.block(typed, px, P.CREAM, room) if typed else None
        x = field.left + gap
        if line is not None:
            surface.blit(line, line.get_rect(midleft=(x, field.centery)))
        if current and not (selected and shown):   # the cursor: where the next letter goes
            x += font.size(shown)[0] + 1
            surface.fill(CURSOR, pygame.Rect(x, field.top + gap, max(2, gap // 2),
                                             field.height - 2 * gap))


def _tail(font: pygame.font.Font, typed: str, width: int) -> str:
    """``typed`` as it fits in ``width``; too long, its end (where one types) with an
    ellipsis in front."""
    if font.size(typed)[0] <= width:
        return typed
    lo, hi = 0, len(typed)
    while lo < hi:   # the fewest first letters to drop
        mid = (lo + hi) // 2
        if font.size(ELLIPSIS + typed[mid:])[0] <= width:
            hi = mid
        else:
            lo = mid + 1
    return ELLIPSIS + typed[lo:]


# The desktop's screens beside the games' own: the panel over any of them.
SCREENS_WITH_NAMES: dict[type, type[Screen]] = {NamesView: NamesScreen}
