"""Issue 22, item 1: a new game of another family at run time (the staff page's new game)
gets that family's hands, world and screen on the desktop; and no exception from an
adapter's callback ends the main loop."""
import logging
import random

import pygame
import pytest

from tablegame.display import Display
from table_app.desktop import SwitchingHands
from table_app.service import main_loop, open_session
from tablegame.config import load
from tablegame.core.play import GameSetup
from tablegame.core.session import NewGame
from desk import desktop_table, until  # noqa: E402

SHOVE = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))
SCHOCKEN = GameSetup("schocken", (("A",), ("B",), ("C",)))
CARROM = GameSetup("carrom", (("Anna",), ("Ben",)))


@pytest.fixture
def desk(tmp_path):
    config = load(None, {"table.language": "en", "schocken.dice": "reader"})
    with desktop_table(tmp_path, config, SHOVE, SwitchingHands) as table:
        yield table


def new_game(session, hands, display, setup):
    session.submit(NewGame(setup), by="staff:admin")
    until(session, lambda: session.status.setup == setup)
    hands.after_change()          # as the main loop does after every change
    display.show(session.play.view(session.status, "en"))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_shove_to_schocken_to_carrom_each_gets_its_own_hands_and_world(desk):
    from tablegame.families.carrom.hands import CarromHands
    from tablegame.families.schocken.hands import SchockenHands
    session, hands, board, display = desk
    handlers = hands.attach(board, display)
    new_game(session, hands, display, SCHOCKEN)        # once: AttributeError ... 'board'
    assert isinstance(hands.current, SchockenHands) and hands.world is hands.current.world
    thrown = session.status.actions
    for _ in range(5):   # the dice are random: a throw showing what lay there already is no news
        for handle in handlers:
            handle(key(pygame.K_t))                      # Schocken's keys now: a throw
        if session.process_until(lambda: session.status.actions > thrown, 4.0):
            break
    assert session.status.actions > thrown               # the throw was seen
    new_game(session, hands, display, CARROM)
    assert isinstance(hands.current, CarromHands)
    until(session, lambda: session.status.state.to_place == ())   # the new world was seen
    geometry = hands.world.board
    line = geometry.striker_line_y()
    start = display.to_screen(geometry.to_board(0, 0.0, line))
    aimed = display.to_screen(geometry.centre)
    before = session.status.actions
    for kind, pos in ((pygame.MOUSEBUTTONDOWN, start), (pygame.MOUSEMOTION, aimed),
                      (pygame.MOUSEBUTTONUP, aimed)):
        assert any(handle(pygame.event.Event(kind, pos=pos, button=1, buttons=(1, 0, 0),
                                             rel=(0, 0))) for handle in handlers)
    until(session, lambda: session.status.actions > before)      # Carrom's mouse: a stroke
    assert session.status.state.board.break_made


def test_a_callback_that_raises_does_not_end_the_main_loop(tmp_path, caplog):
    config = load(None, {"table.language": "en"})
    session = open_session(config, tmp_path / "t.sqlite", SHOVE, rng=random.Random(1))
    passes, seen = [0], []

    def broken(event):
        seen.append(event.type)
        raise AttributeError("'SchockenPlay' object has no attribute 'board'")

    def should_stop():
        passes[0] += 1
        if passes[0] in (2, 5):
            pygame.event.post(pygame.event.Event(pygame.USEREVENT))
        return passes[0] > 8
    with Display((320, 240)) as display, caplog.at_level(logging.ERROR):
        main_loop(session, display, "en", handlers=[broken], should_stop=should_stop,
                  after_change=lambda: 1 / 0)
    session.close()
    assert passes[0] > 8 and seen.count(pygame.USEREVENT) == 2   # the loop went on
    words = [r.getMessage() for r in caplog.records]
    assert sum("a window event's handler failed: AttributeError" in w for w in words) == 1
