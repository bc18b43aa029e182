"""The firmware's protocol core (firmware/tablefw) under CPython: its framing
against the host's codec, the `cobs` package, binascii.crc_hqx and every vector of
docs/protocol.md; its board state machine against the board's side of the protocol,
on a clock the test turns. The same code runs under MicroPython in
tests/test_firmware_micropython.py."""
from __future__ import annotations

import binascii
import re
import sys
from pathlib import Path

import pytest
from cobs import cobs
from hypothesis import given, settings, strategies as st

from firmware_bridge.codec import FrameDecoder, Frame, encode_frame

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "firmware"))

from tablefw import protocol as P                                    # noqa: E402
from tablefw.board import Board                                      # noqa: E402
from tablefw.drivers.pockets import FALLING, RISING, Pockets        # noqa: E402
from tablefw.drivers.positions import Positions                      # noqa: E402
from tablefw.drivers.squares import Squares                          # noqa: E402
from tablefw.framing import (FrameScanner, FrameWriter, MAX_PAYLOAD, cobs_decode_in_place,   # noqa: E402
                             cobs_encode_into, crc16)
from tablefw.sim import Readings, SimPositions                      # noqa: E402


# -- framing -------------------------------------------------------------------------------

@given(st.binary(max_size=2000))
def test_crc_agrees_with_binascii_crc_hqx(data):
    assert crc16(data) == binascii.crc_hqx(data, 0xFFFF)


@given(st.binary(max_size=1100))
def test_cobs_encoder_agrees_with_the_cobs_package_and_decodes_back(data):
    out = bytearray(1200)
    n = cobs_encode_into(data, 0, len(data), out, 0)
    assert bytes(out[:n]) == cobs.encode(data)
    assert cobs_decode_in_place(out, n) == len(data) and bytes(out[:len(data)]) == data


@given(st.binary(min_size=1, max_size=300).filter(lambda b: 0 not in b))
def test_cobs_decoder_refuses_what_the_cobs_package_refuses(encoded):
    try:
        expected = cobs.decode(encoded)
    except cobs.DecodeError:
        expected = None
    buf = bytearray(encoded)
    n = cobs_decode_in_place(buf, len(buf))
    assert (None if n < 0 else bytes(buf[:n])) == expected


frames = st.tuples(st.integers(0, 255), st.integers(0, 0xFFFF), st.binary(max_size=300))


@given(frames)
def test_the_writer_makes_the_hosts_wire_bytes(frame):
    msg_type, seq, payload = frame
    writer = FrameWriter()
    n = writer.frame_from(msg_type, seq, payload)
    assert bytes(writer.wire[:n]) == encode_frame(msg_type, seq, payload)


def scan(chunks):
    got = []
    scanner = FrameScanner(lambda t, s, buf, a, b: got.append((t, s, bytes(buf[a:b]))))
    for chunk in chunks:
        scanner.feed(chunk)
    return got, scanner


@settings(max_examples=200)
@given(st.lists(st.one_of(frames, st.binary(max_size=40)), max_size=12), st.data())
def test_any_split_of_the_stream_gives_the_same_frames_as_the_host_decoder(parts, data):
    """Good frames and noise, cut anywhere: the scanner finds exactly the frames the
    host's decoder finds, whatever the reads."""
    stream = b"".join(encode_frame(*p) if isinstance(p, tuple) else p for p in parts)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=8)))
    chunks = [stream[a:b] for a, b in zip([0, *cuts], [*cuts, len(stream)])]
    got, _ = scan(chunks)
    whole, _ = scan([stream])
    host = [(f.type, f.seq, f.payload) for f in FrameDecoder().feed(stream) if isinstance(f, Frame)]
    assert got == whole == host


def test_garbage_costs_only_itself_and_an_over_long_stretch_is_dropped():
    good = encode_frame(P.ACK, 5, b"\x07\x00")
    got, scanner = scan([b"\x00\x07\x55\x00", b"\x01" * 3000, good, b"\x00\x03\x04\x01\x03\x6d\x24\x00"])
    assert got == [(P.ACK, 5, b"\x07\x00")]
    assert scanner.bad == 3              # bad COBS, too long, CRC mismatch


# -- the vectors of docs/protocol.md ---------------------------------------------------------

def doc_vectors():
    text = (ROOT / "docs" / "protocol.md").read_text()
    rows = re.findall(r"^\| ([^|]+?) \| `([0-9a-f ]+)` \| `([0-9a-f ]+)` \|$", text, re.M)
    assert len(rows) >= 16, "the test vectors of docs/protocol.md moved"
    return [(name, bytes.fromhex(frame), bytes.fromhex(wire)) for name, frame, wire in rows]


