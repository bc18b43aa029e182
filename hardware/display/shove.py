"""The Shove screen: the board as the player sees it (portrait, front edge at the
bottom) with both parties' chalk boxes beside the beds, and a panel on the right
with the parties, the big status line, the last event and the banners.

All sizes follow the surface, so one layout serves 800x480 and 1920x1080."""
from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property

import pygame

from hardware.display.layout import Proportional, readable_px
from hardware.display import palette as P
from hardware.display.text import TextCache
from tablegame.boards.shove import ShoveBoard
from tablegame.views import PartyView, ShoveView

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
        p = self.panel
        gap = self.px(0.014)
        small = self.small_print(2)
        hint_h = small
        heights = {"header": small, "cards": self.px(0.2), "status": self.px(0.19),
                   "message": max(self.px(0.14), small),
                   "problem": max(self.px(0.13), small + 2 * self.px(0.01))}
        room = p.height - hint_h - gap * len(heights)
        shrink = min(1.0, room / sum(heights.values()))
        rows, y = {}, p.top
        for name, height in heights.items():
            rows[name] = pygame.Rect(p.left, y, p.width, int(height * shrink))
            y = rows[name].bottom + gap
        rows["hint"] = pygame.Rect(p.left, p.bottom - hint_h, p.width, hint_h)
        return rows

    def card(self, party: int) -> pygame.Rect:
        row = self.rows["cards"]
        gap = self.px(0.014)
        width = (row.width - gap) // 2
        return pygame.Rect(row.left + party * (width + gap), row.top, width, row.height)


