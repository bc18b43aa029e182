"""The referee's physics check (issue 12): a shove must explain every coin that moved,
and between shoves no coin may move. Boards come from the simulation (the same
pymunk model), the session is real, with a real SQLite log."""
import itertools
import math
import random
import time

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from tablegame.families.shove.board import hapenny_board
from tablegame.core.events import ButtonPress
from tablegame.texts import say
from tablegame.core import jsoncodec
from tablegame.core.history import History
from tablegame.families.shove import corpus
from tablegame.physics import plausibility
from tablegame.families.shove import moved
from tablegame.families.shove import search
from tablegame.core.replay import replay
from tablegame.families.shove.physics import Shot, ShoveTable, speed_to_reach, start_y
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.sensors import BoardSnapshot, CoinReading
from tablegame.core.session import Session
from tablegame.core.store import EventLog

BOARD = hapenny_board()
D = BOARD.coin_diameter
SETUP = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))


def bed_y(bed):
    near, far = BOARD.bed_span(bed)
    return (near + far) / 2


def snapshot(coins):
    return BoardSnapshot(tuple(CoinReading(x, y) for x, y in coins), settled=True)


def table_with(*coins):
    table = ShoveTable(BOARD)
    for x, y in coins:
        table.place(x, y)
    return table


def shoot(table, x, to_y, angle=0.0):
    """Shove from ``x`` straight (or at ``angle``) so a lone coin would stop at ``to_y``."""
    before = [(c.x, c.y) for c in table.positions()]
    after = [(c.x, c.y) for c in table.settle(
        Shot(x, angle, speed_to_reach(table, to_y - start_y(BOARD))))]
    return before, after


def moved_count(before, after):
    return sum(min(math.dist(b, a) for a in after) > 2.5 for b in before)


class Table:
    """A real session on a real SQLite file, tossed and cleared: coins count."""

    def __init__(self, tmp_path, mode="warn", fresh=True):
        settings_ = {"shove-hapenny": {"moved_coin": mode}}
        self.session = Session(EventLog(tmp_path / "table.sqlite"),
                               lambda s: make_play(s, settings_), SETUP, rng=random.Random(1))
        if fresh:
            self.see([])
            self.session.handle(ButtonPress("ok"))
            self.see([])

    @classmethod
    def resumed(cls, tmp_path):
        """The table started again on the same log (after a power cut)."""
        return cls(tmp_path, fresh=False)

    def see(self, coins):
        """The board settles showing ``coins``; the status once every check is reported."""
        self.session.handle(snapshot(coins))
        return self.checked()

    def checked(self, timeout=30.0):
        deadline = time.monotonic() + timeout
        while not self.session.idle:
            assert time.monotonic() < deadline, "the physics check did not report"
            self.session.process(timeout=0.05)
        return self.session.status

    def said(self, language="de"):
        return say(language, self.session.status.problem)


def test_a_clean_knock_on_is_accepted(tmp_path):
    table = table_with((BOARD.width / 2, bed_y(3)))
    before, after = shoot(table, BOARD.width / 2, bed_y(6))
    assert moved_count(before, after) == 1  # the coin in bed 3 was knocked on
    t = Table(tmp_path)
    t.see(before)
    status = t.see(after)
    assert status.state.on_board == 2 and status.problem is None


def test_a_chain_of_two_knock_ons_is_accepted(tmp_path):
    x = BOARD.width / 2
    table = table_with((x, bed_y(2)), (x + 3, bed_y(4)))
    before, after = shoot(table, x, bed_y(9))
    assert moved_count(before, after) == 2  # the shot hit one, which hit the other
    t = Table(tmp_path)
    t.see(before[:1])
    t.see(before)
    status = t.see(after)
    assert status.state.on_board == 3 and status.problem is None


def test_a_hit_passed_on_through_a_touching_coin_is_accepted():
    """Newton's cradle: the shot hits a coin that touches another in front of it; the
    front coin goes on, the one hit moves too little to be told from the sensors'
    error (read 1 mm high before, 1 mm low after). Nothing can reach the front coin
    past the one behind it, so only a first hit on the coin that stayed explains it."""
    x = BOARD.width / 2 - 40
    table = table_with((x, bed_y(2)), (x + 2, bed_y(2) + D + 0.3))
    before, after = shoot(table, x, bed_y(3))
    assert math.dist(before[0], after[0]) < 2.5 < math.dist(before[1], after[1])
    check = moved.check_shove(BOARD, [(cx, cy + 1) for cx, cy in before],
                              [(cx, cy - 1) for cx, cy in after])
    assert check.moved and check.plausible


@pytest.mark.parametrize("row", [2, 3, 4])
def test_a_hit_passed_on_through_a_row_of_touching_coins_is_accepted(row):
    """Newton's cradle of any length: the shot hits the first of ``row`` touching coins
    (the row a little crooked), and only the coin at the far end goes on; every coin of
    the row moves less than the sensors can tell (read 1 mm high before, 1 mm low after)."""
    x = BOARD.width / 2 - 40
    table = table_with(*((x + 2 * k, bed_y(2) + k * (D + 0.3)) for k in range(row + 1)))
    before, after = shoot(table, x, bed_y(3))
    assert moved_count(before, after) == 1 and math.dist(before[-1], after[-1]) > 10
    check = moved.check_shove(BOARD, [(cx, cy + 1) for cx, cy in before],
                              [(cx, cy - 1) for cx, cy in after])
    assert check.moved and check.plausible


def hard_into_the_beds():
    """A hard shove (a lone coin would slide 700 mm) up between two touching coins in bed 2,
    with three more coins down: three coins are knocked on."""
    coins = [(170, bed_y(2)), (170 + D + 0.2, bed_y(2)), (150, bed_y(4)), (215, bed_y(5)),
             (120, bed_y(6))]
    table = table_with(*coins)
    before, after = shoot(table, 184, start_y(BOARD) + 700)
    assert moved_count(before, after) == 3
    return before, after


def test_a_hard_shove_that_knocks_three_coins_on_is_accepted_and_a_nudge_beside_it_is_not():
    """A chain of three, every coin held to its allowance (issue 31: no looser setting for
    chains), read with the sensors' error: the table does not call the hard shot a cheat.
    A coin of the same board moved a coin and a half by hand is caught and named."""
    before, after = hard_into_the_beds()
    read = lambda ps, e: [(x + e, y - e) for x, y in ps]  # noqa: E731  the sensors' error
    assert moved.check_shove(BOARD, read(before, 0.7), read(after, -0.7)).plausible
    lying = min(after, key=lambda p: math.dist(p, (120, bed_y(6))))
    assert math.dist(lying, (120, bed_y(6))) < 0.5   # the shot left it where it lay
    nudged = [(x, y + 1.5 * D) if (x, y) == lying else (x, y) for x, y in after]
    check = moved.check_shove(BOARD, before, nudged)
    assert not check.plausible and math.dist(check.unexplained[0].before, lying) < 0.5


