"""Frame codec and messages of the board protocol (see docs/protocol.md).

Pure: no I/O, no threads, no clock. The same code decodes a live serial stream
and a captured byte file offline::

    decoder = FrameDecoder()
    for item in decoder.feed(chunk):       # Frame or FrameError, never raises
        ...
    message = decode(frame)                # raises BadMessage
    wire = encode(Ack(seq=7), seq=12)      # 0x00 + COBS(frame) + 0x00

Layers, after Klipper's msgproto: COBS framing with 0x00 delimiters, then
``type:u8 seq:u16le payload crc:u16le`` (CRC-16/CCITT-FALSE over everything
before it), then one small frozen dataclass per message type, found through a
table keyed by type number (decoding) and by class (encoding).
"""
from __future__ import annotations

import binascii
import enum
import struct
from dataclasses import dataclass
from typing import Any, Callable

from cobs import cobs as _cobs

from firmware_bridge.words import phrase

from tablegame.core.sensors import (PIECE_KINDS, BoardSnapshot, CoinReading, DiceReading,
                               PieceOffBoard, PiecePocketed, PieceReading, PiecesSnapshot,
                               SquaresReading, StrokeStarted)

PROTOCOL_VERSION = 1
DELIMITER = 0x00
MIN_FRAME = 5            # type + seq + crc, empty payload
MAX_FRAME = 1024         # decoded bytes, crc included
MAX_ENCODED = MAX_FRAME + MAX_FRAME // 254 + 2
MM_PER_UNIT = 0.1        # coin coordinates travel as int16 tenths of a millimetre

_HEADER = struct.Struct("<BH")
_CRC = struct.Struct("<H")
_U8 = struct.Struct("<B")
_U16 = struct.Struct("<H")
_POINT = struct.Struct("<hh")
_SNAPSHOT_HEAD = struct.Struct("<BB")
_DICE_HEAD = struct.Struct("<BB")
_BOARD_INFO_HEAD = struct.Struct("<BBI")


# -- errors ------------------------------------------------------------------

class ProtocolError(ValueError):
    """Bytes or a message that break the protocol. The text says what and why."""


class FrameError(ProtocolError):
    """One stretch of bytes between delimiters that is not a frame. The decoder
    returns these as records (it never raises them) and resynchronises at the
    next 0x00."""

    def __init__(self, reason: str, raw: bytes = b""):
        super().__init__(reason)
        self.raw = raw


class BadCobs(FrameError):
    """The bytes are not valid COBS: noise, or a frame cut short."""


class FrameTooShort(FrameError):
    """Fewer than the 5 bytes of type, seq and crc."""


class FrameTooLong(FrameError):
    """No delimiter within the longest possible frame: garbage on the line."""


class CrcMismatch(FrameError):
    def __init__(self, expected: int, actual: int, raw: bytes = b""):
        super().__init__(f"CRC mismatch: frame says 0x{expected:04X}, bytes give 0x{actual:04X}", raw)
        self.expected = expected
        self.actual = actual


class BadMessage(ProtocolError):
    """A frame with a good CRC whose type or payload makes no sense."""


class VersionMismatch(ProtocolError):
    """The board speaks another protocol version than this controller."""

    def __init__(self, board: int, host: int = PROTOCOL_VERSION):
        super().__init__(phrase("version_mismatch", board=board, host=host))   # (the staff page says it in its language)
        self.board = board
        self.host = host


# -- CRC and COBS ------------------------------------------------------------

def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): b"123456789" -> 0x29B1."""
    return binascii.crc_hqx(data, 0xFFFF)


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the result holds no 0x00. The ``cobs``
    package does it in C (framing 100,000 frames: see benchmarks/bench_link.py)."""
    return _cobs.encode(bytes(data))


def cobs_decode(data: bytes) -> bytes:
    """Inverse of cobs_encode; raises BadCobs for bytes no encoder produces."""
    try:
        return _cobs.decode(bytes(data))
    except _cobs.DecodeError as error:
        raise BadCobs(f"not valid COBS: {error}", bytes(data)) from None


# -- frames ------------------------------------------------------------------

@dataclass(frozen=True)
class Frame:
    type: int
    seq: int
    payload: bytes = b""


