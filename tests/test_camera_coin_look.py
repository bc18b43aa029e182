"""A coin's look learned at the teaching step and fitted to place it (camera_board/coin_look.py;
docs/camera.md, "A coin's learned look fitted to place it"): the mean patch round the taught
coins' rims, slid over each coin found in play by normalised correlation (issue 27)."""
import functools
import io
import json
import math

import cv2
import numpy as np
import pytest

from benchmarks.camera_looks_figures import judge
from camera_board import coin_look
from camera_board.appearance import Appearance
from camera_board.coin_look import CoinLook
from camera_board.learn import learn, reader
from camera_sim.installs import installation
from camera_sim.render import render

SCALE = 2.0      # Shove's rectified pixels per mm
RADIUS = 12.7    # mm: a Shove coin


def _board(rng, shape=(160, 160)) -> np.ndarray:
    """A grained board with a dark line across it (evened colours, float32 BGR)."""
    grain = 150 + 12 * np.sin(np.arange(shape[1]) / 3.0)[None, :] + rng.normal(0, 2, shape)
    board = np.repeat(grain[..., None], 3, axis=2).astype(np.float32)
    board[:, 70:76] *= 0.4          # an ink line: under the coins
    return board


def _coin_on(board: np.ndarray, u: float, v: float, rng, light: float = 1.0) -> np.ndarray:
    """A dark coin at (u, v) with a darker bevel and a drop shadow towards +u, over ``board``
    under ``light`` (a guest's shadow: less), drawn at 8 x and shrunk (sub-pixel edges)."""
    k = 8
    big = cv2.resize(board, None, fx=k, fy=k, interpolation=cv2.INTER_NEAREST)
    r = RADIUS * SCALE * k
    centre = (int(round((u + 0.5) * k - 0.5)), int(round((v + 0.5) * k - 0.5)))
    shadow = np.ones(big.shape[:2], np.float32)
    cv2.circle(shadow, (centre[0] + int(1.5 * k), centre[1]), int(r + 2 * k), 0.6, -1)
    big = big * shadow[..., None]
    cv2.circle(big, centre, int(r), (60, 60, 60), -1)
    cv2.circle(big, centre, int(r - 2 * k), (90, 90, 90), -1)
    small = cv2.resize(big, (board.shape[1], board.shape[0]), interpolation=cv2.INTER_AREA)
    return (small * light + rng.normal(0, 1.5, small.shape)).astype(np.float32)


def _taught_look(rng):
    """A board and the look taught from four coins laid across its ink line."""
    board = _board(rng)
    half = coin_look.half_size(RADIUS, SCALE)
    radius = half - coin_look.BEYOND * SCALE
    return board, coin_look.learned([coin_look.around(_coin_on(board, u, 80, rng), board, u, 80, half, radius)
                                     for u in (70, 73, 76, 79)], SCALE)


def test_a_coins_look_fitted_finds_it_to_a_tenth_of_a_mm_across_a_line_and_in_a_shadow():
    rng = np.random.default_rng(1)
    board = _board(rng)
    half = coin_look.half_size(RADIUS, SCALE)
    radius = half - coin_look.BEYOND * SCALE
    taught = [coin_look.around(_coin_on(board, u, 80, rng), board, u, 80, half, radius) for u in (70, 73, 76, 79)]
    look = coin_look.learned(taught, SCALE)
    assert look.taught > 0.95
    for u, v, light in ((74.3, 81.6, 1.0), (71.8, 78.9, 0.55)):   # a guest's shadow: a gain the fit is free of
        fu, fv, score = coin_look.fit(look, _coin_on(board, u, v, rng, light), board, 75.0, 80.0, ())
        assert abs(fu - u) < 0.2 and abs(fv - v) < 0.2, (fu, fv)
        assert coin_look.trusted(look, score)
    fu, fv, score = coin_look.fit(look, board, board, 75.0, 80.0, ())     # no coin there
    assert not coin_look.trusted(look, score)