# Hand moves of the tuning seed (seed 12 of the pub corpus) that the check of issue 21
# let through, far from the shot's path: a coin slid sideways beside a chain of two,
# one pulled back beside a hard knock-on, one pushed up a bed on a plain shove. The best
# shot found had touched each (the simulation moved it 1-13 mm), and a coin that moved
# at all was given the full blur of a knocked coin (14 mm) and a share of its seen move:
# the hand's move widened its own allowance. Now the blur follows the simulated slide.
# Boards of the model at 1/240 s (readings to 0.1 mm; issue 31's twentieth round halved its
# step, which made a new corpus): (before, with the hand's move, as shot; the hand's coin).
TUNING_MISSES = {
    "seed 12, shot 765, sideways": (
        ((26.2, 227.9), (44.8, 210.5), (118.7, 277.5)),
        ((28.4, 236.3), (79.2, 255.2), (145.5, 287.4), (5.7, 210.0)),
        ((28.4, 236.3), (79.2, 255.2), (119.0, 276.9), (5.7, 210.0)), 2),
    "seed 12, shot 825, pull back": (
        ((45.6, 277.9), (167.1, 245.4), (176.6, 206.8), (63.4, 262.3), (317.5, 178.1)),
        ((44.7, 279.2), (157.5, 224.9), (176.9, 206.4), (64.4, 260.6), (368.8, 257.7), (173.9, 288.3)),
        ((44.7, 279.2), (167.6, 245.0), (176.9, 206.4), (64.4, 260.6), (368.8, 257.7), (173.9, 288.3)), 1),
    "seed 12, shot 908, push up": (
        ((205.1, 121.9), (166.6, 255.8), (340.2, 211.9)),
        ((205.7, 122.6), (171.7, 295.9), (339.4, 212.9), (85.3, 384.6)),
        ((205.7, 122.6), (165.4, 256.8), (339.4, 212.9), (85.3, 384.6)), 1),
}
# The boards of the 1/240 s model that the check at 1/480 s judges otherwise: to that check they
# come from another model (a coarser one), as the boards of independent_physics.py do; on its
# own corpora and on those it calls fewer honest shoves a cheat (docs/physics-check.md, issue
# 31, twentieth round). Kept, strict, so that a check that judges them right again says so.
OF_THE_COARSER_MODEL = pytest.mark.xfail(strict=True, reason=(
    "a board of the 1/240 s model, judged otherwise at 1/480 s (issue 31, twentieth round)"))


def of_the_coarser_model(cases: dict, *names: str) -> list:
    return [pytest.param(name, marks=OF_THE_COARSER_MODEL) if name in names else name
            for name in cases]


@pytest.mark.parametrize("name", of_the_coarser_model(TUNING_MISSES, "seed 12, shot 765, sideways"))
def test_a_coin_the_best_shot_barely_touched_is_not_excused_a_hand_move(name):
    assert_hand_move_caught(name, *TUNING_MISSES[name])


def cluster_board():
    """Three coins touching in a row in bed 4 (read 1 mm into each other, as the sensors
    may), and a clean knock-on elsewhere: the shot up the right knocks on the coin in
    bed 2 and touches none of the row."""
    x, y = 150.0, bed_y(4)
    table = table_with((x - D - 0.05, y), (x, y), (x + D + 0.05, y), (320.0, bed_y(2)))
    before, after = shoot(table, 320.0, bed_y(7))
    assert moved_count(before, after) == 1
    row = [(x - D + 1.0, y), (x, y), (x + D - 1.0, y)]
    return row + before[3:], row + after[3:]


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_a_knock_on_beside_a_row_of_touching_coins_is_accepted_however_the_board_lists_them(order):
    """The coins have no identity and docs/protocol.md fixes no order: with the middle
    coin of the row listed last, the readings were once pulled apart from only the first
    neighbour, the row stayed overlapping, and every simulation failed."""
    before, after = cluster_board()
    listed = [before[i] for i in order] + before[3:]
    check = moved.check_shove(BOARD, listed, after)
    assert len(check.moved) == 1 and check.plausible


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(-1.4, 1.4), st.floats(-1.4, 1.4), st.floats(-40, 40)),
                min_size=2, max_size=6), st.randoms(use_true_random=False))
def test_readings_pulled_apart_never_overlap_and_move_little(coins, rnd):
    """A row of touching coins (bent by up to 40 degrees at each), each read up to
    1.4 mm off, listed in any order: pulled apart, no two overlap and none is moved
    much more than the readings' error."""
    row = [(100.0, 200.0)]
    for _, _, turn in coins[1:]:
        a = math.radians(turn)
        row.append((row[-1][0] + D * math.cos(a), row[-1][1] + D * math.sin(a)))
    if any(math.dist(a, b) < D - 1e-6 for i, a in enumerate(row) for b in row[:i]):
        return  # the bends closed the row on itself: not a row of touching coins
    read = [(x + ex, y + ey) for (x, y), (ex, ey, _) in zip(row, coins)]
    rnd.shuffle(read)
    parted = plausibility.apart(plausibility.canonical(read), D)
    assert all(math.dist(a, b) >= D for i, a in enumerate(parted) for b in parted[:i])
    assert all(math.dist(p, q) <= 4.0 for p, q in zip(parted, plausibility.canonical(read)))


def test_a_coin_grazed_in_passing_is_accepted():
    """A genuine shove from the corpus (seed 12, shot 1704; readings to 0.1 mm): the shot
    grazed the coin at (119.3, 162.0), which moved 5.7 mm as read, and went on to knock
    the coin at (143.3, 216.5). The best shot the search finds passes just beside the
    grazed coin without touching it: a coin beside a simulated coin's way may have been
    moved a few millimetres more than the sensors' error."""
    before = ((119.3, 162.0), (256.1, 243.6), (143.3, 216.5), (272.5, 213.0), (102.5, 129.3))
    after = ((114.8, 165.4), (257.0, 244.1), (140.6, 227.7), (273.9, 212.7), (102.1, 129.1),
             (155.9, 194.8))
    check = moved.check_shove(BOARD, before, after)
    assert len(check.moved) == 2 and check.plausible
    # a coin far from every way moved as little is still reported
    far = ((119.3, 162.0), (256.1, 243.6), (143.3, 216.5), (272.5, 213.0), (102.5, 129.3),
           (300.0, 420.0))
    moved_far = ((114.8, 165.4), (257.0, 244.1), (140.6, 227.7), (273.9, 212.7),
                 (102.1, 129.1), (306.0, 420.0), (155.9, 194.8))
    check = moved.check_shove(BOARD, far, moved_far)
    assert not check.plausible and check.unexplained[0].before == (300.0, 420.0)


