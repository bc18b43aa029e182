"""The Carrom screen: the square ICF board seen from seat 0 (south at the bottom) with
its pockets, circles and base lines, every piece as the board last reported it and the
seat on turn marked; a panel on the right with both sides (colour, men on the board,
owed dues, game points, the boards they won), the queen, the big status line, what to
put back where, the last ruling, the banners, the foul menu and the keys.

All sizes follow the surface, so one layout serves 800x480 and 1920x1080. The board and
the panel's frame are drawn once per size; a frame blits them and draws the rest."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import pygame

from hardware.display import palette as P
from hardware.display.layout import Proportional
from hardware.display.parts import PaintedScreen, Painter, Pen, banner, disc_sprite, party_card, run
from hardware.display.text import TextCache
from tablegame.views.carrom import BoardGeometry, CarromView, SideView

Point = tuple[float, float]

SURFACE = (236, 206, 152)          # the powdered plywood
POCKET = (16, 14, 12)
RED = (200, 36, 40)                # the queen, and the base lines' circles
PIECE_INK = {"white": (246, 238, 218), "black": (36, 32, 30), "queen": RED,
             "striker": (112, 170, 232)}
PIECE_RIM = {"white": (150, 140, 120), "black": (120, 110, 100), "queen": (120, 16, 20),
             "striker": (30, 70, 130)}


@dataclass(frozen=True)
class CarromLayout(Proportional):
    """Where everything goes on a surface of ``size``; pure geometry."""

    board: BoardGeometry

    @cached_property
    def frame(self) -> int:
        """The wooden frame around the playing surface, in pixels."""
        return max(4, round(self.size[1] * 0.03))

    @cached_property
    def scale(self) -> float:
        """Pixels per millimetre."""
        w, h = self.size
        side = min(h - 2 * self.margin, w * 0.52) - 2 * self.frame
        return side / self.board.size

    @cached_property
    def surface_rect(self) -> pygame.Rect:
        side = round(self.board.size * self.scale)
        return pygame.Rect(self.margin + self.frame, (self.size[1] - side) // 2, side, side)

    @cached_property
    def frame_rect(self) -> pygame.Rect:
        return self.surface_rect.inflate(2 * self.frame, 2 * self.frame)

    def to_screen(self, pos: Point) -> tuple[int, int]:
        r = self.surface_rect
        return round(r.left + pos[0] * self.scale), round(r.bottom - pos[1] * self.scale)

    def to_board(self, pixel: tuple[float, float]) -> Point | None:
        if not self.frame_rect.collidepoint(pixel):
            return None
        r = self.surface_rect
        return (pixel[0] - r.left) / self.scale, (r.bottom - pixel[1]) / self.scale

    def mm(self, length: float) -> int:
        return max(1, round(length * self.scale))

    # --- the panel on the right --------------------------------------------------------
    @cached_property
    def panel(self) -> pygame.Rect:
        left = self.frame_rect.right + 2 * self.margin
        return pygame.Rect(left, self.margin, self.size[0] - self.margin - left,
                           self.size[1] - 2 * self.margin)

    @cached_property
    def rows(self) -> dict[str, pygame.Rect]:
        """Header (title, board, link), the two side cards, queen, status, what to put
        back, the ruling, the message, the banner; the keys at the bottom."""
        return self.stack(self.panel, {"header": 0.045, "cards": 0.2, "queen": 0.045, "status": 0.1,
                                       "place": 0.1, "ruling": 0.22, "message": 0.05, "banner": 0.1},
                          gap=0.01, foot=0.05)

    def card(self, side: int) -> pygame.Rect:
        return self.half(self.rows["cards"], side)

    @cached_property
    def menu(self) -> pygame.Rect:
        """The foul menu, over the lower panel while it is open."""
        top = self.rows["status"].top
        return pygame.Rect(self.panel.left, top, self.panel.width, self.rows["hint"].top - top)


class CarromScreen(PaintedScreen):
    """Draws a ``CarromView``; remembers the last layout for ``to_screen`` / ``to_board``."""

    def __init__(self, text: TextCache | None = None) -> None:
        self.text = text or TextCache()
        self.layout: CarromLayout | None = None
        self._static: pygame.Surface | None = None
        self._sprites: dict[str, pygame.Surface] = {}
        self._painter = Painter()
        self._cards: dict[tuple, pygame.Surface] = {}   # (side, its view) -> the card drawn

    def draw(self, surface: pygame.Surface, view: CarromView) -> list[pygame.Rect] | None:
        """Draw ``view``; answers the rectangles that changed, or None after a full draw."""
        lay = self._fit(surface, view.board)
        pen = Pen(self.text.ink)
        pen.part("turn")
        self._draw_turn(pen, lay, view.seat)
        self._draw_pieces(pen, lay, view)
        if view.aim is not None:
            pen.part("aim")
            self._draw_aim(pen, lay, view.aim)
        for side, sv in enumerate(view.parties):
            pen.part(("card", side))
            pen.blit(self._card(lay, side, sv), lay.card(side).topleft)
        self._draw_panel(pen, lay, view)
        return self._painter.paint(surface, self._static, pen.parts)

    # --- what changes only with the surface size -------------------------------------------
    def _fit(self, surface: pygame.Surface, board: BoardGeometry) -> CarromLayout:
        size = surface.get_size()
        if self.layout is None or self.layout.size != size or self.layout.board != board:
            self.layout = CarromLayout(size, board)
            self._static = self._render_static(surface, self.layout)
            self._sprites = {kind: disc_sprite(self.layout.mm(
                board.striker_diameter if kind == "striker" else board.man_diameter),
                PIECE_RIM[kind], PIECE_INK[kind], 0.1) for kind in PIECE_INK}
            self._painter.invalidate()
            self._cards.clear()
        return self.layout

    def _render_static(self, like: pygame.Surface, lay: CarromLayout) -> pygame.Surface:
        static = pygame.Surface(lay.size, 0, like)
        static.fill(P.BACKGROUND)
        b = lay.board
        pygame.draw.rect(static, P.FRAME, lay.frame_rect, border_radius=max(2, lay.frame // 3))
        pygame.draw.rect(static, P.FRAME_EDGE, lay.frame_rect, width=max(1, lay.frame // 6),
                         border_radius=max(2, lay.frame // 3))
        static.fill(SURFACE, lay.surface_rect)
        line = max(1, lay.mm(1.2))
        centre = lay.to_screen((b.size / 2, b.size / 2))
        pygame.draw.circle(static, P.LINE, centre, lay.mm(b.outer_circle / 2), line)
        pygame.draw.circle(static, RED, centre, lay.mm(b.centre_circle / 2), line)
        for seat in range(4):
            self._base_lines(static, lay, seat, line)
        inset = b.man_diameter / 2
        for x, y in ((inset, inset), (b.size - inset, inset), (b.size - inset, b.size - inset),
                     (inset, b.size - inset)):
            pygame.draw.circle(static, POCKET, lay.to_screen((x, y)), lay.mm(b.pocket_diameter / 2))
        return static

    def _base_lines(self, static: pygame.Surface, lay: CarromLayout, seat: int, line: int) -> None:
        """Seat ``seat``'s two base lines with a red circle at each end."""
        b = lay.board
        reach = b.base_line_length / 2 - b.base_circle / 2
        for ahead in (b.base_line_distance, b.base_line_distance + b.base_circle):
            ends = [b.seen_from(seat, along, ahead) for along in (-reach, reach)]
            pygame.draw.line(static, P.LINE, lay.to_screen(ends[0]), lay.to_screen(ends[1]), line)
        for along in (-reach, reach):
            spot = b.seen_from(seat, along, b.base_line_distance + b.base_circle / 2)
            pygame.draw.circle(static, RED, lay.to_screen(spot), lay.mm(b.base_circle / 2), 0)

    # --- what changes with the view ------------------------------------------------------------
    def _draw_turn(self, pen: Pen, lay: CarromLayout, seat: int) -> None:
        """A bar along the frame at the seat on turn."""
        fr, thick = lay.frame_rect, max(3, lay.frame // 2)
        bars = (pygame.Rect(fr.left, fr.bottom - thick, fr.width, thick),
                pygame.Rect(fr.right - thick, fr.top, thick, fr.height),
                pygame.Rect(fr.left, fr.top, fr.width, thick),
                pygame.Rect(fr.left, fr.top, thick, fr.height))
        pen.fill(P.WINNER, bars[seat % 4])

    def _draw_pieces(self, pen: Pen, lay: CarromLayout, view: CarromView) -> None:
        for i, piece in enumerate(view.pieces):
            sprite = self._sprites.get(piece.kind)
            if sprite is None:
                continue   # a kind the referee refuses: nothing to draw
            half = sprite.get_width() // 2
            x, y = lay.to_screen((piece.x, piece.y))
            pen.part(("piece", i))
            pen.blit(sprite, (x - half, y - half), clip=lay.frame_rect)

    def _draw_aim(self, pen: Pen, lay: CarromLayout, aim: tuple[float, float, float, float]) -> None:
        """The desktop's striker and its aiming line, drawn as dots (a Pen draws no lines)."""
        sprite = self._sprites["striker"]
        half = sprite.get_width() // 2
        x0, y0 = lay.to_screen(aim[:2])
        x1, y1 = lay.to_screen(aim[2:])
        dot = max(2, lay.mm(2.5))
        steps = max(1, int(math.hypot(x1 - x0, y1 - y0) // (3 * dot)))
        for k in range(1, steps + 1):
            x, y = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
            pen.fill(P.WINNER, pygame.Rect(round(x) - dot // 2, round(y) - dot // 2, dot, dot))
        pen.blit(sprite, (x0 - half, y0 - half), clip=lay.frame_rect)

    def _card(self, lay: CarromLayout, side: int, sv: SideView) -> pygame.Surface:
        """A side's card as one opaque picture, drawn once per look (the cards change
        with every turn: one blit is cheaper than their shapes and texts)."""
        key = (side, sv)
        picture = self._cards.get(key)
        if picture is None:
            if len(self._cards) >= 16:
                self._cards.clear()
            pen = Pen(self.text.ink)
            pen.part("card")
            self._draw_card(pen, lay, side, sv)
            rect = lay.card(side)
            picture = self._static.subsurface(rect).copy()   # the ground around the rounded corners
            run(picture, pen.parts["card"], offset=(-rect.x, -rect.y))
            self._cards[key] = picture
        return picture

    def _draw_card(self, pen: Pen, lay: CarromLayout, side: int, sv: SideView) -> None:
        card = lay.card(side)
        ink, soft = party_card(pen, lay, card, side, sv.at_turn)
        pad = lay.px(0.016)
        inner = card.inflate(-2 * pad, -2 * pad)
        man = self._sprites[("white", "black")[sv.colour]]   # the side's colour this board
        pen.blit(man, man.get_rect(topright=inner.topright))
        name = self.text.block(sv.name, lay.px(0.05), ink, inner.width - 2 * man.get_width(),
                               min_px=lay.px(0.028))
        pen.blit(name, inner.topleft)
        score = self.text.line(str(sv.score), lay.px(0.07), ink)
        pen.blit(score, score.get_rect(bottomright=inner.bottomright))
        y = inner.top + name.get_height() + lay.px(0.004)
        width = inner.width - score.get_width() - pad
        for line in (sv.player, sv.men, sv.owed, sv.boards):
            if line and y < inner.bottom:
                block = self.text.block(line, lay.px(0.03), soft, width)
                pen.blit(block, (inner.left, y))
                y += block.get_height() + lay.px(0.002)

    def _draw_panel(self, pen: Pen, lay: CarromLayout, view: CarromView) -> None:
        rows, text = lay.rows, self.text
        header = rows["header"]
        pen.part("header")
        link = text.block(view.link, lay.px(0.03), P.MUTED, header.width * 2 // 5, align="right")
        pen.blit(link, link.get_rect(topright=header.topright))
        title = text.block(f"{view.title} · {view.board_number}", lay.px(0.04), P.CREAM,
                           header.width - link.get_width() - lay.px(0.02))
        pen.blit(title, header.topleft)
        queen = rows["queen"]
        pen.part("queen")
        sprite = self._sprites["queen"]
        spot = sprite.get_rect(midleft=(queen.left + lay.px(0.006), queen.centery))
        if view.queen_side is not None:   # ringed in the colour of the side that has her
            pen.rect(P.PARTY[view.queen_side], spot.inflate(lay.px(0.012), lay.px(0.012)),
                     width=max(2, lay.px(0.004)), border_radius=spot.width)
        pen.blit(sprite, spot)
        left = spot.right + lay.px(0.016)
        pen.blit(text.block(view.queen, lay.px(0.036), P.CREAM, queen.right - left), (left, queen.top))
        if view.menu:
            self._draw_menu(pen, lay, view)
        else:
            self._draw_rows(pen, lay, view)
        hint = rows["hint"]
        pen.part("hint")
        words = " · ".join(w for w in (view.improper, view.hint) if w)
        pen.blit(text.block(words, lay.px(0.026), P.MUTED, hint.width, height=hint.height,
                            max_lines=2), hint.topleft)

    def _draw_rows(self, pen: Pen, lay: CarromLayout, view: CarromView) -> None:
        rows, text = lay.rows, self.text
        status = rows["status"]
        pen.part("status")
        pen.blit(text.block(view.status, lay.px(0.06), P.CREAM, status.width, height=status.height,
                            max_lines=2, min_px=lay.px(0.035)), status.topleft)
        place = rows["place"]
        if view.to_place:
            pen.part("place")
            pen.rect(P.WINNER, place, border_radius=lay.px(0.012))
            pad = lay.px(0.008)
            inner = place.inflate(-2 * pad, -2 * pad)
            pen.blit(text.block("\n".join(view.to_place), lay.px(0.042), P.INK, inner.width,
                                height=inner.height, max_lines=3, min_px=lay.px(0.024)),
                     inner.topleft)
        ruling = rows["ruling"]
        if view.ruling:
            pen.part("ruling")
            pen.blit(text.block("\n".join(view.ruling), lay.px(0.03), P.CREAM, ruling.width,
                                height=ruling.height, max_lines=8, min_px=lay.px(0.02)),
                     ruling.topleft)
        message = rows["message"]
        pen.part("message")
        pen.blit(text.block(view.message, lay.px(0.032), P.MUTED, message.width,
                            height=message.height, max_lines=2), message.topleft)
        pen.part("banner")
        if view.problem:
            banner(pen, text, lay, rows["banner"], view.problem, P.PROBLEM, P.CREAM, 0.045, 0.022)
        elif view.winner or view.board_winner:
            banner(pen, text, lay, rows["banner"], view.winner or view.board_winner, P.WINNER, P.INK,
                   0.045, 0.022)

    def _draw_menu(self, pen: Pen, lay: CarromLayout, view: CarromView) -> None:
        box = lay.menu
        pen.part("menu")
        pen.rect(P.CARD, box, border_radius=lay.px(0.015))
        pen.rect(P.CREAM, box, width=max(2, lay.px(0.004)), border_radius=lay.px(0.015))
        pad = lay.px(0.012)
        inner = box.inflate(-2 * pad, -2 * pad)
        title = self.text.block(view.menu_title, lay.px(0.032), P.MUTED, inner.width)
        pen.blit(title, inner.topleft)
        top = inner.top + title.get_height() + pad
        row_h = min(lay.px(0.07), (inner.bottom - top) // max(1, len(view.menu)))
        for i, words in enumerate(view.menu):
            row = pygame.Rect(inner.left, top + i * row_h, inner.width, row_h - 2)
            chosen = i == view.menu_index
            if chosen:
                pen.rect(P.WINNER, row, border_radius=lay.px(0.01))
            block = self.text.block(words, round(row_h * 0.6), P.INK if chosen else P.CREAM,
                                    row.width - 2 * pad, height=row.height)
            pen.blit(block, block.get_rect(midleft=(row.left + pad, row.centery)))
