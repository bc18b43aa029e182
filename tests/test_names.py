"""The name editor's editing, without a window: what is typed becomes the parties,
and what cannot be a party is refused with the reason."""
import pytest

from table_app.name_editor import MAX_CHARS, PartyNames

SHOVE = (("Team A",), ("Team B",))
SCHOCKEN = (("Anna",), ("Ben",), ("Cem",))


def schocken(parties=SCHOCKEN):
    return PartyNames(parties, fewest=2, most=10, solo=True)


def retype(names, typed):
    """Clear the current party's line and type ``typed``, as a player would."""
    for _ in range(len(names.texts[names.current])):
        names.delete()
    names.type(typed)


def test_the_lines_start_as_the_parties_are_and_confirm_unchanged():
    names = PartyNames((("Anna", "Carl"), ("Ben",)))
    assert names.texts == ["Anna, Carl", "Ben"] and names.current == 0
    assert names.parties() == (("Anna", "Carl"), ("Ben",)) and not names.changed


def test_typing_and_backspace_act_on_the_current_party_and_commas_make_players():
    names = PartyNames(SHOVE)
    names.keep()                   # End: the names it opened with, edited at their end
    names.delete()
    names.type("X")
    assert names.texts == ["Team X", "Team B"]
    retype(names, "Anna ,Carl")
    names.next()
    retype(names, "Ben")
    assert names.parties() == (("Anna", "Carl"), ("Ben",)) and names.changed


def test_backspace_on_an_empty_line_does_nothing():
    names = PartyNames(SHOVE)
    retype(names, "")
    names.delete()
    assert names.texts == ["", "Team B"]


def test_tab_and_the_arrows_go_round_the_parties():
    names = schocken()
    names.next()
    names.next()
    assert names.current == 2
    names.next()
    assert names.current == 0
    names.previous()
    assert names.current == 2


def test_a_schocken_player_is_added_after_the_current_one_and_typed_in():
    names = schocken()
    names.next()                              # at Ben
    names.add()
    assert names.current == 2 and names.texts == ["Anna", "Ben", "", "Cem"]
    names.type("Dora")
    assert names.parties() == (("Anna",), ("Ben",), ("Dora",), ("Cem",))


def test_a_schocken_player_is_removed_and_the_next_one_becomes_current():
    names = schocken()
    names.next()
    names.remove()
    assert names.texts == ["Anna", "Cem"] and names.current == 1
    assert names.parties() == (("Anna",), ("Cem",))


def test_removing_the_last_seat_makes_the_one_before_current():
    names = schocken()
    names.previous()                          # at Cem, the last
    names.remove()
    assert names.texts == ["Anna", "Ben"] and names.current == 1


def test_no_fewer_than_two_and_no_more_than_ten_schocken_players():
    names = schocken((("Anna",), ("Ben",)))
    names.remove()
    assert names.texts == ["Anna", "Ben"] and names.problem.key == "names_fewest"
    names = schocken(tuple((f"P{i}",) for i in range(10)))
    names.add()
    assert len(names.texts) == 10 and names.problem.key == "names_most"
    assert names.problem.kwargs == {"count": 10}


def test_a_shove_game_keeps_its_two_parties():
    names = PartyNames(SHOVE)
    names.add()
    assert names.texts == ["Team A", "Team B"] and names.problem.key == "names_fixed"
    names.remove()
    assert names.texts == ["Team A", "Team B"] and names.problem.key == "names_fixed"


@pytest.mark.parametrize("typed", ["", "   ", "Anna,", "Anna,, Carl", ", Carl"])
def test_an_empty_name_is_refused_and_its_party_becomes_current(typed):
    names = PartyNames(SHOVE)
    names.next()
    retype(names, typed)
    names.previous()
    assert names.parties() is None
    assert names.problem.key == "names_empty" and names.problem.kwargs == {"seat": 1}
    assert names.current == 1


def test_a_schocken_or_neunfeld_party_is_one_player():
    names = schocken()
    retype(names, "Anna, Carl")
    assert names.parties() is None and names.problem.key == "names_one_player"
    retype(names, " Anna  Carl ")             # a space is part of a name, once
    assert names.parties() == (("Anna Carl",), ("Ben",), ("Cem",))


def test_the_same_name_twice_is_refused():
    names = PartyNames(SHOVE)
    retype(names, "Anna, Carl")
    names.next()
    retype(names, "carl")
    assert names.parties() is None
    assert names.problem.key == "names_twice" and names.problem.kwargs == {"seat": 1,
                                                                             "name": "carl"}


def test_a_line_longer_than_the_screen_takes_is_refused_and_left_as_it_was():
    names = PartyNames(SHOVE)
    retype(names, "A" * MAX_CHARS)
    names.type("B")
    assert names.texts[0] == "A" * MAX_CHARS and names.problem.key == "names_too_long"


def test_control_characters_are_not_typed_and_the_next_edit_clears_a_problem():
    names = PartyNames(SHOVE)
    names.add()
    assert names.problem is not None
    names.type("\x08\t")
    assert names.texts[0] == "Team A" and names.problem is not None
    names.keep()
    names.type("!")
    assert names.texts[0] == "Team A!" and names.problem is None


def test_editing_never_changes_the_parties_it_started_from():
    names = schocken()
    retype(names, "Zed")
    names.add()
    names.remove()
    assert names.original == SCHOCKEN
