"""What guests see: a real session's state, drawn by the real display (pygame-ce,
dummy video driver), checked by pixels, in German and English."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import random  # noqa: E402

import pytest  # noqa: E402

from tablegame.display import palette as P  # noqa: E402
from tablegame.display.display import Display  # noqa: E402
from tablegame.config import load  # noqa: E402
from tablegame.core.events import ButtonPress  # noqa: E402
from tablegame.core.sensors import BoardSnapshot, CoinReading  # noqa: E402
from table_app.service import open_session  # noqa: E402


@pytest.fixture
def session(tmp_path):
    s = open_session(load(None), tmp_path / "t.sqlite", rng=random.Random(2))
    s.handle(ButtonPress("ok"))
    return s


def in_bed(board, bed, x):
    near, far = board.bed_span(bed)
    return CoinReading(x, (near + far) / 2)


def play_turn(session, beds_and_x):
    session.handle(BoardSnapshot((), settled=True))  # the board seen empty: coins count
    coins = []
    for bed, x in beds_and_x:
        coins.append(in_bed(session.play.board, bed, x))
        session.handle(BoardSnapshot(tuple(coins), settled=True))
    return coins


def colour_count(surface, rect, colour):
    return sum(surface.get_at((x, y))[:3] == colour
               for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom))


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_a_scored_turn_shows_chalk_on_the_scoring_party_side_and_the_result_in_words(session, size):
    party = session.status.state.starter
    play_turn(session, [(2, 70), (4, 125), (4, 180), (4, 235), (8, 290)])
    display = Display(size)
    try:
        display.show(session.play.view(session.status, "de"))
        layout, surface = display.screen.layout, display.surface
        assert colour_count(surface, layout.chalk_box(party, 2), P.CHALK) > 0
        assert colour_count(surface, layout.chalk_box(party, 4), P.SLATE_DONE) > 0, "bed 4 full"
        assert colour_count(surface, layout.chalk_box(party, 5), P.CHALK) == 0
        assert colour_count(surface, layout.chalk_box(1 - party, 4), P.CHALK) == 0
        view = session.play.view(session.status, "de")
        assert "Sergeant in Bett 4!" in view.message
        assert view.status == "Bitte das Brett abräumen (5 Münzen liegen noch)"
    finally:
        display.close()


def test_the_result_stays_on_screen_until_the_board_is_cleared_then_the_next_party_is_called(session):
    play_turn(session, [(2, 70), (4, 125), (4, 180), (4, 235), (8, 290)])
    scored = session.play.view(session.status, "en").message
    session.handle(BoardSnapshot((), settled=True))
    view = session.play.view(session.status, "en")
    assert view.message == scored
    next_party = session.status.state.parties[session.status.state.turn].name
    assert view.status == f"{next_party} to shove – 5 coins left"


def test_an_impossible_reading_shows_the_red_banner_with_the_reason(session):
    display = Display((800, 480))
    try:
        board = session.play.board
        display.show(session.play.view(session.status, "en"))
        banner = display.screen.layout.rows["problem"]
        assert colour_count(display.surface, banner, P.PROBLEM) == 0
        session.handle(BoardSnapshot((in_bed(board, 3, 170), in_bed(board, 3, 175)), settled=True))
        view = session.play.view(session.status, "en")
        display.show(view)
        assert view.problem == "Two coins overlap in bed 3: check the board"
        assert colour_count(display.surface, banner, P.PROBLEM) > banner.width * banner.height // 2
    finally:
        display.close()


def test_the_language_setting_changes_every_text(session):
    de = session.play.view(session.status, "de")
    en = session.play.view(session.status, "en")
    assert de.status.endswith("noch 5 Münzen") and en.status.endswith("5 coins left")
    assert de.hint != en.hint
