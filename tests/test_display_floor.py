"""The smallest screen the table draws on (``config.SMALLEST_SCREEN``): every screen
(the four families', the staff page's address, safe mode's notice, the names panel)
draws there and on any odd shape above it without an exception; check-config refuses
a smaller ``display.size`` (tests/test_config.py)."""
import pygame
import pytest

from tablegame.display import Display
from tablegame.display.names import SCREENS_WITH_NAMES
from tablegame.config import SMALLEST_SCREEN, parse
from tablegame.views import notice
from tablegame.views.address import address_view
from tablegame.views.names import NamesView
from test_screens_readable import SCREENS, shove

WIDTH, HEIGHT = SMALLEST_SCREEN
# the floor itself, and shapes above it that squeeze a layout: very tall, very wide
SHAPES = [SMALLEST_SCREEN, (WIDTH, 12 * HEIGHT), (12 * WIDTH, HEIGHT)]


def table_views(tmp_path):
    """Every kind of view the table shows, in both languages."""
    views = {}
    for name, make in SCREENS.items():
        play, status = make(tmp_path)
        for language in ("de", "en"):
            views[f"{name}-{language}"] = play.view(status, language)
    play, status = shove("shove-hapenny")
    game = play.view(status, "de")
    views["address"] = address_view(game, "http://192.168.100.200:8080/", "de", "setup")
    views["address-no-page"] = address_view(game, "", "en", "asked")
    views["maintenance"] = notice.maintenance("de", 3, "Die serielle Schnittstelle fehlt", None)
    views["fault"] = notice.fault("en", "division by zero")
    views["names"] = NamesView(game, "Wer spielt?", labels=("Partei 1", "Partei 2"),
                               texts=("Anna, Carl", "Die Gäste aus Köln"), current=1,
                               problem="Partei 2: höchstens 24 Zeichen", hint="Enter: neues Spiel")
    return views


def test_the_smallest_screen_is_one_check_config_takes():
    assert parse({"display": {"size": list(SMALLEST_SCREEN)}})["display.size"] == [WIDTH, HEIGHT]


@pytest.mark.parametrize("size", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_draws_at_the_smallest_size_and_odd_shapes_above_it(size, tmp_path):
    failed = {}
    with Display(size, caption="test", screens=SCREENS_WITH_NAMES) as display:
        for name, view in table_views(tmp_path).items():
            try:
                display.show(view)
                display.show(view)      # the second frame takes the screen's dirty path
            except (pygame.error, ValueError, TypeError) as error:
                failed[name] = f"{type(error).__name__}: {error}"
            assert display.size == size
    assert failed == {}
