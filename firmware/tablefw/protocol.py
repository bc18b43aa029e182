"""The numbers of docs/protocol.md (protocol version 1), in one place."""
PROTOCOL_VERSION = 1

HELLO = 0x01
BOARD_INFO = 0x02
HEARTBEAT = 0x03
REQUEST_SNAPSHOT = 0x04
SNAPSHOT = 0x05
ACK = 0x06
ERROR = 0x07
DICE = 0x10
SQUARES = 0x11
STROKE_STARTED = 0x12
POCKETED = 0x13
OFF_BOARD = 0x14
PIECES = 0x15

# types only the board sends: one coming from the host is ignored, not answered
BOARD_TYPES = (BOARD_INFO, SNAPSHOT, ERROR, DICE, SQUARES, STROKE_STARTED, POCKETED, OFF_BOARD, PIECES)

CAP_COINS = 0x01
CAP_POCKETS = 0x02
CAP_SQUARES = 0x04
CAP_DICE = 0x08

ERR_UNKNOWN_TYPE = 1
ERR_BAD_PAYLOAD = 2
ERR_SENSOR_FAULT = 4

KIND_WHITE = 0
KIND_BLACK = 1
KIND_QUEEN = 2
KIND_STRIKER = 3

SETTLED = 0x01    # flags bit 0 of SNAPSHOT and PIECES

# the board's timing (docs/protocol.md, "The board's side"): constants of the firmware
RESEND_MS = 250
HEARTBEAT_MS = 500
SETTLE_MS = 300           # nothing moved more than SETTLE_UNITS for this long: settled
SETTLE_UNITS = 5          # 0.5 mm in the protocol's 0.1 mm units
MOVING_EVERY_MS = 50      # moving snapshots at most 20 a second (the protocol asks 10 to 30)


def put_u16(buf, at, value):
    buf[at] = value & 0xFF
    buf[at + 1] = (value >> 8) & 0xFF


def put_i16(buf, at, value):
    put_u16(buf, at, value & 0xFFFF)

MAX_TEXT = 200            # an ERROR's text is cut here: a line for staff, not a log
