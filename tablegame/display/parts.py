"""Drawing only what changed, for the screens that want it (Shove, Carrom).

A screen records each frame's dynamic parts as drawing commands with a ``Pen`` (each
coin, each card, each row of a panel, one named part each); ``Painter.paint`` compares
them with the last frame's: a part whose commands are the same stays on the surface, a
changed part is erased by restoring the static layer under the rectangles it drew over
last time, then drawn anew, together with any part those rectangles touch; an opaque
picture (``Pen.cover``) needs no static layer restored under it. The picture is the one
a full redraw would give, as long as nothing else draws on the surface between two
frames; whoever does calls ``invalidate()``."""
from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from tablegame.display import palette as P


class PaintedScreen:
    """What a screen drawn by a ``Painter`` shares: its last layout (with ``to_screen``
    and ``to_board``) answers the hit tests, and ``invalidate`` reaches the painter."""

    layout = None
    _painter: Painter

    def to_screen(self, pos: tuple[float, float]) -> tuple[int, int]:
        if self.layout is None:
            raise RuntimeError("nothing drawn yet: to_screen needs a layout")
        return self.layout.to_screen(pos)

    def to_board(self, pixel: tuple[float, float]) -> tuple[float, float] | None:
        return None if self.layout is None else self.layout.to_board(pixel)

    def invalidate(self) -> None:
        """The next ``draw`` draws everything: something else drew on the surface."""
        self._painter.invalidate()


def banner(pen: Pen, text, lay, rect: pygame.Rect, words: str, fill, ink, px: float,
           min_px: float | None = None, max_lines: int = 2) -> None:
    """A coloured box with ``words`` centred in it, on ``max_lines`` lines at most (``px``
    and ``min_px`` as fractions of the surface height, ``lay.px``)."""
    pen.rect(fill, rect, border_radius=lay.px(0.015))
    pad = lay.px(0.01)
    inner = rect.inflate(-2 * pad, -2 * pad)
    block = text.block(words, lay.px(px), ink, inner.width, height=inner.height,
                       max_lines=max_lines, align="center",
                       min_px=None if min_px is None else lay.px(min_px))
    pen.blit(block, block.get_rect(center=inner.center))


def line_parts(pen: Pen, name: str, topleft: tuple[int, int], placed,
               pictures: Pictures | None = None, static: pygame.Surface | None = None) -> None:
    """A text block's lines (``TextCache.lines``) as parts of their own, ``(name, 0)``,
    ``(name, 1)``, ...: a changed line ("noch 3 Münzen") is redrawn alone. With
    ``pictures``, each line is kept as an opaque picture on ``static`` (``Pictures.line``)
    and copied, not blended, where nothing else is drawn under it: from its second
    showing; the first blends it, and the picture is made between frames."""
    for i, (line, (x, y)) in enumerate(placed):
        pen.part((name, i))
        at = (topleft[0] + x, topleft[1] + y)
        picture = None if pictures is None else pictures.line(line, at, static)
        if picture is None:
            pen.blit(line, at)
        else:
            pen.cover(*picture)


def party_card(pen: Pen, lay, rect: pygame.Rect, party: int, at_turn: bool) -> tuple:
    """A party's card: filled in its colour while at turn, else outlined; answers the
    (ink, soft ink) to write on it."""
    radius = lay.px(0.015)
    colour = P.PARTY[party]
    if at_turn:
        pen.rect(colour, rect, border_radius=radius)
        return P.INK, P.INK
    pen.rect(P.CARD, rect, border_radius=radius)
    pen.rect(colour, rect, width=max(2, lay.px(0.004)), border_radius=radius)
    return P.CREAM, P.MUTED


# An opaque picture holding at least this many pixels of a damaged rectangle (and a
# quarter of it) splits it: the static layer is restored around the picture, not under
# it. Below, the copy saved costs less than the rectangles' extra calls (measured: it
# pays at 1920x1080, where a line of the status is 40,000 pixels, not at 800x480).
SPLIT_PX = 16_000


