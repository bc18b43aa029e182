"""Carrom's four pockets. Across each pocket's throat, just below the surface, an IR
break-beam (output low while broken), and a second one, the speed gate, GATE_MM further
in; a colour sensor looks at the piece where it breaks the first beam (docs/hardware.md).

Why two beams: one beam only gives the time a piece blocks it, (diameter + beam width) /
speed, and pieces go in at any speed from a trickle to a hard cut: a man (30.2-31.8 mm)
at 0.7 m/s blocks a beam as long as the striker (41.3 mm) at 1 m/s. The gate gives the
speed (GATE_MM / the time between the two beams breaking), and speed times the blocked
time is the piece's size, whatever its speed: over STRIKER_OVER_MM it is the striker.

Every edge is timestamped in the pin's hard interrupt (``edge``, microseconds, with the
level that fired it), so a main loop that is busy (an I2C read, a USB write, a garbage
collection) reads the edges later but never misreads them. The colour is read while the
beam is broken, one full integration after it broke: what the sensor sees then is the
piece (docs/hardware.md, "Colour"). A sensor that does not answer is ERROR 4 in words and
the board goes on; so is a beam blocked for longer than any piece takes to pass."""
from tablefw import protocol as P
from tablefw.ticks import sleep_us, ticks_diff, ticks_ms, ticks_us

GATE_MM = 10            # the speed gate's beam, this far into the throat behind the first
BEAM_MM = 3             # the beams' width along the piece's path (3 mm apertures)
STRIKER_OVER_MM = 36.5  # halfway between the largest man (31.8 mm) and the striker (41.3 mm)
SAMPLE_AFTER_US = 5200  # two integrations (2 x 2.4 ms) and a margin after the beam broke
DEAD_MS = 120           # a piece rattling in the throat breaks the beam more than once
STUCK_MS = 1000         # no piece blocks a beam this long (a trickle at 0.1 m/s: 0.45 s)
FALLING = 4             # machine.Pin.IRQ_FALLING, IRQ_RISING: the flags an edge brings
RISING = 8
_RING = 32


