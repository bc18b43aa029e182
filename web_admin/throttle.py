"""Failed logins slow down, so that guessing is slow but a stranger cannot lock out a
person who knows the password.

After each failure the same address may not try that account again until a delay has
passed (doubling, at most a minute), nor any account once it has failed a few times (a
guesser trying every name). Nothing is counted per account alone: a failure from
another address never delays the admin at the bar's own phone, whatever a stranger
on the pub's Wi-Fi types. A good login clears its address's failures. Every attempt
is logged with its address."""
from __future__ import annotations

import logging
import threading
import time
from typing import Callable

log = logging.getLogger(__name__)

FIRST_DELAY = 1.0      # s after the first failure
MOST_DELAY = 60.0
ADDRESS_FREE = 3       # failures of one address, over all accounts, before it is slowed too
REMEMBERED = 10_000    # keys kept; the oldest go first (a flood of addresses cannot fill memory)

Key = tuple[str, ...]


class Throttle:
    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self._clock = clock
        self._failures: dict[Key, tuple[int, float]] = {}   # key -> (count, until)
        self._lock = threading.Lock()

    def wait(self, address: str, account: str) -> float:
        """Seconds before this address may try this account again (0: now)."""
        now = self._clock()
        with self._lock:
            until = max(self._failures.get(k, (0, 0.0))[1] for k in _keys(address, account))
        return max(0.0, until - now)

    def failed(self, address: str, account: str) -> None:
        now = self._clock()
        with self._lock:
            pair, anywhere = _keys(address, account)
            self._count(pair, now, free=0)
            self._count(anywhere, now, free=ADDRESS_FREE)
            while len(self._failures) > REMEMBERED:
                self._failures.pop(next(iter(self._failures)))
        log.warning("failed login for account %r from %s", account, address)

    def _count(self, key: Key, now: float, free: int) -> None:
        count = self._failures.pop(key, (0, 0.0))[0] + 1
        delay = 0.0 if count <= free else min(FIRST_DELAY * 2 ** (count - free - 1), MOST_DELAY)
        self._failures[key] = (count, now + delay)

    def succeeded(self, address: str, account: str) -> None:
        with self._lock:
            for key in _keys(address, account):
                self._failures.pop(key, None)


def _keys(address: str, account: str) -> tuple[Key, Key]:
    return ("pair", address, account.casefold()), ("address", address)