# Hard shoves of the tuning seed (seed 12 of the pub corpus; readings to 0.1 mm) that the
# check called a cheat: each board has two moved coins level with each other near the
# front edge (54.3/134.9 beside 29.5/134.3; 68.2/148.8 beside 92.7/145.1), and the shot met
# the one lying a few millimetres higher first. The search fanned its hits across the
# lowest coin only, from straight below it, and found no shot that explains the board.
LEVEL_PAIRS = {
    "shot 224, three coins knocked on": (
        ((29.5, 134.3), (54.3, 134.9), (277.2, 214.8), (204.6, 305.9), (210.5, 224.9)),
        ((-12.0, 134.6), (29.5, 245.1), (277.3, 214.5), (246.8, 348.9), (211.3, 224.5),
         (186.1, 292.2))),
    "shot 672, two coins knocked on": (
        ((184.7, 210.9), (68.2, 148.8), (92.7, 145.1), (106.6, 274.1), (44.1, 204.2),
         (308.5, 237.7)),
        ((183.5, 211.0), (48.8, 366.5), (94.0, 146.5), (156.6, 311.8), (43.4, 204.2),
         (308.6, 238.1), (64.1, 131.9))),
}


@pytest.mark.parametrize("name", list(LEVEL_PAIRS))
def test_a_hard_shove_that_met_the_higher_of_two_level_coins_first_is_accepted(name):
    assert_chain_accepted(name, *LEVEL_PAIRS[name])


def assert_chain_accepted(name, before, after):
    """The shot knocked coins on, and the check explains it: accepted."""
    check = moved.check_shove(BOARD, before, after)
    assert len(check.moved) >= 2 and check.plausible, name


# Far hand moves of the tuning seed (seed 12 of the pub corpus; readings to 0.1 mm) that the
# check let through: the best shot found ended its shot coin 30-50 mm from where the new
# coin lies and sent a coin it hit where the hand put it. The shot coin past its first hit
# was allowed a knocked coin's 36 % of that slide, though its own friction is the reach the
# search fits: now 20 % (the bounce). Each: (before, with the hand's move, as shot; the
# coin the hand moved, where it lay and where it lies).
SHOT_COIN_EXCUSED = {
    "shot 91, a coin lifted up a bed beside a knock-on": (
        ((40.6, 345.8), (59.5, 362.8), (57.8, 211.1), (74.9, 341.9)),
        ((40.0, 346.6), (53.2, 406.4), (19.9, 249.2), (75.7, 342.8), (122.6, 277.7)),
        ((40.0, 346.6), (59.3, 363.4), (19.9, 249.2), (75.7, 342.8), (122.6, 277.7)), 1),
    "shot 312, a coin pushed up on a plain shove": (
        ((282.3, 116.8), (107.1, 310.0), (314.8, 209.8)),
        ((281.8, 117.0), (101.7, 359.1), (315.2, 210.1), (215.8, 356.3)),
        ((281.8, 117.0), (106.7, 309.3), (315.2, 210.1), (215.8, 356.3)), 1),
    "shot 539, a coin pushed up beside a knock-on": (
        ((245.0, 340.8), (224.7, 356.5), (223.1, 381.9), (214.0, 159.9)),
        ((251.5, 361.1), (225.5, 356.9), (224.4, 381.5), (168.5, 208.7), (304.0, 260.3)),
        ((246.5, 341.6), (225.5, 356.9), (224.4, 381.5), (168.5, 208.7), (304.0, 260.3)), 0),
    "shot 987, a coin nudged beside a knock-on": (
        ((84.6, 150.8), (108.3, 221.9), (132.9, 227.4), (116.1, 197.7)),
        ((42.8, 266.3), (108.1, 221.8), (132.0, 233.7), (117.0, 196.8), (125.3, 150.8)),
        ((42.8, 266.3), (108.1, 221.8), (132.5, 227.2), (117.0, 196.8), (125.3, 150.8)), 2),
}


@pytest.mark.parametrize("name", of_the_coarser_model(
    SHOT_COIN_EXCUSED, "shot 91, a coin lifted up a bed beside a knock-on"))
def test_a_hand_move_is_not_excused_by_a_shot_coin_ending_far_from_the_new_coin(name):
    assert_hand_move_caught(name, *SHOT_COIN_EXCUSED[name])


def assert_hand_move_caught(name, before, cheated, genuine, hand):
    """The board with the hand's move is refused, naming the hand's coin; the board as
    the shot left it is accepted."""
    check = moved.check_shove(BOARD, before, cheated)
    assert not check.plausible, name
    assert math.dist(check.unexplained[0].after, cheated[hand]) < 0.5, name
    assert moved.check_shove(BOARD, before, genuine).plausible, name


# Issue 31, seventh round (docs/physics-check.md). A coin the shot hit once slides straight
# along the line of centres: its own friction and bounce (each coin of the corpus has its
# own, ±20 % and ±10 %) move its rest along that way, not across it, where only the hit's
# geometry read with the sensors' error turns it. Hard shoves of the tuning seeds (pub
# corpus, readings to 0.1 mm) that the check called a cheat: the search now has 60
# simulations and a second look at chains just over the line (fans set off beside the
# first one's start point).
HARD_CHAINS = {
    "seed 12, shot 128, hard, 2 knocked on": (
        ((145.6, 180.4), (166.6, 195.2)),
        ((101.2, 201.4), (194.2, 520.1), (170.6, 174.7))),
    "seed 12, shot 475, hard, 3 knocked on": (
        ((158.1, 278.8), (117.2, 118.6), (72.7, 302.4), (221.7, 372.9), (241.8, 337.3), (248.8, 268.6)),
        ((129.0, 362.4), (274.2, 324.0), (72.4, 302.1), (223.1, 372.1), (240.9, 339.2), (249.8, 268.4), (87.4, 123.7))),
    "seed 5150, shot 79, hard, 3 knocked on": (
        ((247.9, 117.3), (149.6, 310.6), (285.0, 371.6), (242.1, 93.0), (282.0, 219.0)),
        ((274.1, 196.5), (149.1, 310.5), (284.6, 371.2), (269.4, 99.2), (298.4, 266.1), (14.4, 371.7))),
}


@pytest.mark.parametrize("name", list(HARD_CHAINS))
def test_a_hard_chain_that_the_search_missed_is_accepted(name):
    assert_chain_accepted(name, *HARD_CHAINS[name])


# Far hand moves of the tuning seeds that the check let through: the best shot sent a coin
# it hit once onto the hand's coin's spot sideways of its own way, which the allowance
# (a circle of a third of its slide) excused. Each: (before, with the hand's move, as
# shot; the coin the hand moved).
ACROSS_THE_WAY = {
    "seed 12, shot 27, lift, beside 2 knocked on": (
        ((232.7, 210.7), (133.5, 130.4), (208.1, 205.8)),
        ((232.9, 215.5), (133.8, 172.8), (195.1, 231.5), (224.8, 187.3)),
        ((232.9, 215.5), (134.3, 129.9), (195.1, 231.5), (224.8, 187.3)), 1),
    "seed 12, shot 469, sideways, beside 1 knocked on": (
        ((60.5, 120.0), (341.7, 200.1), (279.9, 338.1), (311.9, 337.0), (200.8, 262.5)),
        ((60.7, 120.2), (368.0, 209.0), (236.4, 358.8), (312.8, 336.8), (200.9, 262.8), (284.0, 288.1)),
        ((60.7, 120.2), (368.0, 209.0), (281.2, 338.2), (312.8, 336.8), (200.9, 262.8), (284.0, 288.1)), 2),
    "seed 5150, shot 682, sideways, beside 2 knocked on": (
        ((147.9, 289.6), (144.7, 316.2), (277.5, 144.1), (174.2, 286.3)),
        ((144.5, 291.3), (145.1, 316.9), (307.7, 136.9), (170.2, 345.2), (191.7, 270.9)),
        ((144.5, 291.3), (145.1, 316.9), (278.0, 144.0), (170.2, 345.2), (191.7, 270.9)), 2),
}


