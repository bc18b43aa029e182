"""Neunfeld's squares: one reed switch or 3.3 V hall switch (open drain, active low,
e.g. TI DRV5032) under each square, a magnet in each piece; one GPIO per square
with the pull-up on (pins in board_config.py, wiring in docs/hardware.md)."""
from tablefw import protocol as P
from tablefw.ticks import ticks_diff

DEBOUNCE_MS = 40     # a piece slid across a square must not flicker it


class Squares:
    CAPABILITY = P.CAP_SQUARES

    def __init__(self, read_mask, count=9, debounce_ms=DEBOUNCE_MS):
        """read_mask() -> int, bit i set when square i+1 holds a piece."""
        self._read = read_mask
        self.count = count
        self._debounce = debounce_ms
        self._stable = None
        self._candidate = 0
        self._since = 0
        self._payload = bytearray(1 + (count + 7) // 8)

    def scan(self, board, now):
        mask = self._read() & ((1 << self.count) - 1)
        if self._stable is None:
            self._stable = self._candidate = mask
            self._since = now
            return
        if mask != self._candidate:
            self._candidate = mask
            self._since = now
        elif mask != self._stable and ticks_diff(now, self._since) >= self._debounce:
            self._stable = mask
            board.event(P.SQUARES, self._encode(mask))

    def report_state(self, board):
        board.event(P.SQUARES, self._encode(self._stable or 0))

    def _encode(self, mask):
        payload = self._payload
        payload[0] = self.count
        for i in range(len(payload) - 1):
            payload[1 + i] = (mask >> (8 * i)) & 0xFF
        return payload