@pytest.mark.parametrize("angle", [0, 45, 90, 180])
def test_a_coin_at_the_soft_edge_of_a_guests_shadow_is_placed_as_surely_as_in_even_light(angle):
    """A guest's shadow whose soft edge crosses a coin is a slope of light over its patch that
    the light as measured (coarse cells) leaves in: the plain correlation, free of a gain and an
    offset only, fitted such coins at 0.70 against 0.99 taught, up to 0.23 mm off here (1.4 mm
    on installation 1,000,088's board 3). Free of the slope too, it places them as in even light."""
    rng = np.random.default_rng(5)
    board, look = _taught_look(rng)
    yy, xx = np.mgrid[0:board.shape[0], 0:board.shape[1]].astype(np.float32)
    across = ((xx - 75) * math.cos(math.radians(angle)) + (yy - 80) * math.sin(math.radians(angle))) / 40
    light = (1 - 0.5 * (0.5 + 0.5 * np.tanh(2 * across)))[..., None]     # half the light beyond the edge
    u, v = 74.3, 81.6
    fu, fv, score = coin_look.fit(look, (_coin_on(board, u, v, rng) * light).astype(np.float32), board, 75.0, 80.0, ())
    assert math.hypot(fu - u, fv - v) < 0.1 * SCALE, (fu, fv)
    assert score > look.taught - 0.1, score


def test_a_coin_farther_than_the_fits_reach_from_its_centroid_is_fitted_again_from_the_edge():
    """A fit whose best lies at the edge of its reach (``REACH``) has not found the coin: its
    centroid put it farther off (touching coins, dark pennies on slate: 2.7 to 4.7 mm on
    installation 1,000,088). It is fitted once more from there."""
    rng = np.random.default_rng(7)
    board, look = _taught_look(rng)
    u, v = 75.0 + 3.1 * SCALE, 80.0 - 1.2 * SCALE         # 3.1 mm beyond where the fit starts
    fu, fv, score = coin_look.fit(look, _coin_on(board, u, v, rng), board, 75.0, 80.0, ())
    assert math.hypot(fu - u, fv - v) < 0.2 * SCALE, (fu, fv)
    assert coin_look.trusted(look, score)


def test_a_taught_coin_unlike_the_others_neither_blurs_the_look_nor_lets_every_fit_through():
    """Held-out installation 1,000,056 taught one coin of five that fitted the look at 0.14-0.19
    (the others 0.90-0.94): its worst fit was the bar, and every fit in play passed it, a
    coin's in the gutter too (board 2 read 1.13 mm off). Such a patch is left out."""
    rng = np.random.default_rng(3)
    board = _board(rng)
    half = coin_look.half_size(RADIUS, SCALE)
    radius = half - coin_look.BEYOND * SCALE
    alike = [coin_look.around(_coin_on(board, u, 80, rng), board, u, 80, half, radius) for u in (70, 73, 76, 79)]
    odd = coin_look.around(board, board, 75, 80, half, radius)     # a spot the coin was not on
    look = coin_look.learned(alike + [odd], SCALE)
    assert look.taught > 0.9
    assert np.allclose(look.patch, coin_look.learned(alike, SCALE).patch)
    _, _, score = coin_look.fit(look, board, board, 75.0, 80.0, ())     # no coin there
    assert not coin_look.trusted(look, score)


