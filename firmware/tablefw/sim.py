"""The simulated driver layer: the same drivers as on the Pico, their hardware
replaced by values a script sets through text commands (the test harness, fed
by the table's physics and scenario scripts, over a control pipe):

    pos N x y x y ...        coins on the surface, 0.1 mm units (Positions driver)
    pieces N k x y ...       Carrom pieces: kind, x, y
    squares MASK             the squares' sensors (bit i: square i+1)
    pocket P KIND            a piece falls through pocket P at 1.5 m/s (its beam, gate, colour)
    off KIND                 a piece left the surface (OFF_BOARD)
    event TYPE HEX           a board event as it is (e.g. a DICE reading)
    state TYPE HEX ...       what a readings sensor answers REQUEST_SNAPSHOT with
    fault TEXT               a sensor fault: ERROR 4 with TEXT
    reset SEQ                the board restarts (power-up, first seq SEQ or -1: random)
    report                   the whole state as board events, as a REQUEST_SNAPSHOT would
    status                   one status line back: idle greeted seq frames resends acks settling
"""
from tablefw import protocol as P
from tablefw.drivers.pockets import FALLING, GATE_MM, RISING, BEAM_MM, Pockets
from tablefw.drivers.positions import Positions
from tablefw.drivers.squares import Squares
from tablefw.ticks import ticks_add, ticks_diff, ticks_us


class SimPositions:
    """What a position sensor would read: set by the script."""

    def __init__(self):
        self.coords = []

    def read(self, xs, ys, kinds):
        n = 0
        for item in self.coords:
            if len(item) == 3:
                kinds[n] = item[0]
            xs[n] = item[-2]
            ys[n] = item[-1]
            n += 1
        return n


class Readings:
    """A sensor whose readings come whole (a dice reader): the script sets them."""

    def __init__(self, capability):
        self.CAPABILITY = capability
        self.state = []

    def scan(self, board, now):
        return

    def report_state(self, board):
        for msg_type, payload in self.state:
            board.event(msg_type, payload)


class PocketPieces:
    """Pieces falling through the simulated pockets: each breaks its pocket's beam and then
    the speed gate for as long as its size and speed give, and shows its colour to the
    pocket's sensor meanwhile (a driver of no capability, ahead of the pockets driver,
    that lets the edges happen on time)."""
    CAPABILITY = 0
    SIZE_MM = (30.2, 30.2, 30.2, 41.3)       # white, black, queen, striker
    SPEED_MM_PER_MS = 1.5                    # 1.5 m/s

    def __init__(self, count=4):
        self.pockets = None
        self._edges = []                     # (after, at us, slot, flags), in time order
        self._showing = [None] * count       # (kind, until us)

    def drop(self, pocket, kind):
        now = ticks_us()
        block = int((self.SIZE_MM[kind] + BEAM_MM) / self.SPEED_MM_PER_MS * 1000)
        gate = int(GATE_MM / self.SPEED_MM_PER_MS * 1000)
        for after, slot, flags in ((0, 2 * pocket, FALLING), (gate, 2 * pocket + 1, FALLING),
                                   (block, 2 * pocket, RISING), (gate + block, 2 * pocket + 1, RISING)):
            self._edges.append((after, ticks_add(now, after), slot, flags))
        self._edges.sort(key=lambda edge: ticks_diff(edge[1], now))
        self._showing[pocket] = (kind if kind < P.KIND_STRIKER else P.KIND_WHITE, ticks_add(now, block))

    def read(self, pocket):
        seen = self._showing[pocket]
        if seen is None or ticks_diff(ticks_us(), seen[1]) > 0:
            return P.KIND_BLACK               # the empty throat is dark
        return seen[0]

    def problems(self):
        return []

    def scan(self, board, now):
        at = ticks_us()
        while self._edges and ticks_diff(at, self._edges[0][1]) >= 0:
            _after, when, slot, flags = self._edges.pop(0)
            self.pockets.edge(slot, flags, when)

    def report_state(self, board):
        return


class SimBoard:
    """The drivers a simulated board has, per its config, and the script's verbs."""

    def __init__(self, config):
        sensors = config.get("sensors", {})
        self.positions = SimPositions()
        self.mask = 0
        self.drivers = []
        if "coins" in sensors or "carrom" in sensors:
            self.drivers.append(Positions(self.positions, carrom="carrom" in sensors))
        self.squares = None
        if "squares" in sensors:
            self.squares = Squares(lambda: self.mask, sensors["squares"].get("count", 9))
            self.drivers.append(self.squares)
        self.pockets = None
        if "pockets" in sensors:
            self.pieces = PocketPieces()
            self.pockets = self.pieces.pockets = Pockets(self.pieces)
            self.drivers += [self.pieces, self.pockets]
        self.readings = Readings(sensors.get("readings", {}).get("capability", 0))
        self.drivers.append(self.readings)

    def command(self, board, line, now, reset):
        words = line.split()
        if not words:
            return None
        verb = words[0]
        if verb == "pos" or verb == "pieces":
            width = 2 if verb == "pos" else 3
            nums = [int(w) for w in words[2:]]
            self.positions.coords = [tuple(nums[i:i + width]) for i in range(0, len(nums), width)]
        elif verb == "squares":
            self.mask = int(words[1])
        elif verb == "pocket":
            self.pieces.drop(int(words[1]), int(words[2]))
        elif verb == "off":
            board.event(P.OFF_BOARD, bytes([int(words[1])]))
        elif verb == "event":
            board.event(int(words[1]), _unhex(words[2] if len(words) > 2 else ""))
        elif verb == "state":
            self.readings.state = [(int(words[i]), _unhex(words[i + 1])) for i in range(1, len(words), 2)]
        elif verb == "fault":
            board.error(P.ERR_SENSOR_FAULT, line[6:])
        elif verb == "report":
            board.report_state()
        elif verb == "reset":
            reset(int(words[1]))
        elif verb == "status":
            settling = any(getattr(driver, "settling", False) for driver in board.drivers)
            return "%d %d %d %d %d %d %d" % (board.idle, board.greeted, board.seq, board.frames_sent,
                                            board.resends, board.acks, settling)
        return None


def _unhex(text):
    if text == "-":
        return b""
    out = bytearray(len(text) // 2)
    for i in range(len(out)):
        out[i] = int(text[2 * i:2 * i + 2], 16)
    return bytes(out)
