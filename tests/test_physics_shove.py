"""Physics of the Shove boards: shots land where a player expects them to."""
import math

import pytest
from hypothesis import given, settings, strategies as st

from tablegame.families.shove import physics
from tablegame.families.shove.board import Lie, hapenny_board, piecepack_board
from tablegame.families.shove.physics import (DEFAULT_FRICTION, G, Shot, ShoveTable, speed_to_reach,
                                     start_y)
from tablegame.core.sensors import CoinReading

HAPENNY = hapenny_board()
PIECEPACK = piecepack_board()
SHORT = piecepack_board(beds=3)
BOARDS = {"hapenny": HAPENNY, "piecepack": PIECEPACK, "short": SHORT}


def centre_of_bed(board, bed):
    near, far = board.bed_span(bed)
    return (near + far) / 2


def aimed(table, bed, x=None, angle=0.0):
    """The shot a careful player makes to put a coin in the middle of ``bed``."""
    board = table.board
    x = board.width / 2 if x is None else x
    distance = centre_of_bed(board, bed) - start_y(board)
    return Shot(x, angle, speed_to_reach(table, distance))


def lie(board, coin):
    return board.place(coin.x, coin.y)


# -- a lone coin -------------------------------------------------------------------------

@pytest.mark.parametrize("friction", [0.2, DEFAULT_FRICTION, 0.3])
@pytest.mark.parametrize("speed", [600.0, 1000.0, 1400.0])
def test_lone_coin_slides_as_far_as_kinematics_predict(friction, speed):
    table = ShoveTable(HAPENNY, friction=friction)
    (coin,) = table.settle(Shot(178, 0, speed))
    predicted = speed ** 2 / (2 * friction * G)
    assert coin.y - start_y(HAPENNY) == pytest.approx(predicted, rel=0.03)
    assert coin.x == pytest.approx(178)


@pytest.mark.parametrize("name", BOARDS)
def test_coin_aimed_with_speed_to_reach_lands_in_that_bed(name):
    board = BOARDS[name]
    for bed in range(1, board.beds + 1):
        table = ShoveTable(board)
        (coin,) = table.settle(aimed(table, bed))
        assert lie(board, coin).bed == bed, (bed, coin)
        assert coin.y == pytest.approx(centre_of_bed(board, bed), abs=0.5)


def test_speed_to_reach_from_a_board_matches_a_default_table():
    distance = 250.0
    assert speed_to_reach(HAPENNY, distance) == speed_to_reach(ShoveTable(HAPENNY), distance)
    assert speed_to_reach(HAPENNY, distance) == pytest.approx(
        math.sqrt(2 * DEFAULT_FRICTION * G * distance), rel=0.01)


@pytest.mark.parametrize("name", BOARDS)
def test_weak_shot_stops_short_of_the_first_line(name):
    board = BOARDS[name]
    table = ShoveTable(board)
    short_of_line = board.lines[0][0] - board.coin_radius - 10 - start_y(board)
    (coin,) = table.settle(Shot(board.width / 2, 0, speed_to_reach(table, short_of_line)))
    assert lie(board, coin).lie is Lie.SHORT
    assert coin.y > start_y(board) + 10  # it did move


@pytest.mark.parametrize("name", BOARDS)
def test_very_strong_shot_goes_off_the_far_end_into_the_gutter(name):
    board = BOARDS[name]
    table = ShoveTable(board)
    (coin,) = table.settle(Shot(board.width / 2, 0, 5000))
    assert lie(board, coin).lie is Lie.OFF_BOARD
    assert board.length < coin.y < board.length + board.frame
    assert coin.x == pytest.approx(board.width / 2)


@pytest.mark.parametrize("angle, side", [(35, "right"), (-35, "left")])
def test_angled_shot_goes_off_the_side_where_its_line_crosses_the_edge(angle, side):
    table = ShoveTable(HAPENNY)
    x0, y0 = 178.0, start_y(HAPENNY)
    (coin,) = table.settle(Shot(x0, angle, 3000))
    assert lie(HAPENNY, coin).lie is Lie.OFF_BOARD
    edge = HAPENNY.width if side == "right" else 0.0
    # stopped just past the edge, on its line of flight: where it fell
    assert abs(coin.x - edge) < 15 and (coin.x > edge if side == "right" else coin.x < edge)
    crossing_y = y0 + (edge - x0) / math.tan(math.radians(angle))
    assert coin.y == pytest.approx(crossing_y, abs=15)


