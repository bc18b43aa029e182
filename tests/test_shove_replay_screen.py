"""The last shove replayed on the table's screen (issue 31), judged by its pixels at both
table sizes, as a guest sees it: the paths are drawn, the coins slide along them and rest
where the fit leaves them, the named coin is ringed and numbered, nothing that carries
meaning is cut, and the game comes back when the replay is over or the board changes."""
import dataclasses

import pygame
import pytest

from tablegame.core.games import make_play
from tablegame.core.play import GameSetup, TableStatus
from tablegame.core.sensors import BoardSnapshot, CoinReading
from tablegame.display import Display, palette as P
from tablegame.display.layout import readable_px
from tablegame.families.shove import replay
from tablegame.families.shove.rules import Cleared, CoinToss, Shove
from tablegame.families.shove.screen_replay import LEAD, PATH, timing
from tests.test_physics_check import BOARD, D, bed_y, shoot, table_with
from tests.test_screens_readable import KEPT, SCREENSHOTS

SIZES = [(800, 480), (1920, 1080)]
SETUP = GameSetup("shove-hapenny", (("Anna", "Carl"), ("Die Gäste aus Köln",)))


def knock_on_and_cheat():
    """A shove up the middle knocks the coin in bed 3 on; meanwhile the coin in bed 8 on
    the right is pushed a coin and a half along its bed by hand."""
    far, x = (BOARD.width - 60, bed_y(8)), BOARD.width / 2 - 40
    before, after = shoot(table_with((x, bed_y(3)), far), x, bed_y(6))
    return before, [(p[0] - 1.5 * D, p[1]) if p == far else p for p in after]


def cheated_status(asked=1):
    """The board of ``knock_on_and_cheat`` as the table shows it: the check names the coin."""
    play = make_play(SETUP)
    before, cheated = knock_on_and_cheat()
    verdict = replay.verdict_after_shove(play.board, before, cheated)
    state = play.rules.initial_state(SETUP.parties)
    for action in (CoinToss(0), Cleared(), Shove((7,)), Shove((7, 3))):
        state = play.rules.apply(state, action)
    reading = BoardSnapshot(tuple(CoinReading(*p) for p in cheated), settled=True)
    return play, TableStatus(SETUP, state, reading=reading, readings=(reading,),
                             reasons=verdict.reasons, reasons_shown=asked)


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def shown(request):
    """A display, a clock for its Shove screen, and a way to show a view at a moment of
    the replay (seconds after it started)."""
    with Display(request.param, caption="test") as display:
        clock = Clock()

        def show(view, at=None):
            display.show(view)
            if display.screen.replay.clock is not clock:   # the screen is made at its first view
                display.screen.replay.clock = clock
                display.screen.replay._run = None
                display.screen.replay._asked = 0
                display.show(view)
            if at is not None:
                clock.now = 100.0 + at
                display.show(view)
            return display.screen
        yield display, clock, show


def colour_at(display, pos):
    return tuple(display.surface.get_at(display.to_screen(pos))[:3])


def count(surface, rect, colour):
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    return pygame.mask.from_threshold(sub, colour, (1, 1, 1, 255)).count()


