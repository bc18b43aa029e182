"""The second model of Shove's coins (independent_physics.py), written apart from pymunk's
for the physics check's corpus: what any physics of sliding coins must do, whichever model."""
import math

import pytest
from hypothesis import given, settings, strategies as st

from tablegame.families.shove import corpus
from tablegame.families.shove.board import hapenny_board
from tablegame.families.shove.independent_physics import IndependentTable
from tablegame.families.shove.physics import DEFAULT_FRICTION, Shot, start_y
from tablegame.physics.core import G

BOARD = hapenny_board()


def lone(speed: float, spin: float = 0.0, wear=None) -> tuple[float, float]:
    table = IndependentTable(BOARD, wear=wear)
    (coin,) = table.settle(Shot(100.0, 0.0, speed, spin))
    return coin.x, coin.y - start_y(BOARD)


def test_a_lone_coin_slides_as_far_as_its_speed_allows_and_straight():
    speed = math.sqrt(2 * DEFAULT_FRICTION * G * 300.0)
    x, slid = lone(speed)
    assert x == pytest.approx(100.0)
    assert slid == pytest.approx(300.0, rel=0.01)


def test_a_spinning_coin_slides_further_and_still_straight():
    """Slide and spin coupled: the friction over the face of a spinning coin is turned
    partly against its spin, so less of it slows the slide (no force across its way)."""
    speed = math.sqrt(2 * DEFAULT_FRICTION * G * 200.0)
    x, slid = lone(speed, spin=30.0)
    assert x == pytest.approx(100.0, abs=1e-6)
    assert slid > lone(speed)[1] + 2.0


def test_a_worn_board_slides_a_coin_otherwise_than_an_even_one():
    speed = math.sqrt(2 * DEFAULT_FRICTION * G * 400.0)
    slides = {lone(speed, wear=seed)[1] for seed in range(5)}
    assert len(slides) == 5
    assert all(abs(s - 400.0) < 400.0 * 0.06 for s in slides)


def test_a_head_on_hit_passes_the_speed_on_and_the_hit_coin_goes_straight_up():
    table = IndependentTable(BOARD, wear=None)
    table.place(100.0, 200.0)
    speed = math.sqrt(2 * DEFAULT_FRICTION * G * 400.0)
    hit, shot = table.settle(Shot(100.0, 0.0, speed))
    assert hit.x == pytest.approx(100.0) and shot.x == pytest.approx(100.0)
    assert shot.y < 200.0 < hit.y   # the shot coin stops short of where the coin lay
    assert hit.y > 350.0            # and the hit coin takes most of the speed on


def test_a_row_of_touching_coins_passes_the_hit_to_its_last_coin():
    table = IndependentTable(BOARD, wear=None)
    d = BOARD.coin_diameter
    for k in range(3):
        table.place(100.0, 200.0 + k * (d + 0.2))
    speed = math.sqrt(2 * DEFAULT_FRICTION * G * 450.0)
    *row, shot = table.settle(Shot(100.0, 0.0, speed))
    assert [c.y for c in row[:2]] == pytest.approx([200.0, 200.0 + d + 0.2], abs=6.0)
    assert row[2].y > 200.0 + 2 * d + 100.0


def test_a_coin_over_the_side_falls_into_the_gutter_and_stays_there():
    table = IndependentTable(BOARD, wear=None)
    speed = math.sqrt(2 * DEFAULT_FRICTION * G * 400.0)
    (coin,) = table.settle(Shot(BOARD.width - 20.0, 30.0, speed))
    assert coin.x > BOARD.width
    assert 0 < coin.y < BOARD.length


@settings(max_examples=25, deadline=None)
@given(st.floats(20.0, 120.0), st.floats(-20.0, 20.0), st.floats(300.0, 900.0),
       st.floats(-10.0, 10.0))
def test_hits_never_leave_two_coins_overlapping_and_repeat_exactly(x, angle, reach, spin):
    def play():
        table = IndependentTable(BOARD, wear=3)
        for p in ((60.0, 250.0), (86.0, 251.0), (100.0, 330.0), (40.0, 400.0)):
            table.place(*p)
        return table.settle(Shot(x, angle, math.sqrt(2 * DEFAULT_FRICTION * G * reach), spin))
    rest = play()
    assert rest == play()
    on = [c for c in rest if 0 <= c.x <= BOARD.width and 0 <= c.y <= BOARD.length]
    assert all(math.dist((a.x, a.y), (b.x, b.y)) >= BOARD.coin_diameter - 0.05
               for i, a in enumerate(on) for b in on[i + 1:])


def test_the_corpus_draws_its_shots_in_either_model_and_refuses_another():
    samples = corpus.generate(5, seed=7, board=BOARD, physics="independent")
    assert len(samples) == 5 and all(len(s.after) == len(s.before) + 1 for s in samples)
    assert samples != corpus.generate(5, seed=7, board=BOARD)
    with pytest.raises(ValueError, match="pymunk, independent"):
        corpus.generate(5, seed=7, board=BOARD, physics="chipmunk")
