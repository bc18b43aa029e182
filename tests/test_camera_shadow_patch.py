"""A stray patch read again under its own light, and its coins looked for again there
(camera_board/shadow_patch.py, ``Detector._in_own_light``; docs/camera.md, "A stray patch's
coins looked for again"): a guest's shadow the light's measurement left in is the bare board,
and the settled Shove board is read; a coin that shadow hid keeps it doubted (issue 27)."""
import cv2
import numpy as np

from benchmarks.camera_looks_figures import judge, read_in_turn
from camera_sim.installs import installation
from camera_board import detect, shadow_patch
from camera_sim.render import render


def _shadowed(shape=(60, 60), coin=None):
    """A coarse light picture's ratio (3 channels): 1 with a soft round shadow 0.6 deep,
    and, at ``coin`` (x, y), a disc of 6 cells half as bright again (a coin it hid)."""
    yy, xx = np.mgrid[:shape[0], :shape[1]].astype(np.float32)
    depth = 0.4 * np.exp(-((xx - 30) ** 2 + (yy - 30) ** 2) / (2 * 14.0 ** 2))
    ratio = np.repeat((1 - depth)[..., None], 3, axis=2)
    if coin is not None:
        ratio[(xx - coin[0]) ** 2 + (yy - coin[1]) ** 2 < 36] *= 1.5
    return ratio.astype(np.float32), (depth > 0.15)


def test_the_light_fitted_over_a_patch_follows_its_shadow_and_not_a_coin_in_it():
    ratio, patch = _shadowed(coin=(33, 28))
    light = np.ones_like(ratio)          # the light as measured: the shadow not taken as light
    kept = np.ones(patch.shape, bool)
    mended = shadow_patch.fitted_light(light, ratio, patch, kept)
    bare, _ = _shadowed()
    yy, xx = np.mgrid[:60, :60]
    inside = patch & ((xx - 33) ** 2 + (yy - 28) ** 2 >= 64)
    assert np.abs(mended[inside] / bare[inside] - 1).max() < 0.06    # the shadow, to 6 % (a quadratic)
    assert mended[28, 33, 0] < 0.7           # the coin's cells: the shadow's light, not the coin's
    assert (mended[~cv2.dilate(patch.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)] == 1).all()


def test_too_little_left_of_a_patch_to_fit_is_no_light():
    ratio, patch = _shadowed()
    assert shadow_patch.fitted_light(np.ones_like(ratio), ratio, patch, np.zeros(patch.shape, bool)) is None


def test_only_a_patch_darker_in_the_lights_own_colour_is_taken_for_a_shadow():
    grey = np.full((50, 3), 0.65, np.float32)
    assert shadow_patch.shadow_like(grey, 0.08, 0.25)
    assert not shadow_patch.shadow_like(grey * [0.6, 1.3, 0.6], 0.08, 0.25)    # a guest's green token
    assert not shadow_patch.shadow_like(grey * 1.6, 0.08, 0.25)                 # a lamp's pool: brighter
    assert not shadow_patch.shadow_like(grey * 0.3, 0.08, 0.25)                 # darker than any shadow here


def _read_as_the_bench_does(seed: int, boards: int) -> list:
    """(verdict, problem) of installation ``seed``'s first ``boards`` boards, one reader."""
    return [(judge("shove", case, sighting)[0], sighting.problem)
            for case, sighting in read_in_turn(installation("shove", seed), render, boards)]


def test_a_guests_shadow_left_in_the_light_is_read_as_the_board():
    # (before: tuning installation 902, tarnished copper on smoked oak, boards 2 and 3 were
    # refused for "a patch" only: a guest's shadow 0.59 to 0.68 of the board's brightness and
    # 12 to 24 coins' size, of the light's tint, that the light's measurement left in)
    read = _read_as_the_bench_does(902, 4)
    assert [verdict for verdict, _ in read] == ["right"] * 4, read