@pytest.mark.parametrize("angle", [35, -35, 0])
def test_a_coin_that_fell_off_lies_in_the_gutter_at_least_a_radius_off_the_surface(angle):
    """It dropped off the edge: read with the sensors' error (1 mm) it is still off the
    board, never a coin on the surface overlapping one that lies there."""
    table = ShoveTable(HAPENNY)
    (coin,) = table.settle(Shot(178.0, angle, 3000 if angle else 5000))
    r = HAPENNY.coin_radius
    off = max(-coin.x, coin.x - HAPENNY.width, coin.y - HAPENNY.length)
    assert off >= r - 1e-9
    for dx, dy in ((1, 1), (-1, -1), (1, -1), (-1, 1)):
        assert lie(HAPENNY, CoinReading(coin.x + dx, coin.y + dy)).lie is Lie.OFF_BOARD


# -- coins knock each other on ----------------------------------------------------------

def test_second_coin_knocks_a_resting_coin_further_up_the_board():
    table = ShoveTable(HAPENNY)
    table.place(178, centre_of_bed(HAPENNY, 3))
    struck_before = table.positions()[0]
    struck, striker = table.settle(aimed(table, 6))
    assert struck.x == pytest.approx(178, abs=0.5)
    assert struck.y > struck_before.y + 50            # carried well on by the blow
    assert striker.y < centre_of_bed(HAPENNY, 3) + 5  # and the striker gave up its speed
    assert struck.y - striker.y >= HAPENNY.coin_diameter - 0.05
    for coin in (struck, striker):
        assert lie(HAPENNY, coin).lie not in (Lie.OFF_BOARD, Lie.OUTSIDE_FRAME)


@pytest.mark.parametrize("restitution", [0.5, 0.8, 1.0])
def test_struck_coin_takes_the_momentum_that_restitution_allows(restitution):
    """Equal masses, head on: the struck coin leaves at (1+e)/2 of the striker's speed,
    so it slides ((1+e)/2)**2 of what the striker had left to slide."""
    alone = ShoveTable(HAPENNY, restitution=restitution)
    (solo,) = alone.settle(aimed(alone, 6))
    table = ShoveTable(HAPENNY, restitution=restitution)
    rest = centre_of_bed(HAPENNY, 3)
    table.place(178, rest)
    struck, _ = table.settle(aimed(table, 6))
    striker_had_left = solo.y - (rest - HAPENNY.coin_diameter)
    expected = ((1 + restitution) / 2) ** 2 * striker_had_left
    assert struck.y - rest == pytest.approx(expected, rel=0.05)


# -- determinism -------------------------------------------------------------------------

SHOTS = [Shot(170, 1.5, 1250), Shot(185, -2.0, 1400), Shot(178, 0.5, 1500),
         Shot(160, 4.0, 1300), Shot(190, -3.0, 1700)]


def play(table, shots):
    for shot in shots:
        table.settle(shot)
    return table.positions()


def test_same_shots_give_exactly_the_same_positions():
    first = play(ShoveTable(HAPENNY), SHOTS)
    assert play(ShoveTable(HAPENNY), SHOTS) == first
    assert len(set(first)) == 5  # and the shots did interact: not five copies of one spot


def test_same_shot_from_placed_positions_gives_the_same_result():
    played = ShoveTable(HAPENNY)
    play(played, SHOTS[:4])
    placed = ShoveTable(HAPENNY)
    for coin in played.positions():
        placed.place(coin.x, coin.y)
    assert placed.settle(SHOTS[4]) == played.settle(SHOTS[4])


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.floats(20, 336), st.floats(-6, 6), st.floats(150, 700)),
                min_size=2, max_size=5))
def test_a_rehearsal_gives_what_settle_gives_and_leaves_the_table_alone(shots):
    """The physics check tries many shots from one board in one reused space: each must
    come out bit for bit as a fresh shot from those positions, a coin in the gutter too."""
    table = ShoveTable(HAPENNY)
    play(table, SHOTS[:4])
    lying = table.positions()
    rehearsal = table.rehearse()
    for x, angle, reach in shots:
        shot = Shot(x, angle, speed_to_reach(table, reach))
        fresh = ShoveTable(HAPENNY)
        for coin in lying:
            fresh.place(coin.x, coin.y)
        assert rehearsal.settle(shot) == fresh.settle(shot)
    assert table.positions() == lying


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(20, 336), st.floats(160, 490)), min_size=1, max_size=8),
       st.floats(20, 336), st.floats(-8, 8), st.floats(150, 900))