def test_the_learned_look_is_saved_and_read_back_and_a_file_from_before_reads_without_one():
    rng = np.random.default_rng(2)
    patch = rng.random((69, 69)).astype(np.float32)
    before = Appearance("shove", SCALE, (0.0, 0.0, 10.0, 10.0), np.full((20, 20, 3), 100, np.float32), 2.0, {},
                        True, 120.0)
    saved = before.with_looks({"coin": CoinLook(patch, SCALE, 0.93)})
    again = Appearance.from_bytes(saved.to_bytes())
    assert np.array_equal(again.looks["coin"].patch, patch) and again.looks["coin"].taught == 0.93
    # a file as written before the look was learned: no "looks" in its meta, no look arrays
    meta = {"version": 1, "game": "shove", "scale": SCALE, "extent": [0, 0, 10, 10], "noise": 2.0,
            "learned": True, "brightness": 120.0, "colours": {}}
    out = io.BytesIO()
    np.savez_compressed(out, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
                        reference=np.full((20, 20, 3), 6400, np.uint16))
    old = Appearance.from_bytes(out.getvalue())
    assert old.looks == {} and old.brightness == 120.0


@pytest.mark.parametrize("looks, arrays", [
    ({"coin": None}, {}),                                  # a look's entry damaged
    ({"coin": {"scale": SCALE}}, {"look_coin": np.zeros((9, 9), np.float32)}),   # its fit's bar lost
    ({"coin": {"scale": SCALE, "taught": 0.9}}, {"look_coin": np.zeros((9, 7), np.float32)}),  # not square
    ({"coin": {"scale": SCALE, "taught": 0.9}}, {}),       # its picture lost
])
def test_a_damaged_learned_look_is_refused_in_words_not_a_traceback(looks, arrays):
    meta = {"version": 1, "game": "shove", "scale": SCALE, "extent": [0, 0, 10, 10], "noise": 2.0,
            "learned": True, "brightness": 120.0, "colours": {}, "looks": looks}
    out = io.BytesIO()
    np.savez_compressed(out, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
                        reference=np.full((20, 20, 3), 6400, np.uint16), **arrays)
    with pytest.raises(ValueError, match="not a camera board's learned board"):
        Appearance.from_bytes(out.getvalue())


def test_dark_old_pennies_on_slate_in_a_guests_shadow_are_read_within_a_mm():
    # (before: set 1,000,048's installation 051, dark old pennies on slate, board 2: a coin
    # touching another in a guest's shadow read 1.8 mm off, a WRONG settled board; its
    # centroid pulled by a rim told from the slate on one side only. The look fitted puts it
    # 0.6 mm off.) Read as the bench reads it: one reader, the boards one after another.
    inst = installation("shove", 1_000_051)
    shown = [list(t.frames) for t in inst.teach(6, render)]
    learned = learn(inst.game, inst.lens, shown)
    assert learned.said("en")[len(learned.kinds):] == []
    assert learned.appearance.looks["coin"].taught > 0.7
    camera = reader(inst.game, inst.lens, learned.appearance)
    for k in range(3):
        case = inst.board(k)
        sighting = camera.see(render(case.shot, np.random.default_rng([inst.seed, 3, k])))
        verdict, errors = judge("shove", case, sighting)
        assert verdict == "right", (k, max(errors, default=0.0), sighting)


def test_a_marker_under_a_coins_rim_does_not_move_its_fit():
    """A coin by the board's corner lies with its rim over a marker's quiet zone and the
    marker (printed paper: the view over the empty board there is nothing like the look's).
    Whatever those pixels show, the fit leaves them out and places the coin as on bare board."""
    rng = np.random.default_rng(4)
    board, look = _taught_look(rng)
    u, v = 74.6, 80.7
    view = _coin_on(board, u, v, rng)
    marker = (slice(88, None), slice(96, None))       # below and right of the coin's middle
    view[marker] = rng.uniform(5, 250, view[marker].shape)      # (paper's black and white, a glare)
    unmarked = np.ones(board.shape[:2], np.float32)
    unmarked[88:, 96:] = 0.0
    fu, fv, score = coin_look.fit(look, view, board, 75.0, 80.0, (), unmarked)
    assert math.hypot(fu - u, fv - v) < 0.2 * SCALE, (fu, fv)
    assert coin_look.trusted(look, score)
    # most of its rim over the marker's zone: too little left to place it by (its centroid does)
    unmarked[:, 70:] = 0.0
    assert not coin_look.trusted(look, coin_look.fit(look, view, board, 75.0, 80.0, (), unmarked)[2])


