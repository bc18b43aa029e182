"""The camera board's sense of motion (camera_board/motion.py), frame by frame with made-up
sightings: what it sends while pieces move, when it settles, and what it never does."""
import math

import pytest
from hypothesis import given, settings, strategies as st

from camera_board.detect import Found, Sighting
from camera_board.motion import Fault, Watcher
from tablegame.core.sensors import BoardSnapshot, PiecePocketed, PiecesSnapshot, StrokeStarted

RATE = 30.0
POCKETS = ((15.5, 15.5, 22.25), (724.5, 15.5, 22.25), (724.5, 724.5, 22.25), (15.5, 724.5, 22.25))


def coins(*xy):
    return Sighting(tuple(Found("coin", x, y, 0.9) for x, y in xy))


def feed(watcher, sightings, start=0.0):
    out = []
    for k, sighting in enumerate(sightings):
        out.append(watcher.see(start + k / RATE, sighting))
    return out


def settled(messages):
    return [m for frame in messages for m in frame if getattr(m, "settled", False)]


def test_moving_snapshots_while_a_coin_slides_then_one_settled_after_the_settle_time():
    watcher = Watcher("shove")
    slide = [coins((100, 100 + 8 * k)) for k in range(20)]
    still = [coins((100, 252))] * 15
    out = feed(watcher, slide + still)
    assert all(isinstance(m[0], BoardSnapshot) and not m[0].settled for m in out[:20])
    first_settled = next(k for k, frame in enumerate(out) if settled([frame]))
    assert (first_settled - 19) / RATE >= 0.3 - 1e-9, "settled only after 0.3 s of rest"
    assert len(settled(out)) == 1 and settled(out)[0].coins[0].y == 252


def test_a_frame_with_a_hand_reports_nothing_and_the_settle_time_starts_again():
    watcher = Watcher("shove")
    feed(watcher, [coins((100, 100))] * 12)
    hand = Sighting(problem="a hand over the board", hand=True)
    out = feed(watcher, [hand] * 5, start=1.0)
    assert out == [[]] * 5
    after = feed(watcher, [coins((120, 100))] * 12, start=2.0)
    assert not settled(after[:9]) and settled(after)[0].coins[0].x == 120


def test_a_creeping_coin_never_settles_though_each_frame_moves_it_less_than_a_millimetre():
    watcher = Watcher("shove")
    out = feed(watcher, [coins((100, 100 + 0.2 * k)) for k in range(90)])
    assert not settled(out), "it creeps 1 mm in 5 frames: never 0.3 s within a millimetre"


def test_in_the_dark_it_says_so_once_after_a_second_and_never_settles():
    watcher = Watcher("shove")
    feed(watcher, [coins((100, 100))] * 12)
    dark = Sighting(problem="the board is too dark to see")
    out = feed(watcher, [dark] * 60, start=12 / RATE)
    faults = [m for frame in out for m in frame]
    assert len(faults) == 1 and isinstance(faults[0], Fault)
    assert faults[0].text.startswith("camera cannot see the board")
    assert (next(k for k, f in enumerate(out) if f) + 1) / RATE >= 1.0 - 1e-9, "a second after the last good frame"


def test_a_stroke_starts_when_the_striker_leaves_and_pieces_are_pocketed_in_order():
    watcher = Watcher("carrom", POCKETS)
    board = lambda striker, *men: Sighting(tuple(  # noqa: E731
        [Found("striker", *striker, 0.9)] + [Found(kind, x, y, 0.9) for kind, x, y in men]))
    rest = board((370, 117), ("white", 40, 40), ("black", 700, 700))
    out = feed(watcher, [rest] * 12)
    out += feed(watcher, [board((370, 160), ("white", 30, 30), ("black", 705, 705))], start=1.0)
    out += feed(watcher, [board((370, 200), ("black", 710, 710))] * 2, start=1.1)    # the white drops
    out += feed(watcher, [board((370, 240))] * 15, start=1.2)                           # then the black
    events = [m for frame in out for m in frame if not isinstance(m, PiecesSnapshot)]
    assert events == [StrokeStarted(), PiecePocketed(0, "white"), PiecePocketed(2, "black")]
    assert settled(out)[-1].pieces[0].kind == "striker"