def frame_bytes(msg_type: int, seq: int, payload: bytes = b"") -> bytes:
    """The decoded frame: type, seq, payload and crc (before COBS)."""
    if not 0 <= seq <= 0xFFFF:
        raise ValueError(f"seq {seq} is not a u16")
    body = _HEADER.pack(msg_type, seq) + payload
    if len(body) + 2 > MAX_FRAME:
        raise ValueError(f"frame of {len(body) + 2} bytes exceeds the {MAX_FRAME}-byte maximum")
    return body + _CRC.pack(crc16(body))


def encode_frame(msg_type: int, seq: int, payload: bytes = b"") -> bytes:
    """Wire bytes of one frame: 0x00, COBS(frame), 0x00."""
    return b"\x00" + cobs_encode(frame_bytes(msg_type, seq, payload)) + b"\x00"


def parse_frame(encoded: bytes) -> Frame:
    """One frame from its COBS bytes (without delimiters); raises FrameError.
    The size limit is checked here too, so the same bytes get the same answer
    whether they arrive in one read or byte by byte."""
    if len(encoded) > MAX_ENCODED:
        raise FrameTooLong(f"{len(encoded)} encoded bytes exceed the {MAX_ENCODED} of the largest frame",
                           bytes(encoded[:32]))
    raw = cobs_decode(encoded)
    if len(raw) > MAX_FRAME:
        raise FrameTooLong(f"frame of {len(raw)} bytes exceeds the {MAX_FRAME}-byte maximum",
                           bytes(encoded[:32]))
    if len(raw) < MIN_FRAME:
        raise FrameTooShort(f"frame of {len(raw)} bytes is shorter than the {MIN_FRAME} of a header and CRC",
                            bytes(encoded))
    expected = _CRC.unpack_from(raw, len(raw) - 2)[0]
    actual = crc16(raw[:-2])
    if expected != actual:
        raise CrcMismatch(expected, actual, bytes(encoded))
    msg_type, seq = _HEADER.unpack_from(raw)
    return Frame(msg_type, seq, raw[3:-2])


class FrameDecoder:
    """Incremental: feed any chunks of the byte stream, get complete frames.

    ``feed`` returns, in stream order, a ``Frame`` for each good frame and a
    ``FrameError`` record for each bad stretch; it never raises. Empty
    stretches (consecutive 0x00) are idle filler and yield nothing."""

    def __init__(self) -> None:
        self._buf = bytearray()
        self._discarding = False  # inside an over-long stretch: drop until 0x00

    def feed(self, data: bytes) -> list[Frame | FrameError]:
        out: list[Frame | FrameError] = []
        buf = self._buf
        buf += data
        start = 0
        while (end := buf.find(DELIMITER, start)) >= 0:
            if self._discarding:
                self._discarding = False
            elif end > start:
                out.append(_parse_or_error(bytes(buf[start:end])))
            start = end + 1
        del buf[:start]
        if len(buf) > MAX_ENCODED:
            if not self._discarding:
                out.append(FrameTooLong(f"no delimiter within {MAX_ENCODED} bytes: discarding until the next 0x00",
                                        bytes(buf[:32])))
            self._discarding = True
            buf.clear()
        return out


def _parse_or_error(encoded: bytes) -> Frame | FrameError:
    try:
        return parse_frame(encoded)
    except FrameError as error:
        return error


# -- messages ----------------------------------------------------------------

class MsgType(enum.IntEnum):
    HELLO = 0x01             # host -> board
    BOARD_INFO = 0x02        # board -> host
    HEARTBEAT = 0x03         # both ways
    REQUEST_SNAPSHOT = 0x04  # host -> board
    SNAPSHOT = 0x05          # board -> host
    ACK = 0x06               # host -> board
    ERROR = 0x07             # board -> host
    DICE = 0x10              # board -> host, dice faces (Schocken, Neunfeld)
    SQUARES = 0x11           # board -> host, occupied squares (Neunfeld)
    STROKE_STARTED = 0x12    # board -> host, the striker left the base line (Carrom)
    POCKETED = 0x13          # board -> host, a piece went through a pocket (Carrom)
    OFF_BOARD = 0x14         # board -> host, a piece jumped off the surface (Carrom)
    PIECES = 0x15            # board -> host, every piece with its kind and place (Carrom)