def test_coins_a_shot_has_not_reached_sleep_and_are_hit_as_if_awake(lying, x, angle, reach):
    """The coins at rest sleep (Chipmunk leaves them out of the steps) until a moving coin
    touches them: where everything comes to rest is where it does with every coin awake,
    to far less than the sensors' millimetre (only the solver's order can differ)."""
    table = ShoveTable(HAPENNY)
    for cx, cy in lying:
        try:
            table.place(cx, cy)
        except ValueError:
            pass   # overlaps another: left out
    shot = Shot(x, angle, speed_to_reach(table, reach))
    try:
        asleep = table.rehearse().settle(shot)
    except ValueError:
        return     # a coin lies where this one would be set
    sleep_apart, physics._Simulation._sleep_apart = physics._Simulation._sleep_apart, lambda *_: None
    try:
        every = table.rehearse().settle(shot)
    finally:
        physics._Simulation._sleep_apart = sleep_apart
    for a, b in zip(asleep, every, strict=True):
        assert math.hypot(a.x - b.x, a.y - b.y) < 0.05


def test_a_coin_at_rest_that_nothing_touches_is_left_out_of_the_steps():
    """What the sleeping is for: a shot past five coins costs the steps of one."""
    table = ShoveTable(HAPENNY)
    for i in range(5):
        table.place(40 + 60 * i, 450)
    sim = physics._Simulation(table, table._launch(Shot(178, 0, 1000.0)), 5, (0.0, 1000.0))
    awake = [i for i, (body, _) in sim._bodies.items() if not body.is_sleeping]
    assert awake == [5]


def test_a_rehearsal_refuses_a_shot_the_table_refuses():
    rehearsal = ShoveTable(HAPENNY).rehearse()
    with pytest.raises(ValueError, match="front edge"):
        rehearsal.settle(Shot(1.0, 0.0, 500.0))


# -- frames --------------------------------------------------------------------------------

@pytest.mark.parametrize("interval", [1 / 30, 1 / 60, 0.1, 1 / 50])
def test_shoot_yields_a_frame_every_interval_until_rest(interval):
    table = ShoveTable(HAPENNY)
    table.place(60, 300)  # a bystander, reported in every frame
    speed, a = 1000.0, DEFAULT_FRICTION * G
    frames = list(table.shoot(Shot(178, 0, speed), frame_interval=interval))
    stop_time = speed / a
    assert len(frames) == math.ceil(stop_time / interval) or (
        len(frames) == math.ceil(stop_time / interval) + 1)
    y0 = start_y(HAPENNY)
    for k, frame in enumerate(frames, start=1):
        assert frame[0] == CoinReading(60, 300)
        t = min(k * interval, stop_time)
        assert frame[1].y == pytest.approx(y0 + speed * t - a * t * t / 2, abs=3.0)
    assert frames[-1] == table.positions()
    assert frames[-2] != frames[-1]  # the last frame is the first one at rest


def test_settle_gives_the_last_frame_of_shoot():
    shot = Shot(178, 2, 1300)
    one, two = ShoveTable(HAPENNY), ShoveTable(HAPENNY)
    assert one.settle(shot) == list(two.shoot(shot))[-1] == one.positions()


def test_shot_is_taken_when_shoot_is_called():
    table = ShoveTable(HAPENNY)
    table.shoot(Shot(178, 0, 1000))
    (coin,) = table.positions()
    assert coin.y > 150


# -- the player's hands ------------------------------------------------------------------

def test_pick_up_short_takes_back_only_coins_short_of_the_first_line():
    table = ShoveTable(HAPENNY)
    table.place(100, centre_of_bed(HAPENNY, 2))
    table.place(250, 60)                          # short
    table.place(-20, 40)                          # off the side near the front: stays
    assert table.pick_up_short() == 1
    assert table.positions() == (CoinReading(100, centre_of_bed(HAPENNY, 2)), CoinReading(-20, 40))
    table.settle(Shot(178, 0, 300))               # a weak shove
    assert table.pick_up_short() == 1
    assert len(table.positions()) == 2
    assert table.pick_up_short() == 0


