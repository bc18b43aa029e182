"""The Shove screen: the board as the player sees it (portrait, front edge at the
bottom) with both parties' chalk boxes beside the beds, and a panel on the right
with the parties, the big status line, the last event and the banners.

All sizes follow the surface, so one layout serves 800x480 and 1920x1080."""
from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property

import pygame

from tablegame.display.layout import Proportional, readable_px
from tablegame.display.parts import (PaintedScreen, Painter, Pen, Pictures, banner, disc_sprite,
                                    line_parts, opaque_surface, party_card)
from tablegame.display import palette as P
from tablegame.display.text import TextCache
from tablegame.families.shove.board import ShoveBoard
from tablegame.families.shove.screen_replay import ReplayRun
from tablegame.families.shove.view import PartyView, ShoveView

Point = tuple[float, float]


@dataclass(frozen=True)
class ShoveLayout(Proportional):
    """Where everything goes on a surface of ``size``; pure geometry."""

    board: ShoveBoard

    # --- board and chalk columns ---------------------------------------------------
    @cached_property
    def _pitch_mm(self) -> float:
        lines = self.board.lines
        return (sum(lines[-1]) - sum(lines[0])) / 2 / max(1, len(lines) - 1)

    @cached_property
    def scale(self) -> float:
        """Pixels per millimetre."""
        w, h = self.size
        b = self.board
        span_w = b.width + 2 * b.frame + 2 * self._chalk_mm
        span_h = b.length + 2 * b.frame
        return min((h - 2 * self.margin) / span_h, 0.58 * w / span_w)

    @cached_property
    def _chalk_mm(self) -> float:
        """Chalk columns beside a painted board; a tile board's marks go on its side tiles."""
        return 0.0 if self.board.tile else 1.5 * self._pitch_mm

    @cached_property
    def frame_rect(self) -> pygame.Rect:
        """The board with its frame: everything ``to_board`` answers for."""
        b, s = self.board, self.scale
        w = round((b.width + 2 * b.frame) * s)
        h = round((b.length + 2 * b.frame) * s)
        x = self.margin + round(self._chalk_mm * s) + self._gap
        return pygame.Rect(x, (self.size[1] - h) // 2, w, h)

    @cached_property
    def _gap(self) -> int:
        return max(2, round(self.size[1] * 0.008))

    @cached_property
    def surface_rect(self) -> pygame.Rect:
        """The playing surface, without the frame."""
        b = self.board
        left, top = self.to_screen((0.0, b.length))
        right, bottom = self.to_screen((b.width, 0.0))
        return pygame.Rect(left, top, right - left, bottom - top)

    def chalk_column(self, party: int) -> pygame.Rect:
        width = round(self._chalk_mm * self.scale)
        fr = self.frame_rect
        x = fr.left - self._gap - width if party == 0 else fr.right + self._gap
        return pygame.Rect(x, fr.top, width, fr.height)

    def tile_rect(self, x: float, y: float) -> pygame.Rect:
        """The tile whose corner nearest the player's left is (x, y) mm."""
        left, top = self.to_screen((x, y + self.board.tile))
        right, bottom = self.to_screen((x + self.board.tile, y))
        return pygame.Rect(left, top, right - left, bottom - top)

    @cached_property
    def strip(self) -> int:
        """Width of the party-coloured strip on the outer side of a chalk column."""
        return max(2, round(self.scale * 1.8))

    def chalk_box(self, party: int, bed: int) -> pygame.Rect:
        """Party ``party``'s chalk box beside bed ``bed`` (1-based); on a tile board,
        the bed's side tile on the party's side, where its mark (a coin) goes."""
        if self.board.tile:
            b = self.board
            return self.tile_rect(0.0 if party == 0 else b.width - b.tile, b.bed_span(bed)[0])
        lines = self.board.lines
        _, top = self.to_screen((0.0, sum(lines[bed]) / 2))
        _, bottom = self.to_screen((0.0, sum(lines[bed - 1]) / 2))
        col = self.chalk_column(party)
        inset = max(1, round((bottom - top) * 0.06))
        left = col.left + self.strip if party == 0 else col.left
        return pygame.Rect(left, top + inset, col.width - self.strip, bottom - top - 2 * inset)

    def to_screen(self, pos: Point) -> tuple[int, int]:
        x, y = pos
        b, s, fr = self.board, self.scale, self.frame_rect
        return (round(fr.left + (x + b.frame) * s), round(fr.top + (b.length + b.frame - y) * s))

    def to_board(self, pixel: tuple[float, float]) -> Point | None:
        fr = self.frame_rect
        px, py = pixel
        if not (fr.left <= px <= fr.right and fr.top <= py <= fr.bottom):
            return None
        b, s = self.board, self.scale
        return ((px - fr.left) / s - b.frame, b.length + b.frame - (py - fr.top) / s)

    # --- the panel on the right --------------------------------------------------------
    @cached_property
    def panel(self) -> pygame.Rect:
        left = max(self.chalk_column(1).right, self.frame_rect.right) + 2 * self.margin
        return pygame.Rect(left, self.margin, self.size[0] - self.margin - left,
                           self.size[1] - 2 * self.margin)

    @cached_property
    def rows(self) -> dict[str, pygame.Rect]:
        """The panel's rows, top to bottom: header (title; the link below it), cards,
        status (the winner's banner once the game is over), message, problem; the
        hint sits at the bottom. A row of small print has room for its lines at the
        readable size."""
        small = self.small_print(2)
        return self.stack(self.panel, {
            "header": small, "cards": self.px(0.2), "status": self.px(0.19),
            "message": max(self.px(0.14), small),
            "problem": max(self.px(0.13), small + 2 * self.px(0.01))}, gap=self.px(0.014),
            foot=self.small_print(self.hint_lines), flexible=("message", "problem"))

    @cached_property
    def hint_lines(self) -> int:
        """The buttons' footer whole (each button, pressed and held, in German: "ZURÜCK
        lang: rückgängig · MENÜ: Personalseite (lang: neues Spiel)"): four lines on a screen
        narrower than 5:3 (1280x800, 16:10), where the board leaves the panel narrow for
        the readable size; three elsewhere. The news and the problem give up the room."""
        width, height = self.size
        return 4 if width * 3 < height * 5 else 3

    def card(self, party: int) -> pygame.Rect:
        return self.half(self.rows["cards"], party)


class ShoveScreen(PaintedScreen):
    """Draws a ``ShoveView`` on any surface; remembers the last layout for
    ``to_screen`` / ``to_board``.

    Only what changed is drawn again (``tablegame.display.parts``): each coin, each
    chalk box, each card and each row (or line) of the panel is a part of its own, and
    recorded again only when what it shows changed."""

    def __init__(self, text: TextCache | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.text = text or TextCache()
        self.replay = ReplayRun(self, clock)   # the last shove replayed, when it is asked
        self.layout: ShoveLayout | None = None
        self._static: pygame.Surface | None = None
        self._coin: pygame.Surface | None = None
        self._painter = Painter()
        self._chalk: dict[tuple, dict] = {}   # a party's chalk boxes as parts, per layout
        self._groups = Recorded(self.text.ink)   # every other part, recorded once per input
        self._cards = Pictures(self.text.ink)        # a card as drawn, per layout
        self._card_parts: dict[tuple, dict] = {}     # a card's look as its picture's part (``_card``)
        self._card_shown: dict[int, tuple] = {}      # each party's card part handed last, with its look
        self._lines = Pictures(self.text.ink, keep=32)   # status and message lines, per layout
        self._shown: ShoveView | None = None   # the last view drawn, until idle looked ahead of it
        self._ahead_of: tuple[str, ...] = ()   # the last view's statuses ahead (ShoveView.ahead)
        self._ahead: list[str] = []            # those of them not laid out yet

    def draw(self, surface: pygame.Surface, view: ShoveView) -> list[pygame.Rect] | None:
        """Draw ``view``; answers the rectangles that changed, or None when the whole
        surface was drawn (a new surface, size or board, or after ``invalidate``)."""
        layout = self._fit(surface, view.board)
        if self.replay.showing(view):
            return self.replay.draw(surface, layout, view)
        self._shown = view
        if view.ahead != self._ahead_of:
            self._ahead_of, self._ahead = view.ahead, list(view.ahead)
        return self._painter.paint(surface, self._static, self._record(layout, view))

    @property
    def animating(self) -> bool:
        """A replay runs: the table's loop draws every frame until it ends."""
        return self.replay.running

    # --- what changes only with the surface size or the board -----------------------------
    def _fit(self, surface: pygame.Surface, board: ShoveBoard) -> ShoveLayout:
        size = surface.get_size()
        if self.layout is None or self.layout.size != size or self.layout.board != board:
            self.layout = ShoveLayout(size, board)
            self.text.floor_px = readable_px(size)
            self._static = self._render_static(surface, self.layout)
            self._coin = disc_sprite(round(board.coin_diameter * self.layout.scale), P.COIN_RIM, P.COIN, 0.09)
            self._painter.invalidate()
            self._chalk.clear()
            self._groups.clear()
            self._cards.clear()
            self._card_parts.clear()
            self._card_shown.clear()
            self._lines.clear()
            self.replay.forget_pictures()
            lay = self.layout
            # the sizes this screen's texts are drawn at, the likeliest first (the status
            # shrinking to fit, the news, the cards, then the banners): their glyphs are
            # loaded between frames, not in the frame that first needs them (``idle``)
            for px, min_px in ((0.085, None), (0.046, None), (0.05, None), (0.06, 0.03),
                               (0.042, None), (0.036, None), (0.07, None), (0.032, None)):
                self.text.ahead(lay.px(px), None if min_px is None else lay.px(min_px))
        return self.layout

    def idle(self) -> bool:
        """A step of work ahead while the table waits (the table's loop calls it when a
        pass brought nothing to draw): False when there is none left."""
        return (self._card_ahead() or self._status_ahead() or self._cards.idle()
                or self._lines.idle() or self.text.idle())

    def _card_ahead(self) -> bool:
        """The waiting party's card as the turn's end will show it (at turn, its marks and
        next player as they are now), drawn as a picture ahead: that frame then copies
        it (a card's picture: 0.2-0.5 ms to draw, measured). Only that one: the card of
        the party at turn shows what its turn scores, which is not known yet."""
        view, self._shown = self._shown, None
        if view is None or view.winner or not any(pv.at_turn for pv in view.parties):
            return False
        lay = self.layout
        for party, pv in enumerate(view.parties):
            turned = dataclasses.replace(pv, at_turn=True)
            if not pv.at_turn and (party, turned, view.target) not in self._card_parts:
                self._cards.get((party, turned, view.target), self._static, lay.card(party),
                                lambda pen: self._paint_card(pen, lay, party, turned, view))
                self._card_picture(lay, party, turned, view.target)
                return True
        return False

    def _status_ahead(self) -> bool:
        """One of the statuses the next frames likely show (``ShoveView.ahead``: the
        turn's coins left, one by one) laid out, and its lines' pictures left to ``idle``:
        the frame that shows it copies them instead of measuring the text at each size it
        shrinks through, rendering and blending its lines (the first turn's frames, whose
        texts are new since start-up, were a run's slowest)."""
        if not self._ahead or self.layout is None:
            return False
        lay = self.layout
        status = lay.rows["status"]
        for line, (x, y) in self._status_lines(lay, self._ahead.pop(0)):
            self._lines.line(line, (status.x + x, status.y + y), self._static)
        return True

    def _render_static(self, like: pygame.Surface, lay: ShoveLayout) -> pygame.Surface:
        static = opaque_surface(lay.size, like)   # copied from often: rows off 16 bytes
        static.fill(P.BACKGROUND)
        b, fr, sr = lay.board, lay.frame_rect, lay.surface_rect
        radius = max(2, round(lay.scale * 6))
        pygame.draw.rect(static, P.FRAME, fr, border_radius=radius)
        pygame.draw.rect(static, P.FRAME_EDGE, fr, width=max(1, radius // 2),
                         border_radius=radius)
        if b.tile:
            self._render_tiles(static, lay)
            return static
        static.fill(P.WOOD_MARGIN, sr)
        lane_left, _ = lay.to_screen((b.lane[0], 0))
        lane_right, _ = lay.to_screen((b.lane[1], 0))
        static.fill(P.WOOD, pygame.Rect(lane_left, sr.top, lane_right - lane_left, sr.height))
        thick = max(1, round(lay.scale * 0.8))
        _, first = lay.to_screen((0, b.lines[0][0]))
        _, last = lay.to_screen((0, b.lines[-1][1]))
        for near, far in b.lines:
            _, y0 = lay.to_screen((0, far))
            _, y1 = lay.to_screen((0, near))
            static.fill(P.LINE, pygame.Rect(sr.left, y0, sr.width, max(thick, y1 - y0)))
        for x in (lane_left, lane_right):
            static.fill(P.LINE, pygame.Rect(x - thick // 2 - 1, last, thick, first - last))
        number_px = round(min(lay.scale * lay._pitch_mm * 0.5, (lane_left - sr.left) * 0.6))
        for bed in range(1, b.beds + 1):
            _, y = lay.to_screen((0, sum(b.bed_span(bed)) / 2))
            label = self.text.line(str(bed), number_px, P.BED_NUMBER)
            for x in ((sr.left + lane_left) // 2, (lane_right + sr.right) // 2):
                static.blit(label, label.get_rect(center=(x, y)))
        for party in (0, 1):
            col = lay.chalk_column(party)
            top = lay.chalk_box(party, b.beds).top
            bottom = lay.chalk_box(party, 1).bottom
            edge = col.left if party == 0 else col.right - lay.strip
            static.fill(P.PARTY[party], pygame.Rect(edge, top, lay.strip, bottom - top))
        return static

    def _render_tiles(self, static: pygame.Surface, lay: ShoveLayout) -> None:
        """Seed 001's board: piecepack tiles face down on the table, a row of them across
        the top and a column down each side, with the gaps between the side tiles (the
        lines) drawn across the lane, where the table shows through."""
        b, sr = lay.board, lay.surface_rect
        static.fill(P.WOOD, sr)
        thick = max(1, round(lay.scale * 0.8))
        lane_left, _ = lay.to_screen((b.lane[0], 0))
        lane_right, _ = lay.to_screen((b.lane[1], 0))
        for near, far in b.lines:
            _, y0 = lay.to_screen((0, far))
            _, y1 = lay.to_screen((0, near))
            static.fill(P.GAP, pygame.Rect(lane_left, y0, lane_right - lane_left, max(thick, y1 - y0)))
        pitch = b.lines[1][1] - b.lines[0][1] if len(b.lines) > 1 else b.tile
        tiles = [(x, k * pitch) for k in range(len(b.lines) + 1) for x in (0.0, b.width - b.tile)]
        tiles += [(j * b.tile, b.length - b.tile) for j in range(round(b.width / b.tile))]
        radius = max(1, round(lay.scale * 3))
        for x, y in tiles:
            rect = lay.tile_rect(x, y).inflate(-max(1, round(lay.scale * 0.6)), -max(1, round(lay.scale * 0.6)))
            pygame.draw.rect(static, P.TILE_BACK, rect, border_radius=radius)
            pygame.draw.rect(static, P.TILE_EDGE, rect.inflate(-2 * radius, -2 * radius),
                             width=max(1, round(lay.scale * 0.8)), border_radius=radius)
        number_px = round(lay.tile_rect(0, 0).height * 0.55)
        for bed in range(1, b.beds + 1):
            label = self.text.line(str(bed), number_px, P.TILE_NUMBER)
            for party in (0, 1):
                static.blit(label, label.get_rect(center=lay.chalk_box(party, bed).center))

    # --- what changes with the view ------------------------------------------------------------
    def _record(self, lay: ShoveLayout, view: ShoveView) -> dict[Hashable, list[tuple]]:
        """The frame's dynamic parts as drawing commands, in drawing order. A part whose
        inputs are those of the last frame is handed as the same command list (the
        painter finds it unchanged by identity): recording every part anew, each card
        and line looked up and wrapped again, was most of the recording (issue 30)."""
        parts: dict[Hashable, list[tuple]] = {}
        group = self._groups.parts
        for i, coin in enumerate(view.coins):
            parts.update(group(("coin", i), coin, lambda pen: self._draw_coin(pen, lay, i, coin)))
        for i, at in enumerate(view.marked):
            parts.update(group(("moved", i), at,
                               lambda pen: self._draw_moved(pen, lay, i, at)))
        for party, pv in enumerate(view.parties):
            parts.update(self._chalk_column(lay, party, pv, view.target))
            parts.update(self._card(lay, party, pv, view))
        parts.update(group("header", (view.title, view.link),
                           lambda pen: self._draw_header(pen, lay, view)))
        parts.update(group("status", (view.winner, view.winner or view.status),
                           lambda pen: self._draw_status(pen, lay, view)))
        parts.update(group("news", (view.problem, view.problem or view.message),
                           lambda pen: self._draw_news(pen, lay, view)))
        parts.update(group("hint", view.hint, lambda pen: self._draw_hint(pen, lay, view)))
        return parts

    def _draw_coin(self, pen: Pen, lay: ShoveLayout, i: int, coin) -> None:
        """A coin off the surface shows where it left, in the frame."""
        b = lay.board
        r = b.coin_radius
        half = self._coin.get_width() // 2
        x = min(max(coin.x, -b.frame + r), b.width + b.frame - r)
        y = min(max(coin.y, -b.frame + r), b.length + b.frame - r)
        cx, cy = lay.to_screen((x, y))
        pen.part(("coin", i))
        pen.blit(self._coin, (cx - half, cy - half), clip=lay.frame_rect)

    def _draw_moved(self, pen: Pen, lay: ShoveLayout, i: int, at: Point) -> None:
        """A red ring where a coin lay that moved without being hit."""
        half = self._coin.get_width() // 2
        cx, cy = lay.to_screen(at)
        pen.part(("moved", i))
        ring = pygame.Rect(cx - half - 3, cy - half - 3, 2 * half + 6, 2 * half + 6)
        pen.rect(P.PROBLEM, ring, width=3, border_radius=half + 3)

    def _chalk_column(self, lay: ShoveLayout, party: int,
                      pv: PartyView, target: int) -> dict[Hashable, list[tuple]]:
        """A party's chalk boxes, one part each; the same few columns of marks come again
        and again: each column's parts are recorded once (the same command lists every
        frame, so the painter sees at once they are unchanged)."""
        beds = lay.board.beds
        marks = pv.marks
        if len(marks) != beds or max(marks, default=0) > target:   # as many boxes as beds, none over
            marks = tuple(min(marks[bed - 1] if bed <= len(marks) else 0, target)
                          for bed in range(1, beds + 1))
        column = self._chalk.get((party, marks, target))
        if column is None:
            column = {}
            for bed in range(1, beds + 1):
                box_pen = Pen(self.text.ink)
                box_pen.part(("chalk", party, bed))
                self._draw_chalk_box(box_pen, lay, party, bed, marks[bed - 1], target)
                column.update(box_pen.parts)
            if len(self._chalk) >= 64:   # a long evening's columns: start afresh
                self._chalk.clear()
            self._chalk[party, marks, target] = column
        return column

    def _draw_chalk_box(self, pen: Pen, lay: ShoveLayout, party: int, bed: int,
                        marks: int, target: int) -> None:
        box = lay.chalk_box(party, bed)
        if lay.board.tile:   # a coin on the bed's side tile, in the party's colour, per mark
            if marks > 0:
                size = min(box.height, box.width // marks) * 0.8
                for i in range(marks):
                    x = box.left + box.width * (2 * i + 1) // (2 * marks)
                    disc = pygame.Rect(0, 0, round(size), round(size))
                    disc.center = (x, box.centery)
                    pen.rect(P.PARTY[party], disc, border_radius=round(size) // 2)
            return
        done = target > 0 and marks >= target
        inner = box
        pen.fill(P.SLATE_DONE if done else P.SLATE, inner)
        if marks <= 0:
            return
        pitch = inner.width / (target + 1)
        stroke = max(2, min(round(box.height * 0.12), round(pitch * 0.45)))
        top = inner.top + round(inner.height * 0.18)
        height = max(2, inner.height - 2 * round(inner.height * 0.18))
        for i in range(marks):
            x = round(inner.left + pitch * (i + 1) - stroke / 2)
            pen.fill(P.CHALK, pygame.Rect(x, top, stroke, height))

    def _card(self, lay: ShoveLayout, party: int, pv: PartyView,
              view: ShoveView) -> dict[Hashable, list[tuple]]:
        """A party's card as a part, kept once per look as an opaque picture: a change of
        turn is one copy per card, and a look shown before (the cards go back and forth
        at every turn's end) or made ahead is the same part again, not recorded anew
        (recording both cards was a fifth of that frame's record step, cold). A look not
        kept yet (the turn's end of the party at turn: its marks as the turn left them) is
        drawn as it is, and its picture made between frames (making it in the frame cost
        more than drawing it)."""
        key = (party, pv, view.target)
        shown = self._card_shown.get(party)
        if shown is not None and shown[0] == key:
            # the same look as the last frame: the same part, even if its picture was made
            # since (a part changed to its picture would be painted again, the same pixels)
            return shown[1]
        parts = self._card_picture(lay, party, pv, view.target)
        if parts is None:
            card = lay.card(party)
            paint = lambda pen: self._paint_card(pen, lay, party, pv, view)  # noqa: E731
            self._cards.later(key, self._static, card, paint)
            pen = Pen(self.text.ink)
            pen.part(("card", party))
            paint(pen)
            parts = pen.parts
        self._card_shown[party] = (key, parts)
        return parts

    def _card_picture(self, lay: ShoveLayout, party: int, pv: PartyView,
                      target: int) -> dict[Hashable, list[tuple]] | None:
        """The card's part for a look whose picture is made: one command, the picture
        copied, kept per look; None while there is no picture yet."""
        key = (party, pv, target)
        parts = self._card_parts.get(key)
        if parts is None and key in self._cards:
            card = lay.card(party)
            pen = Pen(self.text.ink)
            pen.part(("card", party))
            pen.cover(self._cards.get(key, self._static, card, None), card.topleft)
            parts = pen.parts
            if len(self._card_parts) >= 8:   # a few looks a party: the oldest goes
                del self._card_parts[next(iter(self._card_parts))]
            self._card_parts[key] = parts
        return parts

    def _paint_card(self, pen: Pen, lay: ShoveLayout, party: int,
                    pv: PartyView, view: ShoveView) -> None:
        card = lay.card(party)
        ink, soft = party_card(pen, lay, card, party, pv.at_turn)
        pad = lay.px(0.018)
        inner = card.inflate(-2 * pad, -2 * pad)
        beds = lay.board.beds
        total = sum(min(m, view.target) for m in pv.marks[:beds])
        score = self.text.line(f"{total}/{view.target * beds}", lay.px(0.05), ink)
        pen.blit(score, score.get_rect(bottomright=inner.bottomright))
        # the name on one line above the score (the card's whole width) if it fits there a
        # little smaller: "Team A" broken into "Team" / "A" reads as two names; else on two
        # lines beside the score, and then there is no room for who shoves next (the status
        # line names them)
        room = inner.width - score.get_width() - pad
        above = inner.height - score.get_height() >= self.text.font(lay.px(0.06)).get_height()
        one_line = self.text.one_line_px(pv.name, lay.px(0.06), inner.width if above else room,
                                         lay.px(0.045))
        name = self.text.block(pv.name, one_line or lay.px(0.06), ink,
                               inner.width if one_line and above else room,
                               min_px=lay.px(0.03), max_lines=1 if one_line else 2,
                               height=inner.height - (0 if not pv.player else lay.px(0.05)))
        pen.blit(name, inner.topleft)
        y = inner.top + name.get_height() + lay.px(0.008)
        for line, px in ((pv.player, 0.042), (pv.score_line, 0.036)):
            if line and y + readable_px(lay.size) <= inner.bottom:
                width = inner.width - (score.get_width() + pad if line is pv.score_line else 0)
                text = self.text.block(line, lay.px(px), soft, width)
                pen.blit(text, (inner.left, y))
                y += text.get_height() + lay.px(0.006)

    def _draw_header(self, pen: Pen, lay: ShoveLayout, view: ShoveView) -> None:
        header = lay.rows["header"]
        pen.part("header")
        title = self.text.block(view.title, lay.px(0.04), P.CREAM, header.width)
        pen.blit(title, header.topleft)
        pen.part("link")   # "Brett verbunden" / "Brett fehlt: Kabel prüfen"
        link = self.text.block(view.link, lay.px(0.034), P.MUTED, header.width)
        pen.blit(link, link.get_rect(bottomleft=header.bottomleft))

    def _draw_status(self, pen: Pen, lay: ShoveLayout, view: ShoveView) -> None:
        # line by line: a counted coin changes "noch 4 Münzen" and leaves the line
        # above as it was (the status line is the frame's biggest change, profiled)
        status = lay.rows["status"]
        if view.winner:   # the game is over: the result takes the status line's place
            pen.part("winner")
            banner(pen, self.text, lay, status, view.winner, P.WINNER, P.INK, 0.07)
        else:
            line_parts(pen, "status", status.topleft, self._status_lines(lay, view.status),
                       self._lines, self._static)

    def _status_lines(self, lay: ShoveLayout, words: str) -> tuple:
        status = lay.rows["status"]
        return self.text.lines(words, lay.px(0.085), P.CREAM, status.width,
                               height=status.height, max_lines=2)

    def _draw_news(self, pen: Pen, lay: ShoveLayout, view: ShoveView) -> None:
        rows = lay.rows
        if view.problem:   # what is wrong matters more than the last event: it takes its row too
            pen.part("problem")
            banner(pen, self.text, lay, rows["message"].union(rows["problem"]), view.problem,
                   P.PROBLEM, P.CREAM, 0.05, max_lines=4)
        else:   # no problem: the news may take the problem's row ("zählt nicht, noch einmal …")
            message = rows["message"]
            room = message.union(rows["problem"])
            line_parts(pen, "message", message.topleft, self.text.lines(
                view.message, lay.px(0.046), P.MUTED, room.width, height=room.height,
                max_lines=4), self._lines, self._static)

    def _draw_hint(self, pen: Pen, lay: ShoveLayout, view: ShoveView) -> None:
        if view.hint:
            pen.part("hint")
            hint = lay.rows["hint"]
            pen.blit(self.text.block(view.hint, lay.px(0.032), P.MUTED, hint.width,
                                     height=hint.height, max_lines=lay.hint_lines), hint.topleft)


class Recorded:
    """Groups of parts (a coin, a card, the status lines, ...) recorded once per input:
    while a group's input is the same as the last frame's, ``parts`` hands the same
    command lists again. Cleared when the layout changes."""

    def __init__(self, ink: Callable[[pygame.Surface], pygame.Rect]) -> None:
        self._ink = ink
        self._last: dict[Hashable, tuple[object, dict[Hashable, list[tuple]]]] = {}

    def clear(self) -> None:
        self._last.clear()

    def parts(self, group: Hashable, key: object,
              record: Callable[[Pen], None]) -> dict[Hashable, list[tuple]]:
        """The parts ``record(pen)`` records for ``key``; recorded again only when
        ``key`` differs from the last one of ``group``."""
        last = self._last.get(group)
        if last is not None and last[0] == key:
            return last[1]
        pen = Pen(self._ink)
        record(pen)
        self._last[group] = (key, pen.parts)
        return pen.parts