@pytest.mark.parametrize("name", of_the_coarser_model(
    ACROSS_THE_WAY, "seed 5150, shot 682, sideways, beside 2 knocked on"))
def test_a_hand_move_across_a_knocked_coins_way_is_caught(name):
    assert_hand_move_caught(name, *ACROSS_THE_WAY[name])


# Issue 31, eleventh round (docs/physics-check.md): hard chains whose first coin was hit
# again (the shot coin followed it, or it ran into a neighbour), so its seen move told the
# search nothing of the first hit. Traced back from the last hits (a coin that touched
# nothing after its hit left along the line of centres: the hitter lay a diameter behind
# it), from the geometric pass's 24 likeliest assignments that swap no coin with one seen
# where it lay, the look finds the shot. Tuning seeds (pub corpus, readings to 0.1 mm),
# each called a cheat on main.
TRACED_CHAINS = {
    "seed 12, shot 22, hard, 3 knocked on": (
        ((95.2, 185.1), (79.9, 164.3), (99.6, 325.8), (62.5, 277.7), (138.2, 370.1), (152.0, 204.0)),
        ((-13.1, 276.1), (80.8, 164.1), (99.7, 325.3), (67.3, 363.2), (137.6, 371.4), (204.0, 250.5), (132.7, 189.6))),
    "seed 12, shot 184, hard, 3 knocked on": (
        ((159.0, 200.6), (184.7, 194.5), (275.8, 156.5), (81.3, 150.5), (199.3, 226.9)),
        ((104.4, 207.5), (180.9, 206.3), (277.0, 155.3), (81.9, 149.2), (157.5, 280.0), (368.8, 387.3))),
    "seed 12, shot 219, hard, 2 knocked on": (
        ((196.2, 111.1), (277.2, 115.9)),
        ((138.0, 280.5), (330.0, 119.2), (261.0, 155.6))),
    "seed 12, shot 370, hard, 2 knocked on": (
        ((332.3, 181.4), (330.3, 316.7), (232.0, 134.0), (200.5, 104.4)),
        ((332.8, 179.7), (330.0, 316.6), (236.7, 210.8), (73.1, 273.3), (268.5, 114.3))),
    "seed 12, shot 481, hard, 2 knocked on": (
        ((89.0, 143.9), (236.7, 209.6), (292.6, 151.7), (229.4, 176.1), (94.5, 175.0)),
        ((-13.1, 211.8), (236.8, 210.6), (293.2, 152.1), (229.6, 176.4), (105.7, 204.0), (210.0, 277.9))),
    "seed 5150, shot 655, hard, 2 knocked on": (
        ((294.8, 276.4), (228.4, 194.7), (187.4, 123.0)),
        ((302.2, 275.8), (298.3, 393.7), (186.8, 122.9), (42.5, 324.3))),
    "seed 5150, shot 759, hard, 2 knocked on": (
        ((13.3, 231.4), (282.4, 104.0), (116.6, 192.6), (196.3, 149.9), (159.4, 230.2), (172.0, 125.0)),
        ((12.6, 231.6), (281.4, 104.9), (117.6, 192.9), (195.9, 150.7), (191.8, 310.8), (50.8, 282.1), (368.0, 217.1))),
}


@pytest.mark.parametrize("name", of_the_coarser_model(
    TRACED_CHAINS, "seed 12, shot 184, hard, 3 knocked on"))
def test_a_hard_chain_whose_first_coin_was_hit_again_is_accepted(name):
    before, after = TRACED_CHAINS[name]
    check = moved.check_shove(BOARD, before, after, 1.0)
    assert len(check.moved) >= 2 and check.plausible, name


# Issue 31, eighteenth round (docs/physics-check.md): hard chains whose first coin the shot met
# from a start 8-49 mm beside where the fan across it sets off (the true shot came in at an
# angle, so it left the first hit another way). Neither the search nor the traced look finds
# them; the wide look (fans set off 16 and 32 mm to either side) does. Tuning seeds (pub corpus,
# readings to 0.1 mm), each called a cheat on main.
WIDE_CHAINS = {
    "seed 12, shot 309, hard, 2 knocked on": (
        ((257.8, 115.8), (232.4, 119.5), (209.5, 107.5)),
        ((258.2, 115.6), (307.2, 493.6), (-12.3, 214.8), (230.6, 95.6))),
    "seed 12, shot 443, hard, 3 knocked on": (
        ((69.8, 303.6), (83.6, 281.3), (45.7, 313.2), (40.0, 148.2), (282.0, 204.2)),
        ((121.2, 377.3), (84.7, 281.5), (41.4, 333.2), (46.3, 288.9), (281.8, 202.4), (37.8, 131.2))),
    "seed 5150, shot 254, hard, 3 knocked on": (
        ((199.9, 384.2), (162.9, 195.7), (138.6, 192.9), (155.6, 120.3)),
        ((201.4, 385.1), (173.7, 198.4), (138.8, 250.8), (-12.5, 262.3), (273.6, 206.6))),
    "seed 5150, shot 330, hard, 3 knocked on": (
        ((62.1, 117.2), (62.5, 90.0), (154.8, 119.0)),
        ((66.7, 174.6), (140.3, 101.1), (221.0, 152.0), (-13.5, 168.6))),
    "seed 3141, shot 183, hard, 4 knocked on": (
        ((100.6, 143.2), (66.0, 158.7), (115.0, 276.4), (92.6, 264.4), (51.1, 119.1)),
        ((100.6, 143.4), (102.1, 244.4), (171.9, 311.4), (34.2, 444.1), (72.3, 147.2), (28.4, 120.3))),
    "seed 3141, shot 549, hard, 3 knocked on": (
        ((137.8, 218.6), (96.1, 308.1), (166.8, 351.1), (238.3, 394.9), (205.9, 281.1), (124.1, 195.1)),
        ((230.6, 372.2), (96.2, 309.5), (166.6, 351.6), (239.0, 399.2), (205.4, 280.1), (-13.4, 328.3), (215.4, 223.3))),
    "seed 3141, shot 813, hard, 4 knocked on": (
        ((186.8, 214.1), (193.2, 189.3), (195.1, 165.1), (129.6, 290.8), (142.6, 373.0)),
        ((153.9, 350.0), (198.4, 199.5), (200.9, 175.2), (130.1, 290.3), (127.1, 412.2), (174.2, 153.2))),
}


@pytest.mark.parametrize("name", list(WIDE_CHAINS))
def test_a_hard_chain_set_off_beside_the_fans_start_is_accepted(name):
    before, after = WIDE_CHAINS[name]
    check = moved.check_shove(BOARD, before, after, 1.0)
    assert len(check.moved) >= 2 and check.plausible, name