@pytest.mark.parametrize("name, frame, wire", doc_vectors())
def test_every_frame_vector_of_the_protocol_doc(name, frame, wire):
    writer = FrameWriter()
    n = writer.frame_from(frame[0], frame[1] | frame[2] << 8, frame[3:-2])
    assert bytes(writer.wire[:n]) == wire
    got, _ = scan([wire])
    assert got == [(frame[0], frame[1] | frame[2] << 8, frame[3:-2])]


@pytest.mark.parametrize("data, encoded", [
    ("00", "0101"), ("11220033", "0311220233"), ("11000000", "0211010101"),
    (bytes(range(1, 255)).hex(), "ff" + bytes(range(1, 255)).hex())])
def test_the_cobs_vectors_of_the_protocol_doc(data, encoded):
    out = bytearray(300)
    n = cobs_encode_into(bytes.fromhex(data), 0, len(data) // 2, out, 0)
    assert out[:n].hex() == encoded
    buf = bytearray.fromhex(encoded + "01") if len(data) > 200 else bytearray.fromhex(encoded)
    assert bytes(buf[:cobs_decode_in_place(buf, len(buf))]).hex() == data   # with the final 01 too


def test_crc_vector():
    assert crc16(b"123456789") == 0x29B1


# -- the board's side, on a clock the test turns ----------------------------------------------

from firmware_bridge.codec import (Ack, BoardError, BoardInfo, Capability, Heartbeat, Hello,   # noqa: E402
                                   RequestSnapshot, decode, encode)
from tablegame.core.sensors import (BoardSnapshot, CoinReading, PiecePocketed, PiecesSnapshot,   # noqa: E402
                               SquaresReading, StrokeStarted)


class Line:
    """A board on a fake clock, and what it said, decoded by the host's codec."""

    def __init__(self, drivers=(), first_seq=100, **kwargs):
        self.now = 0
        self.sent = []
        self.board = Board(self._write, list(drivers), board_id=0x2A, firmware="tablefw-1.0",
                           first_seq=first_seq, **kwargs)

    def _write(self, buf, n):
        for item in FrameDecoder().feed(bytes(buf[:n])):
            self.sent.append((item.seq, decode(item)))

    def host(self, message, seq=0):
        self.board.feed(encode(message, seq))

    def run(self, ms, step=5):
        """Turns the clock by ms, a loop pass every step ms; returns what was said."""
        start = len(self.sent)
        for _ in range(ms // step):
            self.now += step
            self.board.tick(self.now)
        return self.said(start)

    def said(self, start=0):
        return [m for _s, m in self.sent[start:]]

    def greet(self):
        self.host(Hello(1))
        self.board.tick(self.now)


def readings(*events):
    driver = Readings(int(Capability.DICE))
    driver.state = [(encode(e, 0)[2], decode_payload(e)) for e in events]
    return driver


def decode_payload(reading):
    from cobs import cobs as c
    return c.decode(encode(reading, 0)[1:-1])[3:-2]


SQ = SquaresReading((True, False, True, False, False, False, False, False, True))


def test_silent_after_power_up_until_a_hello_then_board_info_with_its_capabilities():
    line = Line([Squares(lambda: 0b101)], first_seq=0xFFFF)
    assert line.run(2000) == []                                  # no heartbeat, nothing
    line.greet()
    assert line.sent[0] == (0xFFFF, BoardInfo(1, "tablefw-1.0", Capability.SQUARES, 0x2A))
    assert line.run(600) == [Heartbeat()] and line.sent[1][0] == 0   # the seq wraps


def test_a_hello_of_another_version_gets_board_info_then_silence():
    line = Line([readings(SQ)])
    line.host(Hello(2))
    line.host(RequestSnapshot())
    assert line.said() == [BoardInfo(1, "tablefw-1.0", Capability.DICE, 0x2A)]
    assert line.run(2000) == []


def test_an_event_is_resent_with_its_seq_until_acked_and_resends_are_traffic():
    line = Line([readings(SQ)])
    line.greet()
    line.host(RequestSnapshot())
    line.run(1000)
    events = [(s, m) for s, m in line.sent if m == SQ]
    assert len(events) == 5 and len({s for s, _m in events}) == 1   # at 0, 250, 500, 750, 1000 ms
    assert Heartbeat() not in line.said()
    line.host(Ack(events[0][0] + 1))                            # not the one it waits on: ignored
    assert SQ in line.run(300)
    line.host(Ack(events[0][0]))
    assert line.run(600) == [Heartbeat()]


def test_a_hello_drops_the_waiting_event_and_the_queued_and_the_seq_counts_on():
    line = Line([readings(SQ, SQ)])
    line.greet()
    line.host(RequestSnapshot())
    line.run(10)
    seq = line.board.seq
    line.host(Hello(1))
    assert line.sent[-1] == (seq, BoardInfo(1, "tablefw-1.0", Capability.DICE, 0x2A))
    assert SQ not in line.run(1000) and line.board.idle


def test_request_snapshot_while_an_event_waits_is_answered_behind_it():
    line = Line([readings(SQ)])
    line.greet()
    line.host(RequestSnapshot())
    line.host(RequestSnapshot())
    line.run(600)
    assert len({s for s, m in line.sent if m == SQ}) == 1
    line.host(Ack(next(s for s, m in line.sent if m == SQ)))
    line.run(10)
    assert len({s for s, m in line.sent if m == SQ}) == 2


def test_what_it_cannot_use_is_named_in_words_and_bad_frames_are_dropped_silently():
    line = Line()
    line.greet()
    line.board.feed(b"\x00\x07\x55\x00" + encode_frame(0x42, 1) + encode_frame(P.ACK, 2, b"\x01"))
    errors = [m for m in line.said() if isinstance(m, BoardError)]
    assert [(e.code, e.text) for e in errors] == [
        (1, "message type 0x42 is unknown to this board"), (2, "ACK payload of 1 bytes: expected 2")]


class Coins:
    def __init__(self, *coins):
        self.coords = list(coins)

    def read(self, xs, ys, kinds):
        return SimPositions.read(self, xs, ys, kinds)


def test_coins_moving_at_most_twenty_a_second_then_one_settled_snapshot_300_ms_after_the_last_motion():
    coins = Coins((1000, 500))
    line = Line([Positions(coins)])
    line.greet()
    line.run(100)
    for y in range(500, 1500, 10):                # 100 scans, 5 ms apart: a coin sliding 1 m/s
        coins.coords = [(1000, y)]
        line.run(5)
    coins.coords = [(1000, 1503)]                 # creeps 0.3 mm: not motion
    said = line.run(290)
    moving = [m for m in line.said() if isinstance(m, BoardSnapshot) and not m.settled]
    assert 9 <= len(moving) <= 11                 # 0.5 s of motion at 20 a second
    assert not any(isinstance(m, BoardSnapshot) and m.settled for m in said)
    settled = [m for m in line.run(20) if isinstance(m, BoardSnapshot)]
    assert settled == [BoardSnapshot((CoinReading(100.0, 150.3),), settled=True)]   # where it lies now


class Throat:
    """Pockets on a Line's clock: the colour its sensors see, and pieces breaking the beam
    and the speed gate as a piece of that size at that speed does (edges stamped as the
    pins' hard interrupt stamps them)."""

    def __init__(self, kind=0):
        self.kind = kind
        self.line = None
        self.slept_us = 0

    def now_us(self):
        return self.line.now * 1000 + self.slept_us

    def sleep(self, us):
        self.slept_us += us

    def read(self, pocket):
        return self.kind

    def problems(self):
        return []

    def pockets(self):
        return Pockets(self, clock_us=self.now_us, clock_ms=lambda: self.line.now, sleep=self.sleep)

    def breaks(self, pockets, pocket, size_mm, speed_m_s):
        """The piece arrives now: the beam and then the gate break; returns when it clears."""
        t = self.now_us()
        pockets.edge(2 * pocket, FALLING, t)
        pockets.edge(2 * pocket + 1, FALLING, t + int(10 / speed_m_s * 1000))
        return t, t + int((size_mm + 3) / speed_m_s * 1000)

    def clears(self, pockets, pocket, at):
        pockets.edge(2 * pocket, RISING, at)
        pockets.edge(2 * pocket + 1, RISING, at + 1)


def pocket_line(kind=0, drivers=()):
    throat = Throat(kind)
    pockets = throat.pockets()
    throat.line = Line(list(drivers) + [pockets])
    return throat, pockets, throat.line


def test_a_carrom_stroke_starts_at_the_first_motion_and_pockets_are_told_in_order():
    pieces = Coins((3, 3700, 1174))
    throat = Throat(0)
    pockets = throat.pockets()
    line = throat.line = Line([Positions(pieces, carrom=True), pockets])
    line.greet()
    line.run(50)
    pieces.coords = [(3, 3700, 1300)]
    line.run(5)
    _t, cleared = throat.breaks(pockets, 2, 30.2, 1.5)
    line.run(5)                                   # the colour read while the man is in the throat
    throat.clears(pockets, 2, cleared)
    line.run(50)
    _t, cleared = throat.breaks(pockets, 2, 30.2, 0.5)    # the same man rattling: once
    line.run(5)
    throat.clears(pockets, 2, cleared)
    line.run(5)
    pieces.coords = [(3, 3700, 1500)]
    line.run(400)
    events = [(s, m) for s, m in line.sent if not isinstance(m, (BoardInfo, Heartbeat))]
    assert events[0][1] == StrokeStarted()
    assert isinstance(events[1][1], PiecesSnapshot) and not events[1][1].settled
    assert PiecePocketed(2, "white") not in line.said()          # it waits for the ACK before it
    line.host(Ack(events[0][0]))
    line.run(10)
    pocketed = next(s for s, m in line.sent if m == PiecePocketed(2, "white"))
    line.host(Ack(pocketed))
    line.run(10)
    kinds = [type(m).__name__ for _s, m in line.sent if m == PiecePocketed(2, "white")
             or (isinstance(m, PiecesSnapshot) and m.settled)]
    assert kinds[-2:] == ["PiecePocketed", "PiecesSnapshot"]        # one each, in the stroke's order


@pytest.mark.parametrize("speed", [0.3, 0.7, 1.0, 2.0, 4.0, 6.0])
@pytest.mark.parametrize("size, kind", [(30.2, "white"), (31.8, "white"), (41.3, "striker")])
def test_a_piece_is_told_by_its_size_whatever_its_speed(size, kind, speed):
    """One beam's blocked time overlaps (a man at 0.7 m/s, the striker at 1 m/s); the speed
    gate's lag makes it a size. The old driver called everything over 38 ms the striker."""
    throat, pockets, line = pocket_line(0)
    line.greet()
    _t, cleared = throat.breaks(pockets, 1, size, speed)
    line.run(5)
    throat.clears(pockets, 1, cleared)
    line.run(5)
    assert [m for m in line.said() if isinstance(m, PiecePocketed)] == [PiecePocketed(1, kind)]


def test_edges_read_late_are_timed_by_when_they_happened():
    """The main loop was busy while a striker went through: its four edges wait in the ring
    with their own times and levels, and the pass after tells the striker."""
    throat, pockets, line = pocket_line(0)
    line.greet()
    _t, cleared = throat.breaks(pockets, 3, 41.3, 2.0)
    throat.clears(pockets, 3, cleared)
    line.run(100)
    assert PiecePocketed(3, "striker") in line.said()


def test_a_colour_sensor_that_fails_is_an_error_4_and_the_piece_is_not_guessed():
    class Loose(Throat):
        def read(self, pocket):
            raise OSError(5)
    throat = Loose()
    pockets = throat.pockets()
    line = throat.line = Line([pockets])
    line.greet()
    _t, cleared = throat.breaks(pockets, 0, 30.2, 1.5)
    line.run(5)
    throat.clears(pockets, 0, cleared)
    line.run(10)
    said = line.said()
    assert not any(isinstance(m, PiecePocketed) for m in said)
    errors = [m for m in said if isinstance(m, BoardError)]
    assert errors and errors[0].code == 4 and "pocket 0" in errors[0].text


def test_squares_are_debounced_and_each_change_is_an_event():
    mask = [0b1]
    line = Line([Squares(lambda: mask[0])])
    line.greet()
    line.run(50)
    mask[0] = 0b11
    line.run(10)
    mask[0] = 0b1                                # a flicker shorter than 40 ms: nothing
    assert line.run(100) == [] or all(isinstance(m, Heartbeat) for m in line.said()[1:])
    mask[0] = 0b100000101
    said = line.run(100)
    assert SQ in said


# -- the config on the Pico: the drivers, and so the capabilities, follow it --------------------

from tablefw import config as board_config                          # noqa: E402
from tablefw.drivers.colour import classify                         # noqa: E402


POCKETS = {"beam_pins": [11, 12, 13, 14], "gate_pins": [18, 19, 20, 21], "colour": {"i2c": 0, "sda": 16, "scl": 17}}


class FakeHardware:
    def __init__(self):
        self.beams = None

    def squares_reader(self, pins, active_low):
        return lambda: 0

    def colour_reader(self, spec):
        return Throat(0)

    def watch_beams(self, beams, gates, edge):
        self.beams = (beams, gates, edge)


@pytest.mark.parametrize("sensors, caps", [
    ({"squares": {"pins": list(range(2, 11))}}, Capability.SQUARES),
    ({"pockets": POCKETS}, Capability.POCKETS),
    ({"squares": {"pins": [2, 3]}, "pockets": POCKETS},
     Capability.SQUARES | Capability.POCKETS)])
def test_board_info_capabilities_follow_the_config(sensors, caps):
    config = {"sensors": sensors}
    assert board_config.problems(config) == []
    hw = FakeHardware()
    line = Line(board_config.drivers(config, hw))
    line.greet()
    assert line.said()[0].capabilities == caps
    assert (hw.beams is not None) == ("pockets" in sensors)      # the beams' interrupts are set up


@pytest.mark.parametrize("config, words", [
    ({}, "must name at least one of squares, pockets"),
    ({"sensors": {"coins": {}}}, "unknown sensor kind 'coins'"),
    ({"sensors": {"pockets": {"beam_pins": [1, 2]}}}, "pockets need 4 beam_pins"),
    ({"sensors": {"squares": {"pins": []}}}, "squares need 1 to 32 pins")])
def test_a_config_that_makes_no_sense_is_named_in_words(config, words):
    assert any(words in problem for problem in board_config.problems(config))


def test_the_shipped_board_config_is_a_squares_board():
    namespace = {}
    exec((ROOT / "firmware" / "board_config.py").read_text(), namespace)
    assert board_config.problems(namespace["BOARD"]) == []
    assert board_config.capabilities(board_config.drivers(namespace["BOARD"], FakeHardware())) == P.CAP_SQUARES


@pytest.mark.parametrize("rgbc, kind", [((900, 850, 800, 2400), 0), ((60, 60, 55, 180), 1), ((900, 300, 280, 1500), 2)])
def test_the_pocket_colour_tells_white_black_and_the_queen(rgbc, kind):
    red, green, blue, clear = rgbc
    assert classify(red, green, blue, clear, white_clear=2500) == kind


# -- the Pico's own module, on stand-in `machine` pins (no Pico here: its wiring logic only) ------

class FakePin:
    IN, PULL_UP, IRQ_FALLING, IRQ_RISING = 0, 1, 2, 4
    made = {}

    def __init__(self, number, mode=None, pull=None):
        self.number, self.pull, self.level, self.handler = number, pull, 1, None
        FakePin.made[number] = self

    def value(self):
        return self.level

    def irq(self, handler=None, trigger=None, hard=False):
        if handler is not None:
            self.handler, self.hard = handler, hard
        return self

    def flags(self):
        return self.fired


@pytest.fixture
def pico(monkeypatch):
    import types
    machine = types.SimpleNamespace(Pin=FakePin, unique_id=lambda: b"\x01\x02\x03\x04\x05\x06\x07\x08")
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "micropython", types.SimpleNamespace(kbd_intr=lambda c: None))
    clock = [1000]
    import time as real_time
    monkeypatch.setattr(real_time, "ticks_ms", lambda: clock[0], raising=False)
    monkeypatch.setattr(real_time, "ticks_us", lambda: clock[0] * 1000, raising=False)
    monkeypatch.setattr(real_time, "ticks_diff", lambda a, b: a - b, raising=False)
    sys.modules.pop("tablefw.pico", None)
    import tablefw.pico as module
    FakePin.made = {}
    yield module, clock
    sys.modules.pop("tablefw.pico", None)


def test_the_picos_square_pins_are_pulled_up_and_read_active_low(pico):
    module, _clock = pico
    read = module.PicoHardware().squares_reader([2, 3, 4], active_low=True)
    assert all(FakePin.made[n].pull == FakePin.PULL_UP for n in (2, 3, 4))
    FakePin.made[3].level = 0                      # a magnet over square 2
    assert read() == 0b010


def test_the_picos_beam_interrupts_are_hard_and_stamp_each_edge_with_its_level_and_time(pico):
    module, clock = pico
    edges = []
    module.PicoHardware().watch_beams([11, 12, 13, 14], [18, 19, 20, 21], lambda *edge: edges.append(edge))
    beam, gate = FakePin.made[13], FakePin.made[20]
    assert beam.hard and gate.pull == FakePin.PULL_UP
    beam.fired = FALLING
    beam.handler(beam)                             # the beam broken...
    clock[0] += 45
    beam.fired = RISING
    beam.handler(beam)                             # ...and back 45 ms later
    assert edges == [(4, FALLING, 1000000), (4, RISING, 1045000)]


def test_the_board_id_is_the_flash_ids_low_32_bits_unless_configured(pico):
    module, _clock = pico
    assert module.board_id({}) == 0x08070605
    assert module.board_id({"board_id": 0x2A}) == 0x2A
