"""The family registrations: every game is declared once and its named parts exist."""
import pytest

from tablegame.registry import family_of, find, game_names, load
from tablegame.core.games import find_game


def test_every_game_is_registered_once_and_its_rules_build():
    assert sorted(game_names()) == sorted(set(game_names()))
    for name in game_names():
        assert find_game(name).__class__ is not None
        assert load(find(name).rules)


def test_an_unknown_game_is_refused_in_words():
    with pytest.raises(ValueError, match="unknown game 'ludo'"):
        family_of("ludo")


def test_options_say_what_is_allowed():
    beds = next(o for o in find("shove-piecepack").options if o.name == "beds")
    assert beds.check(5) is None
    assert beds.check(2.5) == "expected a whole number from 2 to 7, got 2.5"
    progressive = next(o for o in find("shove-piecepack").options if o.name == "progressive")
    assert progressive.check("maybe") == "expected true or false, got 'maybe'"


@pytest.mark.parametrize("name", game_names())
def test_a_game_has_the_name_on_the_page_and_in_exports_that_its_screen_shows(name):
    """The staff page, the history's export and the venue name a game by the registry;
    the table's screen by its rules. One game, one name: "Shove ha'penny" on the screen
    was "Shove Ha'penny" in the German standings (issue 30, item 15)."""
    from tablegame.core.games import make_play
    from tablegame.core.play import GameSetup
    play = make_play(GameSetup(name, (("Anna",), ("Ben",))))
    shown = getattr(play.rules, "title", None)
    titles = find(name).title
    if shown is not None:
        assert titles == {"de": shown, "en": shown}
