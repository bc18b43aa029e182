"""Keyboard stand-ins for the rail buttons in the desktop window.

A key does what a finger does on the rail: it pulls the button's pin low while it
is held. On the desktop the pins are gpiozero's mock pins, so the very same
``RailButtons`` (debounce, long press) turn key strokes into ``ButtonPress``es.

A finger holds a button for a tenth of a second at least; a key tap can be over in
a few milliseconds, shorter than the buttons' debounce, which would take its
release for contact bounce and lose the press. So each edge a key makes on a pin
comes at least ``hold`` seconds after that pin's previous one: a quick tap keeps
the pin low a little longer, and a quick second tap waits its turn."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping

import pygame
from gpiozero import Device

DEFAULT_KEYMAP: Mapping[int, str] = {
    pygame.K_RETURN: "ok",
    pygame.K_KP_ENTER: "ok",
    pygame.K_SPACE: "ok",
    pygame.K_BACKSPACE: "back",
    pygame.K_m: "menu",
}
HOLD = 0.05  # s between a pin's edges: longer than the rail buttons' default debounce (30 ms)


def _timer(delay: float, action: Callable[[], None]) -> None:
    timer = threading.Timer(delay, action)
    timer.daemon = True
    timer.start()


class KeysToPins:
    """``keys = KeysToPins({"ok": 17, ...}, hold=0.05)``; in the window's loop:
    ``keys.handle(event)``. ``clock`` and ``later(delay, action)`` (which runs
    ``action`` ``delay`` seconds from now, on any thread) are injectable."""

    def __init__(self, pins: Mapping[str, int], *, keymap: Mapping[int, str] | None = None,
                 pin_factory=None, hold: float = HOLD,
                 clock: Callable[[], float] = time.monotonic,
                 later: Callable[[float, Callable[[], None]], None] = _timer) -> None:
        self._pins = dict(pins)
        self._keymap = dict(DEFAULT_KEYMAP if keymap is None else keymap)
        self._factory = pin_factory
        self._hold = hold
        self._clock = clock
        self._later = later
        self._held: set[int] = set()  # keys down now: key repeat must not press again
        self._free_at: dict[str, float] = {}  # pin name -> when its next edge may come

    def handle(self, event: pygame.event.Event) -> bool:
        """Feed one pygame event; returns True when it was one of our keys."""
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return False
        name = self._keymap.get(event.key)
        if name not in self._pins:
            return False
        pin = (self._factory or Device.pin_factory).pin(self._pins[name])
        if event.type == pygame.KEYDOWN and event.key not in self._held:
            self._held.add(event.key)
            self._edge(name, pin.drive_low)   # wired to ground: pressed is low
        elif event.type == pygame.KEYUP and event.key in self._held:
            self._held.discard(event.key)
            self._edge(name, pin.drive_high)
        return True

    def _edge(self, name: str, drive: Callable[[], None]) -> None:
        """``drive`` now, or once ``hold`` has passed since the pin's last edge."""
        now = self._clock()
        at = max(now, self._free_at.get(name, now))
        self._free_at[name] = at + self._hold
        if at <= now:
            drive()
        else:
            self._later(at - now, drive)
