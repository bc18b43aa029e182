"""The Schocken screen: the current player's dice (set-aside ones apart in the
tray) and his throws on the left, the sheet on the right (name, Deckel, result in
this round, games lost tonight), the half and the pot on top, the big status line,
the last event (or the odds, on demand), the banners and the hint at the bottom.

All sizes follow the surface, so one layout serves 800x480 and 1920x1080."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame

from tablegame.display.layout import Proportional, readable_px
from tablegame.display import palette as P
from tablegame.display.text import TextCache
from tablegame.families.schocken.view import PlayerView, SchockenView

Point = tuple[float, float]

DIE = (250, 248, 240)
DIE_EDGE = (120, 112, 100)
PIP = P.INK
TRAY = (64, 44, 30)          # the felt of the set-aside tray
DECKEL = (196, 64, 52)       # a beer mat
BEST, WORST = (38, 118, 72), P.PROBLEM

# pip positions on a 3x3 grid, (column, row)
PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
        4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
        6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


@dataclass(frozen=True)
class SchockenLayout(Proportional):
    """Where everything goes on a surface of ``size``; pure geometry."""

    players: int

    @cached_property
    def gap(self) -> int:
        return self.px(0.014)

    @cached_property
    def rows(self) -> dict[str, pygame.Rect]:
        """Full-width rows: header on top; status, message, banner and hint below
        the middle band (dice on the left, the sheet on the right)."""
        w, h = self.size
        m, gap = self.margin, self.gap
        inner = w - 2 * m
        heights = {"header": self.px(0.06), "middle": 0, "status": self.px(0.1),
                   "message": self.px(0.1), "banner": self.px(0.1), "hint": self.small_print(2)}
        fixed = sum(heights.values()) + gap * (len(heights) - 1)
        rows, y = {}, m
        for name, height in heights.items():
            height = height or max(self.px(0.2), h - 2 * m - fixed)
            rows[name] = pygame.Rect(m, y, inner, height)
            y += height + gap
        return rows

    @cached_property
    def dice_panel(self) -> pygame.Rect:
        middle = self.rows["middle"]
        # a third: the sheet's results ("Hausnummer 665") need the room more than the dice
        return pygame.Rect(middle.left, middle.top, round(middle.width * 0.32), middle.height)

    @cached_property
    def sheet(self) -> pygame.Rect:
        middle, dice = self.rows["middle"], self.dice_panel
        left = dice.right + 2 * self.gap
        return pygame.Rect(left, middle.top, middle.right - left, middle.height)

    @cached_property
    def die_size(self) -> int:
        d = self.dice_panel
        # below the lying dice and the tray (0.8 of a die) a line each for the throws and
        # the choice, at least at the readable size
        room = d.height - 2 * self.small_print(1) - 4 * self.gap
        return max(12, min(d.width // 4, round(d.height * 0.34), round(room / 1.8)))

    @cached_property
    def lying_row(self) -> pygame.Rect:
        d = self.dice_panel
        return pygame.Rect(d.left, d.top, d.width, self.die_size + self.gap)

    @cached_property
    def tray(self) -> pygame.Rect:
        d, row = self.dice_panel, self.lying_row
        height = round(self.die_size * 0.8) + 2 * self.gap
        return pygame.Rect(d.left, row.bottom + self.gap, d.width, height)

    @cached_property
    def throws_row(self) -> pygame.Rect:
        d, tray = self.dice_panel, self.tray
        top = tray.bottom + self.gap
        return pygame.Rect(d.left, top, d.width, max(self.small_print(1), (d.bottom - top) // 2))

    @cached_property
    def choice_row(self) -> pygame.Rect:
        d, throws = self.dice_panel, self.throws_row
        return pygame.Rect(d.left, throws.bottom, d.width, max(8, d.bottom - throws.bottom))

    @cached_property
    def sheet_head(self) -> pygame.Rect:
        s = self.sheet
        return pygame.Rect(s.left, s.top, s.width, self.px(0.045))

    def player_row(self, seat: int) -> pygame.Rect:
        s, head = self.sheet, self.sheet_head
        top = head.bottom + self.gap // 2
        step = (s.bottom - top) / max(self.players, 4)
        return pygame.Rect(s.left, round(top + seat * step), s.width,
                           max(8, round(step) - max(1, self.gap // 3)))

    def columns(self, row: pygame.Rect) -> dict[str, pygame.Rect]:
        """name | Deckel | result this round | lost tonight; "result_lost": the last two
        (the tally's heading spans them: "Verloren heute" is wider than its numbers)"""
        spans = {"name": (0.0, 0.24), "deckel": (0.24, 0.38), "result": (0.38, 0.86),
                 "lost": (0.86, 1.0), "result_lost": (0.38, 1.0)}
        return {k: pygame.Rect(row.left + round(a * row.width), row.top,
                               round((b - a) * row.width), row.height)
                for k, (a, b) in spans.items()}


class SchockenScreen:
    """Draws a ``SchockenView`` on any surface."""

    def __init__(self, text: TextCache | None = None) -> None:
        self.text = text or TextCache()
        self.layout: SchockenLayout | None = None
        self._dice: dict[tuple[int, int, bool], pygame.Surface] = {}

    def to_screen(self, pos: Point) -> tuple[int, int]:
        return (round(pos[0]), round(pos[1]))

    def to_board(self, pixel: tuple[float, float]) -> Point | None:
        return None   # no board to point at: the dice are in the cup

    def draw(self, surface: pygame.Surface, view: SchockenView) -> None:
        lay = self._fit(surface, len(view.players))
        surface.fill(P.BACKGROUND)
        self._header(surface, lay, view)
        self._draw_dice(surface, lay, view)
        self._draw_sheet(surface, lay, view)
        self._draw_bottom(surface, lay, view)

    def _fit(self, surface: pygame.Surface, players: int) -> SchockenLayout:
        size = surface.get_size()
        if self.layout is None or self.layout.size != size or self.layout.players != players:
            self.layout = SchockenLayout(size, players)
            self.text.floor_px = readable_px(size)
            self._dice.clear()
        return self.layout

    # --- parts ----------------------------------------------------------------------
    def _header(self, surface, lay: SchockenLayout, view: SchockenView) -> None:
        header, text = lay.rows["header"], self.text
        pot = text.line(view.pot_label, lay.px(0.05), P.CREAM)
        right = header.right
        surface.blit(pot, pot.get_rect(midright=(right, header.centery)))
        mats = min(view.pot, 17)
        size = max(4, round(header.height * 0.5))
        x = right - pot.get_width() - lay.gap - size // 2
        for i in range(mats):   # a little stack of mats left of "Pot: 7"
            pygame.draw.circle(surface, DECKEL, (x - i * max(2, size // 3), header.centery),
                               size // 2)
        stack = mats * max(2, size // 3) + size
        half = text.line(view.half, lay.px(0.05), P.WINNER)
        surface.blit(half, half.get_rect(midright=(x - stack - lay.gap, header.centery)))
        room = x - stack - 2 * lay.gap - half.get_width() - header.left
        title = text.block(view.title, lay.px(0.04), P.MUTED, max(8, room))
        surface.blit(title, title.get_rect(midleft=(header.left, header.centery)))

    def _draw_dice(self, surface, lay: SchockenLayout, view: SchockenView) -> None:
        row, tray, size = lay.lying_row, lay.tray, lay.die_size
        step = size + lay.gap
        for i, value in enumerate(view.dice):
            surface.blit(self._die(value, size, False), (row.left + i * step, row.top))
        pygame.draw.rect(surface, TRAY, tray, border_radius=lay.px(0.012))
        small = round(size * 0.8)
        for i, value in enumerate(view.aside):
            surface.blit(self._die(value, small, True),
                         (tray.left + lay.gap + i * (small + lay.gap), tray.top + lay.gap))
        throws, choice = lay.throws_row, lay.choice_row
        surface.blit(self.text.block(view.throws, lay.px(0.06), P.CREAM, throws.width,
                                     height=throws.height), throws.topleft)
        if view.choice:
            surface.blit(self.text.block(view.choice, lay.px(0.05), P.WINNER, choice.width,
                                         height=choice.height, max_lines=2), choice.topleft)

    def _die(self, value: int, size: int, aside: bool) -> pygame.Surface:
        key = (value, size, aside)
        sprite = self._dice.get(key)
        if sprite is None:
            sprite = self._dice[key] = _die_sprite(value, size, aside)
        return sprite

    def _draw_sheet(self, surface, lay: SchockenLayout, view: SchockenView) -> None:
        head = lay.columns(lay.sheet_head)
        label = self.text.block(view.tally_label, lay.px(0.03), P.MUTED,
                                head["result_lost"].width, align="right")
        surface.blit(label, label.get_rect(bottomright=head["result_lost"].bottomright))
        deckel = self.text.line("Deckel", lay.px(0.03), P.MUTED)
        surface.blit(deckel, deckel.get_rect(bottomleft=head["deckel"].bottomleft))
        for seat, player in enumerate(view.players):
            self._draw_player(surface, lay, lay.player_row(seat), player)

    def _draw_player(self, surface, lay: SchockenLayout, row: pygame.Rect,
                     pv: PlayerView) -> None:
        radius = lay.px(0.01)
        if pv.at_turn:
            pygame.draw.rect(surface, P.PARTY[0], row, border_radius=radius)
            ink, soft = P.INK, P.INK
        else:
            pygame.draw.rect(surface, P.CARD, row, border_radius=radius)
            ink, soft = (P.CREAM, P.MUTED) if pv.playing else (P.MUTED, P.MUTED)
        if pv.mark:
            edge = pygame.Rect(row.left, row.top, max(3, lay.px(0.008)), row.height)
            surface.fill(BEST if pv.mark == "best" else WORST, edge)
        cols = lay.columns(row.inflate(-2 * lay.px(0.012), 0))
        px = min(lay.px(0.05), round(row.height * 0.7))
        name = self.text.block(pv.name, px, ink, cols["name"].width, min_px=px // 2)
        surface.blit(name, name.get_rect(midleft=cols["name"].midleft))
        deckel = cols["deckel"]
        count = self.text.line(str(pv.deckel), px, ink)
        surface.blit(count, count.get_rect(midleft=deckel.midleft))
        if pv.deckel:
            size = max(4, round(row.height * 0.5))
            x = deckel.left + count.get_width() + lay.gap + size // 2
            step = min(max(2, size // 3), max(1, (deckel.right - x - size // 2) // max(1, pv.deckel)))
            for i in range(min(pv.deckel, 17)):
                pygame.draw.circle(surface, DECKEL, (x + i * step, row.centery), size // 2)
        words = pv.result or pv.half_loser or ("" if pv.playing else "–")
        if pv.result_short and not self._fits(words, round(px * 0.8), cols["result"].width):
            words = pv.result_short   # the result whole, rather than "Hausnummer 6…"
        result = self.text.block(words, round(px * 0.8), soft, cols["result"].width)
        surface.blit(result, result.get_rect(midleft=cols["result"].midleft))
        lost = self.text.line(str(pv.lost), px, ink)
        surface.blit(lost, lost.get_rect(midright=cols["lost"].midright))

    def _fits(self, words: str, px: int, width: int) -> bool:
        """``words`` fit on one line of ``width`` at ``px`` (or the smallest the text may
        shrink to, half of it, never below the readable floor)."""
        return self.text.font(max(px // 2, self.text.floor_px)).size(words)[0] <= width

    def _draw_bottom(self, surface, lay: SchockenLayout, view: SchockenView) -> None:
        rows, text = lay.rows, self.text
        status, message = rows["status"], rows["message"]
        surface.blit(text.block(view.status, lay.px(0.08), P.CREAM, status.width,
                                height=status.height), status.topleft)
        words = view.odds[0] if view.odds else view.message
        colour = P.WINNER if view.odds else P.MUTED
        surface.blit(text.block(words, lay.px(0.045), colour, message.width,
                                height=message.height, max_lines=2), message.topleft)
        if view.problem:
            self._banner(surface, lay, rows["banner"], view.problem, P.PROBLEM, P.CREAM)
        elif view.loser:
            self._banner(surface, lay, rows["banner"], view.loser, P.WINNER, P.INK)
        elif view.link:
            link = text.block(view.link, lay.px(0.034), P.MUTED, rows["banner"].width,
                              align="right")
            surface.blit(link, link.get_rect(bottomright=rows["banner"].bottomright))
        if view.hint:
            hint = rows["hint"]
            surface.blit(text.block(view.hint, lay.px(0.03), P.MUTED, hint.width,
                                    height=hint.height, max_lines=2), hint.topleft)

    def _banner(self, surface, lay: SchockenLayout, rect: pygame.Rect, words: str,
                fill, ink) -> None:
        pygame.draw.rect(surface, fill, rect, border_radius=lay.px(0.015))
        pad = lay.px(0.008)
        inner = rect.inflate(-2 * pad, -2 * pad)
        block = self.text.block(words, lay.px(0.065), ink, inner.width, height=inner.height,
                                max_lines=2, align="center")
        surface.blit(block, block.get_rect(center=inner.center))


def _die_sprite(value: int, size: int, aside: bool) -> pygame.Surface:
    """A white die with black pips; a set-aside die has a brass edge."""
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = sprite.get_rect()
    radius = max(2, size // 7)
    pygame.draw.rect(sprite, DIE, rect, border_radius=radius)
    pygame.draw.rect(sprite, P.WINNER if aside else DIE_EDGE, rect,
                     width=max(1, size // (14 if aside else 30)), border_radius=radius)
    pip = max(1, round(size * 0.09))
    for col, row in PIPS.get(value, ()):
        centre = (round(size * (0.25 + 0.25 * col)), round(size * (0.25 + 0.25 * row)))
        pygame.draw.circle(sprite, PIP, centre, pip)
    return sprite.convert_alpha() if pygame.display.get_surface() else sprite