@functools.lru_cache(maxsize=1)
def _taught(seed: int):
    """Shove installation ``seed`` taught as the installer would: once for the tests one after
    another that read its boards (learn() makes the same Learned of the same frames; only read
    here, never changed), 7 s of drawing and learning a teaching saved at each."""
    inst = installation("shove", seed)
    return inst, learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])


def _read_in_turn(seed: int, boards: int) -> list:
    """Installation ``seed`` taught as the bench teaches it (its teaching content), then its play
    boards 0 to ``boards - 1`` read in turn by one reader, as the bench reads them: (board,
    case, sighting) of each."""
    from benchmarks.camera_looks_figures import read_in_turn
    return [(k, case, sighting) for k, (case, sighting) in enumerate(read_in_turn(installation("shove", seed), render, boards))]


def _read_once(seed: int, board: int):
    """Installation ``seed`` taught as the installer would, then its play board ``board``
    read first, by a reader of its own: (what the teaching said is wrong, the sighting, its
    verdict, the errors)."""
    inst, learned = _taught(seed)
    camera = reader(inst.game, inst.lens, learned.appearance)
    case = inst.board(board)
    sighting = camera.see(render(case.shot, np.random.default_rng([inst.seed, 3, board])))
    return (learned.said("en")[len(learned.kinds):], sighting, *judge("shove", case, sighting))


def test_a_coin_at_the_front_edge_over_a_markers_quiet_zone_is_read_within_a_mm():
    # (before: tuning installation 4, board 2: a coin at 352, 1 mm, its rim over the front
    # right marker's quiet zone and the marker, fitted at 0.82 and placed 1.13 mm off, a WRONG
    # settled board. The marker left out, the look fits it at 0.98, 0.28 mm off.)
    _, sighting, verdict, errors = _read_once(4, 2)
    assert verdict == "right", (max(errors, default=0.0), sighting)


def test_a_coin_whose_rim_tells_on_one_side_only_is_read_where_its_look_places_it():
    # (before: tuning installation 1,000,055, board 7: a coin at 303, 226 mm whose rim is told
    # from the board on one side only, doubted, and the board refused, though the look fitted
    # it at 0.98 (0.99 taught), 0.18 mm off; the one-sidedness pulls the centroid (0.53 mm off),
    # not the fit. Now read, the board right.)
    said, sighting, verdict, errors = _read_once(1_000_055, 7)
    assert said == []
    assert verdict == "right", (max(errors, default=0.0), sighting.problem)


def test_a_coin_by_a_marker_that_its_look_does_not_place_is_doubted():
    # (before: fresh installation 1,000,094, board 6: a coin in the gutter at 382, 501 mm, its
    # rim over the back right marker's zone on 54 % of it, too little left for the fit, read by
    # its centroid 1.48 mm off: a WRONG settled board. By a marker the centroid is not sure
    # either: doubted.)
    _, sighting, verdict, errors = _read_once(1_000_094, 6)
    assert verdict == "refused" and "by a marker" in sighting.problem, (max(errors, default=0.0), sighting)


def test_a_gutter_coin_whose_rim_tells_on_one_side_is_placed_by_its_look_as_over_the_frame():
    # (before camera-shove10: fresh installation 1,000,105, board 0: a coin in the right gutter
    # at 370, 336 mm whose look fits nowhere (-0.19), read by its centroid, pulled 0.24 mm by a
    # rim told on one side only, 1.63 mm off: a WRONG settled board; then doubted, under
    # RIM_DOUBT's 0.2. Its look as over the learned empty frame there places it 0.08 mm off; the
    # board is refused still, for a coin across the front edge.)
    _, sighting, verdict, errors = _read_once(1_000_105, 0)
    assert verdict == "refused" and "one side only" not in sighting.problem, (verdict, sighting.problem)
    assert "across the board's edge" in sighting.problem, sighting.problem
    case = installation("shove", 1_000_105).board(0)
    truth = min(case.truth, key=lambda t: math.hypot(t.x - 370, t.y - 336))
    assert min(math.hypot(f.x - truth.x, f.y - truth.y) for f in sighting.details["found"]) < 0.3


