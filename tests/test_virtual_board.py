"""The virtual board on its own, driven by a bare host written here with pyserial
and the codec (not BoardLink), so each side is checked against the protocol."""
from __future__ import annotations

import os
import time

import pytest
import serial

from firmware_bridge.codec import (
    PROTOCOL_VERSION, Ack, BoardError, BoardInfo, Capability, CrcMismatch, ErrorCode, Frame, FrameDecoder,
    Heartbeat, Hello, MsgType, RequestSnapshot, cobs_decode, cobs_encode, decode, encode, encode_frame)
from firmware_bridge.virtual_board import Fault, VirtualBoard
from tablegame.core.sensors import BoardSnapshot, CoinReading, DiceReading, SquaresReading

from tests.firmware_board import BOARDS, make_board, virtual_only
from tests.test_link import DICE, SHOT, SQUARES, START, TOWER, ReadingWorld, ScriptedWorld


class BareHost:
    def __init__(self, path):
        self.port = serial.serial_for_url(path, timeout=0.02)
        self.port.reset_input_buffer()
        self.decoder = FrameDecoder()
        self.seq = 0

    def send(self, message):
        self.port.write(encode(message, self.seq))
        self.seq += 1

    def read(self, until, timeout=10.0):
        """(frame or error, message or None) items until ``until(items)`` holds (the timeout
        bounds a failing test: a loaded machine's board thread may wait seconds for a core)."""
        items = []
        deadline = time.monotonic() + timeout
        while not until(items):
            assert time.monotonic() < deadline, f"timed out; got {items}"
            for item in self.decoder.feed(self.port.read(self.port.in_waiting or 1)):
                items.append((item, decode(item) if isinstance(item, Frame) else None))
        return items

    def listen(self, seconds):
        """Everything that comes within ``seconds`` (to show that something does not)."""
        items, deadline = [], time.monotonic() + seconds
        while time.monotonic() < deadline:
            for item in self.decoder.feed(self.port.read(self.port.in_waiting or 1)):
                items.append((item, decode(item) if isinstance(item, Frame) else None))
        return items

    def close(self):
        self.port.close()


def has(kind, n=1, settled=None):
    def check(items):
        return sum(1 for _f, m in items if type(m) is kind
                   and (settled is None or m.settled == settled)) >= n
    return check


@pytest.fixture(params=BOARDS)
def board_kind(request):
    return request.param


@pytest.fixture
def board_and_host(tmp_path, board_kind):
    made = []

    def factory(hello=True, **kwargs):
        """A board and a host; with ``hello`` the host has greeted the board, which
        speaks only after a HELLO, and has read its BOARD_INFO."""
        kwargs.setdefault("realtime", False)
        kwargs.setdefault("heartbeat", 30.0)
        board = make_board(board_kind, kwargs.pop("world", ScriptedWorld()), link_path=str(tmp_path / "vb"),
                           **kwargs)
        board.start()
        host = BareHost(board.port)
        made.extend([host, board])
        if hello:
            host.send(Hello(PROTOCOL_VERSION))
            host.read(has(BoardInfo))
        return board, host
    yield factory
    for thing in made:
        thing.close()


def test_hello_is_answered_with_board_info(board_and_host):
    board, host = board_and_host(firmware="virtual-2.1", board_id=77, hello=False)
    host.send(Hello(PROTOCOL_VERSION))
    items = host.read(has(BoardInfo))
    assert [m for _f, m in items if type(m) is BoardInfo] == [
        BoardInfo(PROTOCOL_VERSION, "virtual-2.1", Capability.COINS, 77)]
    assert os.path.realpath(board.port).startswith("/dev/pts/")


def test_a_settled_snapshot_is_resent_with_its_seq_until_acked(board_and_host):
    board, host = board_and_host(resend=0.05)
    host.send(RequestSnapshot())
    items = host.read(has(BoardSnapshot, 3))
    sent = [(f.seq, m) for f, m in items if type(m) is BoardSnapshot]
    assert {seq for seq, _m in sent} == {sent[0][0]}                 # the same event, same seq
    assert all(m == BoardSnapshot(START, settled=True) for _s, m in sent)
    assert not board.wait_idle(0.05)
    host.send(Ack(sent[0][0]))
    assert board.wait_idle(1.0)
    host.port.reset_input_buffer()   # what was sent before the ACK was taken
    time.sleep(3 * 0.05)             # three resend periods: a resend would be due by now
    host.send(RequestSnapshot())     # answered by the board's loop after those periods
    items = host.read(has(BoardSnapshot))
    seqs = [f.seq for f, m in items if type(m) is BoardSnapshot]
    # the answer only, never the old event; the answer itself may come twice: it is resent
    # 0.05 s on if this thread waited that long for a core (CI, stop 46: [firmware] read 2)
    assert seqs and set(seqs) == {seqs[0]} and seqs[0] != sent[0][0]


