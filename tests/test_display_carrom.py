"""The Carrom screen on a real pygame-ce surface (dummy video driver), judged by its
pixels at the table's two screen sizes; it draws only what changed, and the picture is
the one a full redraw gives."""
import dataclasses
import random

import pygame

from tablegame.display import palette as P
from tablegame.families.carrom.screen import PIECE_INK, CarromScreen
from tablegame.core.events import ButtonPress
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.sensors import PieceReading
from tablegame.core.session import Session
from tablegame.core.store import EventLog
from tablegame.families.carrom.view import CarromView
from test_carrom_play import Board, started


def view_of(s, language="de") -> CarromView:
    return s.play.view(s.status, language)


def colour_at(surface, pixel):
    return tuple(surface.get_at(pixel))[:3]


def count(surface, rect, colour) -> int:
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    return pygame.mask.from_threshold(sub, colour, (1, 1, 1, 255)).count()


def pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def fresh(surface, view) -> bytes:
    canvas = pygame.Surface(surface.get_size(), 0, surface)
    CarromScreen().draw(canvas, view)
    return pixels(canvas)


def test_the_screen_is_registered_and_draws_the_set_up(display):
    s = Session(EventLog(":memory:"), make_play, GameSetup("carrom", (("Anna",), ("Ben",))))
    display.show(view_of(s))
    assert isinstance(display.screen, CarromScreen)


def test_every_piece_is_drawn_where_the_board_reports_it(display):
    s, board = started()
    view = dataclasses.replace(view_of(s), pieces=(
        PieceReading("white", 100, 200), PieceReading("black", 600, 300),
        PieceReading("queen", 370, 370), PieceReading("striker", 370, 117)))
    display.show(view)
    for piece in view.pieces:
        assert colour_at(display.surface, display.to_screen((piece.x, piece.y))) == PIECE_INK[piece.kind]
    x, y = display.to_board(display.to_screen((100, 200)))
    assert abs(x - 100) < 2 and abs(y - 200) < 2
    assert display.to_board((display.size[0] - 2, 2)) is None        # the panel is not the board


def test_the_seat_on_turn_is_marked_on_its_side_of_the_frame(display):
    s, board = started()
    display.show(view_of(s))                 # Anna, seat 0: the bottom edge
    fr = display.screen.layout.surface_rect    # the middle of each edge, away from the corners
    bottom = pygame.Rect(fr.left, display.screen.layout.frame_rect.bottom - 3, fr.width, 3)
    top = pygame.Rect(fr.left, display.screen.layout.frame_rect.top, fr.width, 3)
    assert count(display.surface, bottom, P.WINNER) > 0 and count(display.surface, top, P.WINNER) == 0
    board.stroke()                           # nothing pocketed: Ben, opposite (ICF), at the top
    display.show(view_of(s))
    assert count(display.surface, top, P.WINNER) > 0 and count(display.surface, bottom, P.WINNER) == 0


def test_what_to_put_back_is_shown_in_the_panel_until_it_is_back(display):
    s, board = started()
    board.stroke(pocketed=("white",))
    board.stroke(pocketed=("striker",))
    view = view_of(s)
    assert view.to_place == ("Weiß: 1 Stein in den äußeren Kreis setzen",)
    display.show(view)
    place = display.screen.body["place"]
    assert count(display.surface, place, P.WINNER) > place.width * place.height // 2
    board.put_back("white")
    display.show(view_of(s))
    assert "place" not in display.screen.body and count(display.surface, place, P.WINNER) == 0


def test_the_foul_menu_is_drawn_with_the_highlighted_entry(display):
    s, _ = started()
    s.handle(ButtonPress("menu"))
    s.handle(ButtonPress("menu"))
    view = view_of(s, "en")
    assert view.menu_index == 1 and view.menu_title.startswith("Fouls")
    display.show(view)
    menu = display.screen.layout.menu
    assert count(display.surface, menu, P.WINNER) > 0
    s.handle(ButtonPress("back"))
    display.show(view_of(s, "en"))
    assert count(display.surface, menu, P.WINNER) == 0


def test_board_and_game_winner_banners(display):
    s, board = started()
    entries = s.play.entries(s.status.state)
    for _ in range(next(i for i, e in enumerate(entries) if e.key == "cr_menu_left_seat") + 1):
        s.handle(ButtonPress("menu"))
    s.handle(ButtonPress("ok"))   # Anna left her seat: Ben wins by her 9 men and the queen, 12 (91)
    view = view_of(s, "en")
    assert view.board_winner == "Ben wins the board: 12 points (left the seat)"
    assert view.parties[1].boards == "Boards: 12" and view.parties[1].score_text == "12 points"
    display.show(view)
    banner = display.screen.body["top"]   # in the status line's place
    assert count(display.surface, banner, P.WINNER) > banner.width * banner.height // 2


def test_the_game_winner_is_said(display):
    s = Session(EventLog(":memory:"), make_play, GameSetup("carrom", (("Anna",), ("Ben",))),
                rng=random.Random(2))
    board = Board(s)
    while not s.status.state.over:
        board.pieces = list(board.pieces) if s.status.state.to_place == () else _set_up()
        board.settled()
        s.handle(ButtonPress("ok"))          # a toss for the tie board, or confirming the set-up
        entries = s.play.entries(s.status.state)
        left = [i for i, e in enumerate(entries) if e.key == "cr_menu_left_seat"]
        if not left:
            continue
        for _ in range(left[1] + 1):         # Ben leaves his seat, board after board
            s.handle(ButtonPress("menu"))
        s.handle(ButtonPress("ok"))
    view = view_of(s)
    # 12 + 12 (men and queen, 91), then the men only from 22: 12 + 12 + 9
    assert view.winner == "Anna gewinnt das Spiel, 33:0" and view.status == "Spiel vorbei"
    display.show(view)


def _set_up():
    from tablegame.families.carrom.physics import CarromBoard, break_setup
    return list(break_setup(CarromBoard()))


def views():
    """A game's views in the order a table shows them: strokes, a due, the menu."""
    s, board = started()
    yield view_of(s)
    board.stroke(pocketed=("white", "black"))
    yield view_of(s)
    board.stroke(pocketed=("queen",))
    yield view_of(s, "en")
    board.stroke(pocketed=("striker",))
    yield view_of(s)
    board.put_back("queen")
    yield view_of(s)
    board.put_back("white", 2)
    yield view_of(s)
    s.handle(ButtonPress("menu"))
    yield view_of(s)
    s.handle(ButtonPress("back"))
    yield view_of(s)
    view = view_of(s)
    yield dataclasses.replace(view, problem="Eine zweite Königin gemeldet", pieces=view.pieces[3:])
    yield dataclasses.replace(view, pieces=tuple(dataclasses.replace(p, x=p.x + 40) for p in view.pieces))


def test_drawn_bit_by_bit_is_drawn_whole(display):
    for step, view in enumerate(views()):
        display.show(view)
        assert pixels(display.surface) == fresh(display.surface, view), f"frame {step}"


def test_a_moving_piece_redraws_a_little(display):
    view = next(views())
    display.show(view)
    moved = dataclasses.replace(view, pieces=(dataclasses.replace(view.pieces[0], x=view.pieces[0].x + 3),
                                              *view.pieces[1:]))
    dirty = display.screen.draw(display.surface, moved)
    area = sum(r.width * r.height for r in dirty)
    assert 0 < area < display.size[0] * display.size[1] // 20
