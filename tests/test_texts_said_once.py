"""``say`` remembers the words of a note object (issue 30: the screen's view says the
same note every frame): the same words as saying it anew, for any note, and never the
words of an equal note of other types (True == 1, 1.0 == 1)."""
from hypothesis import given, strategies as st

import tablegame.texts as texts
from tablegame.texts import say, text
from tablegame.words.notes import Note


def test_a_note_said_again_is_looked_up_not_said_anew(monkeypatch):
    note = Note.of("coin_counted", left=3)
    assert say("de", note) == "Münze gezählt – noch 3"
    monkeypatch.setattr(texts, "text", lambda *a, **k: "said anew")
    assert say("de", note) == "Münze gezählt – noch 3"          # failed before: said anew
    assert say("de", Note.of("coin_counted", left=3)) == "said anew"   # another object


def test_equal_notes_of_other_types_are_said_as_their_own():
    assert say("en", Note.of("coin_counted", left=1)) == "Coin counted – 1 left"
    assert say("en", Note.of("coin_counted", left=True)) == "Coin counted – True left"
    assert say("en", Note.of("coin_counted", left=1.5)) == "Coin counted – 1.5 left"


@given(st.sampled_from(["de", "en"]), st.integers(0, 9) | st.booleans(), st.integers(1, 9))
def test_said_twice_is_said_as_anew(language, left, count):
    for note in (Note.of("coin_counted", left=left),
                 Note.of("turn_scored", party="Team A", other="Team B", own=(left,), given=(),
                         lost=(), sergeants=(), gold_watch=False, tiebreak=None, count=count)):
        fresh = text(language, note.key, **note.kwargs)
        assert say(language, note) == fresh and say(language, note) == fresh