def test_shots_queue_up_and_each_waits_for_its_ack(board_and_host):
    board, host = board_and_host()
    board.shoot(SHOT)
    board.shoot([(CoinReading(1.0, 2.0),)])   # did not move: settled only
    sent = [(f.seq, m) for f, m in host.read(has(BoardSnapshot, 3)) if type(m) is BoardSnapshot]
    assert [m for _seq, m in sent[:2]] == [
        BoardSnapshot(SHOT[0], settled=False), BoardSnapshot(SHOT[-1], settled=True)]
    # the second shot waits for the ACK: the next snapshots are the first one's settled one
    # again, resent (each resend period while this thread waited for a core: one or several)
    first = sent[1]
    assert set(sent[2:]) == {first}
    host.send(Ack(first[0]))

    def second_shot(items):
        return [(f, m) for f, m in items if type(m) is BoardSnapshot and m.settled and f.seq != first[0]]
    items = host.read(second_shot)
    # (a resend of the first may have been under way as the ACK went)
    assert {(f.seq, m) for f, m in items if type(m) is BoardSnapshot and f.seq == first[0]} <= {first}
    frame, second = second_shot(items)[0]
    assert second == BoardSnapshot((CoinReading(1.0, 2.0),), settled=True)   # (the firmware saw it jump)
    host.send(Ack(frame.seq))
    assert board.wait_idle(1.0)


def test_clear_reports_an_empty_board(board_and_host):
    board, host = board_and_host()
    board.clear()
    items = host.read(has(BoardSnapshot, settled=True))
    assert items[-1][1] == BoardSnapshot((), settled=True)


def test_realtime_streams_moving_snapshots_at_the_frame_rate(board_and_host, request):
    virtual_only(request, "the firmware sends what it scans at its own rate (20 moving frames a second, "
                          "settled 0.3 s after the last motion): tests/test_firmware_plays.py checks that")
    frames = [(CoinReading(100.0, float(y)),) for y in range(50, 200, 10)]  # 15 frames
    board, host = board_and_host(realtime=True, frame_rate=50.0)
    board.shoot(frames)
    started = time.monotonic()
    items = host.read(has(BoardSnapshot, 1, settled=True))
    elapsed = time.monotonic() - started
    snaps = [m for _f, m in items if type(m) is BoardSnapshot]
    assert [s.coins for s in snaps] == frames
    assert [s.settled for s in snaps] == [False] * 14 + [True]
    assert 14 / 50.0 * 0.8 <= elapsed < 1.0   # paced by the wall clock, not as fast as possible


def test_heartbeats_while_idle(board_and_host):
    board, host = board_and_host(heartbeat=0.05)
    items = host.read(has(Heartbeat, 3), timeout=5.0)   # polled: 0.15 s idle, more for a loaded CI
    seqs = [f.seq for f, m in items if type(m) is Heartbeat]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)


def test_scripted_faults_hit_the_numbered_frame(board_and_host):
    # no heartbeat in this test: frame 0 is the answer to the first HELLO
    board, host = board_and_host(faults={0: Fault.BAD_CRC}, hello=False)
    host.send(Hello(PROTOCOL_VERSION))
    items = host.read(lambda items: any(isinstance(f, CrcMismatch) for f, _m in items))
    assert not any(type(m) is BoardInfo for _f, m in items)
    host.send(Hello(PROTOCOL_VERSION))
    assert host.read(has(BoardInfo))
    assert board.stats.faults == [Fault.BAD_CRC]


def test_unknown_messages_get_an_error_in_words(board_and_host):
    board, host = board_and_host()
    host.port.write(encode_frame(0x42, 0))
    items = host.read(has(BoardError))
    error = [m for _f, m in items if type(m) is BoardError][0]
    assert "0x42 is unknown" in error.text


