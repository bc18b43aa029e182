"""The Schocken screen on a real pygame-ce surface (dummy video driver), judged by
its pixels at the table's two screen sizes."""
import dataclasses  # noqa: E402
import random  # noqa: E402

import pygame  # noqa: E402

from tablegame.display import palette as P  # noqa: E402
from tablegame.families.schocken.screen import DECKEL, DIE, SchockenScreen  # noqa: E402
from tablegame.families.schocken.rules import SchockenRules, Stop, Throw  # noqa: E402
from tablegame.core.play import GameSetup  # noqa: E402
from tablegame.families.schocken.play import SchockenPlay  # noqa: E402
from tablegame.core.session import Act, Session  # noqa: E402
from tablegame.core.store import EventLog  # noqa: E402
from tablegame.families.schocken.view import SchockenView  # noqa: E402

NAMES = ("Anna", "Ben", "Cem", "Dora")


def session():
    setup = GameSetup("schocken", tuple((n,) for n in NAMES))
    return Session(EventLog(":memory:"), lambda s: SchockenPlay(SchockenRules()), setup,
                   rng=random.Random(1))


def view_of(s, language="de") -> SchockenView:
    return s.play.view(s.status, language)


def count(surface, rect, colour) -> int:
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    return pygame.mask.from_threshold(sub, colour, (1, 1, 1, 255)).count()


def pixels(surface, rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect.clip(surface.get_rect())), "RGB")


def test_the_screen_is_registered(display):
    display.show(view_of(session()))
    assert isinstance(display.screen, SchockenScreen)


def test_deckel_of_a_player_and_the_pot_follow_the_game(display):
    s = session()
    display.show(view_of(s))
    lay = display.screen.layout
    ben = lay.columns(lay.player_row(1))["deckel"]
    header = lay.rows["header"]
    assert count(display.surface, ben, DECKEL) == 0
    pot_before = pixels(display.surface, header)
    for dice in ("221", "665", "443", "542"):           # one round, everyone once
        s.handle(Act(Throw(tuple(int(c) for c in dice))))
        s.handle(Act(Stop()))
    worst = s.status.state.game.last_round.worst        # Anna's 221 gets the Deckel
    display.show(view_of(s))
    row = lay.columns(lay.player_row(worst))["deckel"]
    assert count(display.surface, row, DECKEL) > 0
    assert pixels(display.surface, header) != pot_before   # "Topf: 12"
    assert view_of(s).pot == 12


def test_set_aside_dice_are_drawn_apart_in_the_tray(display):
    v = view_of(session())
    display.show(dataclasses.replace(v, dice=(6,), aside=()))
    tray = display.screen.layout.tray
    assert count(display.surface, tray, DIE) == 0
    display.show(dataclasses.replace(v, dice=(6,), aside=(1, 1)))
    assert count(display.surface, tray, DIE) > 0
    assert count(display.surface, display.screen.layout.lying_row, DIE) > 0


def test_the_loser_banner_appears_only_at_the_end(display):
    s = session()
    display.show(view_of(s))
    banner = display.screen.layout.rows["banner"]
    assert count(display.surface, banner, P.WINNER) == 0
    rules = s.play.rules
    while not s.status.state.game.over:
        game = s.status.state.game
        if rules.dice_to_throw(s.status.state) and game.turn.throws == 0:
            s.handle(Act(Throw((2, 2, 1) if game.current == 2 else (6, 6, 5))))
        else:
            s.handle(Act(Stop()))
    display.show(view_of(s))
    assert count(display.surface, banner, P.WINNER) > banner.width * banner.height // 2
    assert view_of(s).loser == "Blattschuss! Cem hat beide Hälften verloren und zahlt!"


def test_a_problem_banner_takes_the_place_of_nothing_else(display):
    v = view_of(session())
    display.show(dataclasses.replace(v, problem="Der Würfelleser sieht 2 Würfel"))
    banner = display.screen.layout.rows["banner"]
    assert count(display.surface, banner, P.PROBLEM) > 0


def test_ten_players_with_long_names_fit(display):
    names = tuple(f"Spieler Nummer {i} aus Köln-Ehrenfeld" for i in range(10))
    setup = GameSetup("schocken", tuple((n,) for n in names))
    s = Session(EventLog(":memory:"), lambda st: SchockenPlay(SchockenRules()), setup)
    display.show(view_of(s, "en"))
    lay = display.screen.layout
    assert lay.player_row(9).bottom <= lay.rows["middle"].bottom
    assert lay.player_row(0).bottom < lay.player_row(1).top + 2
