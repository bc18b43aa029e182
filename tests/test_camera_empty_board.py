"""The empty board the teaching keeps (camera_board/teaching.py): the median of its views pixel
by pixel, so a hand passing through one frame is not kept, and the median numpy gives, to the
bit (the teaching sorts the views whole, not each pixel's few values apart: docs/performance.md,
"The test suite's waits and teachings")."""
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from camera_board.teaching import empty_board, median


@given(st.integers(3, 12), st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32 - 1))
def test_the_views_median_is_numpys_to_the_bit(count, height, width, seed):
    rng = np.random.default_rng(seed)
    views = [rng.integers(0, 256, (height, width, 3), dtype=np.uint8) for _ in range(count)]
    views[0][0] = 255       # (the extremes and ties)
    views[-1][0] = 0
    ours, numpys = median(views), np.median(np.stack([v.astype(np.float32) for v in views]), axis=0)
    assert ours.dtype == np.float32 and ours.shape == numpys.shape
    assert ours.tobytes() == numpys.tobytes()


def test_a_hand_passing_through_one_of_six_frames_is_not_kept_in_the_empty_board():
    rng = np.random.default_rng(1)
    board = np.full((60, 80, 3), 150, np.uint8)
    views = [np.clip(board + rng.normal(0, 2, board.shape), 0, 255).astype(np.uint8) for _ in range(6)]
    views[2][10:40, 20:60] = (90, 120, 200)     # a hand, skin-coloured, in one frame
    reference, noise = empty_board(views)
    assert reference.dtype == np.float32
    assert np.abs(reference - 150).max() <= 6, "the hand is not kept"
    assert 1.0 <= noise < 4
