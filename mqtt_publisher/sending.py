"""The publisher's bookkeeping, on its thread only: which log it publishes, from where,
what the broker acknowledged, what is on the wire and what subscribers asked for again."""
from __future__ import annotations

import logging
import queue
import sqlite3

from mqtt_publisher import hooks
from mqtt_publisher.acked import Acked
from mqtt_publisher.resend import Resends
from tablegame.core.history import History

log = logging.getLogger(__name__)


class Sending:
    def __init__(self, acked: Acked, first: int):
        self._acked, self._first = acked, first
        self.log_id: int | None = None
        self.first: int | None = None      # the first event published to this broker
        self.acked: int | None = None      # every event up to this seq is on the broker
        self.next = 1                      # the next seq to send
        self.unacked: dict[int, int] = {}  # paho's message id -> seq (new or sent again)
        self._done: set[int] = set()       # acknowledged seqs beyond ``acked``
        self.resends = Resends()           # what subscribers asked for again
        self.fold = hooks.Fold()           # the game as published, for the hooks

    @property
    def sent_up_to(self) -> int:
        """The last event sent (published to paho, acknowledged or not)."""
        return self.next - 1

    def ready(self, history: History) -> bool:
        """The log is known (its first event written), and where to go on from. Asked
        with the broker away too: a table new to the broker writes where it starts at
        once, so a restart before the broker returns starts there as well."""
        if self.log_id is not None:
            return True
        try:
            first = history.entries(0, limit=1)
        except sqlite3.Error:   # no log file yet: a fresh table writes it at its first move
            return False
        if not first:
            return False
        self.log_id = round(first[0].at * 1000)
        stored = self._acked.get(self.log_id)
        if stored is None:   # never published: from the game under way at the first start
            self._acked.start(self.log_id, self._first)
            stored = (self._first - 1, self._first)
        (self.acked, self.first), self.next = stored, stored[0] + 1
        current = [g for g in history.games() if g.seq <= self.next]
        if current:   # the game under way: folded for the hooks, none fired again
            self.fold.prime([e for e in current[-1].entries if e.seq < self.next])
        return True

    def sent(self, mid: int, seq: int) -> None:
        self.unacked[mid] = seq
        self.next = seq + 1

    def sent_again(self, mid: int, seq: int) -> None:
        self.unacked[mid] = seq

    def take_acks(self, acks: queue.SimpleQueue) -> None:
        moved = False
        while True:
            try:
                mid = acks.get_nowait()
            except queue.Empty:
                break
            seq = self.unacked.pop(mid, None)
            if seq is not None and self.acked is not None and seq > self.acked:
                self._done.add(seq)   # (a status, state or hook, or a resent event: nothing)
                moved = True
        while moved and self.acked is not None and self.acked + 1 in self._done:
            self._done.discard(self.acked + 1)
            self.acked += 1
        if moved and self.log_id is not None:
            self._acked.put(self.log_id, self.acked)