def test_the_coins_slide_along_their_paths_and_rest_where_the_fit_leaves_them(shown):
    display, clock, show = shown
    play, status = cheated_status()
    view = play.view(status, "de")
    r = view.replay.replay
    moving = [p for p in r.paths if len(p) > 1]
    assert len(moving) >= 2          # the shot coin and the coin it knocked on
    screen = show(view, at=0.0)      # the board as it was: each coin where it lay
    assert display.animating
    for path in moving:
        assert colour_at(display, path[0]) == P.COIN
    lay = screen.layout
    assert count(display.surface, lay.frame_rect, PATH) > 20 * len(moving)   # the paths
    slide, whole = timing(r)
    show(view, at=LEAD + slide / 2)   # half-way, the coins are between
    assert any(colour_at(display, path[0]) != P.COIN for path in moving)
    show(view, at=LEAD + slide + 0.1)   # at rest where the fit left them, paths behind them
    for path in r.paths:
        assert colour_at(display, path[-1]) == P.COIN
    for path in moving:   # a point of the way no coin covers now shows the path's colour
        middle = path[len(path) // 3]
        if all(abs(middle[1] - q[-1][1]) > 30 for q in r.paths):
            pixel = display.to_screen(middle)
            near = pygame.Rect(pixel[0] - 3, pixel[1] - 3, 7, 7)
            assert count(display.surface, near, PATH) > 0
    assert display.animating
    show(view, at=whole + 0.01)   # over: the game as it is, the coins where they lie
    assert not display.animating
    assert count(display.surface, lay.frame_rect, PATH) == 0
    for coin in view.coins:
        assert colour_at(display, (coin.x, coin.y)) == P.COIN


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_words_and_the_named_coin_are_read_whole_at_two_metres(shown, language):
    display, clock, show = shown
    play, status = cheated_status()
    view = play.view(status, language)
    r = view.replay.replay
    slide, _ = timing(r)
    screen = show(view, at=LEAD + slide + 0.5)
    size = display.size
    assert screen.text.smallest_px >= readable_px(size)
    meaning = (view.replay.title, view.replay.words, view.status, view.hint)
    assert [text for text in screen.text.cut if any(text in m or m in text for m in meaning)] == []
    lay = screen.layout
    seen = display.to_screen(r.named.seen)
    ring = pygame.Rect(0, 0, 4 * lay.board.coin_diameter * lay.scale,
                       4 * lay.board.coin_diameter * lay.scale)
    ring.center = seen
    assert count(display.surface, ring, P.PROBLEM) > 30     # ringed, dashed to where it would lie
    assert count(display.surface, ring.inflate(ring.width, 0), P.CREAM) > readable_px(size)  # its number
    if language == "de" and size in KEPT:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(display.surface,
                          SCREENSHOTS / f"table-shove-replay-{size[0]}x{size[1]}.png")


def test_the_replay_stops_when_the_board_changes_and_plays_again_when_asked(shown):
    display, clock, show = shown
    play, status = cheated_status()
    view = play.view(status, "en")
    show(view, at=0.5)
    assert display.animating
    someone_plays = dataclasses.replace(view, coins=view.coins + (CoinReading(178.0, 20.0),))
    show(someone_plays, at=0.6)
    assert not display.animating
    assert count(display.surface, display.screen.layout.frame_rect, PATH) == 0
    again = play.view(dataclasses.replace(status, reasons_shown=2), "en")   # OK held again
    show(again, at=0.7)
    assert display.animating and count(display.surface, display.screen.layout.frame_rect, PATH) > 0


def test_a_replay_kept_but_not_asked_for_is_not_played(shown):
    display, clock, show = shown
    play, status = cheated_status(asked=0)
    view = play.view(status, "en")
    assert view.replay is not None
    show(view, at=0.5)
    assert not display.animating
    assert count(display.surface, display.screen.layout.frame_rect, PATH) == 0


def test_the_tables_loop_draws_every_pass_while_a_replay_runs_and_not_after(tmp_path):
    """The replay moves by itself: the table's loop draws it though nothing changes, and
    stops drawing once it is over (a settled table draws only on a change)."""
    import random
    import time

    from table_app.service import main_loop, open_session
    from tablegame.config import load
    session = open_session(load(None, {"table.language": "de"}), tmp_path / "t.sqlite", SETUP,
                           rng=random.Random(1))
    _, status = cheated_status()
    session.status = dataclasses.replace(session.status, reasons=status.reasons, reasons_shown=1)

    class Counted:
        def __init__(self, display):
            self.display, self.shown = display, 0

        def show(self, view):
            self.shown += 1
            self.display.show(view)

        def __getattr__(self, name):
            return getattr(self.display, name)

    def passes(n):
        left = [n]

        def should_stop():
            left[0] -= 1
            return left[0] < 0
        return should_stop
    with Display((800, 480), caption="test") as display:
        counted = Counted(display)
        main_loop(session, counted, "de", should_stop=passes(10))
        assert counted.shown >= 10 and display.animating
        display.screen.replay.clock = lambda: time.monotonic() + 60   # the replay is over
        counted.shown = 0
        main_loop(session, counted, "de", should_stop=passes(10))
        assert counted.shown == 1 and not display.animating   # the first frame only
    session.close()