def test_a_coin_at_the_edge_of_a_guests_shadow_on_dark_slate_is_read_within_a_mm():
    # (before: fresh installation 1,000,088, board 3: dark old pennies on slate, a coin at 244,
    # 125 mm 7 mm outside the soft edge of a guest's shadow, its look fitted at 0.78 (0.82
    # taught) and placed 1.40 mm off by the light's slope over it: a WRONG settled board.
    # Without that shadow it reads right; the fit free of the slope places it 0.74 mm off.)
    said, sighting, verdict, errors = _read_once(1_000_088, 3)
    assert said == []
    assert verdict == "right", (max(errors, default=0.0), sighting.problem)


@pytest.mark.parametrize("board", [1, 4])
def test_coins_in_the_gutter_like_the_board_in_shadow_are_read_where_their_look_places_them(board):
    # (before: installation 1,000,088's boards 1 and 4 refused: dark old pennies in the gutter
    # on the natural frame look like the board in shadow there (doubted: where does the coin
    # end and its shadow begin?), though their look fits them at 0.90, 0.1 to 0.4 mm off; the
    # look's fit weighs the rim and the board round it on every side, as for a one-sided rim.
    # On board 1 a coin touching another, its centroid 3.5 mm off, is then found by the fit
    # from its reach's edge.)
    said, sighting, verdict, errors = _read_once(1_000_088, board)
    assert said == []
    assert verdict == "right", (max(errors, default=0.0), sighting.problem)


def test_a_fit_only_just_over_its_bar_places_the_coin_but_not_surely():
    look = CoinLook(np.zeros((9, 9), np.float32), SCALE, taught=0.8)
    bar = 0.8 - coin_look.SLACK
    assert coin_look.trusted(look, bar + 0.05) and not coin_look.surely(look, bar + 0.05)
    assert coin_look.surely(look, bar + coin_look.JUST)


def test_a_coin_is_alone_unless_another_piece_comes_within_its_looks_reach():
    half = coin_look.half_size(12.7, SCALE)
    look = CoinLook(np.zeros((2 * half + 1, 2 * half + 1), np.float32), SCALE)
    r = look.radius
    assert coin_look.alone(look, 100.0, 100.0, [])
    assert not coin_look.alone(look, 100.0, 100.0, [(100.0 + 2 * r + 0.2 * SCALE, 100.0, r)])     # touching
    assert not coin_look.alone(look, 100.0, 100.0, [(100.0, 100.0 + 2 * r + 4 * SCALE, r)])      # 4 mm apart
    assert coin_look.alone(look, 100.0, 100.0, [(100.0, 100.0 + 2 * r + 5 * SCALE, r)])          # 5 mm apart


def test_a_lone_coin_its_look_fits_only_just_is_read_not_doubted():
    # (before: tuning installation 1, board 0, read as the bench reads it: a brass coin on green
    # paint at the front edge, no piece within 170 mm, placed by its look only just over its bar,
    # 0.06 mm off, doubted "only just" and the board refused for nothing else. Coins placed only just with no piece
    # within the look's reach lay 0.86 mm off at most on nineteen tuning sets; touching ones
    # up to 1.45 mm, and they stay doubted.)
    (_, case, sighting), = _read_in_turn(1, 1)
    verdict, errors = judge("shove", case, sighting)
    assert verdict == "right", (max(errors, default=0.0), sighting.problem)


