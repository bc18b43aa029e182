"""What the board link says about itself: its health for the staff page, and a
rate limit for the log lines it would otherwise repeat all night."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from firmware_bridge.words import STATE_WORDS, phrase
from tablegame.core.sensors import LinkState


@dataclass(frozen=True)
class LinkHealth:
    """The link as one immutable object: the reader thread replaces it, any thread
    reads it (a reference swap is atomic)."""

    state: LinkState
    port: str = ""
    board_id: int | None = None       # from the last handshake; None before the first
    firmware: str = ""
    protocol: int | None = None
    frames: int = 0                   # good frames (CRC holds), resends included
    crc_errors: int = 0
    resyncs: int = 0                  # other bad stretches skipped: bad COBS, too short, too long
    bad_messages: int = 0             # good CRC, but an unknown type or a malformed payload
    resends: int = 0                  # frames the board sent again that the link already had
    reconnects: int = 0               # handshakes after the first
    last_frame: float | None = None   # wall-clock time of the last good frame

    @property
    def bad_frames(self) -> int:
        return self.crc_errors + self.resyncs + self.bad_messages

    def facts(self, now: float | None = None) -> dict[str, str]:
        """In words, one line each, for the staff page's health view (Phrases: English as
        text, the page says them in its language)."""
        now = time.time() if now is None else now
        if self.last_frame is None:
            last = phrase("no_frame_yet")
        else:
            last = phrase("frame_at", time=time.strftime('%H:%M:%S', time.localtime(self.last_frame)),
                          ago=max(0.0, now - self.last_frame))
        board = phrase("board_unseen") if self.board_id is None else \
            phrase("board_seen", board_id=f"{self.board_id:#x}", firmware=self.firmware,
                   protocol=self.protocol)
        return {
            "link_state": phrase(STATE_WORDS[self.state.value]), "port": self.port, "board": board,
            "frames": str(self.frames),
            "bad_frames": phrase("bad_frames", bad=self.bad_frames, crc=self.crc_errors,
                                 resyncs=self.resyncs, messages=self.bad_messages),
            "resends": str(self.resends), "reconnects": str(self.reconnects), "last_frame": last,
        }


class RateLimited:
    """A kind of trouble said once at once, then at most once per ``period`` s with
    how often it came meanwhile; a new ``key`` (another reason) is said at once."""

    def __init__(self, period: float, clock: Callable[[], float] = time.monotonic):
        self._period = period
        self._clock = clock
        self.reset()

    def reset(self) -> None:
        self._key: object = None
        self._said_at: float | None = None
        self._held = 0

    def note(self, text: str, key: object = None) -> str | None:
        """Counts one occurrence; returns the line to log now, or None (held back)."""
        now = self._clock()
        if self._said_at is None or key != self._key:
            self._key, self._said_at, self._held = key, now, 0
            return text
        self._held += 1
        if now - self._said_at < self._period:
            return None
        line = f"{text} ({self._held} times in the last {now - self._said_at:.0f} s)"
        self._said_at, self._held = now, 0
        return line
