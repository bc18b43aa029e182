"""Keyboard stand-ins for the rail buttons in the desktop window.

A key does what a finger does on the rail: it pulls the button's pin low while it
is held. On the desktop the pins are gpiozero's mock pins, so the very same
``RailButtons`` (debounce, long press) turn key strokes into ``ButtonPress``es."""
from __future__ import annotations

from collections.abc import Mapping

import pygame
from gpiozero import Device

DEFAULT_KEYMAP: Mapping[int, str] = {
    pygame.K_RETURN: "ok",
    pygame.K_KP_ENTER: "ok",
    pygame.K_SPACE: "ok",
    pygame.K_BACKSPACE: "back",
    pygame.K_m: "menu",
}


class KeysToPins:
    """``keys = KeysToPins({"ok": 17, ...})``; in the window's loop: ``keys.handle(event)``."""

    def __init__(self, pins: Mapping[str, int], *, keymap: Mapping[int, str] | None = None,
                 pin_factory=None) -> None:
        self._pins = dict(pins)
        self._keymap = dict(DEFAULT_KEYMAP if keymap is None else keymap)
        self._factory = pin_factory
        self._held: set[int] = set()  # keys down now: key repeat must not press again

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
            pin.drive_low()   # wired to ground: pressed is low
        elif event.type == pygame.KEYUP and event.key in self._held:
            self._held.discard(event.key)
            pin.drive_high()
        return True
