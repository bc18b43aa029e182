"""The Carrom screen: the square ICF board seen from seat 0 (south at the bottom) with
its pockets, circles and base lines, every piece as the board last reported it and the
seat on turn marked; a panel on the right with both sides (colour, men on the board,
owed dues, game points, the boards they won), the queen, the big status line, what to
put back where, the last ruling, the banners, the foul menu and the keys.

All sizes follow the surface, so one layout serves 800x480 and 1920x1080, with no text
below the readable size (layout.READABLE): the panel shows fewer, shorter lines, and
what to put back, the scores and a problem are never cut (tests/test_screens_readable.py).
The board and the panel's frame are drawn once per size; a frame blits them and draws
the rest."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import pygame

from tablegame.display import palette as P
from tablegame.display.layout import Proportional, readable_px
from tablegame.display.parts import PaintedScreen, Painter, Pen, Pictures, disc_sprite, party_card
from tablegame.display.text import TextCache
from tablegame.families.carrom.view import BoardGeometry, CarromView, SideView

Point = tuple[float, float]

SURFACE = (236, 206, 152)          # the powdered plywood
POCKET = (16, 14, 12)
RED = (200, 36, 40)                # the queen, and the base lines' circles
PIECE_INK = {"white": (246, 238, 218), "black": (36, 32, 30), "queen": RED,
             "striker": (112, 170, 232)}
PIECE_RIM = {"white": (150, 140, 120), "black": (120, 110, 100), "queen": (120, 16, 20),
             "striker": (30, 70, 130)}
ON_MAN = ((36, 32, 30), (246, 238, 218))   # a number written on a white man, on a black one


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
        side = min(h - 2 * self.margin, w * 0.45) - 2 * self.frame   # the panel's lines need the rest
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
        """Header (title and board; the link below), the two sides one above the other,
        then the body down to the bottom (queen, status, what to put back, problem,
        ruling, message, and the keys at the bottom: as many lines as each needs,
        ``CarromScreen._draw_body``); the foul menu's keys in the row "hint". A row
        of small print has room for its lines at the readable size."""
        small, gap = self.small_print(2), self.px(0.012)
        rows = self.stack(self.panel, {"header": small, "cards": 2 * self.side_height + self.px(0.01)},
                          gap=gap, foot=small)
        top = rows["cards"].bottom + gap
        rows["body"] = pygame.Rect(self.panel.left, top, self.panel.width, self.panel.bottom - top)
        return rows

    @cached_property
    def side_height(self) -> int:
        """A side's row: its name and score, then its boards and dues, at the readable size."""
        return 2 * self.pad + self.px(0.06) + self.small_print(1) + self.px(0.006)

    @cached_property
    def pad(self) -> int:
        return self.px(0.012)

    def card(self, side: int) -> pygame.Rect:
        cards = self.rows["cards"]
        return pygame.Rect(cards.left, cards.top + side * (cards.height - self.side_height),
                           cards.width, self.side_height)

    @cached_property
    def menu(self) -> pygame.Rect:
        """The foul menu, over the sides and the body while it is open (the keys it
        takes are in the hint row)."""
        top = self.rows["cards"].top
        return pygame.Rect(self.panel.left, top, self.panel.width, self.rows["hint"].top - top)


