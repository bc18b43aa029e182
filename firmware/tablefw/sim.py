"""The simulated driver layer: the same drivers as on the Pico, their hardware
replaced by values a script sets through text commands (the test harness, fed
by the table's physics and scenario scripts, over a control pipe):

    pos N x y x y ...        coins on the surface, 0.1 mm units (Positions driver)
    pieces N k x y ...       Carrom pieces: kind, x, y
    squares MASK             the squares' sensors (bit i: square i+1)
    pocket P KIND            a piece falls through pocket P (its beam, its colour)
    off KIND                 a piece left the surface (OFF_BOARD)
    event TYPE HEX           a board event as it is (e.g. a DICE reading)
    state TYPE HEX ...       what a readings sensor answers REQUEST_SNAPSHOT with
    fault TEXT               a sensor fault: ERROR 4 with TEXT
    reset SEQ                the board restarts (power-up, first seq SEQ or -1: random)
    report                   the whole state as board events, as a REQUEST_SNAPSHOT would
    status                   one status line back: idle greeted seq frames resends acks
"""
from tablefw import protocol as P
from tablefw.drivers.pockets import Pockets
from tablefw.drivers.positions import Positions
from tablefw.drivers.squares import Squares


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


class SimBoard:
    """The drivers a simulated board has, per its config, and the script's verbs."""

    def __init__(self, config):
        sensors = config.get("sensors", {})
        self.positions = SimPositions()
        self.mask = 0
        self.colours = bytearray(4)
        self.drivers = []
        if "coins" in sensors or "carrom" in sensors:
            self.drivers.append(Positions(self.positions, carrom="carrom" in sensors))
        self.squares = None
        if "squares" in sensors:
            self.squares = Squares(lambda: self.mask, sensors["squares"].get("count", 9))
            self.drivers.append(self.squares)
        self.pockets = None
        if "pockets" in sensors:
            self.pockets = Pockets(lambda pocket: self.colours[pocket])
            self.drivers.append(self.pockets)
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
            pocket, kind = int(words[1]), int(words[2])
            self.colours[pocket] = kind if kind < P.KIND_STRIKER else 0
            self.pockets.beam_cleared(pocket, 50 if kind == P.KIND_STRIKER else 25)
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
            return "%d %d %d %d %d %d" % (board.idle, board.greeted, board.seq, board.frames_sent,
                                         board.resends, board.acks)
        return None


def _unhex(text):
    if text == "-":
        return b""
    out = bytearray(len(text) // 2)
    for i in range(len(out)):
        out[i] = int(text[2 * i:2 * i + 2], 16)
    return bytes(out)