def test_unplug_removes_the_port_and_replug_points_it_at_a_new_pty(board_and_host):
    board, host = board_and_host()
    board.unplug()
    with pytest.raises((serial.SerialException, OSError)):  # pyserial's in_waiting raises EIO as is
        host.read(lambda items: False, timeout=1.0)
    assert not os.path.lexists(board.port)
    board.replug()
    assert os.path.realpath(board.port).startswith("/dev/pts/")
    again = BareHost(board.port)
    try:
        again.send(Hello(PROTOCOL_VERSION))
        assert again.read(has(BoardInfo))
    finally:
        again.close()


def test_close_is_idempotent_and_removes_the_port(tmp_path):
    board = VirtualBoard(ScriptedWorld(), link_path=str(tmp_path / "vb"))
    with board:
        assert os.path.islink(board.port)
    board.close()
    assert not os.path.lexists(board.port)


# -- dice and squares boards ---------------------------------------------------

def test_capabilities_are_reported_in_board_info(board_and_host):
    board, host = board_and_host(capabilities=Capability.DICE, board_id=5, hello=False, firmware="virtual-1.0")
    host.send(Hello(PROTOCOL_VERSION))
    items = host.read(has(BoardInfo))
    assert [m for _f, m in items if type(m) is BoardInfo] == [
        BoardInfo(PROTOCOL_VERSION, "virtual-1.0", Capability.DICE, 5)]


def test_a_report_is_resent_with_its_seq_until_acked(board_and_host):
    board, host = board_and_host(world=ReadingWorld(), resend=0.05)
    board.report(DICE)
    items = host.read(has(DiceReading, 3))
    sent = [(f.seq, m) for f, m in items if type(m) is DiceReading]
    assert {seq for seq, _m in sent} == {sent[0][0]} and {m for _s, m in sent} == {DICE}
    board.report(SQUARES)
    assert not board.wait_idle(0.05)
    host.send(Ack(sent[0][0]))
    items = host.read(has(SquaresReading))                # the next event only after the ACK
    frame = next(f for f, m in items if type(m) is SquaresReading)
    assert frame.seq != sent[0][0]
    host.send(Ack(frame.seq))
    assert board.wait_idle(1.0)


def test_request_snapshot_is_answered_with_each_reading_in_turn(board_and_host):
    board, host = board_and_host(world=ReadingWorld(TOWER, SQUARES))
    host.send(RequestSnapshot())
    items = host.read(has(DiceReading))
    frame, first = next((f, m) for f, m in items if type(m) is DiceReading)
    assert first == TOWER
    # SQUARES waits for the ACK of the DICE (which may come again meanwhile)
    assert not any(type(m) is SquaresReading for _f, m in host.listen(0.2))
    host.send(Ack(frame.seq))
    items = host.read(has(SquaresReading))
    frame, second = next((f, m) for f, m in items if type(m) is SquaresReading)
    assert second == SQUARES
    host.send(Ack(frame.seq))
    assert board.wait_idle(1.0)
    assert not any(type(m) is BoardSnapshot for _f, m in items)


def test_a_world_with_a_bad_reading_reports_a_sensor_fault_and_sends_the_rest(board_and_host):
    board, host = board_and_host(world=ReadingWorld(CoinReading(1.0, 2.0), DICE))
    host.send(RequestSnapshot())
    items = host.read(has(DiceReading))
    error = next(m for _f, m in items if type(m) is BoardError)
    assert error.code == ErrorCode.SENSOR_FAULT and "CoinReading" in error.text
    assert [m for _f, m in items if type(m) is DiceReading] == [DICE]


@pytest.mark.parametrize("reading, error, match", [
    (BoardSnapshot(START, settled=False), ValueError, "not a moving snapshot"),
    (DiceReading((1, 2), (False,)), ValueError, "2 dice values but 1 aside marks"),
    (SquaresReading((False,) * 300), ValueError, "at most 255"),
    (CoinReading(1.0, 2.0), TypeError, "CoinReading"),
    (Heartbeat(), TypeError, "Heartbeat"),
])
def test_report_refuses_what_is_not_a_board_event_in_the_callers_thread(board_and_host, reading, error, match):
    board, host = board_and_host()
    with pytest.raises(error, match=match):
        board.report(reading)
    assert board.wait_idle(0.5)                            # nothing was queued