class CarromScreen(PaintedScreen):
    """Draws a ``CarromView``; remembers the last layout for ``to_screen`` / ``to_board``."""

    def __init__(self, text: TextCache | None = None) -> None:
        self.text = text or TextCache()
        self.layout: CarromLayout | None = None
        self._static: pygame.Surface | None = None
        self._sprites: dict[str, pygame.Surface] = {}
        self._painter = Painter()
        self._cards = Pictures(self.text.ink)   # (side, its view) -> the card drawn
        self._boxes: dict[tuple, pygame.Surface] = {}   # the body's boxes and lines, as drawn
        self.body: dict[str, pygame.Rect] = {}   # where the last frame drew the body's parts

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
        self._draw_panel(pen, lay, view)
        return self._painter.paint(surface, self._static, pen.parts)

    # --- what changes only with the surface size -------------------------------------------
    def _fit(self, surface: pygame.Surface, board: BoardGeometry) -> CarromLayout:
        size = surface.get_size()
        if self.layout is None or self.layout.size != size or self.layout.board != board:
            self.layout = CarromLayout(size, board)
            self.text.floor_px = readable_px(size)
            self._static = self._render_static(surface, self.layout)
            self._sprites = {kind: disc_sprite(self.layout.mm(
                board.striker_diameter if kind == "striker" else board.man_diameter),
                PIECE_RIM[kind], PIECE_INK[kind], 0.1) for kind in PIECE_INK}
            self._painter.invalidate()
            self._cards.clear()
            self._boxes.clear()
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
        return self._cards.get((side, sv), self._static, lay.card(side),
                               lambda pen: self._draw_card(pen, lay, side, sv))

    def _draw_card(self, pen: Pen, lay: CarromLayout, side: int, sv: SideView) -> None:
        """Line 1: a man of the side's colour with its men on the board in it, the name,
        the game points; line 2: what the side owes and the points of the boards it won
        (the one at turn in doubles is on the status line)."""
        card = lay.card(side)
        ink, soft = party_card(pen, lay, card, side, sv.at_turn)
        inner = card.inflate(-2 * lay.pad, -2 * lay.pad)
        top = lay.px(0.06)
        score = self.text.line(str(sv.score), top, ink)
        pen.blit(score, score.get_rect(topright=inner.topright))
        disc = self._disc(lay, sv.colour, top)
        pen.blit(disc, disc.get_rect(midleft=(inner.left, inner.top + top // 2)))
        men = self.text.line(str(sv.men_count), readable_px(lay.size), ON_MAN[sv.colour])
        pen.blit(men, men.get_rect(center=(inner.left + disc.get_width() // 2, inner.top + top // 2)))
        left = inner.left + disc.get_width() + lay.pad
        name = self.text.block(sv.name, top, ink, inner.width - (left - inner.left) - score.get_width()
                               - lay.pad)
        pen.blit(name, name.get_rect(midleft=(left, inner.top + top // 2)))
        line = " · ".join(words for words in (sv.owed, sv.boards) if words)
        pen.blit(self.text.block(line, readable_px(lay.size), soft, inner.width),
                 (inner.left, inner.top + top + lay.px(0.006)))

    def _disc(self, lay: CarromLayout, colour: int, size: int) -> pygame.Surface:
        """A man of ``colour`` big enough to hold a number at the readable size."""
        kind = ("white", "black")[colour]
        sprite = self._sprites.get(("disc", kind))
        if sprite is None:
            sprite = self._sprites[("disc", kind)] = disc_sprite(
                max(size, round(readable_px(lay.size) * 1.25)), PIECE_RIM[kind], PIECE_INK[kind], 0.08)
        return sprite

    def _draw_panel(self, pen: Pen, lay: CarromLayout, view: CarromView) -> None:
        rows, text = lay.rows, self.text
        header = rows["header"]
        pen.part("header")
        # the board's number first: a long title (a venue's match) ends in "…" after it
        title = text.block(f"{view.board_number} · {view.title}", readable_px(lay.size), P.CREAM,
                           header.width)
        pen.blit(title, header.topleft)
        pen.part("link")   # "Brett verbunden" / "Brett fehlt: Kabel prüfen"
        link = text.block(view.link, readable_px(lay.size), P.MUTED, header.width)
        pen.blit(link, link.get_rect(bottomleft=header.bottomleft))
        if view.menu:
            self._draw_menu(pen, lay, view)
            pen.part("hint")
            pen.blit(self._hint(lay, view, rows["hint"].height), rows["hint"].topleft)
        else:
            for side, sv in enumerate(view.parties):
                pen.part(("card", side))
                pen.cover(self._card(lay, side, sv), lay.card(side).topleft)
            self._draw_body(pen, lay, view)

    def _hint(self, lay: CarromLayout, view: CarromView, room: int | None) -> pygame.Surface:
        words = " · ".join(w for w in (view.improper, view.hint) if w)
        return self.text.block(words, readable_px(lay.size), P.MUTED, lay.panel.width, height=room,
                               max_lines=2)

    def _draw_body(self, pen: Pen, lay: CarromLayout, view: CarromView) -> None:
        """The body's parts top to bottom, each as many lines as it needs: the queen,
        the game's or board's winner (in the status line's place) or the status, what
        to put back (always whole: guests act on it; it says what the status would),
        the problem (in the message's place), the ruling (without what the lines
        above say already), the message; the keys at the bottom. Room goes first to
        what to put back, then the problem, the queen, the status or winner, the
        ruling, the message, the keys; what finds none is left out, and only the
        ruling and the message may end in "…"."""
        body, gap, small = lay.rows["body"], lay.px(0.012), readable_px(lay.size)
        width, text = body.width, self.text
        shown = {*view.to_place, view.winner, view.board_winner, view.problem}
        ruling = tuple(line for line in view.ruling if line not in shown)
        banner = view.winner or view.board_winner
        parts = (   # (name, wanted now, priority, draws it at most ``room`` pixels tall)
            ("queen", True, 2, lambda room: self._queen(lay, view, width, room)),
            ("top", bool(banner), 3,
             lambda room: self._box(lay, banner, P.WINNER, P.INK, width, room, 3, "center")),
            ("top", not banner and not view.to_place, 3,   # while placing it says only "put back"
             lambda room: text.block(view.status, lay.px(0.075), P.CREAM, width, height=room,
                                     max_lines=2, min_px=small)),
            ("place", bool(view.to_place), 0,
             lambda room: self._box(lay, "\n".join(view.to_place), P.WINNER, P.INK, width, None, 12,
                                    "left")),
            ("problem", bool(view.problem), 1,
             lambda room: self._box(lay, view.problem, P.PROBLEM, P.CREAM, width, room, 6, "center")),
            ("ruling", bool(ruling), 4, lambda room: self._notes(ruling, small, width, room)),
            ("message", bool(view.message) and not view.problem, 5,
             lambda room: text.block(view.message, small, P.MUTED, width, height=room, max_lines=2)),
            ("hint", True, 6, lambda room: self._hint(lay, view, None)),   # whole at the bottom, or not
        )
        wanted = [part for part in parts if part[1]]
        drawn, room = {}, body.height
        for name, _, _, draw in sorted(wanted, key=lambda part: part[2]):   # "place" first
            picture = draw(room) if room >= small else None
            if picture is not None and picture.get_height() and (
                    picture.get_height() <= room or name == "place"):
                drawn[name] = picture
                room -= picture.get_height() + gap
        self.body, y = {}, body.top
        for name, *_ in wanted:   # top to bottom
            if name in drawn:
                if name == "hint":
                    y = body.bottom - drawn[name].get_height()
                pen.part(name)
                pen.blit(drawn[name], (body.left, y))
                self.body[name] = pygame.Rect((body.left, y), drawn[name].get_size())
                y += drawn[name].get_height() + gap

    def _box(self, lay: CarromLayout, words: str, fill, ink, width: int, room: int | None,
             max_lines: int, align: str) -> pygame.Surface:
        """``words`` on a coloured box ``width`` wide (a banner, what to put back)."""
        pad = lay.px(0.01)
        block = self.text.block(words, readable_px(lay.size), ink, width - 2 * pad,
                                height=None if room is None else room - 2 * pad,
                                max_lines=max_lines, align=align)

        def draw(box: pygame.Surface) -> None:
            pygame.draw.rect(box, fill, box.get_rect(), border_radius=lay.px(0.015))
            box.blit(block, (pad, pad))
        return self._picture(("box", block, fill), (width, block.get_height() + 2 * pad), draw)

    def _picture(self, key: tuple, size: tuple[int, int], draw) -> pygame.Surface:
        """A transparent picture of ``size`` drawn by ``draw`` once per ``key`` (the
        painter compares what it blits by identity: the same look, the same surface)."""
        picture = self._boxes.get(key + (size,))
        if picture is None:
            if len(self._boxes) >= 32:   # a game shows a handful at a time
                self._boxes.clear()
            picture = self._boxes[key + (size,)] = pygame.Surface(   # squeezed to nothing on an odd shape
                (max(0, size[0]), max(0, size[1])), pygame.SRCALPHA)
            draw(picture)
        return picture

    def _notes(self, notes: tuple[str, ...], px: int, width: int, room: int) -> pygame.Surface:
        """The ruling's notes one below the other, each on up to two lines, as many
        whole notes as fit in ``room`` (what does not fit is left out, not run together)."""
        blocks, height = [], 0
        for note in notes:
            block = self.text.block(note, px, P.CREAM, width, max_lines=2)
            if height + block.get_height() > room:
                break
            blocks.append(block)
            height += block.get_height()

        def draw(picture: pygame.Surface) -> None:
            y = 0
            for block in blocks:
                picture.blit(block, (0, y))
                y += block.get_height()
        return self._picture(("notes", *blocks), (width, height), draw)

    def _queen(self, lay: CarromLayout, view: CarromView, width: int, room: int) -> pygame.Surface:
        """The queen (ringed in the colour of the side that has her) and her state."""
        sprite = self._sprites["queen"]
        ring = lay.px(0.006)
        left = sprite.get_width() + 2 * ring + lay.px(0.012)
        block = self.text.block(view.queen, readable_px(lay.size), P.CREAM, width - left,
                                height=room, max_lines=2)

        def draw(picture: pygame.Surface) -> None:
            spot = sprite.get_rect(center=(ring + sprite.get_width() // 2, readable_px(lay.size) // 2 + 1))
            if view.queen_side is not None:
                pygame.draw.rect(picture, P.PARTY[view.queen_side], spot.inflate(2 * ring, 2 * ring),
                                 width=max(2, ring // 2), border_radius=spot.width)
            picture.blit(sprite, spot)
            picture.blit(block, (left, 0))
        return self._picture(("queen", block, view.queen_side),
                             (width, max(block.get_height(), sprite.get_height() + 2 * ring)), draw)

    def _draw_menu(self, pen: Pen, lay: CarromLayout, view: CarromView) -> None:
        """The foul menu over the sides and the body: its title, then its entries,
        each whole (up to three lines) when they all fit so, else one line each but the
        highlighted one."""
        box = lay.menu
        pen.part("menu")
        pen.rect(P.CARD, box, border_radius=lay.px(0.015))
        pen.rect(P.CREAM, box, width=max(2, lay.px(0.004)), border_radius=lay.px(0.015))
        pad, small = lay.px(0.012), readable_px(lay.size)
        inner = box.inflate(-2 * pad, -2 * pad)
        title = self.text.block(view.menu_title, small, P.MUTED, inner.width)
        pen.blit(title, inner.topleft)
        top = inner.top + title.get_height() + pad
        for lines in (3, 1):
            blocks = [self.text.block(words, small, P.INK if i == view.menu_index else P.CREAM,
                                      inner.width - 2 * pad, max_lines=3 if i == view.menu_index else lines)
                      for i, words in enumerate(view.menu)]
            if sum(b.get_height() + pad for b in blocks) <= inner.bottom - top:
                break
        y = top
        for i, block in enumerate(blocks):
            row = pygame.Rect(inner.left, y, inner.width, block.get_height() + pad)
            if row.bottom > inner.bottom:
                break
            if i == view.menu_index:
                pen.rect(P.WINNER, row, border_radius=lay.px(0.01))
            pen.blit(block, block.get_rect(midleft=(row.left + pad, row.centery)))
            y = row.bottom
