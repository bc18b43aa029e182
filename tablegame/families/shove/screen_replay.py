"""The last shove replayed on the Shove screen (issue 31): the board as it was, every
coin's path from the physics check's fit drawn on it, the coins sliding along them
slower than the shot was, and beside the board the words the check has for it ("Münze 3
läge 41 mm tiefer"); where the named coin lies now is ringed and numbered, a dashed line
to where it would lie.

Drawn only from the ``ShoveReplay`` the check computed beside the writer: a frame here
is the screen's own frame with the coins put where the replay has them, over a picture
of the paths made once per replay (``Painter`` redraws only the coins that moved)."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import pygame

from tablegame.core.sensors import CoinReading
from tablegame.display import palette as P
from tablegame.families.shove.view import ReplayView, ShoveReplay, ShoveView

LEAD = 0.8        # s the board is shown as it was before the shot coin sets off
SLOW = 4.0        # times slower than the shot: a 0.5 s shove takes 2 s, a hard one 5 s
SHORTEST = 2.0    # s the coins take to slide, at the least (a short shove is still seen)
HOLD = 6.0        # s the end stays, with the words, before the game comes back
PATH = (96, 40, 160)      # a path: violet, apart from the board's brown lines and the parties'
PATH_EDGE = P.CREAM       # under it, so it shows on wood and on a dark tile alike


def timing(replay: ShoveReplay) -> tuple[float, float]:
    """(s the coins slide on the screen, s the whole replay takes)."""
    slide = max(SHORTEST, replay.duration * SLOW)
    return slide, LEAD + slide + HOLD


def positions(replay: ShoveReplay, shot_time: float) -> tuple[CoinReading, ...]:
    """Where each coin is ``shot_time`` s into the shot (between two points of its path,
    on the straight line: a path has a point every 1/30 s)."""
    at = max(0.0, shot_time) / replay.interval
    k = int(at)
    out = []
    for path in replay.paths:
        if k + 1 >= len(path):
            x, y = path[-1]
        else:
            f = at - k
            (x0, y0), (x1, y1) = path[k], path[k + 1]
            x, y = x0 + f * (x1 - x0), y0 + f * (y1 - y0)
        out.append(CoinReading(x, y))
    return tuple(out)


class ReplayRun:
    """The replay on one ``ShoveScreen``: it starts when the view asks for it anew
    (``ReplayView.asked`` grows), runs for ``timing`` and ends earlier when the board
    changes (someone plays on) or another shove's replay comes."""

    def __init__(self, screen, clock: Callable[[], float]) -> None:
        self.screen, self.clock = screen, clock
        self._asked = 0
        self._run: tuple | None = None      # (replay, started, the coins then)
        self._shown = False                 # the last frame drawn was the replay's
        self._picture: tuple | None = None  # (replay, layout, the board with its paths)

    @property
    def running(self) -> bool:
        return self._run is not None

    def forget_pictures(self) -> None:
        self._picture = None

    def showing(self, view: ShoveView) -> bool:
        """Whether this frame is the replay's (and the painter told when that changes)."""
        asked, now = view.replay, self.clock()
        if asked is not None and asked.asked != self._asked:
            self._asked = asked.asked
            self._run = (asked.replay, now, view.coins) if asked.asked > 0 else None
        if self._run is not None:
            replay, started, coins = self._run
            if (asked is None or asked.replay is not replay or view.coins != coins
                    or now - started >= timing(replay)[1]):
                self._run = None
        if (self._run is not None) != self._shown:
            self._shown = self._run is not None
            self.screen.invalidate()
        return self._shown

    def draw(self, surface: pygame.Surface, lay, view: ShoveView) -> list[pygame.Rect] | None:
        """The replay's frame now: the screen's own parts, with the coins where the
        replay has them and its title and words in the status and message rows."""
        replay, started, _ = self._run
        asked: ReplayView = view.replay
        slide, _ = timing(replay)
        shot_time = (self.clock() - started - LEAD) / slide * replay.duration
        frame = replace(view, coins=positions(replay, shot_time), marked=(), status=asked.title,
                        message=asked.words, problem=None, winner=None, to_clear=0)
        screen = self.screen
        return screen._painter.paint(surface, self._board(surface, lay, replay),
                                     screen._record(lay, frame))

    def _board(self, like: pygame.Surface, lay, replay: ShoveReplay) -> pygame.Surface:
        """The board with the replay's paths, the named coin ringed where it lies and
        numbered, a dashed line to where it would lie: made once per replay and layout."""
        if self._picture is not None and self._picture[0] is replay and self._picture[1] is lay:
            return self._picture[2]
        screen = self.screen
        board = screen._static.copy()
        board.set_clip(lay.frame_rect)
        width = max(3, round(lay.board.coin_diameter * lay.scale * 0.14))   # of a coin
        for path in replay.paths:
            if len(path) > 1:
                points = [lay.to_screen(p) for p in path]
                pygame.draw.lines(board, PATH_EDGE, False, points, width + 2)
                pygame.draw.lines(board, PATH, False, points, width)
        start = replay.paths[-1][0] if replay.shot is not None else None
        if start is not None:   # where the shot coin set off, on the front edge
            pygame.draw.circle(board, PATH, lay.to_screen(start), width + 1)
        named = replay.named
        if named is not None:
            seen, would = lay.to_screen(named.seen), lay.to_screen(named.would)
            _dashed(board, P.PROBLEM, seen, would, width, dash=max(4, 3 * width))
            half = round(lay.board.coin_radius * lay.scale)
            ring = pygame.Rect(0, 0, 2 * (half + width), 2 * (half + width))
            ring.center = seen
            pygame.draw.rect(board, P.PROBLEM, ring, width=width, border_radius=half + 3)
            board.set_clip(None)
            self._number(board, lay, ring, would, named.number)
        board.set_clip(None)
        self._picture = (replay, lay, board)
        return board

    def _number(self, board: pygame.Surface, lay, ring: pygame.Rect, would, number: int) -> None:
        """The named coin's number on a cream label beside its ring, on the side away
        from where it would lie (the replayed coin comes to rest there), as big as the
        smallest text on the screen."""
        label = self.screen.text.line(str(number), 0, P.INK)
        pad = max(2, label.get_height() // 8)
        box = label.get_rect().inflate(2 * pad, 0)
        dx, dy = would[0] - ring.centerx, would[1] - ring.centery
        far = math.hypot(dx, dy)
        ux, uy = (-dx / far, -dy / far) if far > 1 else (1.0, 0.0)
        reach = ring.width / 2 + pad + max(box.width, box.height) / 2
        box.center = (round(ring.centerx + ux * reach), round(ring.centery + uy * reach))
        box.clamp_ip(lay.frame_rect)
        pygame.draw.rect(board, P.CREAM, box, border_radius=pad)
        pygame.draw.rect(board, P.PROBLEM, box, width=2, border_radius=pad)
        board.blit(label, label.get_rect(center=box.center))


def _dashed(surface: pygame.Surface, colour, a, b, width: int, dash: int) -> None:
    """A dashed straight line from ``a`` to ``b``."""
    length = math.dist(a, b)
    steps = max(1, int(length // dash))
    for i in range(0, steps, 2):
        f0, f1 = i / steps, min(1.0, (i + 1) / steps)
        p = (a[0] + f0 * (b[0] - a[0]), a[1] + f0 * (b[1] - a[1]))
        q = (a[0] + f1 * (b[0] - a[0]), a[1] + f1 * (b[1] - a[1]))
        pygame.draw.line(surface, colour, p, q, width)
