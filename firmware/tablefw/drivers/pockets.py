"""Carrom's four pockets: an IR break-beam across each pocket's throat (a 940 nm
LED and a TSOP-type receiver or phototransistor, output low while the beam is
broken) on a pin interrupt, and a colour reading of the piece as it falls (see
docs/hardware.md: white, black and the red queen told apart by colour, the
striker by the time it blocks the beam)."""
from array import array

from tablefw import protocol as P
from tablefw.ticks import ticks_diff

DEAD_MS = 120          # a piece rattling in the throat breaks the beam more than once
STRIKER_MS = 38        # blocked longer than this: the 41 mm striker, not a 30 mm man
_RING = 16


class Pockets:
    CAPABILITY = P.CAP_POCKETS

    def __init__(self, colour_of, count=4, dead_ms=DEAD_MS, striker_ms=STRIKER_MS):
        """colour_of(pocket) -> 0 white, 1 black, 2 red (the queen): the colour read."""
        self._colour_of = colour_of
        self.count = count
        self._dead = dead_ms
        self._striker_ms = striker_ms
        self._pocket = bytearray(_RING)      # filled by interrupts: no allocation there
        self._blocked = array("i", [0] * _RING)
        self._head = 0
        self._tail = 0
        self._last = array("i", [0] * count)
        self._seen = bytearray(count)
        self._payload = bytearray(2)
        self.lost = 0                        # breaks the ring had no room for

    def beam_cleared(self, pocket, blocked_ms):
        """From the pin interrupt: the beam of ``pocket`` was blocked for blocked_ms."""
        nxt = (self._head + 1) % _RING
        if nxt == self._tail:
            self.lost += 1
            return
        self._pocket[self._head] = pocket
        self._blocked[self._head] = blocked_ms
        self._head = nxt

    def scan(self, board, now):
        while self._tail != self._head:
            pocket = self._pocket[self._tail]
            blocked = self._blocked[self._tail]
            self._tail = (self._tail + 1) % _RING
            if self._seen[pocket] and ticks_diff(now, self._last[pocket]) < self._dead:
                continue
            self._seen[pocket] = 1
            self._last[pocket] = now
            kind = P.KIND_STRIKER if blocked > self._striker_ms else self._colour_of(pocket)
            self._payload[0] = pocket
            self._payload[1] = kind
            board.event(P.POCKETED, self._payload)

    def report_state(self, board):
        return    # a pocket holds no state: what went through was told as it happened