class RefusingWorld(ScriptedWorld):
    """A world that cannot take a shot, as the physics refuses an eleventh coin."""

    def shoot(self, frames):
        raise ValueError("all 10 coins are already on the table")


def test_work_the_world_refuses_is_reported_and_the_board_goes_on(board_and_host, caplog):
    board, host = board_and_host(world=RefusingWorld())
    host.send(Hello(PROTOCOL_VERSION))
    host.read(has(BoardInfo))
    board.shoot(SHOT)
    items = host.read(has(BoardError))
    errors = [m for _f, m in items if type(m) is BoardError]
    assert errors[0].code == ErrorCode.SENSOR_FAULT
    assert "all 10 coins are already on the table" in errors[0].text
    assert board.failures == ["all 10 coins are already on the table"]
    assert "all 10 coins" in caplog.text                     # logged, with its traceback
    host.send(RequestSnapshot())                             # the board's thread lives on
    items = host.read(has(BoardSnapshot, settled=True))
    assert [m.coins for _f, m in items if type(m) is BoardSnapshot] == [START]


# -- the board's side of the protocol: each answer of docs/protocol.md -------------------

def kinds(items):
    return [type(m).__name__ for _f, m in items]


def test_a_hello_of_another_version_gets_board_info_only_then_silence(board_and_host):
    board, host = board_and_host(world=ReadingWorld(DICE), heartbeat=0.05, hello=False, firmware="virtual-1.0")
    host.send(Hello(PROTOCOL_VERSION + 1))
    items = host.read(has(BoardInfo))
    assert [m for _f, m in items] == [BoardInfo(PROTOCOL_VERSION, "virtual-1.0", Capability.COINS, 0x7AB1E)]
    host.send(RequestSnapshot())
    board.report(SQUARES)
    assert host.listen(0.3) == []                          # no ERROR 3, no heartbeat, no event
    host.send(Hello(PROTOCOL_VERSION))                     # greeted in its own version: it speaks
    host.send(RequestSnapshot())
    assert [m for _f, m in host.read(has(DiceReading)) if type(m) is DiceReading] == [DICE]


def test_the_board_drops_what_is_not_a_frame_and_names_what_it_cannot_use(board_and_host):
    board, host = board_and_host()
    frame = bytearray(cobs_decode(encode(Ack(3), 9)[1:-1]))
    frame[-1] ^= 0xFF
    host.port.write(b"\x00" + cobs_encode(bytes(frame)) + b"\x00")   # bad CRC: not a frame
    host.port.write(b"\x00\x07\x55\x00")                            # bad COBS
    assert host.listen(0.2) == []
    host.port.write(encode_frame(0x42, 10))                           # good CRC, unknown type
    host.port.write(encode_frame(MsgType.ACK, 11, b"\x01"))           # known type, bad payload
    items = host.read(has(BoardError, 2))
    errors = [m for _f, m in items if type(m) is BoardError]
    assert [e.code for e in errors] == [ErrorCode.UNKNOWN_TYPE, ErrorCode.BAD_PAYLOAD]
    assert "0x42 is unknown" in errors[0].text and "ACK payload of 1 bytes" in errors[1].text
    assert board.wait_idle(0.5)                            # an ERROR is no event: not resent


def test_request_snapshot_while_an_event_waits_queues_the_answer_behind_it(board_and_host):
    board, host = board_and_host(world=ReadingWorld(SQUARES), resend=0.05)
    board.report(DICE)
    frame = host.read(has(DiceReading))[-1][0]
    host.send(RequestSnapshot())
    items = host.read(has(DiceReading, 3))
    assert {f.seq for f, m in items if type(m) is DiceReading} == {frame.seq}   # still the same event
    assert not any(type(m) is SquaresReading for _f, m in items)                 # the answer waits
    host.send(Ack(frame.seq))
    items = host.read(has(SquaresReading))
    answer = next(f for f, m in items if type(m) is SquaresReading)
    assert answer.seq != frame.seq
    host.send(Ack(answer.seq))
    assert board.wait_idle(1.0)


