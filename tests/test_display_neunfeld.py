"""The Neunfeld screen by its pixels, at the Pi's small screen and at full HD."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from tablegame.families.neunfeld.screen import DIE_COLOURS, NeunfeldScreen  # noqa: E402
from tablegame.families.neunfeld.rules import NeunfeldRules, Roll, TipAndMove  # noqa: E402
from tablegame.core.play import GameSetup, TableStatus  # noqa: E402
from tablegame.families.neunfeld.play import NeunfeldPlay  # noqa: E402

PARTIES = (("Anna",), ("Ben",))
SIZES = [(800, 480), (1920, 1080)]


def status_after(*actions, strict=False):
    rules = NeunfeldRules(strict=strict)
    state = rules.initial_state(PARTIES)
    for a in actions:
        state = rules.apply(state, a)
    return TableStatus(GameSetup("neunfeld", PARTIES), state), NeunfeldPlay(rules, solver_cache=None)


def draw(size, status, play, language="de"):
    pygame.display.init()
    surface = pygame.Surface(size)
    screen = NeunfeldScreen()
    screen.draw(surface, play.view(status, language))
    return surface, screen


@pytest.mark.parametrize("size", SIZES)
def test_a_forbidden_square_is_marked_in_the_colour_of_its_die(size):
    status, play = status_after(Roll((1, 5, 2)), TipAndMove(3, 7, 3))  # tops 7 5 2
    surface, screen = draw(size, status, play)
    lay = screen.layout
    for square, die in ((7, 0), (5, 1), (2, 2)):
        assert surface.get_at(lay.forbid_mark(square).center)[:3] == DIE_COLOURS[die]
    assert surface.get_at(lay.forbid_mark(4).center)[:3] != DIE_COLOURS[0]  # 4 is free


@pytest.mark.parametrize("size", SIZES)
def test_each_die_shows_its_colour_and_top(size):
    status, play = status_after(Roll((1, 5, 2)))
    surface, screen = draw(size, status, play)
    lay = screen.layout
    for i in range(3):
        corner = lay.die(i).inflate(-lay.die(i).width // 4, -lay.die(i).width // 4).topleft
        assert surface.get_at(corner)[:3] == DIE_COLOURS[i]
    other, _ = draw(size, *status_after(Roll((7, 5, 2))))
    die = lay.die(0)
    changed = [(x, y) for x in range(die.left, die.right, 2) for y in range(die.top, die.bottom, 2)
               if surface.get_at((x, y)) != other.get_at((x, y))]
    assert changed  # III shows 1 in one picture and 7 in the other
    assert not any(surface.get_at((x, y)) != other.get_at((x, y))
                   for x in range(lay.die(1).left, lay.die(1).right, 3) for y in range(lay.die(1).top, lay.die(1).bottom, 3))


@pytest.mark.parametrize("size", SIZES)
def test_the_result_banner_appears_only_at_the_end(size):
    from tablegame.display import palette as P
    playing, play = status_after(Roll((1, 5, 2)), TipAndMove(3, 7, 3))
    surface, screen = draw(size, playing, play)
    banner = screen.layout.rows["banner"]
    probe = (banner.left + 3, banner.centery)
    assert surface.get_at(probe)[:3] != P.WINNER
    rules = NeunfeldRules()
    state = playing.state
    while not rules.is_over(state):
        state = rules.apply(state, max(rules.legal_actions(state), key=lambda a: a.to if state.to_move == 0 else -a.to))
    over = TableStatus(playing.setup, state)
    surface, screen = draw(size, over, play, "en")
    assert surface.get_at(probe)[:3] == P.WINNER


@pytest.mark.parametrize("size", SIZES)
def test_hit_tests_name_the_square_the_die_and_the_tip_under_a_click(size):
    status, play = status_after(Roll((1, 5, 2)))
    surface, screen = draw(size, status, play)
    lay = screen.layout
    assert screen.square_at(lay.place(4).center) == 4
    assert screen.square_at(lay.place(0).center) is None
    assert screen.die_at(lay.die(2).center) == 2
    assert screen.tip_at(lay.chip(0, 0).center) == (0, 2)  # III shows 1: it tips to 2, 5, 6, 7
    assert screen.tip_at(lay.chip(0, 3).center) == (0, 7)
