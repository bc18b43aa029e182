"""The screen's work ahead (issue 30, the frame's CPU): the glyphs of every size the
Shove screen draws its texts at are loaded while the table waits, in the loop's passes
that bring nothing to draw, not in the frame that first needs them (a long status
shrunk to fit through four new sizes cost 3 ms there). The picture stays the same."""
import dataclasses
import logging
import random

import pygame

from tablegame.core.events import ButtonPress
from tablegame.display import Display
from tablegame.families.shove.screen import ShoveScreen
from tablegame.families.shove.screen_demo import quiet_shove_view
from tests.test_display_dirty import fresh, pixels, sequence

CLEAR = "Bitte das Brett abräumen (5 Münzen liegen noch)"   # shrinks from the status' size


def test_after_the_work_ahead_a_shrinking_status_opens_no_font(display):
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    view = dataclasses.replace(quiet_shove_view(), status="Team A schiebt – noch 4 Münzen")
    screen.draw(surface, view)
    steps = 0
    while screen.idle():
        steps += 1
    assert 10 < steps < 200
    opened = set(screen.text._fonts)
    screen.draw(surface, dataclasses.replace(view, status=CLEAR))
    assert set(screen.text._fonts) == opened
    made = 0
    while screen.idle():   # what is left: the pictures of the status's new lines
        made += 1
    assert made <= 2 and set(screen.text._fonts) == opened


def test_the_frame_that_first_shows_a_line_blends_it_and_its_picture_is_made_ahead(display):
    """A new line (a turn's news, a status) is blended in the frame that first shows it;
    its opaque picture, which later frames copy, is made while the table waits. Fails
    before: the picture (a new surface, the static layer copied into it) was made in
    that frame (the first turn's frames at 1920x1080: 2.1 -> 1.8 ms, measured)."""
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    view = dataclasses.replace(quiet_shove_view(), status="Team A schiebt – noch 4 Münzen")
    screen.draw(surface, view)
    while screen.idle():
        pass
    kept = dict(screen._lines._pictures)
    shown = dataclasses.replace(view, status=CLEAR)
    screen.draw(surface, shown)
    assert dict(screen._lines._pictures) == kept, "no picture made in the frame"
    assert pixels(surface) == fresh(surface, shown)
    assert screen.idle()                            # made now, between frames
    assert len(screen._lines._pictures) == len(kept) + 1
    screen.draw(surface, view)
    screen.draw(surface, shown)                     # shown again: copied as a picture
    assert pixels(surface) == fresh(surface, shown)


def test_frames_drawn_with_the_work_ahead_between_them_are_the_same(display):
    """A step of work ahead between every two frames, as the table's loop does: the
    same pixels as a screen that never worked ahead, frame for frame."""
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    for step, view in enumerate([*sequence(), dataclasses.replace(quiet_shove_view(), status=CLEAR)]):
        screen.draw(surface, view)
        assert pixels(surface) == fresh(surface, view), f"frame {step}"
        screen.idle()
        screen.idle()


def test_the_tables_loop_works_ahead_only_when_nothing_changes(tmp_path):
    from table_app.service import main_loop, open_session
    from tablegame.config import load
    from tablegame.core.play import GameSetup
    session = open_session(load(None, {"table.language": "de"}), tmp_path / "t.sqlite",
                           GameSetup("shove-hapenny", (("Anna",), ("Ben",))), rng=random.Random(1))
    with Display((800, 480), caption="test") as display:
        calls = []
        idle = display.idle
        display.idle = lambda: calls.append(1) or idle()
        left = [120]

        def should_stop():
            left[0] -= 1
            return left[0] < 0
        main_loop(session, display, "de", should_stop=should_stop)
        # every pass after the first frame had nothing to draw: all of the work ahead done
        assert len(calls) == 120 and display.screen.idle() is False
    session.close()


def test_work_ahead_that_fails_is_logged_once_and_the_table_goes_on(caplog):
    from table_app.frames import Frames

    class Broken:
        size = (800, 480)

        def idle(self):
            raise ValueError("bad glyph")
    frames = Frames(Broken())
    with caplog.at_level(logging.ERROR):
        assert [frames.idle() for _ in range(5)] == [False] * 5
    assert [r.getMessage().split(" on its")[0] for r in caplog.records] == [
        "the screen's work between frames failed"]


