"""Keyboard stand-ins for the rail buttons in the desktop window.

The window's event loop hands every pygame event to ``KeyButtons.handle``; key
events of mapped keys become the same ``ButtonPress`` the rail buttons post."""
from __future__ import annotations

import time
from collections.abc import Callable, Mapping

import pygame

from hardware.press import PressTimer
from tablegame.events import ButtonPress

DEFAULT_KEYMAP: Mapping[int, str] = {
    pygame.K_RETURN: "ok",
    pygame.K_KP_ENTER: "ok",
    pygame.K_SPACE: "ok",
    pygame.K_BACKSPACE: "back",
    pygame.K_m: "menu",
}


class KeyButtons:
    """``keys = KeyButtons(queue.put)``; in the loop: ``keys.handle(event)``."""

    def __init__(self, post: Callable[[ButtonPress], None], *,
                 keymap: Mapping[int, str] | None = None, debounce: float = 0.03,
                 long_press: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._keymap = dict(DEFAULT_KEYMAP if keymap is None else keymap)
        self._timers = {name: PressTimer(name, post, debounce=debounce,
                                         long_press=long_press, clock=clock)
                        for name in set(self._keymap.values())}
        self._held: set[int] = set()  # keys down now: key repeat must not restart the hold

    def handle(self, event: pygame.event.Event) -> bool:
        """Feed one pygame event; returns True when it was one of our keys."""
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return False
        name = self._keymap.get(event.key)
        if name is None:
            return False
        timer = self._timers[name]
        if event.type == pygame.KEYDOWN:
            if event.key not in self._held:
                self._held.add(event.key)
                timer.press()
        elif event.key in self._held:
            self._held.discard(event.key)
            timer.release()
        return True
