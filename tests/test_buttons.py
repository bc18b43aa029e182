"""Rail buttons on gpiozero's mock pins, and their desktop keys, with a fake clock."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from gpiozero import Button  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from hardware.buttons import RailButtons  # noqa: E402
from hardware.keys import KeysToPins  # noqa: E402
from hardware.press import PressTimer  # noqa: E402
from tablegame.core.events import ButtonPress  # noqa: E402

PINS = {"ok": 17, "back": 27, "menu": 22}


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


@pytest.fixture
def rail(factory, clock):
    posted: list[ButtonPress] = []
    with RailButtons(PINS, posted.append, clock=clock, pin_factory=factory) as buttons:
        yield buttons, posted


def tap(factory, clock, pin, held):
    factory.pin(pin).drive_low()
    clock.advance(held)
    factory.pin(pin).drive_high()


def test_short_press(rail, factory, clock):
    _, posted = rail
    factory.pin(17).drive_low()
    assert posted == []                      # nothing until the release
    clock.advance(0.2)
    factory.pin(17).drive_high()
    assert posted == [ButtonPress("ok")]


def test_long_press(rail, factory, clock):
    _, posted = rail
    tap(factory, clock, 27, 1.0)
    clock.advance(0.5)
    tap(factory, clock, 27, 0.99)
    assert posted == [ButtonPress("back", long=True), ButtonPress("back")]


def test_bounce_edges_ignored(rail, factory, clock):
    _, posted = rail
    pin = factory.pin(17)
    pin.drive_low()
    for _ in range(3):                       # contact bounce after the press
        clock.advance(0.005)
        pin.drive_high()
        clock.advance(0.005)
        pin.drive_low()
    clock.advance(0.3)
    pin.drive_high()
    for _ in range(3):                       # and after the release
        clock.advance(0.004)
        pin.drive_low()
        clock.advance(0.004)
        pin.drive_high()
    assert posted == [ButtonPress("ok")]


def test_edge_just_after_debounce_counts(rail, factory, clock):
    _, posted = rail
    tap(factory, clock, 17, 0.03)
    clock.advance(0.03)
    tap(factory, clock, 17, 0.03)
    assert posted == [ButtonPress("ok"), ButtonPress("ok")]


def test_tap_lost_in_bounce_does_not_make_next_press_long(rail, factory, clock):
    _, posted = rail
    tap(factory, clock, 17, 0.01)            # shorter than debounce: not a press
    clock.advance(5.0)
    tap(factory, clock, 17, 0.2)
    assert posted == [ButtonPress("ok")]


def test_two_buttons_independent(rail, factory, clock):
    _, posted = rail
    factory.pin(17).drive_low()
    clock.advance(0.001)                     # within debounce of the other button
    factory.pin(22).drive_low()
    clock.advance(0.2)
    factory.pin(22).drive_high()
    clock.advance(1.0)
    factory.pin(17).drive_high()
    assert posted == [ButtonPress("menu"), ButtonPress("ok", long=True)]


def test_close_releases_pins_and_is_idempotent(factory, clock):
    posted = []
    buttons = RailButtons(PINS, posted.append, clock=clock, pin_factory=factory)
    assert buttons.names == ("ok", "back", "menu")
    buttons.close()
    buttons.close()
    assert buttons.closed
    for pin in PINS.values():                # the pins are free again
        Button(pin, pin_factory=factory).close()
    tap(factory, clock, 17, 0.2)
    assert posted == []


def test_bad_pin_map_leaves_no_pin_taken(factory, clock):
    with pytest.raises(Exception):
        RailButtons({"ok": 17, "back": 17}, print, clock=clock, pin_factory=factory)
    Button(17, pin_factory=factory).close()


def test_press_timer_rejects_nonsense():
    with pytest.raises(ValueError):
        PressTimer("ok", print, debounce=-1)


# --- desktop keys: they drive the mock pins, the rail buttons do the rest ------

def key(kind, k):
    return pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0)


@pytest.fixture
def keys(rail, factory, clock):
    return KeysToPins(PINS, pin_factory=factory, clock=clock, later=Later(clock)), rail[1]


def test_keys_default_map(keys, clock):
    keys, posted = keys
    for k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_m):
        assert keys.handle(key(pygame.KEYDOWN, k))
        clock.advance(0.1)
        assert keys.handle(key(pygame.KEYUP, k))
        clock.advance(0.1)
    assert [p.button for p in posted] == ["ok", "ok", "ok", "back", "menu"]
    assert not keys.handle(key(pygame.KEYDOWN, pygame.K_x))
    assert not keys.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))


def test_a_held_key_is_a_long_press_despite_key_repeat(keys, clock):
    keys, posted = keys
    keys.handle(key(pygame.KEYDOWN, pygame.K_BACKSPACE))
    for _ in range(12):                      # auto-repeat while held
        clock.advance(0.1)
        keys.handle(key(pygame.KEYDOWN, pygame.K_BACKSPACE))
    keys.handle(key(pygame.KEYUP, pygame.K_BACKSPACE))
    assert posted == [ButtonPress("back", long=True)]


class Later:
    """``later`` for KeysToPins on the fake clock: runs what is due when told."""

    def __init__(self, clock) -> None:
        self.clock, self.waiting = clock, []

    def __call__(self, delay, action) -> None:
        self.waiting.append((self.clock() + delay, action))

    def run_due(self) -> None:
        due = sorted((w for w in self.waiting if w[0] <= self.clock()), key=lambda w: w[0])
        self.waiting = [w for w in self.waiting if w[0] > self.clock()]
        for _, action in due:
            action()


def test_a_tap_shorter_than_the_debounce_is_held_long_enough(rail, factory, clock):
    later = Later(clock)
    keys, posted = KeysToPins(PINS, pin_factory=factory, clock=clock, later=later), rail[1]
    keys.handle(key(pygame.KEYDOWN, pygame.K_RETURN))
    clock.advance(0.005)
    keys.handle(key(pygame.KEYUP, pygame.K_RETURN))   # 5 ms: the pin stays low a while
    assert posted == []
    clock.advance(0.045)
    later.run_due()
    assert posted == [ButtonPress("ok")]


def test_quick_taps_one_after_the_other_each_count(rail, factory, clock):
    later = Later(clock)
    keys, posted = KeysToPins(PINS, pin_factory=factory, clock=clock, later=later), rail[1]
    for _ in range(3):                                 # three taps within 15 ms
        keys.handle(key(pygame.KEYDOWN, pygame.K_m))
        clock.advance(0.0025)
        keys.handle(key(pygame.KEYUP, pygame.K_m))
        clock.advance(0.0025)
    for _ in range(40):
        clock.advance(0.01)
        later.run_due()
    assert posted == [ButtonPress("menu")] * 3
    keys.handle(key(pygame.KEYUP, pygame.K_RETURN))   # a stray up for a key not held
    later.run_due()
    assert posted == [ButtonPress("menu")] * 3


def test_a_tap_with_no_time_between_down_and_up_reaches_the_real_buttons(factory):
    """Real clocks and timers: the keys and the buttons as the desktop runs them."""
    import queue
    presses: queue.Queue = queue.Queue()
    with RailButtons(PINS, presses.put, pin_factory=factory):
        keys = KeysToPins(PINS, pin_factory=factory)
        keys.handle(key(pygame.KEYDOWN, pygame.K_SPACE))
        keys.handle(key(pygame.KEYUP, pygame.K_SPACE))
        assert presses.get(timeout=5) == ButtonPress("ok")
