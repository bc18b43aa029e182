"""Coin (Shove) and piece (Carrom) positions from a source that can read them:
settle detection, moving frames at MOVING_EVERY_MS, one settled SNAPSHOT/PIECES as
the board event, and for Carrom STROKE_STARTED at the first motion after a settled
board. No sensor an MCU can scan reads positions to ±1 mm (docs/hardware.md): on
a real table the source is the camera board; here it serves the simulation."""
from array import array

from tablefw import protocol as P
from tablefw.settle import MAX_PIECES, Settle
from tablefw.ticks import ticks_diff


class Positions:
    def __init__(self, source, carrom=False, moving_every_ms=P.MOVING_EVERY_MS, settle_ms=P.SETTLE_MS):
        """source.read(xs, ys, kinds) -> n: fills the arrays (0.1 mm units, kinds for Carrom)."""
        self._source = source
        self.carrom = carrom
        self.CAPABILITY = P.CAP_POCKETS if carrom else P.CAP_COINS
        self._type = P.PIECES if carrom else P.SNAPSHOT
        self._every = moving_every_ms
        self._settle = Settle(settle_ms)
        self._xs = array("h", [0] * MAX_PIECES)
        self._ys = array("h", [0] * MAX_PIECES)
        self._kinds = bytearray(MAX_PIECES)
        self._n = 0
        self._last_moving = None
        self._in_stroke = False

    def scan(self, board, now):
        n = self._source.read(self._xs, self._ys, self._kinds)
        self._n = n
        state = self._settle.update(now, n, self._xs, self._ys, self._kinds if self.carrom else None)
        if state == Settle.MOVING:
            if self.carrom and not self._in_stroke:
                self._in_stroke = True
                board.event(P.STROKE_STARTED, b"")
            if self._last_moving is None or ticks_diff(now, self._last_moving) >= self._every:
                self._last_moving = now
                board.moving(self._type, self.write_payload(board.payload, 0))
        elif state == Settle.SETTLED:
            self._in_stroke = False
            self._last_moving = None
            board.event(self._type, board.payload[:self.write_payload(board.payload, P.SETTLED)])

    @property
    def settling(self):
        return self._settle.settling

    def report_state(self, board):
        board.event(self._type, board.payload[:self.write_payload(board.payload, P.SETTLED)])

    def write_payload(self, out, flags):
        """The SNAPSHOT or PIECES payload of the last scan into out; returns its length."""
        n = self._n
        out[0] = flags
        out[1] = n
        at = 2
        for i in range(n):
            if self.carrom:
                out[at] = self._kinds[i]
                at += 1
            P.put_i16(out, at, self._xs[i])
            P.put_i16(out, at + 2, self._ys[i])
            at += 4
        return at