def test_the_waiting_partys_card_is_drawn_ahead_for_the_turns_end(display):
    """The turn's end shows the waiting party's card at turn, its marks as they were: a
    picture drawn while the table waited, copied by that frame, the same pixels."""
    from tests.test_display_dirty import replace_party
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    view = replace_party(replace_party(quiet_shove_view(), 0, at_turn=True), 1, at_turn=False,
                         marks=(1, 0, 2, 0, 0, 0, 0, 0, 0))
    screen.draw(surface, view)
    while screen.idle():
        pass
    made = dict(screen._cards._pictures)
    ended = replace_party(replace_party(view, 0, at_turn=False), 1, at_turn=True)
    key = (1, ended.parties[1], ended.target)
    assert key in made
    screen.draw(surface, ended)
    assert screen._cards._pictures[key] is made[key]
    assert pixels(surface) == fresh(surface, ended)
    screen.idle()   # the card of the next turn's end (party 0 at turn again) is kept
    assert (0, dataclasses.replace(ended.parties[0], at_turn=True), ended.target) in screen._cards


def test_a_card_of_a_new_look_is_drawn_as_it_is_and_kept_as_a_picture_between_frames(display):
    """The turn's end of the party at turn shows its marks as the turn left them, a look
    not seen before: drawn as it is in that frame, its picture made while the table
    waits, then copied when the look comes again. Fails before: the picture (a new
    surface, the static layer copied into it) was made in that frame (such frames at
    1920x1080: 1.0 -> 0.9 ms, 40 ms apart, measured)."""
    from tests.test_display_dirty import replace_party
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    view = replace_party(quiet_shove_view(), 0, at_turn=True)
    screen.draw(surface, view)
    while screen.idle():
        pass
    kept = dict(screen._cards._pictures)
    scored = replace_party(replace_party(view, 0, at_turn=False, marks=(2, 1, 0, 0, 3, 0, 0, 0, 0)),
                           1, at_turn=True)
    screen.draw(surface, scored)
    assert dict(screen._cards._pictures) == kept, "no picture made in the frame"
    assert pixels(surface) == fresh(surface, scored)
    while screen.idle():
        pass
    assert (0, scored.parties[0], scored.target) in screen._cards
    screen.draw(surface, view)
    screen.draw(surface, scored)                    # the look again: copied as a picture
    assert pixels(surface) == fresh(surface, scored)


def test_the_statuses_of_the_turn_ahead_are_laid_out_while_the_table_waits(display):
    """The play names the statuses the turn's next frames show if every coin counts
    (``ShoveView.ahead``); the screen lays them out and makes their lines' pictures
    between frames, so the frame that shows the next one renders no text for it and
    copies its lines: the same pixels. Fails before: each new status was measured at
    every size it shrank through and its lines rendered in the frame that showed it (the
    first turn's frames, texts new since start-up, were a run's slowest)."""
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    view = dataclasses.replace(quiet_shove_view(), status="Team A schiebt – noch 4 Münzen",
                               ahead=("Team A schiebt – noch 3 Münzen", CLEAR))
    screen.draw(surface, view)
    while screen.idle():
        pass
    renders, kept = screen.text.renders, len(screen._lines._pictures)
    for status in view.ahead:
        shown = dataclasses.replace(view, status=status, ahead=())
        screen.draw(surface, shown)
        assert screen.text.renders == renders, f"{status!r} rendered in its frame"
        assert len(screen._lines._pictures) == kept, "every line's picture made ahead"
        assert pixels(surface) == fresh(surface, shown)


def test_the_play_names_the_turns_statuses_ahead_as_its_frames_show_them(tmp_path):
    """What the Shove play names ahead is what the turn's frames then show: each counted
    coin's status, then the board to clear (and, while it waits, the next turn's)."""
    from tests.test_session import EMPTY, in_bed, open_session, run, settled
    s = open_session(tmp_path / "t.sqlite")
    run(s, ButtonPress("ok"), EMPTY)
    view = s.play.view(s.status, "de")
    predicted, shown = view.ahead, []
    coins = []
    for bed in (3, 2, 4, 1, 5):
        coins.append(in_bed(bed))
        run(s, settled(*[dataclasses.replace(c, x=60.0 + 45 * i) for i, c in enumerate(coins)]))
        shown.append(s.play.view(s.status, "de").status)
    assert list(predicted) == shown and shown[-1].startswith("Bitte das Brett abräumen")
    state = s.status.state   # the turn is over: the next one's statuses, from its first coin
    assert s.play.view(s.status, "de").ahead[:2] == (
        f"{state.player(state.turn)} schiebt – noch 5 Münzen",
        f"{state.player(state.turn)} schiebt – noch 4 Münzen")
    s.close()


