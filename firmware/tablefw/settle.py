"""Settle detection: the surface is settled when nothing has moved more than
SETTLE_UNITS (0.5 mm) for SETTLE_MS (300 ms). Works on the protocol's own units
(0.1 mm) in arrays made once; no allocation per scan."""
from array import array

from tablefw import protocol as P
from tablefw.ticks import ticks_diff

MAX_PIECES = 254


class Settle:
    MOVING = 0      # something moved in this scan
    STILL = 1       # nothing moved, not yet for long enough (or already reported)
    SETTLED = 2     # nothing moved for SETTLE_MS: report once

    def __init__(self, settle_ms=P.SETTLE_MS, units=P.SETTLE_UNITS):
        self.settle_ms = settle_ms
        self._limit = units * units
        self._x = array("h", [0] * MAX_PIECES)
        self._y = array("h", [0] * MAX_PIECES)
        self._kind = bytearray(MAX_PIECES)
        self._n = -1               # nothing seen yet
        self._still_since = 0
        self._reported = True      # the state at power-up is reported on request, not as a change

    def update(self, now, n, xs, ys, kinds=None):
        """One scan of n pieces at xs[i], ys[i] (kinds[i] for Carrom). The first
        scan after power-up is the baseline: reported on request, not as a change."""
        if self._n < 0:
            self._remember(n, xs, ys, kinds)
            return Settle.STILL
        if self._moved(n, xs, ys, kinds):
            self._remember(n, xs, ys, kinds)
            self._still_since = now
            self._reported = False
            return Settle.MOVING
        if not self._reported and ticks_diff(now, self._still_since) >= self.settle_ms:
            self._reported = True
            return Settle.SETTLED
        return Settle.STILL

    @property
    def settling(self):
        """Something moved since the last settled report, which is not yet due."""
        return self._n >= 0 and not self._reported

    def _moved(self, n, xs, ys, kinds):
        """A piece is still when one of the last scan's (of its kind) is within the
        limit: the order of a scan does not matter. Count changes are motion."""
        if n != self._n:
            return True
        ox = self._x          # one name each: MicroPython builds a tuple to unpack four
        oy = self._y
        ok = self._kind
        limit = self._limit
        for i in range(n):
            x = xs[i]
            y = ys[i]
            kind = kinds[i] if kinds is not None else 0
            near = False
            for j in range(n):
                dx = ox[j] - x
                dy = oy[j] - y
                if dx * dx + dy * dy <= limit and ok[j] == kind:
                    near = True
                    break
            if not near:
                return True
        return False

    def _remember(self, n, xs, ys, kinds):
        self._n = n
        for i in range(n):
            self._x[i] = xs[i]
            self._y[i] = ys[i]
            self._kind[i] = kinds[i] if kinds is not None else 0
