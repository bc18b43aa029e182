"""The Shove screen on a real pygame-ce surface (dummy video driver), judged by
its pixels: what a guest at the table would see."""
import dataclasses  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

from tablegame.display import Display  # noqa: E402
from tablegame.families.shove.screen import ShoveScreen  # noqa: E402
from tablegame.display import palette as P  # noqa: E402
from tablegame.families.shove.screen_demo import busiest_shove_view, quiet_shove_view  # noqa: E402
from tablegame.families.shove.board import hapenny_board, piecepack_board  # noqa: E402
from tablegame.core.sensors import CoinReading  # noqa: E402
from tablegame.families.shove.view import PartyView  # noqa: E402

SIZES = [(800, 480), (1920, 1080)]


def count(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    """Pixels of exactly ``colour`` inside ``rect``."""
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    return pygame.mask.from_threshold(sub, colour, (1, 1, 1, 255)).count()


def strokes(surface: pygame.Surface, box: pygame.Rect) -> int:
    """Chalk strokes in a chalk box: runs of chalk pixels along its middle row."""
    y = box.centery
    runs, inside = 0, False
    for x in range(box.left, box.right):
        chalk = surface.get_at((x, y))[:3] == P.CHALK
        runs += chalk and not inside
        inside = chalk
    return runs


def with_marks(view, left, right):
    a, b = view.parties
    return dataclasses.replace(view, parties=(dataclasses.replace(a, marks=tuple(left)),
                                              dataclasses.replace(b, marks=tuple(right))))


# --- coins -----------------------------------------------------------------------

def test_coin_drawn_where_the_view_says(display):
    quiet = quiet_shove_view()
    pos = (178.0, 250.0)
    display.show(quiet)
    pixel = display.to_screen(pos)
    assert display.surface.get_at(pixel)[:3] != P.COIN       # not before it is there
    display.show(dataclasses.replace(quiet, coins=(CoinReading(*pos),)))
    assert display.surface.get_at(pixel)[:3] == P.COIN


@pytest.mark.parametrize("pos", [(-30.0, 200.0), (178.0, -20.0), (400.0, 560.0)])
def test_coin_off_the_surface_drawn_in_the_frame(display, pos):
    board = hapenny_board()
    display.show(dataclasses.replace(quiet_shove_view(board), coins=(CoinReading(*pos),)))
    pixel = display.to_screen(pos)
    assert display.screen.layout.frame_rect.collidepoint(pixel)
    assert not display.screen.layout.surface_rect.collidepoint(pixel)
    assert display.surface.get_at(pixel)[:3] == P.COIN


def test_impossible_reading_stays_inside_the_frame(display):
    view = dataclasses.replace(quiet_shove_view(), coins=(CoinReading(-900.0, 5000.0),))
    display.show(view)
    lay = display.screen.layout
    assert count(display.surface, lay.frame_rect, P.COIN) > 0
    outside = display.surface.copy()
    outside.fill((0, 0, 0), lay.frame_rect)
    assert count(outside, outside.get_rect(), P.COIN) == 0


# --- chalk marks -----------------------------------------------------------------

def test_marks_shown_as_strokes_on_the_party_side(display):
    board = hapenny_board()
    view = quiet_shove_view(board)
    target = view.target
    marks = [bed % (target + 1) for bed in range(board.beds)]
    for party in (0, 1):
        left, right = (marks, [0] * board.beds) if party == 0 else ([0] * board.beds, marks)
        display.show(with_marks(view, left, right))
        lay = display.screen.layout
        for bed in range(1, board.beds + 1):
            assert strokes(display.surface, lay.chalk_box(party, bed)) == marks[bed - 1]
            assert strokes(display.surface, lay.chalk_box(1 - party, bed)) == 0


@pytest.mark.parametrize("beds", [7, 3])
def test_piecepack_marks_are_coins_in_the_party_colour_on_the_beds_side_tiles(display, beds):
    board = piecepack_board(beds=beds)
    view = dataclasses.replace(quiet_shove_view(board), target=1)
    marked = [bed % 2 for bed in range(beds)]
    for party in (0, 1):
        left, right = (marked, [0] * beds) if party == 0 else ([0] * beds, marked)
        display.show(with_marks(view, left, right))
        lay = display.screen.layout
        for bed in range(1, beds + 1):
            tile = lay.chalk_box(party, bed)
            assert lay.frame_rect.contains(tile)                           # on the board itself
            assert (count(display.surface, tile, P.PARTY[party]) > tile.width * tile.height // 4) \
                == bool(marked[bed - 1])
            assert count(display.surface, lay.chalk_box(1 - party, bed), P.PARTY[1 - party]) == 0
        # the side tiles lie face down with a gap between neighbours: the table shows there
        gap = lay.to_screen((0.5 * board.tile, sum(board.lines[0]) / 2))
        assert display.surface.get_at(gap)[:3] != P.TILE_BACK


def test_party_zero_chalks_left_of_the_board_party_one_right(display):
    display.show(quiet_shove_view())
    lay = display.screen.layout
    assert lay.chalk_box(0, 1).right <= lay.frame_rect.left
    assert lay.chalk_box(1, 1).left >= lay.frame_rect.right
    assert lay.chalk_box(0, 2).bottom <= lay.chalk_box(0, 1).top   # bed 1 nearest the player


def test_completed_bed_visibly_done_and_never_more_than_target(display):
    view = quiet_shove_view()
    beds = view.board.beds
    display.show(with_marks(view, [3, 5, 2] + [0] * (beds - 3), [0] * beds))
    lay = display.screen.layout
    corner = lambda party, bed: display.surface.get_at(lay.chalk_box(party, bed).topleft)[:3]  # noqa: E731
    assert corner(0, 1) == P.SLATE_DONE
    assert corner(0, 2) == P.SLATE_DONE
    assert strokes(display.surface, lay.chalk_box(0, 2)) == view.target
    assert corner(0, 3) == P.SLATE
    assert corner(1, 1) == P.SLATE


def test_party_at_turn_highlighted(display):
    view = quiet_shove_view()
    a, b = view.parties
    for turn in (0, 1):
        display.show(dataclasses.replace(view, parties=(
            dataclasses.replace(a, at_turn=turn == 0), dataclasses.replace(b, at_turn=turn == 1))))
        lay = display.screen.layout
        filled = [count(display.surface, lay.card(p), P.PARTY[p]) / lay.card(p).size[0]
                  / lay.card(p).size[1] for p in (0, 1)]
        assert filled[turn] > 0.5 > filled[1 - turn]


# --- banners and texts -----------------------------------------------------------

def test_problem_banner_only_when_problem_set(display):
    view = quiet_shove_view()
    display.show(view)
    whole = display.surface.get_rect()
    assert count(display.surface, whole, P.PROBLEM) == 0
    display.show(dataclasses.replace(view, problem="Zwei Münzen überlappen in Feld 3"))
    row = display.screen.layout.rows["problem"]
    assert count(display.surface, row, P.PROBLEM) > row.width * row.height // 2


def test_winner_banner_only_when_winner_set_in_the_status_lines_place(display):
    view = quiet_shove_view()
    display.show(view)
    assert count(display.surface, display.surface.get_rect(), P.WINNER) == 0
    display.show(dataclasses.replace(view, winner="Team A gewinnt!"))
    row = display.screen.layout.rows["status"]
    assert count(display.surface, row, P.WINNER) > row.width * row.height // 2


def test_status_text_changes_show(display):
    def status_pixels(status):
        display.show(dataclasses.replace(quiet_shove_view(), status=status))
        rect = display.screen.layout.rows["status"]
        assert count(display.surface, rect, P.CREAM) > 0          # something is written
        return pygame.image.tobytes(display.surface.subsurface(rect), "RGB")

    first = status_pixels("Team A ist am Zug")
    assert status_pixels("Team B ist am Zug") != first
    assert status_pixels("Team A ist am Zug") == first


@pytest.mark.parametrize("field", ["message", "link", "hint", "title"])
def test_other_texts_show(display, field):
    view = quiet_shove_view()
    display.show(dataclasses.replace(view, **{field: ""}))
    empty = pygame.image.tobytes(display.surface, "RGB")
    display.show(dataclasses.replace(view, **{field: "Größe"}))
    assert pygame.image.tobytes(display.surface, "RGB") != empty


def test_panel_rows_do_not_overlap(display):
    display.show(busiest_shove_view())
    lay = display.screen.layout
    rows = lay.rows
    order = ["header", "cards", "status", "message", "problem", "hint"]
    for upper, lower in zip(order, order[1:]):
        assert rows[upper].bottom <= rows[lower].top
    assert lay.panel.left >= lay.chalk_column(1).right
    assert lay.panel.right <= display.size[0]


def test_unchanged_texts_are_not_rendered_again(display):
    view = busiest_shove_view()
    display.show(view)
    renders = display.screen.text.renders
    display.show(dataclasses.replace(view, coins=view.coins[:3]))
    assert display.screen.text.renders == renders


# --- geometry ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def drawn():
    """A screen drawn at each size, once: the property only reads its layout."""
    screens = []
    for size in SIZES:
        screen = ShoveScreen()
        screen.draw(pygame.Surface(size), quiet_shove_view())
        screens.append(screen)
    return screens


@settings(max_examples=200, deadline=None)
@given(x=st.floats(-60, 416), y=st.floats(-60, 568))
def test_to_board_inverts_to_screen(drawn, x, y):
    for screen in drawn:
        bx, by = screen.to_board(screen.to_screen((x, y)))
        tolerance = 1 / screen.layout.scale       # one pixel
        assert abs(bx - x) <= tolerance and abs(by - y) <= tolerance


def test_to_board_off_the_board_and_before_a_view(display):
    assert display.to_board((1, 1)) is None
    display.show(quiet_shove_view())
    lay = display.screen.layout
    assert display.to_board((display.size[0] - 2, display.size[1] // 2)) is None  # the panel
    x, y = display.to_board(lay.surface_rect.midbottom)
    assert abs(x - 178) < 2 and abs(y) < 2                    # front edge at the bottom


def test_screen_draws_on_any_surface():
    screen = ShoveScreen()
    for size in [(640, 360), (1024, 600), (2560, 1440), (480, 800)]:
        surface = pygame.Surface(size)
        screen.draw(surface, busiest_shove_view())
        assert screen.layout.frame_rect.right <= size[0]
        assert screen.layout.panel.width > 0


# --- the window -----------------------------------------------------------------------

def test_unknown_view_is_refused(display):
    with pytest.raises(TypeError, match="PartyView"):
        display.show(PartyView("A", "", (), True))


def test_close_is_idempotent():
    display = Display((320, 200))
    display.show(quiet_shove_view())
    display.close()
    display.close()
    assert display.to_board((10, 10)) is None
    with pytest.raises(RuntimeError):
        display.show(quiet_shove_view())


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 800), (1920, 1080)])
def test_a_short_party_name_is_not_broken_over_two_lines(size):
    """ "Team A" read "Team" / "A" on its card at 1280x800 (issue 30, item 15): a name
    that fits on one line a little smaller stays on one; a long one may still wrap."""
    view = quiet_shove_view()
    a, b = view.parties
    view = dataclasses.replace(view, parties=(dataclasses.replace(a, name="Team A", player=""),
                                              dataclasses.replace(b, name="Team B", player="")))
    screen, names = ShoveScreen(), {}
    block = screen.text.block

    def recording(text, px, colour, width, **kwargs):
        drawn = block(text, px, colour, width, **kwargs)
        names.setdefault(text, []).append((drawn, px))
        return drawn
    screen.text.block = recording
    screen.draw(pygame.Surface(size), view)
    for name in ("Team A", "Team B"):
        drawn, px = names[name][-1]
        assert drawn.get_height() < 1.5 * screen.text.font(px).get_linesize(), (name, size)