class Pockets:
    CAPABILITY = P.CAP_POCKETS

    def __init__(self, colour, count=4, gate_mm=GATE_MM, striker_over_mm=STRIKER_OVER_MM,
                 dead_ms=DEAD_MS, stuck_ms=STUCK_MS, clock_us=ticks_us, clock_ms=ticks_ms, sleep=sleep_us):
        """colour.read(pocket) -> 0 white, 1 black, 2 queen, or raises OSError (the sensor
        does not answer); colour.problems(): faults found at start-up, in words."""
        self._colour = colour
        self.count = count
        self._gate_mm = gate_mm
        self._striker_mm = striker_over_mm
        self._dead = dead_ms
        self._stuck = stuck_ms
        self._us = clock_us
        self._ms = clock_ms
        self._sleep = sleep
        self._slot = bytearray(_RING)        # filled by the hard interrupt: no allocation there
        self._flags = bytearray(_RING)
        self._at = [0] * _RING               # a list: ticks past 2**31 on the Unix port
        self._head = 0
        self._tail = 0
        self.lost = 0                        # edges the ring had no room for
        self._broke = [0] * count     # when the beam broke (us)
        self._gated = [0] * count     # when the gate broke after it (us)
        self._blocked = bytearray(count)          # 1 beam broken, 2 and the gate seen
        self._kind = bytearray(count)             # the colour read while broken
        self._sampled = bytearray(count)          # 0 not yet, 1 read, 2 the sensor failed
        self._sampled_at = [0] * count
        self._stuck_told = bytearray(count)
        self._last = [0] * count
        self._seen = bytearray(count)
        self._payload = bytearray(2)

    def edge(self, slot, flags, at_us):
        """From the pin's hard interrupt: slot = 2 * pocket (+1 for the gate)."""
        nxt = (self._head + 1) % _RING
        if nxt == self._tail:
            self.lost += 1
            return
        self._slot[self._head] = slot
        self._flags[self._head] = flags
        self._at[self._head] = at_us
        self._head = nxt

    def scan(self, board, now):
        while self._tail != self._head:
            i = self._tail
            slot, flags, at = self._slot[i], self._flags[i], self._at[i]
            self._tail = (i + 1) % _RING
            pocket = slot >> 1
            if slot & 1:
                if flags & FALLING and self._blocked[pocket] == 1:
                    self._gated[pocket] = at
                    self._blocked[pocket] = 2
                continue
            if flags & FALLING and not self._blocked[pocket]:
                self._broke[pocket] = at
                self._blocked[pocket] = 1
                self._sampled[pocket] = 0
                self._stuck_told[pocket] = 0
            if flags & RISING and self._blocked[pocket]:
                self._passed(board, pocket, at, now)
        for pocket in range(self.count):
            if self._blocked[pocket]:
                self._watch(board, pocket)

    def _watch(self, board, pocket):
        """A broken beam: read the colour once, one integration after it broke; say so
        when it stays broken longer than a piece takes."""
        waited = ticks_diff(self._us(), self._broke[pocket])
        if not self._sampled[pocket]:
            if waited < SAMPLE_AFTER_US:
                self._sleep(SAMPLE_AFTER_US - waited)
            self._sampled_at[pocket] = self._us()
            try:
                self._kind[pocket] = self._colour.read(pocket)
                self._sampled[pocket] = 1
            except OSError as error:
                self._sampled[pocket] = 2
                board.error(P.ERR_SENSOR_FAULT, "pocket %d: its colour sensor does not answer on I2C (%s); "
                            "a piece going through it is not told" % (pocket, _errno(error)))
        if waited > self._stuck * 1000 and not self._stuck_told[pocket]:
            self._stuck_told[pocket] = 1
            board.error(P.ERR_SENSOR_FAULT, "pocket %d: its beam has been broken for over %d s: a piece stuck "
                        "in the throat, or the beam out of line; the pocket tells nothing until it clears"
                        % (pocket, self._stuck // 1000))

    def _passed(self, board, pocket, cleared_at, now):
        blocked_us = ticks_diff(cleared_at, self._broke[pocket])
        gated = self._blocked[pocket] == 2
        lag_us = ticks_diff(self._gated[pocket], self._broke[pocket])
        sampled = self._sampled[pocket]
        if sampled == 1 and ticks_diff(cleared_at, self._sampled_at[pocket]) <= 0:
            sampled = 0                 # read after the piece had gone: that was the empty throat
        self._blocked[pocket] = 0
        if self._stuck_told[pocket]:
            return                      # what was stuck is not told as a piece going through
        if self._seen[pocket] and ticks_diff(now, self._last[pocket]) < self._dead:
            return                      # the same piece rattling
        self._seen[pocket] = 1
        self._last[pocket] = now
        if gated and lag_us > 0:
            size_mm = self._gate_mm * blocked_us / lag_us - BEAM_MM     # speed x time
            if size_mm > self._striker_mm:
                self._tell(board, pocket, P.KIND_STRIKER)
                return
        elif not gated:
            board.error(P.ERR_SENSOR_FAULT, "pocket %d: its speed gate did not see the piece; told by its "
                        "colour alone (a striker would be told as a man)" % pocket)
        if sampled == 1:
            self._tell(board, pocket, self._kind[pocket])
        elif sampled == 0:
            board.error(P.ERR_SENSOR_FAULT, "pocket %d: a piece went through in %d us, too fast to read its "
                        "colour; it is not told" % (pocket, blocked_us))

    def _tell(self, board, pocket, kind):
        self._payload[0] = pocket
        self._payload[1] = kind
        board.event(P.POCKETED, self._payload)

    def report_state(self, board):
        """A pocket holds no state (what went through was told as it happened); what is
        wrong with the sensors is said again in the new session."""
        for line in self._colour.problems():
            board.error(P.ERR_SENSOR_FAULT, line)
        for pocket in range(self.count):
            if self._stuck_told[pocket] and self._blocked[pocket]:
                board.error(P.ERR_SENSOR_FAULT, "pocket %d: its beam is broken" % pocket)


def _errno(error):
    return "error %s" % (error.args[0] if error.args else "?")
