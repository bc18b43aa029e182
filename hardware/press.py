"""Press timing shared by the rail buttons and their desktop keys: debounce and
long press, measured with an injected clock, posting one ``ButtonPress`` per
accepted release."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable

from tablegame.core.events import ButtonPress


class PressTimer:
    """Turns the raw edges of one button into ``ButtonPress`` events.

    An edge within ``debounce`` seconds of the last *accepted* edge is contact
    bounce and ignored. A release posts a press, ``long`` when the button was held
    at least ``long_press`` seconds. A press while already down restarts the hold
    (the release in between was lost in the bounce window), so a stray tap never
    turns the next press into a long one. Safe to call from several threads.

    ``timings``, when given, is asked for (debounce, long_press) at every edge: the
    live configuration, so a change on the staff page counts from the next press."""

    def __init__(self, name: str, post: Callable[[ButtonPress], None], *,
                 debounce: float = 0.03, long_press: float = 1.0,
                 clock: Callable[[], float] = time.monotonic,
                 timings: Callable[[], tuple[float, float]] | None = None) -> None:
        if debounce < 0 or long_press <= 0:
            raise ValueError(f"need debounce >= 0 and long_press > 0, "
                             f"not debounce={debounce}, long_press={long_press}")
        self.name = name
        self._post = post
        self._timings = timings or (lambda: (debounce, long_press))
        self._clock = clock
        self._lock = threading.Lock()
        self._last_edge: float | None = None
        self._down_since: float | None = None

    def press(self) -> None:
        with self._lock:
            now = self._clock()
            if self._bouncing(now):
                return
            self._last_edge = now
            self._down_since = now

    def release(self) -> None:
        with self._lock:
            now = self._clock()
            if self._down_since is None or self._bouncing(now):
                return
            held = now - self._down_since
            self._last_edge = now
            self._down_since = None
        self._post(ButtonPress(self.name, long=held >= self._timings()[1]))

    def _bouncing(self, now: float) -> bool:
        return self._last_edge is not None and now - self._last_edge < self._timings()[0]
