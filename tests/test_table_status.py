"""TableStatus.but: the session's replace of the status in every frame, cheaper than
dataclasses.replace and the same value (issue 30, the frame's main-thread CPU)."""
import dataclasses

import pytest
from hypothesis import given, strategies as st

from tablegame.core.play import GameSetup, PutBack, TableStatus
from tablegame.words.notes import Note

_VALUES = {
    "note": st.sampled_from([None, Note.of("coin_counted", left=3), Note.of("undone")]),
    "problem": st.sampled_from([None, Note.of("store_failed", reason="disk full")]),
    "actions": st.integers(0, 500),
    "moves": st.integers(0, 500),
    "readings": st.tuples(st.integers()),
    "calibrating": st.booleans(),
    "showing_address": st.sampled_from([None, "asked", "setup"]),
    "put_back": st.sampled_from([None, PutBack(3, ())]),
    "menu_steps": st.booleans(),
    "reasons_shown": st.integers(0, 9),
}


def _status() -> TableStatus:
    return TableStatus(GameSetup("shove", (("Anna",), ("Ben",))), state=("state", 1),
                       note=Note.of("new_game"), actions=4, moves=3)


@given(st.fixed_dictionaries({}, optional=_VALUES))
def test_but_gives_what_dataclasses_replace_gives(changes):
    status = _status()
    changed = status.but(**changes)
    assert changed == dataclasses.replace(status, **changes)
    assert hash(changed) == hash(dataclasses.replace(status, **changes))
    assert status == _status()   # the old status is left as it was


def test_but_refuses_a_name_that_is_not_a_field_and_the_result_stays_frozen():
    status = _status()
    with pytest.raises(TypeError, match="no field notes"):
        status.but(notes=None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        status.but(moves=1).moves = 2


@given(st.sampled_from([None, print]), st.booleans())
def test_a_verdicts_but_gives_what_dataclasses_replace_gives(beside, problem):
    from tablegame.core.play import Verdict
    verdict = Verdict(note=Note.of("new_game"), problem=problem)
    assert verdict.but(beside=beside) == dataclasses.replace(verdict, beside=beside)
    with pytest.raises(TypeError, match="Verdict has no field besides"):
        verdict.but(besides=beside)
