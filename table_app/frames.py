"""The table's frames drawn so that one that fails neither stops the table nor floods
the journal: the main loop redraws on every change (every frame while a coin slides), so
a fault in a view or a screen would otherwise log the same traceback sixty times a
second.

Part of the composition root's loop (service.py, safe_mode.py); it only calls the
display it is given."""
from __future__ import annotations

import logging
import traceback
from typing import Any, Callable

log = logging.getLogger(__name__)


class Frames:
    """``Frames(display).draw(make_view, fault)``: ``make_view()`` builds the frame's
    view and the display draws it. When either raises, the fault is logged in words with
    its traceback the first time that traceback is met, and ``fault(reason)`` (a notice in
    words) is drawn instead; while the same fault comes back, frame after frame, nothing
    more is logged. When the frames draw again, one line says after how many failed. A
    notice that cannot be drawn either is logged the same way and never raised: the game
    goes on, and the journal says why the screen is wrong."""

    def __init__(self, display) -> None:
        self.display = display
        self._once = OnceLog()
        self._failed = 0                   # frames in a row that failed

    @property
    def size(self) -> tuple[int, int]:
        return self.display.size

    @property
    def animating(self) -> bool:
        """The last frame moves by itself (a replay): draw again though nothing changed."""
        return bool(getattr(self.display, "animating", False))

    def draw(self, make_view: Callable[[], Any], fault: Callable[[str], Any] | None = None,
             what: str = "the table") -> bool:
        """True when the frame was drawn as asked."""
        try:
            self.display.show(make_view())
        except Exception as error:
            self._failed += 1
            self._log(error, f"the screen could not draw {what}")
            if fault is not None:
                try:
                    self.display.show(fault(str(error) or type(error).__name__))
                except Exception as notice_error:
                    self._log(notice_error, f"the screen could not draw the notice that says "
                                            f"so either ({what})")
            return False
        if self._failed:
            log.warning("the screen draws %s again, after %d frame(s) that failed",
                        what, self._failed)
            self._failed = 0
        return True

    def idle(self) -> bool:
        """A step of the display's work ahead (``Display.idle``), when a pass of the loop
        brought nothing to draw; what it raises is logged once and the table plays on."""
        idle = getattr(self.display, "idle", None)
        if idle is None:
            return False
        try:
            return bool(idle())
        except Exception as error:
            self._log(error, "the screen's work between frames failed")
            return False

    def _log(self, error: Exception, words: str) -> None:
        width, height = self.size
        self._once(error, f"{words} on its {width}x{height} surface")


class OnceLog:
    """Logs a fault in words with its traceback the first time that traceback is met:
    the same traceback is the same fault, even where its message differs per frame (a
    coordinate, a size)."""

    def __init__(self) -> None:
        self._logged: set[tuple] = set()   # tracebacks already in the journal

    def __call__(self, error: Exception, words: str) -> None:
        seen = (type(error), tuple((frame.filename, frame.lineno)
                                   for frame in traceback.extract_tb(error.__traceback__)))
        if seen in self._logged:
            return
        self._logged.add(seen)
        log.error("%s: %s: %s. The game goes on; this fault is logged once, however often "
                  "it comes back", words, type(error).__name__, error, exc_info=error)


class Guarded:
    """An adapter's callback in the main loop (a window event's handler, the desktop
    hands' ``after_change``) that cannot end the loop: what it raises is logged once per
    traceback (OnceLog) and the table plays on, as a screen that fails does (Frames)."""

    def __init__(self, callback: Callable[..., Any], what: str, once: OnceLog | None = None):
        self._callback, self._what = callback, what
        self._once = once or OnceLog()

    def __call__(self, *args: Any) -> Any:
        try:
            return self._callback(*args)
        except Exception as error:
            self._once(error, f"{self._what} failed")
            return None
