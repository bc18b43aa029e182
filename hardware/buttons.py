"""The rail buttons: one gpiozero ``Button`` per name, wired to ground.

gpiozero calls back on its own threads; we only time the edges and ``post`` the
resulting ``ButtonPress`` (normally onto the session's queue). The pin factory
comes from gpiozero's usual choice (``GPIOZERO_PIN_FACTORY``) unless injected."""
from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from gpiozero import Button

from hardware.press import PressTimer
from tablegame.core.events import ButtonPress


class RailButtons:
    """``RailButtons({"ok": 17, "back": 27, "menu": 22}, queue.put)``"""

    def __init__(self, pins: Mapping[str, int], post: Callable[[ButtonPress], None], *,
                 debounce: float = 0.03, long_press: float = 1.0,
                 clock: Callable[[], float] = time.monotonic, pin_factory=None,
                 timings: Callable[[], tuple[float, float]] | None = None) -> None:
        """``timings``: (debounce, long_press) read at every edge (the live settings)."""
        self._buttons: dict[str, Button] = {}
        try:
            for name, pin in pins.items():
                timer = PressTimer(name, post, debounce=debounce, long_press=long_press,
                                   clock=clock, timings=timings)
                # gpiozero's bounce_time is ignored by mock pins and would hide
                # edges from our timing: debounce is ours alone.
                button = Button(pin, pull_up=True, bounce_time=None,
                                pin_factory=pin_factory)
                button.when_pressed = timer.press
                button.when_released = timer.release
                self._buttons[name] = button
        except BaseException:
            self.close()
            raise

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._buttons)

    def close(self) -> None:
        buttons, self._buttons = self._buttons, {}
        for button in buttons.values():
            button.close()

    @property
    def closed(self) -> bool:
        return not self._buttons

    def __enter__(self) -> RailButtons:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