def test_coins_a_guests_shadow_hid_keep_the_patch_doubted():
    # (tuning installation 904 board 2: two coins in a guest's shadow not found; read without
    # the patch's doubt, a WRONG board. Under the patch's own light one shows a coin's peak,
    # 0.65 of the matched filter, and something larger than the patch bar still differs)
    verdict, problem = _read_as_the_bench_does(904, 3)[2]
    assert verdict == "refused" and "a patch at 137, 166 mm" in str(problem), (verdict, problem)


def test_a_coin_in_a_shadow_that_shows_only_when_looked_for_again_keeps_its_patch_doubted(monkeypatch):
    # (tuning installation 1,000,092 board 5, copper on walnut: a coin at 332, 83 mm in a guest's
    # shadow 9 coins large, not found. Under the patch's own light nothing larger than the
    # patch bar differs from the board any more (the coin's colour is near the walnut's), but
    # looked for again there the coin's filter peaks at 0.65, over ``UNSURE``: the patch stays.
    # Its "coin?" is read since, placed by its look 0.15 mm off, and the board reads right: kept
    # a doubt here, to see the patch's)
    monkeypatch.setattr(detect, "MAYBE_PLACED_GAMES", ())
    verdict, problem = _read_as_the_bench_does(1_000_092, 6)[5]
    assert verdict == "refused" and "a patch at 307, 122 mm" in str(problem), (verdict, problem)


def test_a_guests_shadow_smaller_than_three_coins_is_read_as_the_board():
    # (before: tuning installation 7 board 1, brass on painted green, was refused for two
    # patches of 0.75 coins by the left edge, a guest's shadow 0.6 of the board's brightness
    # of the light's tint; no coin within 69 mm. Read under their own light nothing differs,
    # and the coin looked for there peaks at 0.0 under either light: "A small stray patch read
    # under its own light", docs/camera.md)
    verdict, problem = _read_as_the_bench_does(7, 2)[1]
    assert verdict == "right", (verdict, problem)


def test_a_small_patch_a_coin_shows_in_under_the_light_as_measured_stays_doubted(monkeypatch):
    # (tuning installation 5 board 4: an unfound brass coin at 32, 417 mm, a patch of 1.5 coins.
    # Taken for a shadow here (it is brighter than the board: no shadow, so it is not re-read
    # at all), a quadratic fitted over it follows the coin: under that light the coin's filter
    # reads 0.0 and nothing differs, and the patch would be lifted (only the "coin?" doubts
    # left, themselves no proof: lifted too, a coin missed). Under the light as measured the
    # filter peaks at 0.50 there: the patch stays doubted)
    # (The coin's "coin?" is read since, placed by its look: kept a doubt here, to see the patch's)
    monkeypatch.setattr(shadow_patch, "shadow_like", lambda *_: True)
    monkeypatch.setattr(detect, "MAYBE_PLACED_GAMES", ())
    verdict, problem = _read_as_the_bench_does(5, 5)[4]
    assert verdict == "refused" and "a patch at 32, 417 mm" in str(problem), (verdict, problem)


def test_the_middle_coin_of_a_touching_row_cut_apart_by_its_own_face_keeps_its_patch_doubted():
    # (before: fresh installation 1,000,242 board 0, dark old pennies on walnut, three touching
    # along the front edge at 223, 249 and 274 mm: the matched filter peaks where the coins touch,
    # each peak a shadow of a kept neighbour, and the middle coin was found by none. Round the
    # found neighbours 1,914 of its pixels still differed from the board, but its worn face reads
    # as the walnut along thin lines, and opened it fell apart in three parts of 1,080, 691 and
    # 143 pixels, each under the patch bar of 1,216: the board settled a coin short, WRONG. Parts
    # within the opening's width of each other are one patch: "The middle coin of a touching
    # row of dark pennies", docs/camera.md)
    (verdict, problem), = _read_as_the_bench_does(1_000_242, 1)
    assert verdict == "refused" and "a patch at 250, 22 mm" in str(problem), (verdict, problem)