def test_a_piece_missed_for_one_frame_is_not_pocketed():
    watcher = Watcher("carrom", POCKETS)
    two = Sighting((Found("white", 60, 60, 0.9), Found("striker", 370, 117, 0.9)))
    one = Sighting((Found("striker", 370, 140, 0.9),))
    out = feed(watcher, [two] * 12 + [one, two] + [two] * 12)
    assert not any(isinstance(m, PiecePocketed) for frame in out for m in frame)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 300), st.floats(0, 300), st.booleans()), min_size=1, max_size=40))
def test_never_settled_on_a_board_that_moved_within_the_settle_time(frames):
    """Whatever the frames, a settled report comes only after 0.3 s in which no piece was
    more than a millimetre from where it lay, and never from a frame with a hand."""
    watcher = Watcher("shove")
    history = []
    for k, (x, y, hand) in enumerate(frames):
        now = k / RATE
        sighting = Sighting(problem="a hand", hand=True) if hand else coins((x, y))
        history.append((now, sighting))
        for message in watcher.see(now, sighting):
            if getattr(message, "settled", False):
                window = [s for t, s in history if now - t < 0.3 - 1e-9]
                assert not hand and all(s.problem is None for s in window)
                assert all(abs(s.pieces[0].x - x) <= 1.0 and abs(s.pieces[0].y - y) <= 1.0 for s in window)


def test_a_stroke_that_ends_where_it_began_still_ends_in_a_settled_board():
    watcher = Watcher("carrom", POCKETS)
    at = lambda y: Sighting((Found("striker", 370, y, 0.9), Found("white", 60, 300, 0.9)))  # noqa: E731
    out = feed(watcher, [at(117)] * 12 + [at(160), at(117)] + [at(117)] * 12)
    events = [m for frame in out for m in frame if not isinstance(m, PiecesSnapshot) or m.settled]
    assert [type(m).__name__ for m in events] == ["PiecesSnapshot", "StrokeStarted", "PiecesSnapshot"]


def test_a_coin_creeping_at_three_millimetres_a_second_is_never_settled():
    """1 mm takes it a third of a second: no frame lies a millimetre from where it last
    moved within the settle time, but the trend over the settle time's frames shows."""
    watcher = Watcher("shove")
    out = feed(watcher, [coins((100, 100 + 0.1 * k)) for k in range(120)])
    assert not settled(out)


def test_a_piece_that_stops_after_creeping_settles_where_it_stopped():
    watcher = Watcher("shove")
    creep = [coins((100, 100 + 0.1 * k)) for k in range(30)]
    out = feed(watcher, creep + [coins((100, 102.9))] * 30)
    first = next(k for k, frame in enumerate(out) if settled([frame]))
    assert settled(out)[0].coins[0].y == 102.9 and (first - 29) / RATE <= 0.4 + 1e-9


def test_at_ten_frames_a_second_a_piece_still_arriving_as_it_last_moved_settles_on_time():
    """The frame that last moved a millimetre shows the coin 0.9 mm short of where it stops:
    a step, not a creep (and four frames are too few to tell a trend from jitter): settled
    0.3 s after that frame, not later (the end-to-end Carrom stroke missed its settled board)."""
    watcher = Watcher("shove")
    ys = [100, 110, 120, 129.1] + [130.0] * 8
    out = [watcher.see(k / 10, coins((100, y))) for k, y in enumerate(ys)]
    assert [bool(settled([frame])) for frame in out].index(True) == 3 + 3


def _jittered(rows, jitter):
    return [Sighting(tuple(Found("white", x + dx, y + dy, 0.9) for (x, y), (dx, dy) in zip(rows, noise)))
            for noise in jitter]


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 19).flatmap(lambda n: st.lists(
    st.lists(st.tuples(st.floats(-0.15, 0.15), st.floats(-0.15, 0.15)), min_size=n, max_size=n),
    min_size=12, max_size=12)))
def test_a_still_board_settles_after_the_settle_time_whatever_its_jitter(jitter):
    """Up to 19 pieces, each reading off by up to 0.15 mm a side in any pattern (the
    detector's frame-to-frame spread on the tuning boards: p99 0.23 mm from the mean):
    settled 0.3 s after the first frame, never later."""
    rows = [(60 + 35 * i, 300 + 7 * i) for i in range(len(jitter[0]))]
    out = feed(Watcher("carrom", POCKETS), _jittered(rows, jitter))
    assert [bool(settled([frame])) for frame in out] == [False] * 9 + [True] + [False] * 2


@settings(max_examples=80, deadline=None)
@given(st.floats(3.0, 40.0), st.floats(0, 6.3), st.lists(
    st.tuples(st.floats(-0.05, 0.05), st.floats(-0.05, 0.05)), min_size=90, max_size=90))
