"""BoardLink against the virtual board over a real pseudo-terminal."""
from __future__ import annotations

import re
import threading
import time

import pytest

from firmware_bridge.codec import Capability
from firmware_bridge.link import BoardLink
from firmware_bridge.virtual_board import Fault, VirtualBoard
from tablegame.sensors import BoardSnapshot, CoinReading, DiceReading, LinkState, LinkStatus, SquaresReading

START = (CoinReading(100.0, 50.0),)
SHOT = [(CoinReading(100.0, 80.0),), (CoinReading(101.0, 150.0),), (CoinReading(101.5, 181.3),)]
SETTLED_SHOT = BoardSnapshot(SHOT[-1], settled=True)


class ScriptedWorld:
    """A world whose shots are the list of frames they are given."""

    def __init__(self, rest=START):
        self.rest = tuple(rest)

    def positions(self):
        return self.rest

    def shoot(self, frames):
        self.rest = tuple(frames[-1])
        yield from frames

    def clear(self):
        self.rest = ()


DICE = DiceReading((6, 1, 1), (False, True, False), flat=True)
TOWER = DiceReading((2, 5, 0), (False, False, False), flat=False)   # a Türmchen; 0: the referee's problem
SQUARES = SquaresReading((True, False, True, False, False, False, False, False, True))


class ReadingWorld:
    """A dice or squares board: no coins, its whole state is its current readings."""

    def __init__(self, *readings):
        self.current = readings

    def readings(self):
        return self.current


class Inbox:
    """What the link posts, with a way to wait for it."""

    def __init__(self):
        self.items: list[object] = []
        self._cond = threading.Condition()

    def __call__(self, item):
        with self._cond:
            self.items.append(item)
            self._cond.notify_all()

    def wait_for(self, predicate, timeout=2.0):
        """The first item (counting from the start) matching ``predicate``."""
        def found():
            return next((i for i in self.items if predicate(i)), None)
        with self._cond:
            assert self._cond.wait_for(found, timeout), f"not posted in {timeout} s: {self.items}"
            return found()

    def wait_count(self, predicate, count, timeout=2.0):
        with self._cond:
            assert self._cond.wait_for(lambda: len(self.matching(predicate)) >= count, timeout), self.items

    def matching(self, predicate):
        return [i for i in list(self.items) if predicate(i)]

    def states(self):
        return [i.state for i in list(self.items) if isinstance(i, LinkStatus)]

    def snapshots(self):
        return [i for i in list(self.items) if isinstance(i, BoardSnapshot)]

    def readings(self):
        return [i for i in list(self.items) if isinstance(i, (DiceReading, SquaresReading))]


