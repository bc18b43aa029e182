"""Byte streams for fuzzing the board link: every message the protocol carries,
damage done to a stream, oversized frames and noise (Hypothesis strategies).

Shared by the soak (``soak/fuzz.py``, 100,000 streams) and the test suite (a few
thousand), so both fuzz the same thing."""
from __future__ import annotations

from hypothesis import strategies as st

from firmware_bridge.codec import (Ack, BoardError, BoardInfo, Capability, Heartbeat, Hello, MsgType,
                                   RequestSnapshot, cobs_encode, crc16, encode)
from tablegame.core.sensors import (PIECE_KINDS, BoardSnapshot, CoinReading, DiceReading, PieceOffBoard,
                               PiecePocketed, PieceReading, PiecesSnapshot, SquaresReading, StrokeStarted)

tenths = st.integers(-32768, 32767).map(lambda u: round(u * 0.1, 1))
kinds = st.sampled_from(PIECE_KINDS)


def message_strategy(most: int, text: int) -> st.SearchStrategy:
    """Every message type, with up to ``most`` coins, dice, squares or pieces and up to
    ``text`` characters of text."""
    coins = st.lists(st.builds(CoinReading, tenths, tenths), max_size=most)
    return st.one_of(
        st.builds(Hello, st.integers(0, 255)),
        st.builds(BoardInfo, st.integers(0, 255), st.text(max_size=text),
                  st.integers(0, 15).map(Capability), st.integers(0, 2**32 - 1)),
        st.just(Heartbeat()), st.just(RequestSnapshot()),
        st.builds(BoardSnapshot, coins.map(tuple), st.booleans()),
        st.builds(Ack, st.integers(0, 0xFFFF)),
        st.builds(BoardError, st.integers(0, 0xFFFF), st.text(max_size=text)),
        st.tuples(st.lists(st.tuples(st.integers(0, 255), st.booleans()), max_size=most), st.booleans()).map(
            lambda df: DiceReading(tuple(v for v, _a in df[0]), tuple(a for _v, a in df[0]), df[1])),
        st.builds(SquaresReading, st.lists(st.booleans(), max_size=most).map(tuple)),
        st.just(StrokeStarted()),
        st.builds(PiecePocketed, st.integers(0, 3), kinds),
        st.builds(PieceOffBoard, kinds),
        st.builds(PiecesSnapshot, st.lists(st.builds(PieceReading, kinds, tenths, tenths),
                                           max_size=min(most, 20)).map(tuple), st.booleans()),
    )


messages = message_strategy(255, 60)      # for round trips: up to the protocol's limits
small_messages = message_strategy(12, 12)  # for streams: many frames, quickly made

framed = st.tuples(small_messages, st.integers(0, 0xFFFF))   # (message, seq)

damage = st.lists(st.tuples(st.sampled_from(["flip", "drop", "insert"]),
                            st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=6)


def damaged(stream: bytes, edits) -> bytes:
    """``stream`` with each edit done: a byte flipped, dropped, or inserted."""
    data = bytearray(stream)
    for kind, where, value in edits:
        if not data:
            break
        i = where % len(data)
        if kind == "flip":
            data[i] ^= (value or 1)
        elif kind == "drop":
            del data[i]
        else:
            data.insert(i, value)
    return bytes(data)


def oversized_wire(payload_size: int, fill: int = 0x55) -> bytes:
    """A frame longer than MAX_FRAME with a good CRC: no encoder of ours makes one
    (frame_bytes refuses it), a babbling board might."""
    body = bytes((MsgType.SNAPSHOT, 3, 0)) + bytes([fill]) * payload_size
    return b"\x00" + cobs_encode(body + crc16(body).to_bytes(2, "little")) + b"\x00"


# A piece of a stream: a good frame, a damaged one, an oversized one with a good CRC,
# or noise (with or without delimiters).
stream_pieces = st.one_of(
    framed.map(lambda ms: encode(*ms)),
    st.tuples(framed, damage).map(lambda fd: damaged(encode(*fd[0]), fd[1])),
    st.tuples(st.integers(1020, 1300), st.sampled_from([0x00, 0x55])).map(lambda sf: oversized_wire(*sf)),
    st.binary(max_size=80),
    st.binary(min_size=1030, max_size=1300).map(lambda b: b.replace(b"\x00", b"\x01")),
)
