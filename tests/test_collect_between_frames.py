"""Garbage collected between frames (issue 30, the frame's CPU): Python collects its young
objects on whichever thread makes one too many, and in one frame of a hundred that was
the frame (0.5-0.6 ms of its main-thread CPU). The table's loop collects what is due in a
pass with nothing to draw instead, once two fifths of Python's threshold is reached
(``service.EARLY``)."""
import gc
import random
import weakref

import pytest

from table_app import service
from table_app.service import collect_between_frames


class _Cycle:
    """Garbage only a collection frees: it refers to itself."""

    def __init__(self):
        self.me = self


def _garbage_and(young: int) -> tuple[weakref.ref, list]:
    """A cycle left as garbage, and ``young`` new objects kept (Python's count of young
    objects, which decides when it collects)."""
    cycle = weakref.ref(_Cycle())
    return cycle, [[] for _ in range(young)]


@pytest.fixture
def thresholds():
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)   # Python's own
    gc.collect()
    yield
    gc.set_threshold(*before)


def test_past_two_fifths_of_the_threshold_the_garbage_is_collected_between_frames(thresholds):
    cycle, kept = _garbage_and(400)
    assert cycle() is not None                     # not collected yet: 400 of 700
    assert collect_between_frames() is True
    assert cycle() is None and gc.get_count()[0] < 350


def test_garbage_that_outlived_young_collections_is_collected_when_its_turn_comes(thresholds):
    gc.set_threshold(700, 10, 0)    # the oldest generation due after one middle collection
    cycle = _Cycle()
    gc.collect(1)                   # it lives through the middle generation's collection
    old = weakref.ref(cycle)
    del cycle                       # garbage now, in the oldest generation
    _, kept = _garbage_and(400)
    assert collect_between_frames() is True
    assert old() is None


def test_the_oldest_generation_waits_until_its_count_passes_its_threshold(thresholds):
    gc.set_threshold(700, 10, 1)    # one middle collection counted: at the threshold, not past it
    cycle = _Cycle()
    gc.collect(1)
    old = weakref.ref(cycle)
    del cycle
    _, kept = _garbage_and(400)
    assert collect_between_frames() is True
    assert old() is not None        # as Python takes it: a count past the threshold, not at it


def test_below_two_fifths_nothing_is_collected(thresholds):
    cycle, kept = _garbage_and(100)
    assert collect_between_frames() is False
    assert cycle() is not None


@pytest.mark.parametrize("switch_off", [lambda: gc.set_threshold(0), gc.disable])
def test_with_collection_switched_off_nothing_is_collected(thresholds, switch_off):
    switch_off()
    try:
        cycle, kept = _garbage_and(400)
        assert collect_between_frames() is False
        assert cycle() is not None
    finally:
        gc.enable()


def test_the_tables_loop_collects_in_its_passes_with_nothing_to_draw(tmp_path, thresholds):
    from tablegame.config import load
    from tablegame.core.play import GameSetup
    from tablegame.display import Display
    session = service.open_session(
        load(None, {"table.language": "de"}), tmp_path / "t.sqlite",
        GameSetup("shove-hapenny", (("Anna",), ("Ben",))), rng=random.Random(1))
    made, passes = {}, [0]

    def tick():   # the garbage is made in the loop's third pass, after start-up's collection
        passes[0] += 1
        if passes[0] == 3:
            made["cycle"], made["kept"] = _garbage_and(400)

    with Display((800, 480), caption="test") as display:
        service.main_loop(session, display, "de", tick=tick, should_stop=lambda: passes[0] >= 6)
    assert made["cycle"]() is None   # collected in a pass that drew nothing
    session.close()