def test_clear_takes_every_coin_off():
    table = ShoveTable(HAPENNY)
    play(table, SHOTS[:3])
    table.settle(Shot(178, 0, 5000))
    table.clear()
    assert table.positions() == ()
    assert table.settle(aimed(table, 4)) == table.positions()


def test_the_table_refuses_impossible_coins():
    table = ShoveTable(PIECEPACK)
    with pytest.raises(ValueError, match="front edge"):
        table.settle(Shot(5, 0, 1000))
    with pytest.raises(ValueError, match="beyond the frame"):
        table.place(-100, 100)
    table.place(150, start_y(PIECEPACK) + 5)
    with pytest.raises(ValueError, match="overlap"):
        table.settle(Shot(150, 0, 1000))
    table.clear()
    for i in range(PIECEPACK.coins):
        table.place(30 + i * 25, 200)
    with pytest.raises(ValueError, match="all 10 coins"):
        table.settle(Shot(150, 0, 1000))


# -- whatever the shots ------------------------------------------------------------------

def overlaps(coins, diameter):
    return [(a, b) for i, a in enumerate(coins) for b in coins[i + 1:]
            if math.hypot(a.x - b.x, a.y - b.y) < diameter - 0.05]


shots = st.builds(Shot, x=st.floats(HAPENNY.lane[0] + 13, HAPENNY.lane[1] - 13),
                  angle=st.floats(-20, 20), speed=st.floats(300, 3500))


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(BOARDS)), turn=st.lists(shots, min_size=1, max_size=10))
def test_coins_never_leave_the_frame_nor_overlap_at_rest(name, turn):
    board = BOARDS[name]
    table = ShoveTable(board)
    scale = board.width / HAPENNY.width
    for shot in turn:
        x = board.width / 2 + (shot.x - HAPENNY.width / 2) * scale
        table.pick_up_short()
        try:
            table.settle(Shot(x, shot.angle, shot.speed))
        except ValueError as e:  # all coins out: the turn is over
            assert "coins are already on the table" in str(e)
            table.clear()
            continue
        coins = table.positions()
        for coin in coins:
            assert lie(board, coin).lie is not Lie.OUTSIDE_FRAME, coin
        on_board = [c for c in coins if lie(board, c).lie is not Lie.OFF_BOARD]
        in_gutter = [c for c in coins if lie(board, c).lie is Lie.OFF_BOARD]
        assert not overlaps(on_board, board.coin_diameter)
        assert not overlaps(in_gutter, board.coin_diameter)


@pytest.mark.parametrize("name", BOARDS)
def test_coins_shot_off_the_same_spot_lie_side_by_side_in_the_gutter(name):
    board = BOARDS[name]
    table = ShoveTable(board)
    for _ in range(board.coins):
        table.settle(Shot(board.width / 2, 0, 5000))
    coins = table.positions()
    assert len(coins) == board.coins
    assert all(lie(board, c).lie is Lie.OFF_BOARD for c in coins)
    assert all(board.length < c.y < board.length + board.frame for c in coins)
    assert not overlaps(coins, board.coin_diameter)


def test_each_coin_can_have_its_own_friction_and_a_shot_its_spin():
    """The corpus of the physics check varies friction per coin and spins the launch
    (issue 12): a coin with less friction slides further, by the ratio of the frictions;
    a spun coin leaves a coin it hits soon after the launch elsewhere (the spin dies
    within a tenth of a second under the table's friction torque)."""
    board = hapenny_board()
    plain = ShoveTable(board)
    slick = ShoveTable(board, coin_properties=lambda: (0.2, 0.8))
    speed = speed_to_reach(plain, 300)  # the slick coin stops on the board too
    (a,), (b,) = plain.settle(Shot(178, 0, speed)), slick.settle(Shot(178, 0, speed))
    y0 = start_y(board)
    assert (b.y - y0) == pytest.approx((a.y - y0) * 0.25 / 0.2, rel=0.02)
    hits = []
    for spin in (0.0, 10.0):
        table = ShoveTable(board)
        table.place(178, 60)
        hits.append(table.settle(Shot(178 - 8, 0, speed_to_reach(table, 500), spin))[0])
    assert math.hypot(hits[0].x - hits[1].x, hits[0].y - hits[1].y) > 2


def test_the_corpus_is_the_same_for_a_seed_and_another_for_another():
    from tablegame.families.shove import corpus
    assert corpus.generate(4, seed=3) == corpus.generate(4, seed=3)
    assert corpus.generate(4, seed=3) != corpus.generate(4, seed=4)
