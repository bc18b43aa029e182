"""A subscriber's side of "every event exactly once" (docs/mqtt.md, "What a subscriber
does"): which events of one table's log it holds, which it lacks up to the last the table
says it sent (its retained ``.../log``, its state's ``seq``, or a later event), and when
to ask the table for those again.

Asking is what made a flood before: a gap asked for every second while the answer was on
its way, and each answer the whole log from there. Here a missing event is asked for
once it has been missing ``GRACE`` seconds, then not again for ``WAIT`` seconds (doubled
at every try that brought none of it, up to ``MAX_WAIT``), nor while the answer is
arriving (a table sends what was asked in order: while asked events keep coming, those
after them are on their way); the request names exactly the missing ranges, at most
``MAX_ASK`` events. ``due`` is for a clock's tick (a second or so), not every message. Pure (no MQTT, the clock is given), so any
subscriber can use it: the venue view does, and examples/mqtt/mirror.py."""
from __future__ import annotations

from typing import Iterable

from mqtt_publisher.resend import MAX_RANGE, ranges

GRACE = 0.5      # s a hole may be only the order on the wire before it is asked for
WAIT = 3.0       # s an asked event is awaited before it is asked for again
MAX_WAIT = 12.0  # s, the longest wait between two requests for the same events (less
                 # than a stopping table waits for requests: table_app/playout.py)
MAX_ASK = 5000   # events named in one round of requests


class Gaps:
    """One log of one table, as a subscriber holds it."""

    def __init__(self, have: Iterable[int] = (), first: int | None = None):
        self._base: int | None = None     # the first event expected
        self._upto = 0                    # every event from _base to here is held
        self._above: set[int] = set()     # held events beyond _upto + 1
        self.last = 0                     # the last event the table sent, as far as known
        self._asked: dict[int, float] = {}   # missing seq -> when it may be asked (again)
        self._asked_at: dict[int, float] = {}   # missing seq -> when it was last asked
        self._tries = 0
        self._answered: int | None = None    # the last asked event that came, since due()
        self._hold = (0, float("-inf"))      # asked events after this one wait until then
        if first is not None:
            self.told(first, 0)
        for seq in sorted(have):
            self.add(seq)

    def add(self, seq: int) -> None:
        """An event arrived (again or for the first time)."""
        if self._base is None:
            self._base, self._upto = seq, seq - 1
        if seq < self._base:   # older than the start we knew: the start moves back
            self._above |= set(range(self._base, self._upto + 1))
            self._base, self._upto = seq, seq - 1
        self._asked_at.pop(seq, None)
        if self._asked.pop(seq, None) is not None:
            self._tries = 0    # the table answers: the next request need not wait long
            self._answered = max(self._answered or 0, seq)
        if seq == self._upto + 1:
            self._upto = seq
            while self._upto + 1 in self._above:
                self._above.discard(self._upto + 1)
                self._upto += 1
        elif seq > self._upto:
            self._above.add(seq)
        self.last = max(self.last, seq)

    def told(self, first: int | None, last: int) -> None:
        """The table says it published this log from ``first`` up to ``last``."""
        if first is not None and first >= 1 and (self._base is None or first < self._base):
            if self._base is not None:
                self._above |= set(range(self._base, self._upto + 1))
            self._base, self._upto = first, first - 1
            while self._upto + 1 in self._above:
                self._above.discard(self._upto + 1)
                self._upto += 1
        self.last = max(self.last, last)

    def complete(self) -> bool:
        return self._base is not None and self._upto >= self.last

    def missing(self, limit: int = MAX_ASK) -> list[int]:
        """The first ``limit`` events missing up to the last sent."""
        if self._base is None:
            return []
        out: list[int] = []
        seq = self._upto + 1
        while seq <= self.last and len(out) < limit:
            if seq not in self._above:
                out.append(seq)
            seq += 1
        return out

    def hurry(self, since: float = float("-inf")) -> None:
        """The table is back: what was asked since ``since`` (the last time it was heard
        live; it may have been away since) it may have missed, so that is asked again now.
        What was asked before reached it and is on its way: asking that again at every
        reconnect (a broker killed every few seconds) was a flood of copies."""
        again = [seq for seq, at in self._asked_at.items() if at >= since and seq in self._asked]
        for seq in again:
            self._asked[seq] = float("-inf")
        if again:
            self._hold = (0, float("-inf"))

    def due(self, now: float) -> list[tuple[int, int]]:
        """The (first, last) ranges to ask for now; those count as asked."""
        if self._answered is not None:   # the answer is coming: the rest of it is on its way
            self._hold, self._answered = (self._answered, now + WAIT), None
        after, until = self._hold
        ask = []
        for seq in self.missing():
            when = self._asked.get(seq)
            if when is None:
                self._asked[seq] = now + GRACE   # noticed now
            elif now >= when and not (seq > after and now < until):
                ask.append(seq)
        if not ask:
            return []
        again = now + min(WAIT * 2 ** self._tries, MAX_WAIT)
        for seq in ask:
            self._asked[seq], self._asked_at[seq] = again, now
        self._tries += 1
        return [(first, min(last, first + MAX_RANGE - 1))   # no request longer than a table takes
                for start, last in ranges(ask) for first in range(start, last + 1, MAX_RANGE)]