class ShoveScreen:
    """Draws a ``ShoveView`` on any surface; remembers the last layout for
    ``to_screen`` / ``to_board``.

    Only what changed is drawn again: the dynamic parts of a frame (each coin, each
    chalk box, each card, each row of the panel) are recorded as drawing commands
    first; a part whose commands are the ones of the last frame stays on the surface,
    and a changed part is erased by restoring the static layer under the rectangles
    it drew over last time, then drawn anew, together with any part those rectangles
    touch. The picture is the one a full redraw would give, as long as nothing else
    draws on the surface between two frames; whoever does calls ``invalidate()``."""

    def __init__(self, text: TextCache | None = None) -> None:
        self.text = text or TextCache()
        self.layout: ShoveLayout | None = None
        self._static: pygame.Surface | None = None
        self._coin: pygame.Surface | None = None
        self._target: weakref.ref[pygame.Surface] | None = None  # the surface drawn last
        self._pieces: dict[Hashable, list[tuple]] = {}      # its parts' drawing commands
        self._drawn: dict[Hashable, list[pygame.Rect]] = {}  # and what they drew over
        self._chalk: dict[tuple, list[tuple]] = {}   # a chalk box's commands, per layout
        self._cards: dict[tuple, pygame.Surface] = {}  # a card as drawn, per layout

    def to_screen(self, pos: Point) -> tuple[int, int]:
        if self.layout is None:
            raise RuntimeError("nothing drawn yet: to_screen needs a layout")
        return self.layout.to_screen(pos)

    def to_board(self, pixel: tuple[float, float]) -> Point | None:
        return None if self.layout is None else self.layout.to_board(pixel)

    def invalidate(self) -> None:
        """The next ``draw`` draws everything: something else drew on the surface."""
        self._target = None

    def draw(self, surface: pygame.Surface, view: ShoveView) -> list[pygame.Rect] | None:
        """Draw ``view``; answers the rectangles that changed, or None when the whole
        surface was drawn (a new surface, size or board, or after ``invalidate``)."""
        layout = self._fit(surface, view.board)
        pieces = self._record(layout, view)
        if self._target is None or self._target() is not surface:
            surface.blit(self._static, (0, 0))
            self._drawn = {name: _run(surface, ops) for name, ops in pieces.items()}
            self._pieces, self._target = pieces, weakref.ref(surface)
            return None
        last, drawn = self._pieces, self._drawn
        changed = {name for name in pieces.keys() | last.keys()
                   if pieces.get(name) != last.get(name)}
        if not changed:
            return []
        # What the changed parts drew over and will draw over: the static layer comes
        # back there, so every part touching it is drawn again, in the frame's order.
        clip = surface.get_clip()
        touched = [rect for name in changed for rect in drawn.get(name, ())]
        touched += [rect for name in changed for rect in _bounds(pieces.get(name, ()), clip)]
        grown = True
        while grown:
            grown = False
            for name, rects in drawn.items():
                if name not in changed and any(r.collidelist(touched) >= 0 for r in rects):
                    changed.add(name)
                    touched += rects
                    grown = True
        dirty = []
        for name in changed:
            # a part that paints an opaque picture over all it drew before needs no
            # static layer under it first (a card: half of a turn's change, profiled)
            covers = [pygame.Rect(op[2], op[3][2:]) for op in pieces.get(name, ()) if op[0] == "cover"]
            for rect in drawn.pop(name, ()):
                if not any(cover.contains(rect) for cover in covers):
                    surface.blit(self._static, rect, rect)
                dirty.append(rect)
        for name, ops in pieces.items():
            if name in changed:
                drawn[name] = _run(surface, ops)
                dirty += drawn[name]
        self._pieces = pieces
        return dirty

    # --- what changes only with the surface size or the board -----------------------------
    def _fit(self, surface: pygame.Surface, board: ShoveBoard) -> ShoveLayout:
        size = surface.get_size()
        if self.layout is None or self.layout.size != size or self.layout.board != board:
            self.layout = ShoveLayout(size, board)
            self.text.floor_px = readable_px(size)
            self._static = self._render_static(surface, self.layout)
            self._coin = _coin_sprite(round(board.coin_diameter * self.layout.scale))
            self._target = None
            self._chalk.clear()
            self._cards.clear()
        return self.layout

    def _render_static(self, like: pygame.Surface, lay: ShoveLayout) -> pygame.Surface:
        static = pygame.Surface(lay.size, 0, like)
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
        """The frame's dynamic parts as drawing commands, in drawing order."""
        pen = _Pen(self.text.ink)
        self._draw_coins(pen, lay, view)
        for party, pv in enumerate(view.parties):
            self._draw_chalk(pen, lay, party, pv, view.target)
            pen.part(("card", party))
            self._draw_card(pen, lay, party, pv, view)
        self._draw_panel(pen, lay, view)
        return pen.parts

    def _draw_coins(self, pen: _Pen, lay: ShoveLayout, view: ShoveView) -> None:
        b = lay.board
        r = b.coin_radius
        half = self._coin.get_width() // 2
        # a coin off the surface shows where it left, in the frame
        for i, coin in enumerate(view.coins):
            x = min(max(coin.x, -b.frame + r), b.width + b.frame - r)
            y = min(max(coin.y, -b.frame + r), b.length + b.frame - r)
            cx, cy = lay.to_screen((x, y))
            pen.part(("coin", i))
            pen.blit(self._coin, (cx - half, cy - half), clip=lay.frame_rect)
        # a red ring where a coin lay that moved without being hit
        for i, (x, y) in enumerate(view.marked):
            cx, cy = lay.to_screen((x, y))
            pen.part(("moved", i))
            ring = pygame.Rect(cx - half - 3, cy - half - 3, 2 * half + 6, 2 * half + 6)
            pen.rect(P.PROBLEM, ring, width=3, border_radius=half + 3)

    def _draw_chalk(self, pen: _Pen, lay: ShoveLayout, party: int,
                    pv: PartyView, target: int) -> None:
        for bed in range(1, lay.board.beds + 1):
            pen.part(("chalk", party, bed))
            marks = min(pv.marks[bed - 1] if bed <= len(pv.marks) else 0, target)
            key = (party, bed, marks, target)
            ops = self._chalk.get(key)
            if ops is None:   # the same few boxes come again and again: record each once
                box_pen = _Pen(self.text.ink)
                box_pen.part(key)
                self._draw_chalk_box(box_pen, lay, party, bed, marks, target)
                ops = self._chalk[key] = box_pen.parts[key]
            pen.extend(ops)

    def _draw_chalk_box(self, pen: _Pen, lay: ShoveLayout, party: int, bed: int,
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

    def _draw_card(self, pen: _Pen, lay: ShoveLayout, party: int,
                   pv: PartyView, view: ShoveView) -> None:
        """A party's card, drawn once per look as an opaque picture (with the static
        layer in its rounded corners): a change of turn is one blit per card."""
        card = lay.card(party)
        key = (party, pv, view.target)
        picture = self._cards.get(key)
        if picture is None:
            if len(self._cards) >= 16:   # a game shows a handful; a new game, new names
                self._cards.clear()
            picture = self._cards[key] = self._static.subsurface(card).copy()
            self._paint_card(_Painter(picture, card.topleft), lay, party, pv, view)
        pen.cover(picture, card.topleft)

    def _paint_card(self, paint: _Painter, lay: ShoveLayout, party: int,
                    pv: PartyView, view: ShoveView) -> None:
        card = lay.card(party)
        radius = lay.px(0.015)
        colour = P.PARTY[party]
        if pv.at_turn:
            paint.rect(colour, card, border_radius=radius)
            ink, soft = P.INK, P.INK
        else:
            paint.rect(P.CARD, card, border_radius=radius)
            paint.rect(colour, card, width=max(2, lay.px(0.004)), border_radius=radius)
            ink, soft = P.CREAM, P.MUTED
        pad = lay.px(0.018)
        inner = card.inflate(-2 * pad, -2 * pad)
        beds = lay.board.beds
        total = sum(min(m, view.target) for m in pv.marks[:beds])
        score = self.text.line(f"{total}/{view.target * beds}", lay.px(0.05), ink)
        paint.blit(score, score.get_rect(bottomright=inner.bottomright))
        # the name may take two lines beside the score; then there is no room for who shoves
        # next (the status line names the one at turn)
        name = self.text.block(pv.name, lay.px(0.06), ink, inner.width - score.get_width() - pad,
                               min_px=lay.px(0.03), max_lines=2,
                               height=inner.height - (0 if not pv.player else lay.px(0.05)))
        paint.blit(name, inner.topleft)
        y = inner.top + name.get_height() + lay.px(0.008)
        for line, px in ((pv.player, 0.042), (pv.score_line, 0.036)):
            if line and y + readable_px(lay.size) <= inner.bottom:
                width = inner.width - (score.get_width() + pad if line is pv.score_line else 0)
                text = self.text.block(line, lay.px(px), soft, width)
                paint.blit(text, (inner.left, y))
                y += text.get_height() + lay.px(0.006)

    def _draw_panel(self, pen: _Pen, lay: ShoveLayout, view: ShoveView) -> None:
        rows, text = lay.rows, self.text
        header = rows["header"]
        pen.part("header")
        title = text.block(view.title, lay.px(0.04), P.CREAM, header.width)
        pen.blit(title, header.topleft)
        pen.part("link")   # "Brett verbunden" / "Brett fehlt: Kabel prüfen"
        link = text.block(view.link, lay.px(0.034), P.MUTED, header.width)
        pen.blit(link, link.get_rect(bottomleft=header.bottomleft))
        # line by line: a counted coin changes "noch 4 Münzen" and leaves the line
        # above as it was (the status line is the frame's biggest change, profiled)
        status, message = rows["status"], rows["message"]
        if view.winner:   # the game is over: the result takes the status line's place
            pen.part("winner")
            self._banner(pen, lay, status, view.winner, P.WINNER, P.INK, 0.07)
        else:
            _lines(pen, "status", status.topleft, text.lines(
                view.status, lay.px(0.085), P.CREAM, status.width, height=status.height,
                max_lines=2))
        if view.problem:   # what is wrong matters more than the last event: it takes its row too
            pen.part("problem")
            self._banner(pen, lay, rows["message"].union(rows["problem"]), view.problem,
                         P.PROBLEM, P.CREAM, 0.05, max_lines=4)
        else:
            _lines(pen, "message", message.topleft, text.lines(
                view.message, lay.px(0.046), P.MUTED, message.width, height=message.height,
                max_lines=3))
        if view.hint:
            pen.part("hint")
            hint = rows["hint"]
            pen.blit(text.block(view.hint, lay.px(0.032), P.MUTED, hint.width, height=hint.height,
                                max_lines=2), hint.topleft)

    def _banner(self, pen: _Pen, lay: ShoveLayout, rect: pygame.Rect,
                words: str, fill, ink, px: float, max_lines: int = 2) -> None:
        pen.rect(fill, rect, border_radius=lay.px(0.015))
        pad = lay.px(0.01)
        inner = rect.inflate(-2 * pad, -2 * pad)
        block = self.text.block(words, lay.px(px), ink, inner.width, height=inner.height,
                                max_lines=max_lines, align="center")
        pen.blit(block, block.get_rect(center=inner.center))


class _Pen:
    """Records drawing commands instead of drawing them, grouped in named parts.

    Two commands are equal when they would draw the same pixels: sources are
    compared by identity (the text cache and the coin sprite hand out the same
    surface for the same picture, and a recorded command keeps its source alive)."""

    def __init__(self, ink: Callable[[pygame.Surface], pygame.Rect]) -> None:
        self.parts: dict[Hashable, list[tuple]] = {}
        self._ink = ink   # the part of a source worth blitting (text blocks are mostly air)
        self._ops: list[tuple] | None = None   # commands before a part() fail loudly

    def part(self, name: Hashable) -> None:
        """The commands from here on belong to the part ``name``."""
        self._ops = self.parts.setdefault(name, [])

    def extend(self, ops: list[tuple]) -> None:
        self._ops.extend(ops)

    def fill(self, colour, rect: pygame.Rect) -> None:
        self._ops.append(("fill", tuple(colour), tuple(rect)))

    def rect(self, colour, rect: pygame.Rect, width: int = 0, border_radius: int = 0) -> None:
        self._ops.append(("rect", tuple(colour), tuple(rect), width, border_radius))

    def cover(self, source: pygame.Surface, dest) -> None:
        """Blit an opaque ``source`` that hides whatever lay under it."""
        self._ops.append(("cover", source, tuple(dest), tuple(source.get_rect()), None))

    def blit(self, source: pygame.Surface, dest, clip: pygame.Rect | None = None) -> None:
        area = self._ink(source)
        self._ops.append(("blit", source, (dest[0] + area.x, dest[1] + area.y), tuple(area),
                          None if clip is None else tuple(clip)))


def _lines(pen: _Pen, name: str, topleft: tuple[int, int], lines) -> None:
    """A text block's lines as parts of their own, ``(name, 0)``, ``(name, 1)``, ..."""
    for i, (line, (x, y)) in enumerate(lines):
        pen.part((name, i))
        pen.blit(line, (topleft[0] + x, topleft[1] + y))


class _Painter:
    """Draws at once on ``surface``, a picture of the screen's part at ``origin``:
    takes the pen's commands in screen coordinates."""

    def __init__(self, surface: pygame.Surface, origin: tuple[int, int]) -> None:
        self._surface, self._origin = surface, origin

    def _at(self, rect) -> pygame.Rect:
        return pygame.Rect(rect).move(-self._origin[0], -self._origin[1])

    def rect(self, colour, rect: pygame.Rect, width: int = 0, border_radius: int = 0) -> None:
        pygame.draw.rect(self._surface, colour, self._at(rect), width, border_radius=border_radius)

    def blit(self, source: pygame.Surface, dest) -> None:
        self._surface.blit(source, (dest[0] - self._origin[0], dest[1] - self._origin[1]))


def _run(surface: pygame.Surface, ops: list[tuple]) -> list[pygame.Rect]:
    """Draw recorded commands; answers the rectangles they drew over (none empty)."""
    drawn = []
    for op in ops:
        kind = op[0]
        if kind == "fill":
            rect = surface.fill(op[1], op[2])
        elif kind == "rect":
            rect = pygame.draw.rect(surface, op[1], op[2], op[3], border_radius=op[4])
        elif op[4] is None:
            rect = surface.blit(op[1], op[2], op[3])
        else:
            old_clip = surface.get_clip()
            surface.set_clip(old_clip.clip(op[4]))
            rect = surface.blit(op[1], op[2], op[3])
            surface.set_clip(old_clip)
        if rect.width and rect.height:
            drawn.append(rect)
    return drawn


def _bounds(ops: list[tuple], clip: pygame.Rect) -> list[pygame.Rect]:
    """Where recorded commands may draw, found without drawing them."""
    bounds = []
    for op in ops:
        if op[0] in ("blit", "cover"):
            rect = pygame.Rect(op[2], op[3][2:])
            if op[4] is not None:
                rect = rect.clip(op[4])
        else:
            rect = pygame.Rect(op[2])
        bounds.append(rect.clip(clip))
    return bounds


def _coin_sprite(diameter: int) -> pygame.Surface:
    """A copper coin with a dark rim; its centre pixel is exactly ``COIN``."""
    diameter = max(4, diameter | 1)   # odd, so there is a centre pixel
    sprite = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
    r = diameter // 2
    pygame.draw.circle(sprite, P.COIN_RIM, (r, r), r)
    pygame.draw.circle(sprite, P.COIN, (r, r), max(1, r - max(1, round(diameter * 0.09))))
    return sprite.convert_alpha() if pygame.display.get_surface() else sprite