class Capability(enum.IntFlag):
    COINS = 0x01
    POCKETS = 0x02
    SQUARES = 0x04
    DICE = 0x08


class ErrorCode(enum.IntEnum):
    UNKNOWN_TYPE = 1
    BAD_PAYLOAD = 2
    VERSION_UNSUPPORTED = 3
    SENSOR_FAULT = 4


@dataclass(frozen=True)
class Hello:
    version: int = PROTOCOL_VERSION


@dataclass(frozen=True)
class BoardInfo:
    version: int
    firmware: str
    capabilities: Capability
    board_id: int


@dataclass(frozen=True)
class Heartbeat:
    pass


@dataclass(frozen=True)
class RequestSnapshot:
    pass


@dataclass(frozen=True)
class Ack:
    seq: int  # the seq of the board frame acknowledged


@dataclass(frozen=True)
class BoardError:
    code: int
    text: str


Message = (Hello | BoardInfo | Heartbeat | RequestSnapshot | BoardSnapshot | Ack | BoardError | DiceReading
           | SquaresReading | StrokeStarted | PiecePocketed | PieceOffBoard | PiecesSnapshot)
Reading = (BoardSnapshot | DiceReading | SquaresReading | StrokeStarted | PiecePocketed | PieceOffBoard
           | PiecesSnapshot)
_EVENTS = (DiceReading, SquaresReading, StrokeStarted, PiecePocketed, PieceOffBoard)


def is_board_event(message: object) -> bool:
    """True for what the board resends with the same seq until the host ACKs it:
    a settled snapshot of coins or pieces, a dice or squares reading, and each of a
    stroke's events (started, pocketed, off the board)."""
    if type(message) in (BoardSnapshot, PiecesSnapshot):
        return message.settled
    return type(message) in _EVENTS


def _need(payload: bytes, size: int, name: str) -> None:
    if len(payload) != size:
        raise BadMessage(f"{name} payload of {len(payload)} bytes: expected {size}")