def test_a_piece_moving_at_three_millimetres_a_second_or_more_is_never_settled(speed, heading, jitter):
    """Whatever its direction and however its reading jitters (up to 0.05 mm a side), a
    piece sliding at 3 mm/s or faster never reads as settled, beside a still one."""
    vx, vy = speed * math.cos(heading) / RATE, speed * math.sin(heading) / RATE
    frames = [Sighting((Found("black", 370 + vx * k + dx, 370 + vy * k + dy, 0.9),
                        Found("white", 100, 100, 0.9))) for k, (dx, dy) in enumerate(jitter)]
    assert not settled(feed(Watcher("carrom", POCKETS), frames))


def _full_reads(watcher, followed, reads, start=0.0):
    """Frames followed quickly; whenever the watcher asks, the next full read of ``reads``."""
    out, reads = [], iter(reads)
    for k, sighting in enumerate(followed):
        now = start + k / RATE
        frame = watcher.see(now, sighting)
        if watcher.wants_full:
            frame += watcher.settle_on(now, next(reads))
        out.append(frame)
    return out


def test_the_still_board_is_read_in_full_once_while_the_settle_time_goes_on_and_reported_when_it_is_over():
    """The full read (0.2 to 0.5 s on a Pi 5) is made once the board has lain still for 0.1 s
    and the settled board reported as the settle time ends, from that one read: not after
    the settle time and then two reads that agree (0.85 to 2 s on a Pi 5)."""
    watcher = Watcher("shove", full_reads=True)
    moving = [coins((100 - 3 * (10 - k), 200)) for k in range(10)]
    reads = []
    out = _full_reads(watcher, moving + [coins((100, 200))] * 30, iter(lambda: reads.append(1) or coins((100.2, 200)), None))
    first = next(k for k, frame in enumerate(out) for m in frame if getattr(m, "settled", False))
    last_moved = 10
    assert len(reads) == 1
    assert (first - last_moved) / RATE == pytest.approx(watcher.settle, abs=1.01 / RATE)
    assert settled(out)[0].coins[0].x == 100.2


def test_a_board_moved_after_its_full_read_is_read_again():
    """A coin nudged (more than 1 mm) after the full read was made: that read is dropped, and
    the board read again once it lies still."""
    watcher = Watcher("shove", full_reads=True)
    frames = [coins((100, 200))] * 5 + [coins((103, 200))] * 30
    reads = iter([coins((100, 200)), coins((103.1, 200))])
    out = _full_reads(watcher, frames, reads)
    reports = settled(out)
    assert len(reports) == 1 and reports[0].coins[0].x == 103.1


def test_a_full_read_that_never_bears_out_what_was_followed_never_settles_the_board():
    watcher = Watcher("shove", full_reads=True)
    still = [coins((100, 200))] * 60
    out = _full_reads(watcher, still, [coins((104.0, 200)) for k in range(60)])
    assert settled(out) == []
    faults = [(k, m) for k, frame in enumerate(out) for m in frame if isinstance(m, Fault)]
    assert len(faults) == 1 and "differ" in faults[0][1].text
    # (said at the first read after 1 s of doubt: reads are a settle time apart)
    assert 1.0 <= faults[0][0] / RATE <= 1.0 + 2 * watcher.settle + 2 / RATE, "ERROR 4 after 1 s of doubt, once"


def test_a_still_board_followed_with_a_one_frame_jump_now_and_then_settles():
    """Following a Carrom board on the small picture a still man's place jumps up to 1.5 mm in
    one frame of many; with 19 men one did so nearly every frame and the board never settled.
    A jump of one frame is no movement; a piece that goes on moving is (the rest of this file)."""
    watcher = Watcher("carrom", POCKETS, full_reads=True)
    men = [(100 + 40 * k, 300) for k in range(10)]

    def frame(k):
        jumped = k % 3                                  # one man a frame, 1.4 mm off
        return Sighting(tuple(Found("white", x + (1.4 if i == jumped else 0.0), y, 0.9)
                              for i, (x, y) in enumerate(men)))
    reads = iter(lambda: Sighting(tuple(Found("white", x, y, 0.9) for x, y in men)), None)
    out = _full_reads(watcher, [frame(k) for k in range(30)], reads)
    first = next(k for k, f in enumerate(out) for m in f if getattr(m, "settled", False))
    assert first / RATE <= watcher.settle + 0.2