def test_a_coin_whose_peak_is_under_a_coins_is_read_where_its_look_places_it_surely():
    # (before: tuning installation 5, brass on painted green, boards 3, 4 and 7 read as the bench
    # reads them: each has one coin whose matched filter peaks at 0.48 to 0.51, under THRESHOLD
    # (0.55), "coin? at 32, 417 mm" on board 4 and a patch where it lies; refused. The coin's
    # learned look places each 0.07 to 0.41 mm off, 0.28 to 0.30 over its bar: read now.)
    read = _read_in_turn(5, 8)
    for k in (3, 4, 7):
        _, case, sighting = read[k]
        verdict, errors = judge("shove", case, sighting)
        assert verdict == "right", (k, max(errors, default=0.0), sighting.problem)


def test_a_touching_coin_its_look_fits_only_just_is_doubted_not_read_a_mm_off():
    # (before: fresh installation 1,000,122, board 7, read as the bench reads it (boards 0 to 7
    # with one reader): a coin touching another placed by its look at 0.447, 0.075 over its bar
    # (taught 0.67), 1.45 mm off, its centroid 0.52; the board was refused only for two gutter
    # coins like the board in shadow, which their look places 0.16 and 0.35 mm off: lifted, a
    # WRONG settled board. A fit that places a coin by less than JUST over its bar is doubted.)
    inst = installation("shove", 1_000_122)
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])
    camera = reader(inst.game, inst.lens, learned.appearance)
    for k in range(8):
        case = inst.board(k)
        sighting = camera.see(render(case.shot, np.random.default_rng([inst.seed, 3, k])))
        verdict, errors = judge("shove", case, sighting)
        assert verdict != "wrong", (k, max(errors, default=0.0), sighting)
    assert verdict == "refused" and "only just" in sighting.problem, sighting.problem


def test_a_coin_across_the_front_edge_is_placed_by_its_look_over_the_playing_surface():
    # (before: installation 1,000,050, silver coins on mahogany, board 5 read as the bench reads
    # it (boards 0 to 5 with one reader): three coins across the front edge placed by their look
    # 0.63 to 1.17 mm outward, its fit weighing the darker frame beyond the edge (the look was
    # taught over the board), their centroids 0.2 mm off. The board was refused only for a
    # guest's shadow 300 mm away: with that doubt lifted, a WRONG settled board. The look is
    # fitted over the playing surface too, `_Grid.on_surface`, and placed there.)
    *_, (_, case, sighting) = _read_in_turn(1_000_050, 6)
    found = sighting.pieces or sighting.details["found"]
    assert len(found) == len(case.truth)
    errors = {(round(t.x), round(t.y)): min(math.hypot(f.x - t.x, f.y - t.y) for f in found) for t in case.truth}
    assert sum(1 for _, y in errors if y < 5) == 3          # (the three across the front edge)
    assert max(errors.values()) <= 1.0, errors


def test_a_coin_across_the_front_edge_its_two_fits_place_apart_is_doubted():
    # (before: installation 1,000,056 board 6, read as the bench reads it: a dark old penny on
    # slate across the front edge, its look fitted over the playing surface 1.55 mm off, over
    # the frame too 0.19 mm: 1.56 mm apart, and no doubt of its own)
    for k, case, sighting in _read_in_turn(1_000_056, 7):
        assert judge("shove", case, sighting)[0] != "wrong", k
    assert "at 225, 5 mm across the board's edge" in sighting.problem, sighting.problem


