"""One subscription to the table for all the page's live views.

With one subscription per browser, the table's writer offered every snapshot to each
browser's queue and woke each one's thread itself: with 20 phones open that was about
0.2 ms of the writer's own CPU per change (bench_web: the table's main thread went from
0.52 to 0.83 ms per frame), paid by the guests' game. Here the writer offers each
snapshot once, to this relay (after the frame is drawn); the relay's thread waits a
moment for a burst to end (``SETTLE``: several changes in one pass of the table),
takes the latest snapshot and wakes the live views, which build and send
their JSON on their own threads (made once per version and language, web_admin.table).
The relay subscribes while at least one live view is open, and no longer; the last view
leaving or the page stopping wakes its thread at once (a None offered to its queue), so it
never outlives them."""
from __future__ import annotations

import threading
import time

from tablegame.face import TableFace

SETTLE = 0.005      # s: the snapshots of one pass of the table sent as their latest


class TooManyViews(RuntimeError):
    """Every live view is taken; the caller refuses, never waits."""


class Relay:
    def __init__(self, face: TableFace):
        self._face = face
        self._changed = threading.Condition()
        self._latest = None
        self._viewers = 0
        self._subscription = None
        self._thread: threading.Thread | None = None
        self.ended = False

    @property
    def viewers(self) -> int:
        with self._changed:
            return self._viewers

    def join(self, most: int):
        """A new live view (at most ``most`` at once); returns the latest snapshot."""
        with self._changed:
            if self.ended or self._viewers >= most:
                raise TooManyViews(f"{most} live views are open already")
            self._viewers += 1
            if self._subscription is None:
                self._subscription = self._face.subscribe(maxsize=4)
                self._thread = threading.Thread(target=self._relay, args=(self._subscription,),
                                                name="page-relay", daemon=True)
                self._thread.start()
            return self._face.snapshot()

    def leave(self) -> None:
        with self._changed:
            self._viewers -= 1
            if self._viewers == 0 and self._subscription is not None:
                self._subscription.close()      # the writer offers to nobody on our behalf
                self._wake()
                self._subscription = None
                self._changed.notify_all()

    def wait(self, after: int, timeout: float):
        """The latest snapshot if its version is not ``after``, else None after ``timeout``
        s; None at once when the page is stopping (then ``ended`` is set)."""
        with self._changed:
            self._changed.wait_for(lambda: self.ended or (self._latest is not None
                                                          and self._latest.version != after),
                                   timeout)
            if self.ended or self._latest is None or self._latest.version == after:
                return None
            return self._latest

    def end(self) -> None:
        """The page is stopping: every live view ends its stream."""
        with self._changed:
            self.ended = True
            if self._subscription is not None:
                self._wake()
            self._changed.notify_all()

    def _wake(self) -> None:
        """The relay's thread waits on the subscription's queue alone: a None there wakes it
        to see it should end (a poll with a timeout had it linger up to 1 s)."""
        self._subscription.offer(None)

    def _relay(self, subscription) -> None:
        while True:
            with self._changed:
                if self._subscription is not subscription or self.ended:
                    return
            snapshot = subscription.get()
            if snapshot is None:        # woken: the last view left or the page stops
                continue
            time.sleep(SETTLE)
            while (newer := subscription.get(timeout=0)) is not None:   # only the latest
                snapshot = newer
            with self._changed:
                self._latest = snapshot
                self._changed.notify_all()