class Painter:
    """Remembers what the last frame drew on which surface."""

    def __init__(self) -> None:
        self._target: weakref.ref[pygame.Surface] | None = None  # the surface drawn last
        self._parts: dict[Hashable, list[tuple]] = {}       # its parts' drawing commands
        self._drawn: dict[Hashable, list[pygame.Rect]] = {}  # and what they drew over

    def invalidate(self) -> None:
        """The next ``paint`` draws everything: something else drew on the surface."""
        self._target = None

    def paint(self, surface: pygame.Surface, static: pygame.Surface,
              parts: dict[Hashable, list[tuple]]) -> list[pygame.Rect] | None:
        """Bring ``surface`` to ``static`` with ``parts`` drawn over it; answers the
        rectangles that changed, or None when the whole surface was drawn (a new
        surface, or after ``invalidate``)."""
        if self._target is None or self._target() is not surface:
            surface.blit(static, (0, 0))
            self._drawn = {name: run(surface, ops) for name, ops in parts.items()}
            self._parts, self._target = parts, weakref.ref(surface)
            return None
        last, drawn = self._parts, self._drawn
        # the same list (a part recorded once, handed again) is unchanged at a glance
        changed = {name for name, ops in parts.items()
                   if (before := last.get(name)) is not ops and before != ops}
        changed.update(name for name in last if name not in parts)
        if not changed:
            return []
        # Where the picture may differ from the last frame: under what the changed parts
        # drew and will draw. Each such rectangle gets the static layer back and every
        # part reaching into it is drawn again there, clipped to it, in the frame's
        # order: the pixels a full redraw gives. A neighbour that reaches in is drawn
        # only there, not whole (whole, its own neighbours had to follow: one moved
        # Carrom man redrew all 19 touching pieces of the set-up).
        clip = surface.get_clip()
        damage = [rect for name in changed for rect in drawn.pop(name, ())]
        for name in changed & parts.keys():
            drawn[name] = [rect for rect in bounds(parts[name], clip) if rect.width and rect.height]
            damage += drawn[name]
        damage = merged(damage)
        names = list(parts)
        flat, owner, covers = [], [], {}
        for i, name in enumerate(names):
            rects = drawn.get(name)
            if rects:
                flat += rects
                owner += [i] * len(rects)

        def covering(i: int) -> list[pygame.Rect]:
            """The opaque pictures of part ``i``: looked for only in the parts a damaged
            rectangle reaches (scanning every command of every part each frame was a
            tenth of a Shove frame, profiled)."""
            if i not in covers:
                covers[i] = [pygame.Rect(op[2], op[3][2:]) for op in parts[names[i]]
                             if op[0] == "cover"]
            return covers[i]

        def repaint(area: pygame.Rect, split: bool) -> None:
            reach = sorted({owner[j] for j in area.collidelistall(flat)})
            # an opaque picture holding the whole rectangle hides all drawn before it,
            # the static layer too (a card: half of a turn's change, profiled)
            top, part_cover = None, None
            for i in reversed(reach):
                for cover in covering(i):
                    if cover.contains(area):
                        top = i
                        break
                    if split and part_cover is None and cover.colliderect(area):
                        part_cover = cover
                if top is not None:
                    break
            if top is None and part_cover is not None:
                # one holding much of it (a line of text where a longer or lower one was):
                # the static layer is restored only around it, not under it too (a turn's
                # end at 1920x1080: 230,000 pixels restored and then covered, profiled)
                inner = area.clip(part_cover)
                if inner.width * inner.height >= max(SPLIT_PX, area.width * area.height // 4):
                    for piece in _around(area, inner):
                        repaint(piece, False)
                    return repaint(inner, False)
            if top is None:
                surface.blit(static, area, area)
            else:
                reach = [i for i in reach if i >= top]
            surface.set_clip(area)
            for i in reach:
                run(surface, parts[names[i]])
            surface.set_clip(clip)
        for area in damage:
            repaint(area, True)
        self._parts = parts
        return damage


def _around(area: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """``area`` without ``inner`` (a rectangle inside it), as up to four rectangles."""
    pieces = [pygame.Rect(area.left, area.top, area.width, inner.top - area.top),
              pygame.Rect(area.left, inner.bottom, area.width, area.bottom - inner.bottom),
              pygame.Rect(area.left, inner.top, inner.left - area.left, inner.height),
              pygame.Rect(inner.right, inner.top, area.right - inner.right, inner.height)]
    return [piece for piece in pieces if piece.width > 0 and piece.height > 0]


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` without the empty ones, overlapping ones joined where their union is
    no larger than the two apart (a moved piece: where it was and where it is); what
    is left may still overlap, and the painter draws each whole, so that is no harm."""
    out: list[pygame.Rect] = []
    for rect in rects:
        if not (rect.width and rect.height):
            continue
        joined = True
        while joined:
            joined = False
            for i in rect.collidelistall(out):
                other, union = out[i], rect.union(out[i])
                if union.width * union.height <= rect.width * rect.height + other.width * other.height:
                    del out[i]
                    rect, joined = union, True
                    break
        out.append(rect)
    return out


class Pen:
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


def run(surface: pygame.Surface, ops: list[tuple], offset: tuple[int, int] = (0, 0)) -> list[pygame.Rect]:
    """Draw recorded commands, moved by ``offset`` (onto a picture of a part alone);
    answers the rectangles they drew over (none empty)."""
    dx, dy = offset
    drawn = []
    for op in ops:
        kind = op[0]
        if kind == "fill":
            rect = surface.fill(op[1], pygame.Rect(op[2]).move(dx, dy))
        elif kind == "rect":
            rect = pygame.draw.rect(surface, op[1], pygame.Rect(op[2]).move(dx, dy), op[3],
                                    border_radius=op[4])
        elif op[4] is None:
            rect = surface.blit(op[1], (op[2][0] + dx, op[2][1] + dy), op[3])
        else:
            old_clip = surface.get_clip()
            surface.set_clip(old_clip.clip(pygame.Rect(op[4]).move(dx, dy)))
            rect = surface.blit(op[1], (op[2][0] + dx, op[2][1] + dy), op[3])
            surface.set_clip(old_clip)
        if rect.width and rect.height:
            drawn.append(rect)
    return drawn


def bounds(ops: list[tuple], clip: pygame.Rect) -> list[pygame.Rect]:
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


class Pictures:
    """Parts drawn once per look and kept as opaque pictures, each with the static layer
    in its rounded corners (a party's card: the cards change with every turn, and one
    ``Pen.cover`` of a picture is cheaper than their shapes and texts). Cleared when
    the layout changes."""

    def __init__(self, ink: Callable[[pygame.Surface], pygame.Rect], keep: int = 16) -> None:
        self._ink, self._keep = ink, keep
        self._pictures: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._later: dict[Hashable, tuple] = {}   # lines to make pictures of (``idle``)

    def clear(self) -> None:
        self._pictures.clear()
        self._later.clear()

    def __contains__(self, key: Hashable) -> bool:
        return key in self._pictures

    def get(self, key: Hashable, static: pygame.Surface, rect: pygame.Rect,
            draw: Callable[[Pen], None]) -> pygame.Surface:
        """The picture of ``rect`` for ``key``; ``draw(pen)`` records it in screen
        coordinates the first time."""
        picture = self._pictures.get(key)
        if picture is not None:
            self._pictures.move_to_end(key)
        else:
            # the least recently shown goes, not all: a frame's unchanged cards and lines
            # stay the same pictures (a cleared cache made them anew, and the painter
            # then drew them again as changed parts: a whole card at a turn's end)
            if len(self._pictures) >= self._keep:
                self._pictures.popitem(last=False)
            pen = Pen(self._ink)
            pen.part("picture")
            draw(pen)
            picture = _piece_of(static, rect)
            run(picture, pen.parts["picture"], offset=(-rect.x, -rect.y))
            self._pictures[key] = picture
        return picture


    def line(self, source: pygame.Surface, at: tuple[int, int],
             static: pygame.Surface) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """A text line blitted at ``at`` as an opaque picture of its ink on ``static``,
        and where it goes: the same pixels as the line blended onto the static layer,
        where no other part is drawn under it (the status and message lines of a frame:
        an alpha blend of each changed line was 3-7 times a copy of it, measured). None
        the first time: the caller blends it, and the picture is made by ``idle``, not
        in the frame that first shows a new line (a new surface and the static layer
        copied into it cost more than the blend, once: the first turn's frames at
        1920x1080 cost 30 % more than at 6e03dd5, which blended every line; issue 30)."""
        ink = self._ink(source)
        rect = pygame.Rect(at[0] + ink.x, at[1] + ink.y, ink.width, ink.height)
        picture = self.later((source, rect.topleft), static, rect, lambda pen: pen.blit(source, at))
        return None if picture is None else (picture, rect.topleft)

    def later(self, key: Hashable, static: pygame.Surface, rect: pygame.Rect,
              draw: Callable[[Pen], None]) -> pygame.Surface | None:
        """As ``get``, but a picture not made yet is made by a later ``idle``, between
        frames: None now, and the caller draws the part as ``draw`` records it."""
        if key in self._pictures:
            return self.get(key, static, rect, draw)
        self._later[key] = (static, rect, draw)
        if len(self._later) > self._keep:   # a table too busy to idle: the oldest wait no more
            del self._later[next(iter(self._later))]
        return None

    def idle(self) -> bool:
        """Make one picture that a frame drew without it; False when there is none to
        make. The newest first: an older one may be gone from the screen."""
        if not self._later:
            return False
        key, (static, rect, draw) = self._later.popitem()
        self.get(key, static, rect, draw)
        return True


def opaque_surface(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A surface of ``size`` in ``like``'s format, for a picture copied opaque onto the
    screen (the static layer, a card, a line): its rows are never a multiple of 16 bytes
    apart (a row of spare pixels beyond ``size`` where they would be). SDL on x86 copies
    a rectangle whose rows start and step on 16 bytes in source and screen with
    streaming stores, which on the development machine (a virtual machine) took 5-12
    times as long: a card at 1920x1080 (420x216) 132 against 11 us, the panel's static
    layer 669 against 450 us (measured; the Pi's ARM build of SDL has no such path)."""
    width, height = max(0, size[0]), max(0, size[1])
    # the spare pixels foreseen from the row's bytes, not found after making the surface
    # once too often: making one is mostly the kernel's fresh zeroed pages (a line at
    # 1920x1080, 1500x95, 290 us hot), and a quarter of all widths needed the spare
    # (a card at 1920x1080 did), so made it twice (issue 30)
    spare = 1 if width and width * like.get_bytesize() % 16 == 0 else 0
    while True:
        surface = pygame.Surface((width + spare, height), 0, like)
        if not width or surface.get_pitch() % 16:
            break
        spare += 1   # a format whose rows SDL pads to 16 bytes all the same
    return surface.subsurface((0, 0, width, height)) if spare else surface


def _piece_of(static: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
    """A copy of ``rect`` of ``static`` (an ``opaque_surface``). On a surface of an odd
    shape (very tall, very narrow) a layout may squeeze a part past the edge or to
    nothing: the part is cut there (black where it lies off the surface) rather than the
    frame failing."""
    inside = rect.clip(static.get_rect())
    picture = opaque_surface(rect.size, static)
    if inside:
        picture.blit(static, (inside.x - rect.x, inside.y - rect.y), inside)
    return picture


def disc_sprite(diameter: int, rim, fill, rim_fraction: float) -> pygame.Surface:
    """A round piece (coin, man) with a rim ``rim_fraction`` of its diameter wide; its
    centre pixel is exactly ``fill``."""
    diameter = max(5, diameter | 1)   # odd, so there is a centre pixel
    sprite = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
    r = diameter // 2
    pygame.draw.circle(sprite, rim, (r, r), r)
    pygame.draw.circle(sprite, fill, (r, r), max(1, r - max(1, round(diameter * rim_fraction))))
    return sprite.convert_alpha() if pygame.display.get_surface() else sprite