def _text(raw: bytes, name: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadMessage(f"{name} text is not UTF-8: {error}") from None


def _empty(cls: type) -> tuple[Callable[[Any], bytes], Callable[[bytes], Any]]:
    name = cls.__name__

    def decode_empty(payload: bytes) -> Any:
        _need(payload, 0, name)
        return cls()
    return (lambda _m: b""), decode_empty


def _decode_hello(p: bytes) -> Hello:
    _need(p, 1, "HELLO")
    return Hello(p[0])


def _encode_board_info(m: BoardInfo) -> bytes:
    return _BOARD_INFO_HEAD.pack(m.version, int(m.capabilities), m.board_id) + m.firmware.encode("utf-8")


def _decode_board_info(p: bytes) -> BoardInfo:
    if len(p) < _BOARD_INFO_HEAD.size:
        raise BadMessage(f"BOARD_INFO payload of {len(p)} bytes: expected at least {_BOARD_INFO_HEAD.size}")
    version, caps, board_id = _BOARD_INFO_HEAD.unpack_from(p)
    return BoardInfo(version, _text(p[_BOARD_INFO_HEAD.size:], "BOARD_INFO firmware"), Capability(caps), board_id)


def _units(mm: float) -> int:
    units = round(mm / MM_PER_UNIT)
    if not -0x8000 <= units <= 0x7FFF:
        raise ValueError(f"coordinate {mm} mm is outside the int16 range of 0.1 mm units")
    return units


MAX_SNAPSHOT_COINS = 254  # 2 + 4 * 254 bytes: the largest payload a frame carries


def _encode_snapshot(s: BoardSnapshot) -> bytes:
    if len(s.coins) > MAX_SNAPSHOT_COINS:
        raise ValueError(f"{len(s.coins)} coins: a snapshot holds at most {MAX_SNAPSHOT_COINS}")
    points = b"".join(_POINT.pack(_units(c.x), _units(c.y)) for c in s.coins)
    return _SNAPSHOT_HEAD.pack(1 if s.settled else 0, len(s.coins)) + points


def _decode_snapshot(p: bytes) -> BoardSnapshot:
    if len(p) < _SNAPSHOT_HEAD.size:
        raise BadMessage(f"SNAPSHOT payload of {len(p)} bytes: expected at least 2")
    flags, count = _SNAPSHOT_HEAD.unpack_from(p)
    _need(p, 2 + 4 * count, f"SNAPSHOT of {count} coins")
    coins = tuple(CoinReading(round(x * MM_PER_UNIT, 1), round(y * MM_PER_UNIT, 1))
                  for x, y in _POINT.iter_unpack(p[2:]))
    return BoardSnapshot(coins=coins, settled=bool(flags & 1))


def _encode_dice(d: DiceReading) -> bytes:
    if len(d.values) != len(d.aside):
        raise ValueError(f"{len(d.values)} dice values but {len(d.aside)} aside marks")
    if len(d.values) > 0xFF:
        raise ValueError(f"{len(d.values)} dice: a DICE message holds at most 255")
    if not all(0 <= v <= 0xFF for v in d.values):
        raise ValueError(f"die values {d.values} do not all fit a u8")
    return _DICE_HEAD.pack(1 if d.flat else 0, len(d.values)) + bytes(
        b for value, aside in zip(d.values, d.aside) for b in (value, 1 if aside else 0))


def _decode_dice(p: bytes) -> DiceReading:
    if len(p) < _DICE_HEAD.size:
        raise BadMessage(f"DICE payload of {len(p)} bytes: expected at least 2")
    flags, count = _DICE_HEAD.unpack_from(p)
    _need(p, 2 + 2 * count, f"DICE of {count} dice")
    values, asides = p[2::2], p[3::2]
    if any(a > 1 for a in asides):
        raise BadMessage(f"DICE aside bytes must be 0 or 1: {asides.hex(' ')}")
    return DiceReading(tuple(values), tuple(a == 1 for a in asides), flat=bool(flags & 1))


def _encode_squares(s: SquaresReading) -> bytes:
    count = len(s.occupied)
    if count > 0xFF:
        raise ValueError(f"{count} squares: a SQUARES message holds at most 255")
    mask = sum(1 << i for i, occupied in enumerate(s.occupied) if occupied)
    return _U8.pack(count) + mask.to_bytes((count + 7) // 8, "little")


def _decode_squares(p: bytes) -> SquaresReading:
    if not p:
        raise BadMessage("SQUARES payload of 0 bytes: expected at least 1")
    count = p[0]
    _need(p, 1 + (count + 7) // 8, f"SQUARES of {count} squares")
    mask = int.from_bytes(p[1:], "little")
    if mask >> count:
        raise BadMessage(f"SQUARES of {count} squares marks a square beyond the last: {p[1:].hex(' ')}")
    return SquaresReading(tuple(bool(mask >> i & 1) for i in range(count)))


def _kind_byte(kind: str) -> int:
    if kind not in PIECE_KINDS:
        raise ValueError(f"unknown piece {kind!r}; pieces are {', '.join(PIECE_KINDS)}")
    return PIECE_KINDS.index(kind)


def _kind(byte: int, name: str) -> str:
    if byte >= len(PIECE_KINDS):
        raise BadMessage(f"{name} piece kind {byte} is unknown: 0 white, 1 black, 2 queen, 3 striker")
    return PIECE_KINDS[byte]


def _encode_pocketed(m: PiecePocketed) -> bytes:
    if not 0 <= m.pocket <= 3:
        raise ValueError(f"pocket {m.pocket}: a board has pockets 0..3")
    return bytes((m.pocket, _kind_byte(m.kind)))


def _decode_pocketed(p: bytes) -> PiecePocketed:
    _need(p, 2, "POCKETED")
    if p[0] > 3:
        raise BadMessage(f"POCKETED pocket {p[0]}: a board has pockets 0..3")
    return PiecePocketed(p[0], _kind(p[1], "POCKETED"))


def _decode_off_board(p: bytes) -> PieceOffBoard:
    _need(p, 1, "OFF_BOARD")
    return PieceOffBoard(_kind(p[0], "OFF_BOARD"))


_PIECE = struct.Struct("<Bhh")
MAX_PIECES = 20  # 9 white, 9 black, the queen and the striker


def _encode_pieces(s: PiecesSnapshot) -> bytes:
    if len(s.pieces) > MAX_PIECES:
        raise ValueError(f"{len(s.pieces)} pieces: a board has at most {MAX_PIECES}")
    return _SNAPSHOT_HEAD.pack(1 if s.settled else 0, len(s.pieces)) + b"".join(
        _PIECE.pack(_kind_byte(p.kind), _units(p.x), _units(p.y)) for p in s.pieces)


def _decode_pieces(p: bytes) -> PiecesSnapshot:
    if len(p) < _SNAPSHOT_HEAD.size:
        raise BadMessage(f"PIECES payload of {len(p)} bytes: expected at least 2")
    flags, count = _SNAPSHOT_HEAD.unpack_from(p)
    if count > MAX_PIECES:
        raise BadMessage(f"PIECES of {count} pieces: a board has at most {MAX_PIECES}")
    _need(p, 2 + _PIECE.size * count, f"PIECES of {count} pieces")
    pieces = tuple(PieceReading(_kind(k, "PIECES"), round(x * MM_PER_UNIT, 1), round(y * MM_PER_UNIT, 1))
                   for k, x, y in _PIECE.iter_unpack(p[2:]))
    return PiecesSnapshot(pieces, settled=bool(flags & 1))


def _decode_ack(p: bytes) -> Ack:
    _need(p, 2, "ACK")
    return Ack(_U16.unpack(p)[0])


def _decode_error(p: bytes) -> BoardError:
    if len(p) < 2:
        raise BadMessage(f"ERROR payload of {len(p)} bytes: expected at least 2")
    return BoardError(_U16.unpack_from(p)[0], _text(p[2:], "ERROR"))


@dataclass(frozen=True)
class _Codec:
    type: MsgType
    cls: type
    encode: Callable[[Any], bytes]
    decode: Callable[[bytes], Any]


_CODECS = (
    _Codec(MsgType.HELLO, Hello, lambda m: _U8.pack(m.version), _decode_hello),
    _Codec(MsgType.BOARD_INFO, BoardInfo, _encode_board_info, _decode_board_info),
    _Codec(MsgType.HEARTBEAT, Heartbeat, *_empty(Heartbeat)),
    _Codec(MsgType.REQUEST_SNAPSHOT, RequestSnapshot, *_empty(RequestSnapshot)),
    _Codec(MsgType.SNAPSHOT, BoardSnapshot, _encode_snapshot, _decode_snapshot),
    _Codec(MsgType.ACK, Ack, lambda m: _U16.pack(m.seq), _decode_ack),
    _Codec(MsgType.ERROR, BoardError, lambda m: _U16.pack(m.code) + m.text.encode("utf-8"), _decode_error),
    _Codec(MsgType.DICE, DiceReading, _encode_dice, _decode_dice),
    _Codec(MsgType.SQUARES, SquaresReading, _encode_squares, _decode_squares),
    _Codec(MsgType.STROKE_STARTED, StrokeStarted, *_empty(StrokeStarted)),
    _Codec(MsgType.POCKETED, PiecePocketed, _encode_pocketed, _decode_pocketed),
    _Codec(MsgType.OFF_BOARD, PieceOffBoard, lambda m: bytes((_kind_byte(m.kind),)), _decode_off_board),
    _Codec(MsgType.PIECES, PiecesSnapshot, _encode_pieces, _decode_pieces),
)
_BY_TYPE = {c.type: c for c in _CODECS}
_BY_CLASS = {c.cls: c for c in _CODECS}


def message_type(message: Message) -> MsgType:
    return _BY_CLASS[type(message)].type


def encode(message: Message, seq: int) -> bytes:
    """Wire bytes of ``message`` sent as frame number ``seq``."""
    codec = _BY_CLASS.get(type(message))
    if codec is None:
        raise TypeError(f"{type(message).__name__} is not a protocol message")
    return encode_frame(codec.type, seq, codec.encode(message))


def decode(frame: Frame) -> Message:
    """The message a good frame carries; raises BadMessage."""
    codec = _BY_TYPE.get(frame.type)  # type: ignore[call-overload]
    if codec is None:
        raise BadMessage(f"message type 0x{frame.type:02X} is unknown (seq {frame.seq})")
    return codec.decode(frame.payload)


def check_version(info: BoardInfo) -> None:
    """Raises VersionMismatch unless the board speaks this controller's version."""
    if info.version != PROTOCOL_VERSION:
        raise VersionMismatch(info.version)
