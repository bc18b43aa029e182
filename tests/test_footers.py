"""Each game's footer says what each rail button does now (issue 30, item 3): before the
first move MENU chooses the game and there is nothing to undo; during a game MENU shows
the staff page's address and held starts a new game; after the end OK starts one. The
footer is checked against what the session then does with the press."""
import dataclasses
import random

import pytest

from tablegame.core.events import ButtonPress
from tablegame.core.play import GameSetup
from tablegame.config import load
from tablegame.core.session import Act
from tablegame.registry import family_of
from table_app.service import open_session
from tablegame.families.carrom.state import Placed
from tablegame.families.neunfeld.rules import Roll


def first_move(game):
    """A press or an action that is the game's first move."""
    return {"shove-hapenny": ButtonPress("ok"),             # the coin toss
            "schocken": ButtonPress("ok"),                  # the table's dice: the first throw
            "neunfeld": Act(Roll((1, 5, 2))),
            "carrom": Act(Placed())}[game]


PARTIES = {"carrom": (("Anna",), ("Ben",))}


@pytest.fixture(params=["shove-hapenny", "schocken", "neunfeld", "carrom"])
def session(request, tmp_path):
    game = request.param
    setup = GameSetup(game, PARTIES.get(game, (("Anna",), ("Ben",))))
    session = open_session(load(None), tmp_path / "t.sqlite", setup, rng=random.Random(2))
    yield session
    session.close()


def footer(session, language="en"):
    view = session.play.view(session.status, language)
    return getattr(view, "hint", "") if not hasattr(view, "keys") else view.keys


def test_before_the_first_move_menu_chooses_the_game_and_nothing_is_undone(session):
    said = footer(session)
    assert "undo" not in said and "hold MENU" not in said and "MENU lang" not in said
    if len(family_of(session.status.setup.game).menu) > 1:
        assert "MENU: choose the game" in said and "MENÜ: Spielwahl" in footer(session, "de")
        before = session.status.setup
        session.handle(ButtonPress("menu"))                # as the footer says
        assert session.status.showing_address is None and session.status.setup != before
    else:                                                  # Carrom: one game, the address
        assert "MENU: staff page" in said
        session.handle(ButtonPress("menu"))
        assert session.status.showing_address == "asked"


def test_during_a_game_menu_shows_the_staff_page_and_held_starts_a_new_game(session):
    session.handle(first_move(session.status.setup.game))
    assert session.status.moves == 1
    said = footer(session)
    menu = "MENU: fouls" if session.status.setup.game == "carrom" else "MENU: staff page"
    assert f"{menu} (hold: new " in said and ("hold BACK: undo" in said or "(hold: undo)" in said), said
    assert "choose the game" not in said
    assert "MENÜ lang" not in footer(session, "en")
    assert "rückgängig" in footer(session, "de")
    if session.status.setup.game != "carrom":
        session.handle(ButtonPress("menu"))                # as the footer says
        assert session.status.showing_address == "asked"


def test_after_the_end_ok_starts_a_new_game():
    from test_screens_readable import shove_over
    play, status = shove_over()
    said = play.view(dataclasses.replace(status, moves=20, actions=20), "en").hint
    assert said.startswith("OK: new game") and "MENU: staff page" in said
    assert "hold MENU" not in said      # OK does it already
