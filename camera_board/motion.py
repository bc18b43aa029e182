"""From one sighting per frame to the protocol's messages: moving snapshots while
anything moves, one settled snapshot once nothing has moved for the settle time, and
on a pocket board the stroke's events: started as it happens, pocketed once the
stroke has settled and the settled board bears the pocketing out.

It never settles on a frame it is unsure of: a hand over the board, a frame too dark
or a patch it cannot explain each start the settle time again. When the camera has
not seen the board for ``BLIND_AFTER`` s it says so, once, as a sensor fault."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace

from camera_board.detect import Found, Sighting
from camera_board.words import doubt
from tablegame.core.sensors import (BoardSnapshot, CoinReading, PiecePocketed, PieceReading,
                               PiecesSnapshot, StrokeStarted)

MOVE = 1.0          # mm from where it lay when the board last moved: moving (the firmware's 0.5 mm
                    # is below a camera's frame-to-frame jitter of up to 0.7 mm on a touching piece)
SETTLE = 0.3        # s without movement before the board is settled
DRIFT = 0.6         # mm a piece's least-squares track carries it over the settle time: still moving
                    # (a piece creeping at 3 mm/s stays within MOVE of the anchor's frame, but its
                    # trend shows). Jitter of up to 0.15 mm a side cannot fake it at 30 frames/s or less;
                    # on the tuning shots it did not delay a settled report (docs/camera.md)
TREND_FRAMES = 6    # frames a trend needs: fewer (under 20 frames/s in the settle time) and one
                    # jittery piece fakes a drift (seen at 10 frames/s in the end-to-end test)
SETTLE_FAST = 0.25   # s: the settle time when the frames come fast (6 frames in it: 24 a second and up)
RATE_FRAMES = 10     # frames whose spacing says the rate
SPIKE = 2.0          # mm a followed piece may jump in one frame and be taken for still (``_steadied``)
AGREE = 3.0          # mm a piece followed quickly may lie from its full reading
READ_AFTER = 0.1     # s the board lies still (and 2 frames at least) before its full read is made: the
                     # read runs while the settle time goes on (a Pi 5 takes 0.2 to 0.5 s for it), and
                     # the settled board is reported once the settle time is over, if nothing moved
READ_FRAMES = 2      # frames after the last movement the full read waits for (the camera board reads
                     # their mean: one frame's read is not a steady place, a video file's JPEG put a
                     # still coin 0.4 to 1.1 mm off frame by frame; tests/test_camera_video.py)
BLIND_AFTER = 1.0   # s without a good frame before "camera cannot see the board"
TOP_SPEED = 9000.0  # mm/s: the fastest a piece moves (a hard flicked striker is about 7 m/s)
HAND_REACH = 10.0   # mm a man may be moved by the hand that sets the striker, not by a stroke


@dataclass(frozen=True)
class Fault:
    """ERROR 4 (sensor fault), in words."""
    text: str


@dataclass
class Watcher:
    """Feed ``see(time, sighting)``; it returns what the board sends for that frame."""
    game: str                                   # "shove" or "carrom"
    pockets: tuple[tuple[float, float, float], ...] = ()
    settle: float = SETTLE
    last: tuple[Found, ...] | None = None       # the last good frame
    last_at: float = 0.0
    anchor: tuple[Found, ...] | None = None     # the pieces when the board last moved
    settled: tuple[Found, ...] | None = None    # the last settled report
    moved_at: float = -math.inf
    good_at: float | None = None
    blind_said: bool = False
    in_stroke: bool = False
    stroke_from: tuple[Found, ...] = ()         # the settled board the stroke started from
    gone_in_stroke: list = field(default_factory=list)   # (piece, pocket): seen going in the stroke
    behind_hand: bool = False                   # a hand seen since the last good frame
    window: list = field(default_factory=list)  # (time, pieces) of the good frames since the board last
                                                # moved, within the settle time
    full_reads: bool = False                    # frames are followed quickly and the settled board is
                                                # read in full when asked (``wants_full``, ``settle_on``)
    wants_full: bool = False                    # the board lies still: read this frame in full
    confirmed: tuple | None = None              # the anchor a full read bore out
    retry_at: float = -math.inf                 # a full read that doubted: the next not before this
    doubt: str | None = None                    # what the last full read doubted (None: nothing)
    held: tuple | None = None                   # (anchor, pieces): the clean full read of the still board,
                                                # waiting for the settle time to be over
    intervals: list = field(default_factory=list)   # seconds between the last frames (the rate)
    frame_at: float | None = None
    settle_fixed: bool = False                  # the settle time given, not from the rate
    recent: list = field(default_factory=list)  # the last good frames' pieces followed (``_steadied``)

    def see(self, now: float, sighting: Sighting) -> list:
        """A frame (with ``full_reads``, followed quickly): what the board sends for it."""
        if self.full_reads:
            if self.frame_at is not None and not self.settle_fixed:
                self.intervals = (self.intervals + [now - self.frame_at])[-RATE_FRAMES:]
                self.settle = settle_time(self.intervals)
            self.frame_at = now
        if sighting.problem is not None:
            return self._unsure(now, sighting)
        out = []
        if not self.full_reads or not self._waiting(now):
            self.good_at, self.blind_said = now, False
        pieces = sighting.pieces
        if self.behind_hand:
            self.behind_hand = False
            if not self._stroke_behind_hand(pieces):
                self.last = None     # the hand set the striker or put pieces back: no stroke
        if self.last is not None and self.game == "carrom":
            reach = TOP_SPEED * max(now - self.last_at, 1 / 30)
            out += self._stroke_events(pieces, *_match(self.last, pieces, reach))
        steady = self._steadied(pieces) if self.full_reads else pieces
        if self.anchor is None or _differs(self.anchor, steady):   # measured from the anchor, so a
            self._moved(now, steady)                                # creeping coin counts as moving
        else:
            self.window = [(t, p) for t, p in self.window if now - t <= self.settle + 1e-9] + [(now, steady)]
        self.last, self.last_at = pieces, now
        quiet = now - self.moved_at >= self.settle
        due = quiet and self._may_be_due(pieces)
        if due and _drift(self.window) > DRIFT:    # within MOVE of the anchor, yet on its way
            self._moved(now, steady)
            quiet = due = False
        if not quiet:
            out.append(self._snapshot(pieces, False))
            if self.full_reads and self._may_be_due(pieces):     # read it in full meanwhile
                self.wants_full = (now - self.moved_at >= READ_AFTER and len(self.window) >= READ_FRAMES
                                   and not self._held() and now >= self.retry_at)
        elif due and self.full_reads:
            if self._held():
                out += self._report(now)
            else:
                self.wants_full = self.anchor is not self.confirmed and now >= self.retry_at
        elif due:
            if self.in_stroke:
                out += self._pocketed(pieces)
            self.settled = pieces                   # a stroke always ends in a settled board,
            self.in_stroke = False                  # even one the same as before it
            out.append(self._snapshot(pieces, True))
        return out

    def settle_on(self, now: float, full: Sighting) -> list:
        """The full read ``see`` asked for (``wants_full``: the board has lain still for
        ``READ_AFTER``, or for the settle time): kept when it is sure and bears out what was
        followed, and the settled board reported once the settle time is over with nothing
        moved; else nothing, and another look after a settle time (ERROR 4 once it has doubted
        for ``BLIND_AFTER``)."""
        self.wants_full = False
        if full.problem is not None:
            self.retry_at = now + self.settle
            if full.hand:
                self.anchor, self.behind_hand, self.good_at = None, True, now
                return []
            return self._doubted(now, full.problem)
        pieces = full.pieces
        if self.last is None or not _agrees(self.last, pieces):    # the quick look was wrong, or it moved
            self.retry_at = now + self.settle
            return self._doubted(now, doubt("differ"))
        self.held = (self.anchor, pieces)
        self.doubt, self.good_at, self.blind_said = None, now, False
        if now - self.moved_at >= self.settle:      # (read once the settle time was over: a retry)
            return self._report(now)
        return []

    def _steadied(self, pieces: tuple[Found, ...]) -> tuple[Found, ...]:
        """Each piece followed at the median of its places in this frame and the two before
        (where it lay within ``SPIKE`` mm in each): following a Carrom board on the small
        picture, a still man's place jumps up to 1.5 mm in one frame of many (0.5 mm p95,
        tuning installations), and with 19 men one of them did so nearly every frame: the
        board never lay still. A piece that moves goes on moving: its median follows a frame later."""
        self.recent = (self.recent + [pieces])[-3:]
        if len(self.recent) < 3:
            return pieces
        out = []
        for p in pieces:
            xs, ys = [p.x], [p.y]
            for before in self.recent[:-1]:
                near = min((q for q in before if q.kind == p.kind), default=None,
                           key=lambda q: (q.x - p.x) ** 2 + (q.y - p.y) ** 2)
                if near is None or (near.x - p.x) ** 2 + (near.y - p.y) ** 2 > SPIKE * SPIKE:
                    break
                xs.append(near.x)
                ys.append(near.y)
            else:
                p = replace(p, x=sorted(xs)[1], y=sorted(ys)[1])
            out.append(p)
        return tuple(out)

    def _held(self) -> bool:
        return self.held is not None and self.held[0] is self.anchor

    def _may_be_due(self, pieces) -> bool:
        """Whether this board, once settled, will be reported (not the same board again)."""
        return self.in_stroke or self.settled is None or _differs(self.settled, pieces)

    def _report(self, now: float) -> list:
        """The settled board the full read held, now that the settle time is over."""
        pieces = self.held[1]
        self.held, self.confirmed = None, self.anchor
        if not self._may_be_due(pieces):
            return []                               # the same board twice is reported once
        out = self._pocketed(pieces) if self.in_stroke else []
        self.settled, self.in_stroke = pieces, False
        self.last = pieces
        return out + [self._snapshot(pieces, True)]

    def _doubted(self, now: float, what: str) -> list:
        """A full read of the still board that cannot be reported: what it doubts kept (the
        staff page shows it), and ERROR 4 once it has doubted for ``BLIND_AFTER``."""
        self.doubt = what
        if not self.blind_said and now - (self.good_at or now) >= BLIND_AFTER:
            self.blind_said = True
            return [Fault(doubt("cannot_see", doubt=what))]
        return []

    def _waiting(self, now: float) -> bool:
        """Whether the board lies still and its full read has not borne it out yet."""
        return now - self.moved_at >= self.settle and self.anchor is not None and self.anchor is not self.confirmed

    def _moved(self, now: float, pieces: tuple[Found, ...]) -> None:
        # the trend is judged on the frames after this one: in this frame a piece may still
        # have been arriving (at 10 frames a second its last half millimetre looks like a creep)
        self.moved_at, self.anchor, self.window = now, pieces, []

    def _unsure(self, now: float, sighting: Sighting) -> list:
        """Nothing from this frame; the settle time starts again."""
        self.moved_at = now
        if sighting.hand:
            self.anchor, self.behind_hand = None, True   # what it did shows in the next good frame
            self.good_at = now     # a hand is no fault of the camera
            return []
        if self.good_at is None:
            self.good_at = now
        if not self.blind_said and now - self.good_at >= BLIND_AFTER:
            self.blind_said = True
            return [Fault(doubt("cannot_see", doubt=sighting.problem))]
        return []

    def _stroke_behind_hand(self, pieces: tuple[Found, ...]) -> bool:
        """Whether what the camera took for a hand hid a stroke: a fast piece smeared over a
        long exposure can have the colour of skin. A hand sets the striker and puts pieces
        back; it does not take men away nor move them far, a stroke does."""
        if self.last is None or self.game != "carrom":
            return False
        moves, gone = _match(tuple(p for p in self.last if p.kind != "striker"),
                             tuple(p for p in pieces if p.kind != "striker"))
        return bool(gone) or any(m > HAND_REACH for _, m in moves)

    def _stroke_events(self, pieces: tuple[Found, ...], moves: list, gone: list[Found]) -> list:
        """STROKE_STARTED when the striker leaves its place (or a piece goes). Each piece
        gone from one good frame to the next may have been pocketed: POCKETED waits for
        the settled board to bear it out (``_pocketed``)."""
        out = []
        striker_moved = any(m > MOVE for p, m in moves if p.kind == "striker")
        if not self.in_stroke and (striker_moved or gone) and self.settled is not None:
            self.in_stroke, self.stroke_from, self.gone_in_stroke = True, self.settled, []
            out.append(StrokeStarted())
        if self.in_stroke and self.pockets:
            self.gone_in_stroke += [(p, _nearest_pocket(p, self.pockets)) for p in gone]
        return out

    def _pocketed(self, settled: tuple[Found, ...]) -> list:
        """POCKETED, once the stroke has settled, for the pieces the settled board bears out:
        of each kind as many as it lacks against the board the stroke started from, those
        seen going nearest their pocket (then those it never saw go), in the order they
        went. A fast piece smears in the camera's exposure and may be missed, or read as
        pieces that are not there, for frames on end; the settled board is read from
        still frames."""
        lacking = Counter(p.kind for p in self.stroke_from) - Counter(p.kind for p in settled)
        seen_going = len(self.gone_in_stroke)
        if self.pockets:     # a piece that went while the camera doubted: from where it lay
            unseen = _match(self.stroke_from, settled)[1]
            self.gone_in_stroke += [(p, _nearest_pocket(p, self.pockets)) for p in unseen]
        chosen = []
        for kind, n in lacking.items():
            theirs = [(k, piece, pocket) for k, (piece, pocket) in enumerate(self.gone_in_stroke)
                      if piece.kind == kind]
            chosen += sorted(theirs, key=lambda c: (c[0] >= seen_going,
                                                    _to_pocket(c[1], self.pockets[c[2]])))[:n]
        self.gone_in_stroke = []
        return [PiecePocketed(pocket, piece.kind) for _, piece, pocket in sorted(chosen, key=lambda c: c[0])]

    def _snapshot(self, pieces: tuple[Found, ...], settled: bool):
        if self.game == "carrom":
            return PiecesSnapshot(tuple(PieceReading(p.kind, round(p.x, 1), round(p.y, 1)) for p in pieces),
                                  settled)
        return BoardSnapshot(tuple(CoinReading(round(p.x, 1), round(p.y, 1)) for p in pieces), settled)


def _pairs(before: tuple[Found, ...], after: tuple[Found, ...], reach: float = math.inf) -> dict[int, int]:
    """Which piece of ``after`` each piece of ``before`` became (index to index): per
    kind, nearest pairs first, none farther than ``reach``."""
    paired: dict[int, int] = {}
    taken = set()
    distances = sorted((math.hypot(a.x - b.x, a.y - b.y), i, j)
                       for i, a in enumerate(before) for j, b in enumerate(after)
                       if a.kind == b.kind)
    for distance, i, j in distances:
        if distance > reach or i in paired or j in taken:
            continue
        paired[i] = j
        taken.add(j)
    return paired


def _match(before: tuple[Found, ...], after: tuple[Found, ...],
           reach: float = math.inf) -> tuple[list[tuple[Found, float]], list[Found]]:
    """Each piece of ``before`` still there and how far it moved, and the pieces of
    ``before`` that are gone."""
    paired = _pairs(before, after, reach)
    moves = [(p, math.hypot(p.x - after[paired[i]].x, p.y - after[paired[i]].y))
             for i, p in enumerate(before) if i in paired]
    return moves, [p for i, p in enumerate(before) if i not in paired]


def _drift(window: list[tuple[float, tuple[Found, ...]]]) -> float:
    """How far the straight line fitted (least squares) through each piece's places in
    ``window``'s frames carries it from the first frame's time to the last's, for the
    piece that drifts most (mm): a trend, which one frame's jitter hardly sways; 0 when
    there are too few frames to tell a trend from jitter (the anchor's rule still holds)."""
    if len(window) < TREND_FRAMES:
        return 0.0
    latest = window[-1][1]
    times = [t for t, _ in window]
    mean_t = sum(times) / len(times)
    spread = sum((t - mean_t) ** 2 for t in times)
    tracks = [[] for _ in latest]
    for t, pieces in window:
        for i, j in _pairs(latest, pieces).items():
            tracks[i].append((t - mean_t, pieces[j].x, pieces[j].y))
    worst = 0.0
    for track in tracks:
        if len(track) < len(window):          # lost in a frame: the anchor's rule judges it
            continue
        mx = sum(x for _, x, _ in track) / len(track)
        my = sum(y for _, _, y in track) / len(track)
        vx = sum(t * (x - mx) for t, x, _ in track) / spread
        vy = sum(t * (y - my) for t, _, y in track) / spread
        worst = max(worst, math.hypot(vx, vy) * (times[-1] - times[0]))
    return worst


def settle_time(intervals: list[float]) -> float:
    """The settle time for the rate the frames come at: ``SETTLE_FAST`` when the frames
    come fast enough for ``TREND_FRAMES`` of them in it (the trend then says whether a
    piece still creeps), else ``SETTLE``."""
    if not intervals:
        return SETTLE
    step = sorted(intervals)[len(intervals) // 2]
    return SETTLE_FAST if TREND_FRAMES * step <= SETTLE_FAST else SETTLE


def _agrees(followed: tuple[Found, ...], full: tuple[Found, ...]) -> bool:
    """Whether the full read bears out the pieces followed: as many of each kind, each
    within ``AGREE`` mm."""
    if Counter(p.kind for p in followed) != Counter(p.kind for p in full):
        return False
    moves, gone = _match(followed, full)
    return not gone and all(m <= AGREE for _, m in moves)


def _differs(a: tuple[Found, ...], b: tuple[Found, ...]) -> bool:
    if len(a) != len(b):
        return True
    moves, gone = _match(a, b)
    return bool(gone) or max((m for _, m in moves), default=0.0) > MOVE


def _to_pocket(piece: Found, pocket: tuple[float, float, float]) -> float:
    x, y, r = pocket
    return math.hypot(piece.x - x, piece.y - y) - r


def _nearest_pocket(piece: Found, pockets) -> int | None:
    """The pocket a piece last seen here went into: the nearest (a fast piece may be a
    good way from it in the last frame that shows it; a piece that jumps the frame
    instead is rare, and the settled board then disagrees with the pockets: the
    referee asks the players)."""
    if not pockets:
        return None
    return min((_to_pocket(piece, pocket), i) for i, pocket in enumerate(pockets))[1]