def test_the_status_shown_with_the_turns_statuses_is_the_one_said_alone(tmp_path):
    """The view takes a turn's status (its coins left) from the turn's statuses said ahead,
    not said again each frame: in every frame of three turns, in both languages, before
    and after the board is cleared, it is what ``_status`` says for that frame."""
    from tablegame.families.shove import referee
    from tablegame.core.sensors import BoardSnapshot
    from tests.test_session import EMPTY, in_bed, open_session, run, settled
    s = open_session(tmp_path / "t.sqlite")
    run(s, ButtonPress("ok"), EMPTY)

    def check():
        state = s.status.state
        waiting = referee.coins_to_clear(s.play.board, state, s.status.latest(BoardSnapshot))
        for language in ("de", "en"):
            assert s.play.view(s.status, language).status == \
                s.play._status(state, waiting, language)
    check()
    for _ in range(3):
        coins = []
        for bed in (3, 2, 4, 1, 5):
            coins.append(in_bed(bed))
            run(s, settled(*[dataclasses.replace(c, x=60.0 + 45 * i) for i, c in enumerate(coins)]))
            check()
        run(s, EMPTY)
        check()
    s.close()


def test_a_cards_look_shown_before_is_the_same_part_again_at_the_turns_end(display):
    """The cards go back and forth at every turn's end: a look whose picture is kept (shown
    before, or drawn ahead) is handed to the painter as the same part again, not recorded
    anew in that frame, and the picture is the same. Fails before: each turn's end recorded
    both cards anew (a fifth of that frame's record step, cold)."""
    from tests.test_display_dirty import replace_party
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    handed = []
    paint = screen._painter.paint
    screen._painter.paint = lambda target, static, parts: handed.append(parts) or paint(
        target, static, parts)
    view = replace_party(replace_party(quiet_shove_view(), 0, at_turn=True), 1, at_turn=False)
    ended = replace_party(replace_party(view, 0, at_turn=False), 1, at_turn=True)
    for shown in (view, ended) * 3:
        screen.draw(surface, shown)
        while screen.idle():
            pass
        assert pixels(surface) == fresh(surface, shown)
    for party in (0, 1):
        assert handed[4][("card", party)] is handed[2][("card", party)]
        assert handed[5][("card", party)] is handed[3][("card", party)]


def test_the_board_to_clear_is_said_once_per_count(tmp_path):
    """Every turn's end shows "Bitte das Brett abräumen (5 Münzen liegen noch)": the view
    says it once per count and language, not anew at each turn's end. Fails before: said
    anew each time (a sixth of that frame's view, cold)."""
    from tests.test_session import EMPTY, in_bed, open_session, run, settled
    s = open_session(tmp_path / "t.sqlite")
    run(s, ButtonPress("ok"), EMPTY)
    said = []
    for _ in range(2):
        coins = []
        for bed in (3, 2, 4, 1, 5):
            coins.append(in_bed(bed))
            run(s, settled(*[dataclasses.replace(c, x=60.0 + 45 * i) for i, c in enumerate(coins)]))
        said.append(s.play.view(s.status, "de").status)
        run(s, EMPTY)
    assert said[0] == CLEAR and said[1] is said[0]
    s.close()


def test_a_card_drawn_as_it_is_is_not_painted_again_when_its_picture_is_made(display):
    """A card's new look is drawn as it is and its picture made between frames; the next
    frame of the same look paints nothing (the part stays the one drawn, the pixels are
    the same). Fails on b590201, which handed the picture's part instead and so painted the
    card again (the first turn's frames at 1920x1080 +14 to +35 %, side by side)."""
    from tests.test_display_dirty import replace_party
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    view = replace_party(quiet_shove_view(), 0, at_turn=True)
    screen.draw(surface, view)
    while screen.idle():
        pass
    scored = replace_party(replace_party(view, 0, at_turn=False, marks=(2, 1, 0, 0, 3, 0, 0, 0, 0)),
                           1, at_turn=True)
    screen.draw(surface, scored)
    while screen.idle():
        pass
    assert (0, scored.parties[0], scored.target) in screen._cards
    assert screen.draw(surface, scored) == []
    assert pixels(surface) == fresh(surface, scored)