def wait_until(condition, timeout=2.0):
    """Wait for ``condition()`` to hold, polling, and fail the test if it does not in time."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not true within {timeout} s"
        time.sleep(0.005)


def status(state):
    return lambda item: isinstance(item, LinkStatus) and item.state is state


def settled(item):
    return isinstance(item, BoardSnapshot) and item.settled


@pytest.fixture
def make(tmp_path):
    """make(board kwargs..., link=dict(...)) -> (board, link, inbox), all closed afterwards."""
    opened = []

    def factory(world=None, link=None, **board_kwargs):
        board_kwargs.setdefault("realtime", False)
        board = VirtualBoard(world or ScriptedWorld(), link_path=str(tmp_path / "board"), **board_kwargs)
        board.start()
        inbox = Inbox()
        the_link = BoardLink(board.port, inbox, **{"heartbeat": 0.1, "silence_timeout": 1.0,
                                                   "backoff_min": 0.02, "backoff_max": 0.1, **(link or {})})
        opened.extend([the_link, board])
        the_link.start()
        return board, the_link, inbox
    yield factory
    for thing in opened:
        thing.close()


def test_handshake_reaches_operational_and_posts_a_fresh_snapshot(make):
    board, link, inbox = make(firmware="virtual-9.9")
    inbox.wait_for(status(LinkState.OPERATIONAL))
    assert inbox.wait_for(settled) == BoardSnapshot(START, settled=True)
    assert inbox.states()[:3] == [LinkState.SEARCHING, LinkState.HANDSHAKE, LinkState.OPERATIONAL]
    assert link.state is LinkState.OPERATIONAL
    assert link.board_info.firmware == "virtual-9.9"
    assert "virtual-9.9" in inbox.wait_for(status(LinkState.OPERATIONAL)).detail
    assert board.wait_idle(2.0)          # the fresh snapshot was acknowledged


def test_a_shot_arrives_moving_then_settled_and_is_acknowledged(make):
    board, link, inbox = make()
    inbox.wait_for(settled)
    board.shoot(SHOT)
    assert board.wait_idle(2.0)
    assert inbox.snapshots()[1:] == [BoardSnapshot(SHOT[0], settled=False), SETTLED_SHOT]
    assert board.stats.acks == 2          # fresh snapshot + the shot


# The board sends no heartbeat during these tests, so the two faults injected
# hit exactly the moving and the settled snapshot of the shot.
@pytest.mark.parametrize("fault, counter", [
    (Fault.GARBAGE, "resyncs"), (Fault.BAD_CRC, "crc_errors"), (Fault.DUPLICATE, "duplicates_dropped")])
def test_line_faults_neither_lose_nor_duplicate_the_settled_snapshot(make, fault, counter):
    board, link, inbox = make(heartbeat=30.0, link={"silence_timeout": 30.0})
    inbox.wait_for(settled)
    assert board.wait_idle(2.0)
    size = {"size": 40} if fault is Fault.GARBAGE else {}
    board.inject(fault, **size)
    board.inject(fault, **size)
    board.shoot(SHOT)
    assert board.wait_idle(2.0)
    assert inbox.snapshots().count(SETTLED_SHOT) == 1
    assert inbox.snapshots()[-1] == SETTLED_SHOT
    assert getattr(link.stats, counter) >= 1
    assert board.stats.faults == [fault, fault]
    assert link.state is LinkState.OPERATIONAL


def test_garbage_with_no_delimiter_costs_only_itself(make):
    board, link, inbox = make(heartbeat=30.0, link={"silence_timeout": 30.0})
    inbox.wait_for(settled)
    board.inject(Fault.GARBAGE, size=2000)
    board.shoot(SHOT)
    assert board.wait_idle(2.0)
    assert inbox.snapshots()[1:] == [BoardSnapshot(SHOT[0], settled=False), SETTLED_SHOT]


def test_unplug_goes_lost_then_searching_and_reconnects_after_replug(make):
    board, link, inbox = make()
    inbox.wait_for(settled)
    board.unplug()
    assert "went away" in inbox.wait_for(status(LinkState.LOST)).detail
    inbox.wait_count(lambda i: status(LinkState.SEARCHING)(i) and "cannot open" in i.detail, 1)
    assert link.state is LinkState.SEARCHING
    board.shoot(SHOT)                     # the coins move while the cable is out
    board.replug()
    inbox.wait_count(status(LinkState.OPERATIONAL), 2)
    inbox.wait_count(settled, 2)
    states = inbox.states()
    lost = states.index(LinkState.LOST)
    assert states[lost:lost + 2] == [LinkState.LOST, LinkState.SEARCHING]
    assert inbox.matching(settled)[-1] == SETTLED_SHOT   # the fresh snapshot after the reconnect
    assert link.stats.reconnects == 1


def test_scripted_unplug_replugs_by_itself(make):
    board, link, inbox = make()
    inbox.wait_for(settled)
    board.inject(Fault.UNPLUG, delay=0.2)
    inbox.wait_for(status(LinkState.LOST))
    inbox.wait_count(status(LinkState.OPERATIONAL), 2)
    inbox.wait_count(settled, 2)


def test_a_missing_port_stays_searching_with_growing_backoff():
    inbox = Inbox()
    with BoardLink("/nonexistent/board", inbox, backoff_min=0.01, backoff_max=0.04) as link:
        link.start()
        inbox.wait_count(lambda i: "retrying" in getattr(i, "detail", ""), 5)
        assert link.state is LinkState.SEARCHING
    retries = [float(m.group(1)) for i in inbox.items
               if (m := re.search(r"retrying in ([\d.]+) s", i.detail))]
    assert retries[:5] == [0.01, 0.02, 0.04, 0.04, 0.04]
    assert set(inbox.states()) == {LinkState.SEARCHING}
    assert "/nonexistent/board" in inbox.items[-1].detail


def test_a_stall_is_noticed_as_silence_and_the_link_recovers(make):
    board, link, inbox = make(heartbeat=0.05, link={"silence_timeout": 0.3})
    inbox.wait_for(settled)
    board.inject(Fault.STALL, seconds=0.7)
    started = time.monotonic()
    lost = inbox.wait_for(status(LinkState.LOST))
    assert "no frame from the board" in lost.detail and "0.3 s" in lost.detail
    assert time.monotonic() - started < 0.7
    inbox.wait_count(status(LinkState.OPERATIONAL), 2, timeout=3.0)


def test_a_version_mismatch_is_explained_and_never_operational(make):
    board, link, inbox = make(protocol_version=2)
    mismatch = inbox.wait_for(lambda i: "protocol version" in getattr(i, "detail", ""))
    assert mismatch.state is LinkState.SEARCHING
    assert "board speaks protocol version 2, this controller speaks version 1" in mismatch.detail
    inbox.wait_count(lambda i: "protocol version" in getattr(i, "detail", ""), 3)  # tried again, twice
    assert LinkState.OPERATIONAL not in inbox.states()
    assert inbox.snapshots() == []


def test_close_is_idempotent_and_stops_posting(make):
    board, link, inbox = make()
    inbox.wait_for(settled)
    link.close()
    link.close()
    count, sent = len(inbox.items), board.stats.frames_sent
    board.shoot(SHOT)
    # the board has sent the shot (its moving and its settled snapshot): nothing was posted
    wait_until(lambda: board.stats.frames_sent >= sent + 2)
    assert len(inbox.items) == count


# -- dice and squares boards ---------------------------------------------------

def reading(item):
    return isinstance(item, (DiceReading, SquaresReading))


def test_a_reading_board_syncs_with_its_readings_and_says_what_it_senses(make):
    board, link, inbox = make(world=ReadingWorld(DICE, SQUARES),
                              capabilities=Capability.DICE | Capability.SQUARES)
    inbox.wait_count(reading, 2)
    assert board.wait_idle(2.0)
    assert inbox.readings() == [DICE, SQUARES]
    assert inbox.snapshots() == []                      # no coin snapshot from a dice board
    assert link.board_info.capabilities == Capability.DICE | Capability.SQUARES
    assert board.stats.acks == 2


def test_a_reported_reading_is_posted_once_and_acknowledged(make):
    board, link, inbox = make(world=ReadingWorld(), heartbeat=30.0, link={"silence_timeout": 30.0})
    inbox.wait_for(status(LinkState.OPERATIONAL))
    assert board.wait_idle(2.0)
    board.report(TOWER)
    assert board.wait_idle(2.0)
    # every frame the board sent has been read: a second posting would be here by now
    wait_until(lambda: link.stats.frames_ok >= board.stats.frames_sent)
    assert inbox.readings() == [TOWER]
    assert board.stats.acks == 1 and board.stats.resends == 0


def test_a_coin_board_can_report_a_settled_snapshot(make):
    board, link, inbox = make()
    inbox.wait_for(settled)
    board.report(SETTLED_SHOT)
    assert board.wait_idle(2.0)
    assert inbox.snapshots() == [BoardSnapshot(START, settled=True), SETTLED_SHOT]


@pytest.mark.parametrize("fault, counter", [
    (Fault.GARBAGE, "resyncs"), (Fault.BAD_CRC, "crc_errors"), (Fault.DUPLICATE, "duplicates_dropped")])
def test_line_faults_neither_lose_nor_duplicate_a_reading(make, fault, counter):
    board, link, inbox = make(world=ReadingWorld(), heartbeat=30.0, link={"silence_timeout": 30.0})
    inbox.wait_for(status(LinkState.OPERATIONAL))
    assert board.wait_idle(2.0)
    size = {"size": 40} if fault is Fault.GARBAGE else {}
    board.inject(fault, **size)
    board.inject(fault, **size)
    board.report(DICE)
    board.report(SQUARES)
    assert board.wait_idle(3.0)
    assert inbox.readings() == [DICE, SQUARES]
    assert getattr(link.stats, counter) >= 1
    assert board.stats.faults == [fault, fault]
    assert link.state is LinkState.OPERATIONAL


def test_reports_from_many_threads_each_arrive_once(make):
    board, link, inbox = make(world=ReadingWorld())
    inbox.wait_for(status(LinkState.OPERATIONAL))
    sent = [DiceReading((t, n), (False, True)) for t in range(4) for n in range(5)]
    threads = [threading.Thread(target=lambda t=t: [board.report(r) for r in sent[t * 5:t * 5 + 5]])
               for t in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert board.wait_idle(5.0)
    got = inbox.readings()
    assert sorted(got, key=lambda r: r.values) == sent
    for t in range(4):                                  # each thread's reports keep their order
        assert [r for r in got if r.values[0] == t] == sent[t * 5:t * 5 + 5]


def test_after_an_unplug_a_reading_board_resyncs_the_host(make):
    world = ReadingWorld(DICE)
    board, link, inbox = make(world=world, capabilities=Capability.DICE | Capability.SQUARES)
    inbox.wait_for(reading)
    board.unplug()
    inbox.wait_for(status(LinkState.LOST))
    world.current = (TOWER, SQUARES)                    # thrown and moved while the cable is out
    board.replug()
    inbox.wait_count(status(LinkState.OPERATIONAL), 2)
    inbox.wait_count(reading, 3)
    assert board.wait_idle(2.0)
    assert inbox.readings() == [DICE, TOWER, SQUARES]
    assert inbox.snapshots() == []
    assert link.stats.reconnects == 1


def test_a_report_lost_with_the_cable_is_made_good_by_the_resync(make):
    world = ReadingWorld(DICE)
    board, link, inbox = make(world=world, heartbeat=30.0, link={"silence_timeout": 30.0})
    inbox.wait_for(reading)
    assert board.wait_idle(2.0)
    world.current = (TOWER,)
    board.inject(Fault.UNPLUG, delay=0.2)               # the report's frame goes nowhere
    board.report(TOWER)
    inbox.wait_count(status(LinkState.OPERATIONAL), 2)
    inbox.wait_count(reading, 2)
    assert board.wait_idle(2.0)
    assert inbox.readings() == [DICE, TOWER]            # from the world's readings after the HELLO
    assert board.stats.faults == [Fault.UNPLUG]

