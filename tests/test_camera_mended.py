"""Carrom: the light mended where it has a piece's shape (camera_board/detect.py,
``_without_shapes``): a piece the light measurement took for the board is taken out of the
light, a lamp's pool or a guest's shadow (wider than a piece) is kept."""
import cv2
import numpy as np

from camera_board.detect import _without_shapes


def _light(bump: float, at=(60, 60), radius=5):
    """A light on 2 mm cells: a slope across the board, a lamp's pool 60 cells wide, and a
    piece-sized disc ``bump`` times as bright (a man the light measurement evened away)."""
    yy, xx = np.mgrid[0:120, 0:160].astype(np.float32)
    light = (0.8 + 0.002 * xx)[..., None] * np.ones(3, np.float32)
    light *= (1 + 0.3 * np.exp(-((xx - 110) ** 2 + (yy - 60) ** 2) / (2 * 20.0 ** 2)))[..., None]
    piece = ((xx - at[0]) ** 2 + (yy - at[1]) ** 2 <= radius ** 2)
    light[piece] *= np.float32(bump)
    return light, piece


def _mended(light):
    h, w = light.shape[:2]
    logged = cv2.resize(cv2.log(np.maximum(light, 1e-3)), (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
    opened, closed = cv2.morphologyEx(logged, cv2.MORPH_OPEN, disc), cv2.morphologyEx(logged, cv2.MORPH_CLOSE, disc)
    shaped = (np.maximum(logged - opened, closed - logged).max(axis=2) > 0.1).astype(np.uint8)
    return _without_shapes(light, logged, opened, closed, shaped), shaped


def test_a_piece_in_the_light_is_taken_out_and_the_lamps_pool_kept():
    for bump in (1.4, 0.7):          # a light piece on a darker board, a dark one on a lighter
        light, piece = _light(bump)
        plain, _ = _light(1.0)
        mended, shaped = _mended(light)
        assert shaped.any()
        # where the piece was, the light is the board's round it again (within 4 %, where the piece stood 40 % out)
        assert np.abs(mended[piece] / plain[piece] - 1).max() < 0.04
        # the lamp's pool and the slope, away from the piece, as measured
        far = np.ones(piece.shape, bool)
        far[45:76, 45:76] = False
        assert np.allclose(mended[far], light[far], rtol=1e-5)


def test_nothing_of_a_pieces_shape_leaves_the_light_as_it_is():
    light, _ = _light(1.0)
    mended, shaped = _mended(light)
    assert not shaped.any()
    assert np.allclose(mended, light, rtol=1e-5)
