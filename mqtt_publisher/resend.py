"""What subscribers asked the table to send again (``.../cmd/resend``, docs/mqtt.md):
the events a killed broker had acknowledged and lost, or a subscriber that came late.

A request names a range of one log, ``{"log": L, "from": a, "to": b}``; the table sends
exactly those events once more, never its whole log from there. A seq asked for while it
waits is not queued twice; one sent again in the last ``QUIET`` seconds waits until
those are over (its copy may still be on its way to the asker: every subscriber gets
what one asked for) and is then sent once for all the requests that came meanwhile.
Pure: the publisher's thread owns it, the clock is given."""
from __future__ import annotations

import json
from dataclasses import dataclass

MAX_RANGE = 2000     # seqs one request may name (a subscriber asks for the rest later)
MAX_WAITING = 20000  # seqs waiting to be sent again, at most (more are dropped and asked again)
QUIET = 2.0          # s a seq sent again waits before it is sent again for another request


@dataclass(frozen=True)
class Ask:
    log: int
    first: int
    last: int | None     # None: an older subscriber's "from" alone (up to what was sent then)


def parse(payload: bytes) -> Ask:
    """A request, or ValueError in words."""
    try:
        body = json.loads(payload)
    except (ValueError, UnicodeDecodeError) as error:
        raise ValueError(f"not JSON: {error}") from None
    if not isinstance(body, dict):
        raise ValueError('not {"log", "from", "to"}')
    try:
        log, first = int(body["log"]), int(body["from"])
        last = None if body.get("to") is None else int(body["to"])
    except (KeyError, TypeError, ValueError):
        raise ValueError('"log", "from" and "to" are whole numbers') from None
    if first < 1 or (last is not None and last < first):
        raise ValueError(f"no events from {first} to {last}")
    return Ask(log, first, last)


class Resends:
    def __init__(self) -> None:
        self._waiting: set[int] = set()
        self._later: set[int] = set()          # asked again within QUIET of being sent again
        self._sent_at: dict[int, float] = {}   # seq -> when it was last sent again

    def __len__(self) -> int:
        return len(self._waiting) + len(self._later)

    def ask(self, ask: Ask, log_id: int | None, sent_up_to: int, now: float) -> int:
        """Queue what ``ask`` names of this log and was sent before (the rest is still to
        come anyway); the number of seqs queued."""
        if ask.log != log_id or sent_up_to < ask.first:
            return 0
        last = min(sent_up_to, ask.first + MAX_RANGE - 1,
                   sent_up_to if ask.last is None else ask.last)
        self._forget(now)
        fresh = [seq for seq in range(ask.first, last + 1)
                 if seq not in self._waiting and seq not in self._later]
        fresh = fresh[:max(0, MAX_WAITING - len(self))]
        self._later.update(seq for seq in fresh if seq in self._sent_at)
        self._waiting.update(seq for seq in fresh if seq not in self._sent_at)
        return len(fresh)

    def take(self, room: int, now: float) -> list[int]:
        """The next ``room`` seqs to send again, oldest first; they count as sent now."""
        if self._later:
            self._forget(now)
            ready = {seq for seq in self._later if seq not in self._sent_at}
            self._later -= ready
            self._waiting |= ready
        if room <= 0 or not self._waiting:
            return []
        chosen = sorted(self._waiting)[:room]
        self._waiting.difference_update(chosen)
        for seq in chosen:
            self._sent_at[seq] = now
        return chosen

    def _forget(self, now: float) -> None:
        if self._sent_at:
            self._sent_at = {s: t for s, t in self._sent_at.items() if now - t < QUIET}


def ranges(seqs: list[int]) -> list[tuple[int, int]]:
    """Sorted seqs as (first, last) ranges: 3, 4, 5, 9 -> (3, 5), (9, 9)."""
    out: list[tuple[int, int]] = []
    for seq in seqs:
        if out and out[-1][1] + 1 == seq:
            out[-1] = (out[-1][0], seq)
        else:
            out.append((seq, seq))
    return out