# Issue 31, eleventh round (docs/physics-check.md): far hand moves that the traced look,
# tried from the geometric pass's other assignments too, let through by pairing the hand's
# nudged coin as another: the shot coin (or a knocked coin) taken to have come to rest
# where the nudged coin lay, and that coin sent far up the board. A coin that hit another
# stops about a diameter short of where it lay; nearer, it is the coin that lay there.
# Tuning seeds (pub corpus, readings to 0.1 mm); caught on main, let through by the look
# without the guard (search._swaps).
TRACED_SWAPS = {
    "seed 12, shot 121, nudge 13 mm, beside 4 knocked on": (
        ((102.4, 341.5), (90.1, 363.6), (98.7, 315.8), (80.3, 298.5), (16.4, 175.0), (223.2, 140.8)),
        ((103.3, 341.9), (88.9, 367.4), (99.1, 316.9), (6.8, 420.3), (15.3, 175.0), (225.7, 127.6), (150.8, 310.2)),
        ((103.3, 341.9), (88.9, 367.4), (99.1, 316.9), (6.8, 420.3), (15.3, 175.0), (222.8, 141.5), (150.8, 310.2)), 5),
    "seed 12, shot 839, nudge 10 mm, beside 1 knocked on": (
        ((309.4, 318.8), (143.7, 118.0), (98.3, 210.1)),
        ((199.7, 520.4), (143.0, 128.0), (98.1, 211.5), (369.3, 332.2)),
        ((199.7, 520.4), (143.4, 118.1), (98.1, 211.5), (369.3, 332.2)), 1),
    "seed 5150, shot 675, moved 33 mm, beside 2 knocked on": (
        ((240.2, 396.0), (221.9, 377.8), (246.2, 370.6), (166.6, 269.6), (193.8, 235.4)),
        ((274.4, 430.9), (179.6, 450.0), (246.6, 369.6), (134.3, 262.9), (192.6, 234.6), (225.1, 357.2)),
        ((274.4, 430.9), (179.6, 450.0), (246.6, 369.6), (167.2, 270.4), (192.6, 234.6), (225.1, 357.2)), 3),
}


@pytest.mark.parametrize("name", list(TRACED_SWAPS))
def test_a_traced_shot_does_not_take_a_nudged_coin_for_one_that_came_to_rest_there(name):
    """The board with the hand's move is refused (which coin is named is the first
    search's: 121's and 675's name a knocked coin, on main too); as the shot left it,
    accepted."""
    before, cheated, genuine, _ = TRACED_SWAPS[name]
    assert not moved.check_shove(BOARD, before, cheated).plausible, name
    assert moved.check_shove(BOARD, before, genuine).plausible, name


# Issue 31, thirteenth round (docs/physics-check.md): lone knocks of the tuning seed that
# the check called a cheat, both readings of the model's start. 479: the knocked coin lay
# on the left edge, read 0.2 mm off it; in the gutter the model took it out of play, and
# nothing explained its drop. 682 and 898: the shot passed a coin seen still by a hair, a
# reading of it a hair nearer (or further) than it lay turned the shot another way; the
# mean of its two readings is where it lay. Seed 12 (pub corpus, readings to 0.1 mm).
START_READ = {
    "seed 12, shot 479, aimed, 1 knocked on, off the left edge": (
        ((13.9, 312.8), (28.5, 254.8), (188.3, 384.3), (120.6, 263.3), (-0.2, 231.9)),
        ((15.0, 313.5), (29.5, 256.2), (188.0, 384.1), (120.4, 262.2), (-13.3, 232.6), (11.8, 209.8))),
    "seed 12, shot 682, hard, 1 knocked on, a coin passed by a hair": (
        ((253.0, 193.6), (38.5, 247.6), (50.7, 270.6), (25.0, 195.2), (272.1, 119.2)),
        ((253.4, 193.4), (37.6, 247.5), (-12.6, 397.6), (24.3, 195.4), (272.1, 120.1), (115.3, 290.1))),
    "seed 12, shot 898, hard, 1 knocked on, a coin passed by a hair": (
        ((208.7, 245.5), (183.4, 245.3), (236.9, 101.5), (57.9, 337.3)),
        ((207.6, 246.6), (182.1, 244.3), (54.6, 412.8), (57.0, 338.2), (256.7, 98.0))),
}


@pytest.mark.parametrize("name", list(START_READ))
def test_a_lone_knock_that_the_start_readings_hid_is_accepted(name):
    before, after = START_READ[name]
    check = moved.check_shove(BOARD, before, after, 1.0)
    assert len(check.moved) == 1 and check.plausible, name


# Issue 31, fourteenth round (docs/physics-check.md): shots of the tuning seed that met a
# row of touching coins off the row's line. The first coin, seen still, passed the hit on
# to the coin in front; the straight hit along the row was blocked by a coin beside it
# (699) or led nowhere the shot coin rests (949), the hit turned 20-30 degrees was the shot.
# Seed 12 (pub corpus, readings to 0.1 mm).
BENT_CRADLES = {
    "seed 12, shot 699, aimed, a row's first coin hit beside a coin below it": (
        ((163.3, 374.3), (202.9, 114.6), (195.5, 139.6), (257.0, 397.9), (203.8, 162.3)),
        ((162.4, 373.1), (202.3, 115.3), (197.2, 140.0), (256.4, 396.8), (214.4, 184.1),
         (167.9, 135.6))),
    "seed 12, shot 949, plain, a row's first coin hit from the side": (
        ((236.3, 212.0), (261.4, 216.4)),
        ((233.8, 213.1), (260.9, 218.7), (288.8, 229.0))),
}


@pytest.mark.parametrize("name", list(BENT_CRADLES))
def test_a_hit_passed_on_through_a_coin_met_off_the_rows_line_is_accepted(name):
    before, after = BENT_CRADLES[name]
    check = moved.check_shove(BOARD, before, after, 1.0)
    assert len(check.moved) == 1 and check.plausible, name


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.floats(-80, 440), st.floats(100, 600)), max_size=8),
       st.floats(0.5, 2.0))
def test_a_coin_read_just_off_the_side_or_far_edge_is_put_on_it(coins, tolerance):
    """Read up to the sensors' error off the side or far edge, a coin lies on the
    surface (a coin whose centre leaves it drops a radius deep or more into the
    gutter); every other reading stays where it is."""
    held = search._on_the_edge(coins, BOARD, tolerance)
    for (x, y), (hx, hy) in zip(coins, held):
        near_x = -tolerance <= x <= BOARD.width + tolerance
        near_y = y <= BOARD.length + tolerance
        if near_x and near_y:
            assert 0 < hx < BOARD.width and hy < BOARD.length
            assert abs(hx - x) <= tolerance + search.EDGE_HOLD
            assert abs(hy - y) <= tolerance + search.EDGE_HOLD
        else:
            assert (hx, hy) == (x, y)