def test_a_markers_white_paper_read_as_half_a_coin_is_not_doubted_but_a_coin_over_its_black_is_not_paper():
    # (before: installation 1,000,147, board 0, silver on mahogany: the light over the front left
    # marker is not measured, its white paper read 9 % brighter than the empty board, in a
    # silver coin's colours: a peak half a coin's (0.43) there, "coin? at -25, -26 mm", and the
    # board refused. The ink in that disc (13 % of it) showed nothing: the paper, not a coin.)
    _, sighting, verdict, errors = _read_once(1_000_147, 0)
    assert verdict == "right", (max(errors, default=0.0), sighting.problem)
    # a coin there would cover the marker's black as well as its paper: still looked into
    inst, learned = _taught(1_000_147)
    camera = reader(inst.game, inst.lens, learned.appearance)
    camera.see(render(inst.board(0).shot, np.random.default_rng([inst.seed, 3, 0])))
    u, v, r = 74, 1192, RADIUS * SCALE
    paper = (camera._grid.reference.mean(axis=2) > 100).astype(np.float32)
    assert camera._marker_paper(paper, u, v, r, "coin")
    assert not camera._marker_paper(np.ones_like(paper), u, v, r, "coin")
    assert not camera._marker_paper(paper, 600, 500, r, "coin")      # (on the board, away from the markers)


@pytest.mark.parametrize("board, coin", [(1, (354, 363)), (4, (3, 355))])
def test_a_coin_across_a_side_edge_is_placed_by_its_look_over_the_playing_surface(board, coin):
    # (before: installation 1,000,171, copper coins on slate, the camera hung low, boards 1 and
    # 4 read first: a coin across the right and the left edge, its look fitted with the frame
    # beyond the side edge in its window (45 % of its rim there) at 0.86 and 0.90 and placed
    # 1.44 and 1.55 mm inward, two WRONG settled boards. Fitted over the playing surface alone
    # it fits at 0.98 and 0.99, 0.24 and 0.21 mm off; the two fits lie over 1 mm apart, so the
    # board is doubted, ``EDGE_APART``, as at the front edge.)
    _, sighting, verdict, errors = _read_once(1_000_171, board)
    assert verdict == "refused" and "across the board's edge" in sighting.problem, (verdict, sighting.problem)
    case = installation("shove", 1_000_171).board(board)
    truth = min(case.truth, key=lambda t: math.hypot(t.x - coin[0], t.y - coin[1]))
    assert min(math.hypot(f.x - truth.x, f.y - truth.y) for f in sighting.details["found"]) < 0.5


def test_a_coin_in_the_gutter_by_a_marker_its_look_fits_worse_than_taught_is_doubted():
    # (before: installation 1,000,166 board 7, silver coins on slate: a coin wholly in the left
    # gutter by the back left marker, whose zone leaves out a third of its rim. Over the
    # frame, brighter than the slate the look was taught on, the coin's top stands out half as
    # much and its dark side wall shows; the fit over the rest of its rim, 0.065 under the
    # taught coins' worst, placed it 1.6 mm towards the back (1.52 mm as the bench reads it),
    # a WRONG settled board. A fit over a cut rim must reach ``CUT_SLACK``; else the centroid
    # reads it, and by a marker it is doubted.)
    _, sighting, verdict, errors = _read_once(1_000_166, 7)
    assert verdict == "refused" and "-33, 495 mm by a marker" in sighting.problem, (verdict, sighting.problem)


def test_a_coin_in_the_gutter_whose_rim_a_marker_cuts_is_doubted_however_well_the_rest_fits():
    # (before: fresh installation 1,000,194, board 6 read as the bench reads it (boards 0 to 6
    # with one reader): a coin wholly in the right gutter by the front right marker, whose zone
    # leaves out 41 % of its rim. The look, taught over the board, fitted the rest of the rim
    # at 0.954, 0.034 under the taught 0.988 and so within ``CUT_SLACK``, and placed it 2.03 mm
    # towards the marker (1.87 mm as judged), its centroid 0.64 mm off: a WRONG settled board.
    # Boards 0 and 2's coin in the same gutter fitted 0.82 and was doubted by the marker.)
    for k, case, sighting in _read_in_turn(1_000_194, 7):
        assert judge("shove", case, sighting)[0] != "wrong", k
    assert "a coin at 398, 11 mm" in sighting.problem, sighting.problem      # (its rim one-sided, or by a marker)