def test_a_hello_drops_the_waiting_event_and_those_queued_and_the_seq_counts_on(board_and_host):
    world = ReadingWorld(TOWER)
    board, host = board_and_host(world=world, resend=0.05)
    board.report(DICE)
    board.report(SQUARES)                                  # queued behind the unacknowledged DICE
    first = host.read(has(DiceReading))[-1][0]
    host.send(Ack(first.seq + 1000 & 0xFFFF))             # an ACK it is not waiting on: ignored
    assert all(f.seq == first.seq for f, m in host.read(has(DiceReading, 2)) if type(m) is DiceReading)
    host.send(Hello(PROTOCOL_VERSION))
    info = next(f for f, m in host.read(has(BoardInfo)) if type(m) is BoardInfo)
    assert info.seq == (first.seq + 1) & 0xFFFF            # not reset by the HELLO
    later = host.listen(0.3)
    assert not any(type(m) in (DiceReading, SquaresReading) for _f, m in later)   # both dropped
    assert board.wait_idle(0.1)
    host.send(RequestSnapshot())                           # the state comes with the answer
    items = host.read(has(DiceReading))
    assert [m for _f, m in items if type(m) is DiceReading] == [TOWER]


def test_a_hello_drops_a_snapshot_answer_queued_behind_the_waiting_event_too(board_and_host):
    """Everything queued and not sent is dropped: the answer to a REQUEST_SNAPSHOT that
    waited behind an unacknowledged event as well (it came after the HELLO with a new seq)."""
    board, host = board_and_host(world=ReadingWorld(SQUARES), resend=0.05)
    board.report(DICE)
    host.read(has(DiceReading))
    host.send(RequestSnapshot())                           # its answer queued behind the DICE
    host.read(has(DiceReading, 2))
    host.send(Hello(PROTOCOL_VERSION))
    host.read(has(BoardInfo))
    later = host.listen(0.4)
    assert not any(type(m) in (DiceReading, SquaresReading) for _f, m in later), kinds(later)
    assert board.wait_idle(0.5)


def test_each_process_start_begins_at_its_own_random_seq(tmp_path):
    """The protocol asks for a random first seq at every power-up; a new process is one
    (it started at 50494 every time: the seed of the fault noise, 0, chose it)."""
    firsts = set()
    for start in range(3):
        board = VirtualBoard(ScriptedWorld(), link_path=str(tmp_path / f"vb{start}"), realtime=False)
        board.start()
        host = BareHost(board.port)
        try:
            host.send(Hello(PROTOCOL_VERSION))
            firsts.add(next(f for f, m in host.read(has(BoardInfo)) if type(m) is BoardInfo).seq)
        finally:
            host.close()
            board.close()
    assert len(firsts) > 1


def test_resends_are_traffic_so_no_heartbeat_comes_between_them(board_and_host):
    board, host = board_and_host(world=ReadingWorld(), heartbeat=0.1, resend=0.05)
    board.report(DICE)
    items = host.listen(0.5)
    assert kinds(items).count("DiceReading") >= 5 and "Heartbeat" not in kinds(items)


def test_after_power_up_the_board_says_nothing_until_a_hello(board_and_host):
    board, host = board_and_host(world=ReadingWorld(DICE), heartbeat=0.05, hello=False)
    board.report(SQUARES)
    assert host.listen(0.3) == []                          # no heartbeat, no event
    host.send(Hello(PROTOCOL_VERSION))
    host.send(RequestSnapshot())
    assert kinds(host.read(has(DiceReading)))[:1] == ["BoardInfo"]


def test_the_board_does_not_time_out_a_silent_host(board_and_host):
    board, host = board_and_host(world=ReadingWorld(), heartbeat=0.2, resend=0.05)
    board.report(DICE)
    host.listen(1.0)                                       # the host says nothing for a second
    items = host.listen(0.3)
    assert "DiceReading" in kinds(items) and "Heartbeat" not in kinds(items)   # still resending
    host.send(Ack(next(f.seq for f, m in items if type(m) is DiceReading)))
    assert "Heartbeat" in kinds(host.listen(0.3))          # and heartbeats once idle


def test_each_power_up_starts_at_a_random_seq(board_and_host):
    board, host = board_and_host(heartbeat=0.05)
    first = host.read(has(Heartbeat))[-1][0].seq
    board.reset()
    host.send(Hello(PROTOCOL_VERSION))
    again = next(f for f, m in host.read(has(BoardInfo)) if type(m) is BoardInfo).seq
    assert abs(again - first) > 2                          # not counting on from where it was