@pytest.mark.parametrize("into", [0.2, 1.0, 2.0])
def test_a_coin_held_on_the_edge_stays_on_it_when_a_neighbour_overlaps_it(into):
    """A coin read 0.2 mm off the left edge beside a coin read ``into`` mm into it: the
    readings pulled apart, the neighbour takes the push and the coin stays on the surface
    (pulled apart after the hold, it went back over the edge, 0.5 mm into the gutter)."""
    d = BOARD.coin_diameter
    edge, inner = search._held_apart([(-0.2, 300.0), (d - 0.2 - into, 300.0)], BOARD, 1.0)
    assert 0 < edge[0] <= 0.02 and edge[1] == 300.0
    assert math.hypot(inner[0] - edge[0], inner[1] - edge[1]) >= d - 0.02


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 356), st.floats(0, 500)), max_size=6),
       st.lists(st.tuples(st.floats(-1.0, 1.0), st.floats(-1.0, 1.0)), min_size=6, max_size=6),
       st.lists(st.booleans(), min_size=6, max_size=6))
def test_a_coin_seen_still_lay_between_its_two_readings(coins, errors, moves):
    """A coin seen again within STILL of its reading (each off by up to the sensors'
    error) lay at the mean of the two; one sent away by the shot where it was read."""
    after = [(x + dx + (60.0 if sent else 0.0), y + dy)
             for (x, y), (dx, dy), sent in zip(coins, errors, moves)]
    lay = search._between(coins, after, plausibility.STILL)
    for (x, y), (lx, ly), (ax, ay) in zip(coins, lay, after):
        if min(math.dist((x, y), q) for q in after) > plausibility.STILL:
            assert (lx, ly) == (x, y)
        else:
            assert math.dist((x, y), (lx, ly)) <= plausibility.STILL / 2 + 1e-9
            if math.dist((x, y), (ax, ay)) <= 1.5 and all(
                    math.dist((x, y), q) > 2 * plausibility.STILL for q in after if q != (ax, ay)):
                assert (lx, ly) == ((x + ax) / 2, (y + ay) / 2)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([12.7 + 4.0 * k for k in range(87)] + [343.3]), min_size=1),
       st.floats(-50, 400))
def test_the_nearest_clear_start_point_is_the_first_of_the_nearest(xs, x):
    """The search takes the clear start point nearest a guess by bisection (issue 31,
    twelfth round): the same one a scan takes, the first of a tie."""
    xs = sorted(xs)
    assert search._nearest(xs, x) == min(xs, key=lambda v: abs(v - x))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 356), st.floats(0, 600)), min_size=1, max_size=5),
       st.lists(st.tuples(*[st.floats(0, 600)] * 4), min_size=1, max_size=8))
def test_the_traced_ways_clear_of_the_still_coins_are_those_a_graze_away_or_more(still, ways):
    """The traced look tests every way at once (NumPy); a way is clear where it passes
    every coin that did not move by a diameter less the graze, as one way at a time."""
    ax, ay, bx, by = (np.array(c) for c in zip(*ways))
    clear = search._clear(np.array(still), ax, ay, bx, by, D)
    for n, (a0, a1, b0, b1) in enumerate(ways):
        gaps = [plausibility.segment_distance(p, (a0, a1), (b0, b1)) for p in still]
        if all(abs(g - (D - search.GRAZE)) > 1e-6 for g in gaps):
            assert clear[n] == all(g >= D - search.GRAZE for g in gaps)


def test_every_traced_shot_sets_off_on_the_front_edge_on_a_clear_way():
    """Seed 5150's shot 759 (a hard chain): the traced shots start within the front edge
    and pass the coins that did not move by a diameter less the graze on their way to
    the first contact, and no two lie within GRID of each other."""
    before, after = TRACED_CHAINS["seed 5150, shot 759, hard, 2 knocked on"]
    before, after = plausibility.canonical(before), plausibility.canonical(after)
    check = plausibility.check(before, after, radius=BOARD.coin_radius, launch_y=start_y(BOARD),
                               width=BOARD.width, new=1, tolerance=1.0)
    trial = search._Trial(BOARD, before, after, 1.0, search.MAX_SHOTS)
    aims = search._traced(BOARD, trial, check)
    assert len(aims) == search.TRACE_FIRST
    moved_from = [m.before for m in check.moved]
    still = [p for p in trial.before if min(math.dist(p, q) for q in moved_from) > 1.0]
    for aim in aims:
        assert BOARD.coin_radius <= aim.x0 <= BOARD.width - BOARD.coin_radius
        assert all(plausibility.segment_distance(p, (aim.x0, aim.y0), aim.target)
                   >= D - search.GRAZE - 1e-9 for p in still)
    assert all(abs(a.x0 - b.x0) >= search.GRID or math.dist(a.target, b.target) >= search.GRID
               for i, a in enumerate(aims) for b in aims[:i])


@settings(max_examples=60, deadline=None)
@given(st.tuples(st.floats(10, 350), st.floats(60, 600)), st.floats(-math.pi, math.pi),
       st.lists(st.tuples(st.floats(0, 356), st.floats(0, 600)), max_size=6))
def test_the_clear_start_points_are_those_a_scan_point_by_point_finds(at, angle, others):
    """``_Family.clear`` tests every start point at once (NumPy, issue 31's sixteenth
    round): the same start points as one at a time, hitting no thinner than ``MIN_COS``
    and passing every other coin by a diameter less the graze."""
    n = (math.sin(angle), math.cos(angle))
    y0 = start_y(BOARD)
    family = search._Family(at, n, 100.0, y0, D, at)
    (cx, cy), room = family.contact, (D - search.GRAZE) ** 2
    r = BOARD.coin_radius
    xs = [r + k * search.GRID for k in range(int((BOARD.width - 2 * r) / search.GRID) + 1)]
    scan = []
    for x in [*xs, BOARD.width - r]:
        gaps = [plausibility.segment_distance(p, (x, y0), (cx, cy)) ** 2 for p in others]
        if all(abs(g - room) > 1e-6 for g in gaps) and abs(family.cos(x) - search.MIN_COS) > 1e-9:
            scan.append((x, family.cos(x) >= search.MIN_COS and all(g >= room for g in gaps)))
    clear = family.clear(BOARD, others)
    for x, ok in scan:
        assert (x in clear) == ok


def test_an_assignment_that_puts_another_coin_where_a_coin_lay_is_a_swap():
    """A coin seen 10 mm from where a coin lay is that coin, nudged: an assignment that
    takes it for the shot coin (and sends the coin that lay there up the board) is not
    traced; one that pairs it with the coin that lay there is."""
    before = ((150.0, 120.0), (300.0, 320.0))
    after = ((150.0, 130.0), (200.0, 520.0), (360.0, 330.0))
    near = D - 3.0   # a diameter less the sensor term at ±1 mm
    assert search._swaps(before, after, [0, 1], (1, 2), 0, near)
    assert not search._swaps(before, after, [0, 1], (0, 1), 2, near)
    assert not search._swaps(before, ((150.0, 160.0), *after[1:]), [0, 1], (1, 2), 0, near)