@pytest.mark.parametrize("board", [3, 6])
def test_a_coin_in_the_gutter_like_the_frame_is_read_where_its_look_as_over_the_frame_places_it(board):
    # (before: installation 1,000,171, copper coins on slate, the camera hung low: a coin wholly
    # in the left gutter, at -19, 60 and -46, 461 mm, its top 0.92 of the brown frame's grey,
    # its look taught over the slate fitting there not at all (-0.07 and -0.03), read by its
    # centroid, which is its dark edge's alone, 1.73 and 1.17 mm off: two WRONG settled boards;
    # then doubted "in the gutter that looks like the frame", the boards refused. Its look as
    # over the learned empty frame there (``coin_look.over``) fits at 0.93 and 0.94 (0.99
    # taught) and places them within 0.2 mm: the boards read right.)
    said, sighting, verdict, errors = _read_once(1_000_171, board)
    assert said == []
    assert verdict == "right", (verdict, sighting.problem, max(errors, default=0.0))


def test_the_look_as_over_a_frame_of_another_grey_fits_a_coin_there_as_the_taught_coins():
    """A coin's look is taught over the playing surface; over a gutter's frame of another grey
    its top stands out otherwise, while its drop shadow (a share of the light) does not. The look
    as over the learned frame there fits such a coin about as well as the taught coins and
    places it; the look as taught fits it poorly. Over a frame of the surface's own grey the
    look is the taught one."""
    rng = np.random.default_rng(2)
    board, look = _taught_look(rng)
    surface = float(np.median(board.sum(axis=2)))
    frame = (np.full_like(board, 95.0) + rng.normal(0, 2, board.shape)).astype(np.float32)
    u, v = 74.3, 81.6
    seen = _coin_on(frame, u, v, rng)
    over = coin_look.over(look, frame, surface, 75.0, 80.0)
    fu, fv, score = coin_look.fit(over, seen, frame, 75.0, 80.0, ())
    assert coin_look.trusted_over(look, score) and math.hypot(fu - u, fv - v) < 0.2 * SCALE, (score, fu, fv)
    _, _, plain = coin_look.fit(look, seen, frame, 75.0, 80.0, ())
    assert not coin_look.trusted_over(look, plain), plain
    alike = np.full_like(board, surface / 3)
    assert np.allclose(coin_look.over(look, alike, surface, 75.0, 80.0).patch, look.patch, atol=1e-4)


def test_a_coin_is_like_the_frame_only_off_the_surface_with_no_fit_and_the_frames_grey():
    half, scale = 20, 2.0
    look = CoinLook(np.ones((2 * half + 1,) * 2, np.float32), scale, taught=0.95)
    frame = np.full((120, 120, 3), 80, np.float32)
    coin = frame.copy()
    cv2.circle(coin, (60, 60), int(look.radius), (76, 76, 76), -1)     # a top 0.95 of the frame's grey
    off, on = np.zeros((120, 120), np.float32), np.ones((120, 120), np.float32)
    assert coin_look.like_the_frame(look, -0.05, coin, frame, off, 60, 60)
    assert not coin_look.like_the_frame(look, 0.3, coin, frame, off, 60, 60)      # its look fits
    assert not coin_look.like_the_frame(look, -0.05, coin, frame, on, 60, 60)     # on the playing surface
    bright = frame.copy()
    cv2.circle(bright, (60, 60), int(look.radius), (200, 200, 200), -1)
    assert not coin_look.like_the_frame(look, -0.05, bright, frame, off, 60, 60)  # far from the frame's grey


def test_a_fit_over_a_rim_a_marker_cuts_must_be_about_as_good_as_the_taught_coins():
    look = CoinLook(np.zeros((5, 5), np.float32), SCALE, taught=0.95)
    assert coin_look.trusted(look, 0.93) and coin_look.trusted(look, 0.93, cut=True)
    assert coin_look.trusted(look, 0.88) and not coin_look.trusted(look, 0.88, cut=True)
