"""Failed logins slow down: after each failure for an address or an account, the
next try is refused until a delay has passed (doubling, at most a minute)."""
from __future__ import annotations

import logging
import threading
import time
from typing import Callable

log = logging.getLogger(__name__)

FIRST_DELAY = 1.0   # s after the first failure
MOST_DELAY = 60.0


class Throttle:
    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self._clock = clock
        self._failures: dict[tuple[str, str], tuple[int, float]] = {}  # key -> (count, until)
        self._lock = threading.Lock()

    def wait(self, address: str, account: str) -> float:
        """Seconds before this address or account may try again (0: now)."""
        now = self._clock()
        with self._lock:
            until = max(self._failures.get(k, (0, 0.0))[1] for k in _keys(address, account))
        return max(0.0, until - now)

    def failed(self, address: str, account: str) -> None:
        now = self._clock()
        with self._lock:
            for key in _keys(address, account):
                count = self._failures.get(key, (0, 0.0))[0] + 1
                self._failures[key] = (count, now + min(FIRST_DELAY * 2 ** (count - 1), MOST_DELAY))
        log.warning("failed login for account %r from %s", account, address)

    def succeeded(self, address: str, account: str) -> None:
        with self._lock:
            for key in _keys(address, account):
                self._failures.pop(key, None)


def _keys(address: str, account: str) -> tuple[tuple[str, str], ...]:
    return (("address", address), ("account", account.casefold()))