def far_side_cheat():
    """A shove up the left into bed 3; meanwhile the coin in bed 7 on the right is
    pushed a coin and a half along its bed by hand."""
    far = (BOARD.width - 80, bed_y(7))
    table = table_with(far)
    before, after = shoot(table, 90, bed_y(3))
    assert moved_count(before, after) == 0
    cheated = [(x - 1.5 * D, y) if (x, y) == far else (x, y) for x, y in after]
    return before, cheated


def test_a_coin_moved_on_the_far_side_is_flagged_and_the_score_stands(tmp_path):
    before, cheated = far_side_cheat()
    t = Table(tmp_path)
    t.see(before)
    status = t.see(cheated)
    assert status.state.on_board == 2  # warn: the shove counts at once
    assert t.said("de") == "Die Münze in Bett 7 hat sich bewegt, ohne getroffen zu werden"
    assert t.said("en") == "The coin in bed 7 moved without being hit"
    view = t.session.play.view(status, "de")
    assert len(view.marked) == 1  # the drawing rings where it lay
    assert math.dist(view.marked[0], before[0]) < 0.1
    assert t.see(cheated).problem == status.problem  # the note stays


def test_a_coin_moved_during_the_other_partys_turn_is_flagged(tmp_path):
    t = Table(tmp_path)
    coins = [(120, bed_y(2)), (230, bed_y(5))]
    t.see(coins[:1])
    t.see(coins)
    assert t.session.status.problem is None
    nudged = [coins[0], (230 + D, bed_y(5) + 10)]
    status = t.see(nudged)  # nobody shoved: no coin may move
    assert status.state.on_board == 2
    assert t.said("en") == "The coin in bed 5 moved without being hit"


def test_the_verdict_is_an_event_in_the_log_that_replays_and_survives_a_restart(tmp_path):
    before, cheated = far_side_cheat()
    t = Table(tmp_path)
    t.see(before)
    t.session.handle(snapshot(cheated))
    shown = t.session.status  # the score is shown before the check has spoken
    assert shown.state.on_board == 2
    status = t.checked()
    assert status.state.moved and status.state.on_board == 2
    entries = History(tmp_path / "table.sqlite").entries()
    shove, verdict = entries[-2:]
    assert shove.data["type"] == "Shove"
    assert (verdict.data["type"], verdict.by) == ("MovedUnhit", "table")
    action = jsoncodec.action_from_data(t.session.play.rules.action_types, verdict.data)
    again = moved.recheck(BOARD, action)  # a disputed verdict, judged again from the log
    assert [c.before for c in again.unexplained] == [pytest.approx(action.coins[0], abs=0.1)]
    t.session.close()
    restarted = Table.resumed(tmp_path)
    assert restarted.session.status.state.moved == status.state.moved
    assert restarted.see(cheated).problem == status.problem  # the warning stands after a restart
    replayed = replay(History(tmp_path / "table.sqlite").games()[-1], make_play, "en")
    assert replayed.lines[-1][1:] == ("table", "The coin in bed 7 moved without being hit")


def test_a_coin_moved_after_the_turn_before_the_board_is_cleared_is_logged_by_the_table(tmp_path):
    t = Table(tmp_path)
    coins = [(60 + 60 * i, bed_y(1 + 2 * i)) for i in range(5)]
    for n in range(1, 6):
        t.see(coins[:n])
    assert not t.session.status.state.cleared  # the turn is scored: the board waits to be cleared
    nudged = [*coins[:4], (coins[4][0] - 1.5 * D, coins[4][1])]
    t.see(nudged)
    verdict = History(tmp_path / "table.sqlite").entries()[-1]
    assert (verdict.data["type"], verdict.by) == ("MovedUnhit", "table")
    assert verdict.data["shove"] is False
    assert t.said("en") == "The coin in bed 9 moved without being hit"
    t.see(nudged)  # seen again: reported once, and the warning stands
    assert History(tmp_path / "table.sqlite").entries()[-1].seq == verdict.seq
    assert t.said("en") == "The coin in bed 9 moved without being hit"
    assert t.see([]).problem is None  # the cleared board ends it


def test_restore_waits_until_the_coin_is_back_then_counts_the_shove(tmp_path):
    before, cheated = far_side_cheat()
    t = Table(tmp_path, mode="restore")
    t.see(before)
    status = t.see(cheated)
    assert status.state.on_board == 1  # not counted yet
    assert t.said("en").startswith("The coin in bed 7 moved without being hit: put it back")
    x, y = before[0]
    assert f"x {round(x)} mm, y {round(y)} mm" in t.said("de")
    back = [before[0] if math.dist(c, before[0]) > 30 and c[1] > bed_y(6) else c
            for c in cheated]
    status = t.see(back)
    assert status.state.on_board == 2 and status.problem is None


def test_a_bad_mode_is_refused():
    with pytest.raises(ValueError, match="moved_coin"):
        make_play(SETUP, {"shove-hapenny": {"moved_coin": "ignore"}})


coins_strategy = st.lists(
    st.tuples(st.floats(20, BOARD.width - 20), st.floats(110, BOARD.length - 20)),
    min_size=1, max_size=8).filter(
        lambda cs: all(math.dist(a, b) >= D for i, a in enumerate(cs) for b in cs[:i]))


@settings(max_examples=60, deadline=None)
@given(coins_strategy, st.data())
def test_between_shoves_any_coin_moved_a_diameter_is_flagged_and_none_moved_is_fine(coins, data):
    assert plausibility.still(coins, coins, radius=BOARD.coin_radius).plausible
    i = data.draw(st.integers(0, len(coins) - 1))
    angle = data.draw(st.floats(0, 2 * math.pi))
    moved = list(coins)
    moved[i] = (coins[i][0] + D * math.sin(angle), coins[i][1] + D * math.cos(angle))
    check = plausibility.still(coins, moved, radius=BOARD.coin_radius)
    assert not check.plausible and check.unexplained[0].before == coins[i]


def test_a_small_corpus_of_simulated_shots():
    """60 genuine shots of the first corpus with noise, and the same with one far coin
    moved by hand (the full run: python -m tablegame.families.shove.corpus 1000 --gentle)."""
    samples = corpus.generate(60, seed=5, mode="gentle")
    assert sum(s.knocked > 0 for s in samples) >= 20  # many knock-ons
    alarms, caught, cheats = corpus.rates(samples, BOARD, plausibility.SENSOR_ERROR)
    assert cheats >= 30
    assert alarms <= 0.04 and caught >= 0.75  # the pub's setting gives up some catches


def test_the_pub_corpus_plays_as_a_pub_does():
    """Issue 21: boards with four or five coins down, coins touching, hard shots (a lone
    coin would slide 500 mm or more), knock-ons of two or more coins; the check on 60 of
    them (docs/physics-check.md has the full figures, by kind: about 3 % false
    alarms, 95 % of the hand moves far from the shot caught)."""
    samples = corpus.generate(60, seed=5)
    touching = [s for s in samples if any(math.dist(a, b) < D + 3 for i, a in enumerate(s.before)
                                          for b in s.before[:i])]
    assert sum(s.kind == "hard" for s in samples) >= 15
    assert sum(s.knocked >= 2 for s in samples) >= 15
    assert sum(len(s.before) >= 4 for s in samples) >= 30 and len(touching) >= 20
    assert all(s.shot.speed >= speed_to_reach(BOARD, 500) * 0.999
               for s in samples if s.kind == "hard")
    alarms, caught, cheats = corpus.rates(samples, BOARD, plausibility.SENSOR_ERROR)
    assert cheats >= 30 and alarms <= 0.05 and caught >= 0.6


