"""A table on the desktop for tests: the session on a log of its own, the family's hands,
the virtual board on a pseudo-terminal with the real link, and a window on the dummy
driver (SDL_VIDEODRIVER=dummy, set by the test module before pygame is imported)."""
import contextlib
import os
import random

from firmware_bridge.link import BoardLink
from firmware_bridge.virtual_board import VirtualBoard
from tablegame.display import Display
from table_app.service import open_session
from tablegame.core.sensors import LinkState


def until(session, done, timeout=10.0):
    """Handle the table's events until ``done()``; fails the test after ``timeout`` s."""
    assert session.process_until(done, timeout), "the table did not get there in time"


def link_up(session) -> bool:
    return session.status.link is not None and session.status.link.state is LinkState.OPERATIONAL


@contextlib.contextmanager
def desktop_table(folder, config, setup, hands, ready=link_up):
    """(session, hands, board, display) of a table playing ``setup``, once ``ready``."""
    session = open_session(config, folder / "t.sqlite", setup, rng=random.Random(1))
    hands = hands(session, config)
    board = VirtualBoard(hands.world, link_path=os.path.join(folder, "board"), realtime=False)
    link = BoardLink(board.port, session.post, heartbeat=0.2)
    board.start()
    link.start()
    display = Display((800, 480))
    try:
        until(session, lambda: ready(session))
        yield session, hands, board, display
    finally:
        display.close()
        link.close()
        board.close()
        session.close()
