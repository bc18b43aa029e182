"""Carrom's desktop hands on a real window (dummy driver) and a virtual board on a pty:
slide the striker along the base line, drag forward to aim (the aiming line shows),
let go to strike; P puts back what the ruling asks."""

import pygame
import pytest

from tablegame.display import palette as P
from tablegame.config import load
from tablegame.families.carrom.hands import CarromHands
from tablegame.core.play import GameSetup
from tablegame.families.carrom.state import Placement, Stroke
from tablegame.core.session import Act
from tablegame.core.sensors import PiecesSnapshot
from desk import desktop_table, link_up, until  # noqa: E402


@pytest.fixture
def table(tmp_path):
    config = load(None, {"table.language": "en"})
    with desktop_table(tmp_path, config, GameSetup("carrom", (("Anna",), ("Ben",))), CarromHands,
                       lambda s: link_up(s) and s.status.latest(PiecesSnapshot) is not None) as table:
        session, _, _, display = table
        display.show(session.play.view(session.status, "en"))
        yield table


def mouse(kind, pos, **extra):
    return pygame.event.Event(kind, pos=pos, button=1, buttons=(1, 0, 0), rel=(0, 0), **extra)


def test_slide_aim_and_let_go_strikes_from_the_base_line(table):
    session, hands, board, display = table
    handlers = hands.attach(board, display)
    geometry = hands.world.board
    line = geometry.striker_line_y()
    assert session.status.state.to_place == ()            # the set-up was seen
    start = display.to_screen(geometry.to_board(0, 0.0, line))
    slid = display.to_screen(geometry.to_board(0, -40.0, line))
    aimed = display.to_screen(geometry.centre)
    for event in (mouse(pygame.MOUSEBUTTONDOWN, start), mouse(pygame.MOUSEMOTION, slid)):
        assert any(handle(event) for handle in handlers)
    assert hands.aim.along == pytest.approx(-40.0, abs=3.0)
    assert any(handle(mouse(pygame.MOUSEMOTION, aimed)) for handle in handlers)
    on_line = [display.surface.get_at(((slid[0] + aimed[0]) // 2, y))[:3] for y in range(aimed[1], slid[1])]
    assert P.WINNER in on_line                              # the dotted aiming line
    actions = session.status.actions
    assert any(handle(mouse(pygame.MOUSEBUTTONUP, aimed)) for handle in handlers)
    until(session, lambda: session.status.actions > actions)
    state = session.status.state
    assert state.board.break_made and state.ruling.action == "Stroke"


def test_letting_go_on_the_base_line_strikes_nothing(table):
    session, hands, board, display = table
    handlers = hands.attach(board, display)
    spot = display.to_screen(hands.world.board.to_board(0, 30.0, hands.world.board.striker_line_y()))
    for event in (mouse(pygame.MOUSEBUTTONDOWN, spot), mouse(pygame.MOUSEBUTTONUP, spot)):
        assert any(handle(event) for handle in handlers)
    assert board.wait_idle(2.0) and session.status.actions == 1
    assert hands.aim.along == pytest.approx(30.0, abs=3.0)


def test_p_puts_back_what_the_ruling_asks(table):
    session, hands, board, display = table
    handlers = hands.attach(board, display)
    hands.world.table.remove("white")                      # Anna's first man went down ...
    session.handle(Act(Stroke(white=1)))
    session.handle(Act(Stroke(striker=True)))              # ... and comes back as a due (73)
    assert session.status.state.to_place == (Placement("white", 1, "outer"),)
    assert any(handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p)) for handle in handlers)
    until(session, lambda: session.status.state.to_place == ())
    whites = [p for p in session.status.latest(PiecesSnapshot).pieces if p.kind == "white"]
    assert len(whites) == 9


def test_the_hand_puts_men_inside_the_outer_circle_and_the_queen_in_the_centre():
    from tablegame.families.carrom.simulation import CarromWorld
    world = CarromWorld(set_up=False)
    world.fill_to({"queen": 1, "white": 3, "black": 2})
    cx, cy = world.board.centre
    pieces = world.positions()
    assert [p.kind for p in pieces].count("white") == 3 and len(pieces) == 6
    queen = next(p for p in pieces if p.kind == "queen")
    assert (queen.x, queen.y) == (cx, cy)
    for p in pieces:
        if p.kind != "queen":
            r = ((p.x - cx) ** 2 + (p.y - cy) ** 2) ** 0.5
            assert world.board.centre_circle / 2 + world.board.man_diameter / 2 <= r + 1e-6
            assert r + world.board.man_diameter / 2 <= world.board.outer_circle / 2 + 1e-6


def test_a_striker_set_on_a_man_says_so_on_the_screen_and_strikes_nothing(table):
    """A drag on the base line where a man lies: the screen says why and keeps the
    striker drawn; before, the reason was only in the terminal (issue 30, item 2)."""
    from tablegame.core.sensors import PieceReading
    session, hands, board, display = table
    handlers = hands.attach(board, display)
    geometry = hands.world.board
    line = geometry.striker_line_y()
    man = geometry.to_board(0, 60.0, line)
    pieces = list(hands.world.table.pieces())
    first = next(i for i, p in enumerate(pieces) if p.kind == "white")
    pieces[first] = PieceReading("white", *man)
    hands.world.table.lay(tuple(pieces))
    on_man, ahead = display.to_screen(man), display.to_screen(geometry.centre)
    for event in (mouse(pygame.MOUSEBUTTONDOWN, on_man), mouse(pygame.MOUSEMOTION, ahead)):
        assert any(handle(event) for handle in handlers)
    actions = session.status.actions
    assert any(handle(mouse(pygame.MOUSEBUTTONUP, ahead)) for handle in handlers)
    assert board.wait_idle(2.0) and session.status.actions == actions     # nothing struck
    shown = hands.dress(session.play.view(session.status, "en"), "en")
    assert shown.problem.startswith("A white man lies here on the base line")
    assert shown.aim is not None                                             # the striker stays drawn
    display.show(shown)
    assert P.PROBLEM in {display.surface.get_at((x, y))[:3] for x, y in
                         zip(range(400, 800, 7), range(100, 480, 5))}