def test_the_corpus_command_prints_the_tables_and_refuses_bad_arguments(capsys):
    assert corpus.main(["6", "3", "--tolerances", "1.0"]) == 0
    out = capsys.readouterr().out
    assert "seed 3 (pub corpus, pymunk physics): 6 genuine shots" in out and "| all 6 |" in out
    with pytest.raises(SystemExit) as stop:
        corpus.main(["many"])
    assert stop.value.code == 2
    assert corpus.main(["0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_a_headless_nudge_is_caught_and_named(tmp_path):
    from tablegame.config import load
    from table_app.headless import Script, ScriptError, run_script
    config = load(None, overrides={"table.language": "en", "simulation.realtime": False})
    shots = [{"press": "ok"}, {"shot": {"x": 90, "reach": bed_y(3) - start_y(BOARD)}},
             {"shot": {"x": 276, "reach": bed_y(7) - start_y(BOARD)}}]
    result = run_script(Script(SETUP, 0, tuple(shots)), config)
    assert result["problem"] is None and result["state"]["on_board"] == 2
    nudge = {"nudge": {"x": 276, "y": bed_y(7), "dx": -38, "dy": 0}}
    result = run_script(Script(SETUP, 0, (*shots, nudge)), config)
    assert result["problem"] == "The coin in bed 7 moved without being hit"
    with pytest.raises(ScriptError, match="step 4: cannot nudge"):
        run_script(Script(SETUP, 0, (*shots, {"nudge": {"x": 276, "y": 300, "dx": 500}})), config)


def test_a_hand_nudges_the_nearest_coin_and_a_bad_nudge_changes_nothing():
    table = table_with((100, bed_y(3)), (200, bed_y(5)))
    assert table.nudge(190, bed_y(5) + 5, 30, 0) == (200, bed_y(5))
    assert [(c.x, c.y) for c in table.positions()] == [(100, bed_y(3)), (230, bed_y(5))]
    for dx, dy, why in ((500, 0, "leaves the board"), (-120, bed_y(3) - bed_y(5), "overlap")):
        with pytest.raises(ValueError, match=why):
            table.nudge(230, bed_y(5), dx, dy)
        assert [(c.x, c.y) for c in table.positions()] == [(100, bed_y(3)), (230, bed_y(5))]
    with pytest.raises(ValueError, match="no coin"):
        ShoveTable(BOARD).nudge(0, 0, 1, 1)


class Gated:
    """The real Shove play whose checks beside the writer wait for ``gate``: the test
    decides what the writer handles while a check is still running."""

    def __init__(self, play, gate):
        self._play, self.rules, self._gate = play, play.rules, gate

    def judge(self, status, reading):
        import dataclasses
        verdict = self._play.judge(status, reading)
        if verdict.beside is None:
            return verdict
        job = verdict.beside

        def gated():
            assert self._gate.wait(30), "the test never opened the gate"
            return job()
        return dataclasses.replace(verdict, beside=gated)

    def __getattr__(self, name):   # not for _play itself: a copy has none yet
        if name == "_play":
            raise AttributeError(name)
        return getattr(self._play, name)


def gated_table(tmp_path, gate):
    t = Table.__new__(Table)
    t.session = Session(EventLog(tmp_path / "table.sqlite"),
                        lambda s: Gated(make_play(s), gate), SETUP, rng=random.Random(1))
    gate.set()
    t.see([])
    t.session.handle(ButtonPress("ok"))
    t.see([])
    return t


def test_a_verdict_on_a_shove_undone_while_it_was_checked_is_dropped(tmp_path, caplog):
    import threading
    from tablegame.core.session import Undo
    import logging
    caplog.set_level(logging.INFO, logger="tablegame.core.session")
    before, cheated = far_side_cheat()
    gate = threading.Event()
    t = gated_table(tmp_path, gate)
    t.see(before)
    gate.clear()
    t.session.handle(snapshot(cheated))  # counted at once; its check waits at the gate
    assert t.session.status.state.on_board == 2 and not t.session.idle
    t.session.handle(Undo(), "staff:anna")   # the shove is undone before the verdict
    assert t.session.status.state.on_board == 1
    gate.set()
    status = t.checked()
    assert status.state.moved == () and status.problem is None
    kinds = [e.data.get("type") for e in History(tmp_path / "table.sqlite").entries()]
    assert "MovedUnhit" not in kinds
    assert "a verdict for a board since undone is dropped" in caplog.text


def test_a_verdict_still_counts_when_only_a_later_shove_was_undone(tmp_path):
    import threading
    from tablegame.core.session import Undo
    before, cheated = far_side_cheat()
    gate = threading.Event()
    t = gated_table(tmp_path, gate)
    t.see(before)
    gate.clear()
    t.session.handle(snapshot(cheated))          # the cheat: its check waits at the gate
    later = [*cheated, (BOARD.width / 2, bed_y(1))]
    t.session.handle(snapshot(later))            # another shove on top of it ...
    assert t.session.status.state.on_board == 3
    t.session.handle(Undo(), "staff:anna")       # ... undone: the cheated board is back
    gate.set()
    status = t.checked()
    assert status.state.on_board == 2 and status.state.moved  # the verdict stands
    assert t.said("en") == "The coin in bed 7 moved without being hit"


GRAZED = (((119.3, 162.0), (256.1, 243.6), (143.3, 216.5), (272.5, 213.0), (102.5, 129.3)),
          ((114.8, 165.4), (257.0, 244.1), (140.6, 227.7), (273.9, 212.7), (102.1, 129.1),
           (155.9, 194.8)))


def boards_to_permute():
    """Genuine shoves and hand moves, with touching coins among them."""
    x = BOARD.width / 2 - 40
    cradle = shoot(table_with(*((x + 2 * k, bed_y(2) + k * (D + 0.3)) for k in range(3))),
                   x, bed_y(3))
    row, row_after = cluster_board()
    row_cheat = list(row_after)
    row_cheat[3] = (row_cheat[3][0], row_cheat[3][1] + 1.5 * D)   # the coin of bed 2 pushed on
    return [cradle, (row, row_after), (row, row_cheat), GRAZED, far_side_cheat()]


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_any_order_of_either_reading_gets_the_same_verdict(data):
    """The board may list its coins in any order (docs/protocol.md): the same two
    readings, each permuted, get the same verdict and name the same coin."""
    boards = boards_to_permute()
    before, after = boards[data.draw(st.integers(0, len(boards) - 1))]
    listed_before = data.draw(st.permutations(before))
    listed_after = data.draw(st.permutations(after))
    as_listed = moved.check_shove(BOARD, before, after)
    permuted = moved.check_shove(BOARD, listed_before, listed_after)
    assert permuted.plausible == as_listed.plausible
    assert permuted.unexplained == as_listed.unexplained
