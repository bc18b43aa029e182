"""BoardLink against the virtual board over a real pseudo-terminal."""
from __future__ import annotations

import re
import threading
import time

import pytest

from firmware_bridge.codec import Capability
from firmware_bridge.link import BoardLink
from firmware_bridge.virtual_board import Fault, VirtualBoard
from tablegame.core.sensors import BoardSnapshot, CoinReading, DiceReading, LinkState, LinkStatus, SquaresReading

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

    # (a wait's timeout bounds a failing test, it claims no speed: on a loaded machine the
    # link's threads wait seconds for a core, and a test that passes returns at once)
    def wait_for(self, predicate, timeout=10.0):
        """The first item (counting from the start) matching ``predicate``."""
        def found():
            return next((i for i in self.items if predicate(i)), None)
        with self._cond:
            assert self._cond.wait_for(found, timeout), f"not posted in {timeout} s: {self.items}"
            return found()

    def wait_count(self, predicate, count, timeout=10.0):
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


def wait_until(condition, timeout=2.0, what="the condition"):
    """Wait for ``condition()`` to hold, polling, and fail the test if it does not in time."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not hold within {timeout} s"
        time.sleep(0.005)


def status(state):
    return lambda item: isinstance(item, LinkStatus) and item.state is state


def settled(item):
    return isinstance(item, BoardSnapshot) and item.settled


@pytest.fixture(params=["virtual", "firmware"])
def board_kind(request):
    return request.param


@pytest.fixture
def make(tmp_path, board_kind):
    """make(board kwargs..., link=dict(...)) -> (board, link, inbox), all closed afterwards."""
    opened = []

    def factory(world=None, link=None, **board_kwargs):
        board_kwargs.setdefault("realtime", False)
        from tests.firmware_board import make_board
        board = make_board(board_kind, world or ScriptedWorld(), link_path=str(tmp_path / "board"), **board_kwargs)
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


def moving_then_settled(snapshots, board_kind) -> bool:
    """A shot's snapshots: moving, then settled where it ended. The virtual board sends its
    first frame moving; the firmware sends what it scans at most 20 times a second, so on a
    loaded machine its first moving snapshot may be a later frame of the shot."""
    if board_kind == "virtual":
        return snapshots == [BoardSnapshot(SHOT[0], settled=False), SETTLED_SHOT]
    return len(snapshots) >= 2 and snapshots[-1] == SETTLED_SHOT and all(
        not s.settled and s.coins in SHOT for s in snapshots[:-1])


def test_a_shot_arrives_moving_then_settled_and_is_acknowledged(make, board_kind):
    board, link, inbox = make()
    inbox.wait_for(settled)
    board.shoot(SHOT)
    assert board.wait_idle(2.0)
    assert moving_then_settled(inbox.snapshots()[1:], board_kind), inbox.snapshots()
    assert board.stats.acks == 2          # fresh snapshot + the shot


# The board sends no heartbeat during these tests, so the two faults injected
# hit exactly the moving and the settled snapshot of the shot.
@pytest.mark.parametrize("fault, counter", [
    (Fault.GARBAGE, "resyncs"), (Fault.BAD_CRC, "crc_errors"), (Fault.DUPLICATE, "resends")])
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
    assert getattr(link.health(), counter) >= 1
    assert board.stats.faults == [fault, fault]
    assert link.state is LinkState.OPERATIONAL


def test_garbage_with_no_delimiter_costs_only_itself(make, board_kind):
    board, link, inbox = make(heartbeat=30.0, link={"silence_timeout": 30.0})
    inbox.wait_for(settled)
    board.inject(Fault.GARBAGE, size=2000)
    board.shoot(SHOT)
    assert board.wait_idle(2.0)
    assert moving_then_settled(inbox.snapshots()[1:], board_kind), inbox.snapshots()


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
    assert link.health().reconnects == 1


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
    # posted (the link counts a frame read before it posts what the frame says: on a loaded
    # machine the count came first, the reading not yet), and every frame the board sent has
    # been read: a second posting would be here by now
    inbox.wait_count(reading, 1, timeout=10.0)
    wait_until(lambda: link.health().frames >= board.stats.frames_sent)
    assert inbox.readings() == [TOWER]
    assert board.stats.acks == 1 and board.stats.resends == 0


def test_a_coin_board_can_report_a_settled_snapshot(make):
    board, link, inbox = make()
    inbox.wait_for(settled)
    board.report(SETTLED_SHOT)
    assert board.wait_idle(2.0)
    assert inbox.snapshots() == [BoardSnapshot(START, settled=True), SETTLED_SHOT]


@pytest.mark.parametrize("fault, counter", [
    (Fault.GARBAGE, "resyncs"), (Fault.BAD_CRC, "crc_errors"), (Fault.DUPLICATE, "resends")])
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
    assert getattr(link.health(), counter) >= 1
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
    assert link.health().reconnects == 1


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



# -- acknowledgement once the writer has handled the event (docs/protocol.md) ----------

class Writer:
    """Stands in for the session: holds each board event until told to handle it."""

    def __init__(self):
        self.held = []
        self.cond = threading.Condition()

    def __call__(self, reading, handled):
        with self.cond:
            self.held.append((reading, handled))
            self.cond.notify_all()

    def wait_held(self, count, timeout=2.0):
        with self.cond:
            assert self.cond.wait_for(lambda: len(self.held) >= count, timeout), self.held


def test_a_board_event_is_acknowledged_only_once_the_writer_has_handled_it(make):
    writer = Writer()
    board, link, inbox = make(world=ReadingWorld(), resend=0.05, heartbeat=30.0,
                              link={"silence_timeout": 30.0, "post_event": writer})
    inbox.wait_for(status(LinkState.OPERATIONAL))
    board.report(DICE)
    writer.wait_held(1)
    wait_until(lambda: link.health().resends >= 3, what="the board resending the unacknowledged event")
    assert board.stats.acks == 0 and len(writer.held) == 1      # resends are dropped, not ACKed, not posted
    reading, handled = writer.held[0]
    assert reading == DICE
    handled()                                                   # the writer's thread: in the log now
    assert board.wait_idle(2.0)
    assert board.stats.acks == 1 and len(writer.held) == 1


def test_a_handled_event_of_an_earlier_connection_acknowledges_nothing_in_the_next(make):
    writer = Writer()
    world = ReadingWorld(DICE)
    board, link, inbox = make(world=world, heartbeat=0.05, link={"post_event": writer})
    writer.wait_held(1)                                         # the resync after the handshake
    board.unplug()
    inbox.wait_for(status(LinkState.LOST))
    board.replug()
    inbox.wait_count(status(LinkState.OPERATIONAL), 2)
    writer.wait_held(2)                                         # the same reading, resent by the resync
    writer.held[0][1]()                                         # the first connection's event handled late
    writer.held[1][1]()
    assert board.wait_idle(2.0)
    assert board.stats.acks == 1                                # only the second connection's event


class RunningTable:
    """A session on the SQLite log at ``store`` with its writer thread, linked to ``board``;
    ``crash()`` stops it dead: what is queued and not in the log is gone. ``ack_lost(reading)``
    says which events die with their ACK unsent."""

    def __init__(self, store, board, ack_lost=lambda reading: False):
        self.session = _session(store)
        self.running = threading.Event()
        self.running.set()
        self.thread = threading.Thread(target=self._write, daemon=True)
        self.thread.start()
        self.inbox = Inbox()
        self.link = BoardLink(board.port, self._post, heartbeat=0.05, silence_timeout=1.0,
                              backoff_min=0.02, backoff_max=0.1,
                              post_event=lambda reading, handled: self.session.post(
                                  reading, handled=None if ack_lost(reading) else handled))
        self.link.start()

    def _post(self, item):
        self.inbox(item)
        self.session.post(item)

    def _write(self):
        while self.running.is_set():
            self.session.process(0.01)

    def state(self):
        return self.session.snapshot().status.state

    def crash(self):
        self.running.clear()
        self.thread.join(2.0)
        self.link.close()
        self.session.close()


def _session(store):
    """A Shove ha'penny table's session on the SQLite log at ``store``."""
    from tablegame.config import load
    from tablegame.core.play import GameSetup
    from table_app.service import open_session
    return open_session(load(None, {"table.language": "en"}), store,
                        GameSetup("shove-hapenny", (("Anna",), ("Ben",)), ()))


def logged_state(store):
    """The game as the log at ``store`` holds it, read by a session with no board linked (asked
    of a restarted table instead, the board's resync may already have been counted: a clean
    clone's CI saw 1 coin where the log held none)."""
    session = _session(store)
    try:
        return session.status.state
    finally:
        session.close()


def shove_coins(*beds):
    from tablegame.families.shove.board import hapenny_board
    board = hapenny_board()
    return tuple(CoinReading(70.0 + 55.0 * i, sum(board.bed_span(bed)) / 2) for i, bed in enumerate(beds))


def test_an_event_lost_to_a_crash_before_the_log_is_sent_again_and_counted_once(tmp_path):
    """ACK after the commit: the crash leaves the event unacknowledged; after the restart the
    board's resync carries it, and the referee counts it once (docs/protocol.md)."""
    from tablegame.core.events import ButtonPress
    world = ScriptedWorld(rest=())
    with VirtualBoard(world, link_path=str(tmp_path / "board"), realtime=False, resend=0.05) as board:
        table = RunningTable(tmp_path / "log.sqlite", board)
        table.session.post(ButtonPress("ok"), by="button")              # the toss: who starts
        wait_until(lambda: table.state().starter is not None and board.stats.acks == 1, what="toss and resync")
        table.running.clear()                                           # the writer hangs, then dies
        table.thread.join(2.0)
        world.rest = shove_coins(3)
        board.report(BoardSnapshot(world.rest, settled=True))           # a coin into bed 3
        wait_until(lambda: board.stats.resends >= 2, what="the unacknowledged shot resent")
        table.crash()
        assert board.stats.acks == 1                                    # the resync only, not the shot
        assert logged_state(tmp_path / "log.sqlite").on_board == 0     # not in the log: not counted
        again = RunningTable(tmp_path / "log.sqlite", board)
        try:
            wait_until(lambda: again.state().on_board == 1, what="the shot counted after the restart")
            assert board.wait_idle(2.0)
            assert again.state().coins_left == 4                        # one coin of the five played
        finally:
            again.crash()


def test_an_event_in_the_log_whose_ack_died_with_the_host_is_not_counted_twice(tmp_path):
    from tablegame.core.events import ButtonPress
    world = ScriptedWorld(rest=())
    with VirtualBoard(world, link_path=str(tmp_path / "board"), realtime=False, resend=0.05) as board:
        table = RunningTable(tmp_path / "log.sqlite", board,
                             ack_lost=lambda reading: bool(reading.coins))   # the shot's ACK never goes out
        table.session.post(ButtonPress("ok"), by="button")
        wait_until(lambda: table.state().starter is not None and board.stats.acks == 1, what="toss and resync")
        world.rest = shove_coins(5)
        board.report(BoardSnapshot(world.rest, settled=True))
        wait_until(lambda: table.state().on_board == 1, what="the shot in the log")
        table.crash()                                                   # before its ACK went out
        again = RunningTable(tmp_path / "log.sqlite", board)
        try:
            wait_until(lambda: board.stats.acks == 2, what="the resync acknowledged")
            assert again.state().on_board == 1                          # the same board: nothing new
            assert again.state().coins_left == 4
        finally:
            again.crash()


# -- health and the log ----------------------------------------------------------------

def test_health_is_one_immutable_object_with_the_board_and_its_counters(make):
    import dataclasses
    board, link, inbox = make(firmware="virtual-3.1", board_id=0xBEEF, heartbeat=30.0,
                              link={"silence_timeout": 30.0})
    inbox.wait_for(settled)
    assert board.wait_idle(2.0)
    board.inject(Fault.BAD_CRC)
    board.report(SETTLED_SHOT)
    assert board.wait_idle(2.0)
    health = link.health()
    assert (health.state, health.board_id, health.firmware, health.protocol, health.port) == (
        LinkState.OPERATIONAL, 0xBEEF, "virtual-3.1", 1, board.port)
    assert health.frames >= 3 and health.crc_errors == 1 and health.bad_frames == 1
    assert health.reconnects == 0 and time.time() - health.last_frame < 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        health.frames = 0
    facts = health.facts(now=health.last_frame + 2.0)
    assert facts["board"] == "0xbeef, firmware virtual-3.1, protocol 1"
    assert facts["bad_frames"] == "1 (1 CRC, 0 resync, 0 bad message)"
    assert facts["last_frame"].endswith("(2.0 s ago)") and facts["link_state"] == "operational"


def test_the_log_tells_a_landlords_story_of_the_board(make, caplog):
    caplog.set_level("INFO", logger="firmware_bridge.link")
    board, link, inbox = make(firmware="virtual-4.0", heartbeat=0.05)
    inbox.wait_for(settled)
    for _ in range(5):
        board.inject(Fault.BAD_CRC)
    board.report(SETTLED_SHOT)
    assert board.wait_idle(2.0)
    board.unplug()
    inbox.wait_for(status(LinkState.LOST))
    board.replug()
    inbox.wait_count(status(LinkState.OPERATIONAL), 2)
    lines = [r.getMessage() for r in caplog.records if r.name == "firmware_bridge.link"]
    text = "\n".join(lines)
    assert "board link operational: board 0x7ab1e, firmware virtual-4.0, protocol 1" in text
    assert "board link lost:" in text and "went away" in text
    assert re.search(r"board back after \d+\.\d s without it \(reconnect 1\)", text)
    bad = [line for line in lines if line.startswith("bad frame")]
    assert len(bad) == 1 and "CRC mismatch" in bad[0]        # five bad frames, one line a minute
    assert all(r.levelname == "WARNING" for r in caplog.records if "lost" in r.getMessage())


def test_a_repeated_trouble_is_said_once_then_once_per_period():
    from firmware_bridge.health import RateLimited
    now = [0.0]
    limit = RateLimited(60.0, clock=lambda: now[0])
    assert limit.note("no board", key="a") == "no board"
    assert limit.note("no board", key="a") is None
    now[0] = 61.0
    assert limit.note("no board", key="a") == "no board (2 times in the last 61 s)"
    assert limit.note("another reason", key="b") == "another reason"   # a new reason: at once
    limit.reset()
    assert limit.note("no board", key="a") == "no board"


@pytest.fixture
def staff_client(tmp_path):
    """The staff page of a table with a virtual board on its link, an admin signed in."""
    from test_web_admin import ADMIN, post
    from web_admin import create_app
    from web_table import BoardTable
    table = BoardTable(tmp_path)
    try:
        client = create_app(table.face, {"HEARTBEAT": 0.2}).test_client()
        post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
        yield client
    finally:
        table.close()


def test_the_staff_pages_health_view_shows_the_links_health(staff_client):
    import html
    english = {"Accept-Language": "en"}
    wait_until(lambda: staff_client.get("/api/health", headers=english).get_json().get("link_state")
               == "operational", timeout=5.0, what="the link up on the staff page")
    facts = staff_client.get("/api/health", headers=english).get_json()
    assert facts["board"] == "0x7ab1e, firmware virtual-1.0, protocol 1"
    assert int(facts["frames"]) >= 1 and facts["bad_frames"].startswith("0 ")
    page = html.unescape(staff_client.get("/health", headers=english).get_data(as_text=True))
    assert "virtual-1.0" in page and "reconnects" in page and "s ago" in page


def test_the_board_health_is_said_in_the_pages_language_numbers_with_a_comma(staff_client):
    """A German staff page says the link's state, board, counters and its last frame in German
    (the port's name as it is); the log and an English page say them as before."""
    import html
    german = {"Accept-Language": "de"}
    wait_until(lambda: staff_client.get("/api/health", headers=german).get_json().get("link_state")
               == "in Betrieb", timeout=5.0, what="the link up on the German staff page")
    facts = staff_client.get("/api/health", headers=german).get_json()
    assert facts["board"] == "0x7ab1e, Firmware virtual-1.0, Protokoll 1"
    assert facts["link"].startswith("Brett verbunden (Brett 0x7ab1e, Firmware virtual-1.0, "
                                    "Protokoll 1, an "), facts["link"]
    assert re.fullmatch(r"0 \(0 CRC, 0 neu synchronisiert, 0 ungültige Nachrichten\)", facts["bad_frames"])
    assert re.fullmatch(r"\d\d:\d\d:\d\d \(vor \d+,\d s\)", facts["last_frame"]), facts["last_frame"]
    page = html.unescape(staff_client.get("/health", headers=german).get_data(as_text=True))
    assert "in Betrieb" in page and "Firmware virtual-1.0" in page
    assert not re.search(r"\b(firmware|protocol|ago|resync|operational)\b", page), "English left"


def test_a_missing_board_is_said_with_its_retry_in_each_language():
    """What the link says while it looks for a board (the staff page's link line), in German with
    a decimal comma; the log's English unchanged."""
    from firmware_bridge.words import phrase
    retry = phrase("retrying", why=phrase("cannot_open", port="/dev/ttyACM0",
                                          error=OSError(2, "No such file or directory")), seconds=0.4)
    assert retry == "cannot open /dev/ttyACM0: [Errno 2] No such file or directory; retrying in 0.40 s"
    assert retry.said("de") == ("/dev/ttyACM0 lässt sich nicht öffnen: [Errno 2] No such file or "
                                "directory; nächster Versuch in 0,40 s")


def test_a_board_of_another_protocol_version_is_said_in_each_language_with_what_to_update():
    """The table's own sentence, not the operating system's: German on a German page."""
    from firmware_bridge.codec import VersionMismatch
    from firmware_bridge.words import phrase
    from tablegame.words.phrase import phrase_of
    retry = phrase("retrying", why=phrase("at_port", port="/dev/ttyACM0", what=phrase_of(VersionMismatch(2, 3))),
                   seconds=1)
    assert retry == ("/dev/ttyACM0: the board speaks protocol version 2, this controller speaks version 3: "
                     "update the firmware; retrying in 1.00 s")
    assert retry.said("de") == ("/dev/ttyACM0: das Brett spricht Protokollversion 2, diese Steuerung Version 3: "
                                "die Firmware des Bretts aktualisieren; nächster Versuch in 1,00 s")   # an int too
    assert "Software des Tisches" in phrase_of(VersionMismatch(4, 3)).said("de")


def test_the_german_counters_agree_with_their_number():
    from firmware_bridge.words import phrase
    one = phrase("bad_frames", bad=1, crc=0, resyncs=0, messages=1).said("de")
    two = phrase("bad_frames", bad=2, crc=0, resyncs=0, messages=2).said("de")
    assert one.endswith("1 ungültige Nachricht)") and two.endswith("2 ungültige Nachrichten)")


def test_every_sentence_of_the_link_has_both_languages_with_the_same_values():
    import inspect
    import string
    from firmware_bridge.words import STATE_WORDS, WORDS, phrase
    assert WORDS["de"].keys() == WORDS["en"].keys()
    assert {s.value for s in LinkState} == STATE_WORDS.keys()
    values = {"code": 4, "text": "x", "port": "p", "error": "e", "why": "w", "seconds": 0.5,
              "board_id": "0x1", "firmware": "f", "protocol": 1, "time": "12:00:00", "ago": 1.5,
              "bad": 1, "crc": 1, "resyncs": 0, "messages": 0, "what": "w", "board": 1, "host": 2}
    for key, english in WORDS["en"].items():
        names = (set(inspect.signature(english).parameters) if callable(english) else
                 {f for _, f, _, _ in string.Formatter().parse(english) if f})
        said = phrase(key, **{n: values[n] for n in names})
        assert "{" not in said.said("de") and "{" not in said, key
        assert not re.search(r"\d\.\d", said.said("de")), (key, said.said("de"))


# -- fuzz ----------------------------------------------------------------------------------

def test_fuzz_1000_random_and_damaged_streams_into_the_link():
    """The soak's link fuzz (soak/fuzz.py, 100,000 streams) in short: the real reader
    thread, one connection per stream through a scripted port; no exception escapes,
    it posts no reading the stream's good frames do not carry."""
    from soak.fuzz import Figures, fuzz_link
    figures = Figures()
    fuzz_link(1000, figures, derandomize=True)
    assert figures.streams >= 1000 and figures.frames > 50 and figures.errors > 1000
    assert figures.by_chance == 0 and figures.failures == []


def test_the_link_fuzz_sees_an_exception_that_escapes(monkeypatch):
    import firmware_bridge.link
    from soak.fuzz import Figures, LinkFuzz, check_link
    from firmware_bridge.codec import encode
    fuzz = LinkFuzz()
    try:
        check_link(fuzz, b"", [encode(DICE, 7)], [], Figures())
        monkeypatch.setattr(firmware_bridge.link, "decode", lambda frame: 1 / 0)
        with pytest.raises(AssertionError, match="escaped into the link's catch-all.*ZeroDivisionError"):
            check_link(fuzz, b"", [encode(DICE, 7)], [], Figures())
    finally:
        fuzz.close()



class StuckPort:
    """A port whose read hangs until released (a USB read stuck in the kernel): who closes it, when."""
    in_waiting = 0

    def __init__(self):
        self.reading, self.release = threading.Event(), threading.Event()
        self.in_read = False
        self.closes: list[tuple[str, bool]] = []     # (thread, while its reader was inside read)

    def reset_input_buffer(self):
        pass

    def write(self, data):
        return len(data)

    def read(self, size):
        self.in_read = True
        self.reading.set()
        self.release.wait(10)
        self.in_read = False
        return b""

    def close(self):
        self.closes.append((threading.current_thread().name, self.in_read))


def test_a_reader_stuck_past_close_closes_its_own_port_once_when_it_ends(monkeypatch):
    """close() gives up waiting for a stuck reader: it must not close the port under it (the
    descriptor numbers pyserial then closes may meanwhile belong to another file: the
    event log, the staff page's sockets), nor may both close it. The reader closes it
    once, as it ends."""
    import firmware_bridge.link
    monkeypatch.setattr(firmware_bridge.link, "CLOSE_WAIT", 0.1)
    port = StuckPort()
    link = BoardLink("stuck://port", lambda item: None, serial_factory=lambda *a, **k: port)
    link.start()
    assert port.reading.wait(2)
    link.close()                                 # the reader is still inside read()
    assert port.closes == []
    port.release.set()
    link._thread.join(2)
    assert not link._thread.is_alive()
    assert port.closes == [("BoardLink stuck://port", False)]
    link.close()                                 # and a second close closes nothing more
    assert len(port.closes) == 1


def test_a_board_thread_stuck_past_close_keeps_its_descriptors_until_it_ends(tmp_path, monkeypatch):
    """close() gives up waiting for a board thread stuck in its work: the pty and the wake-up
    pipe must stay open under it (closed, their numbers go to the next file the process
    opens, which the thread would then read and write); it closes them as it ends."""
    import os
    import firmware_bridge.virtual_board
    monkeypatch.setattr(firmware_bridge.virtual_board, "CLOSE_WAIT", 0.1)
    stuck, inside, release = threading.Event(), threading.Event(), threading.Event()

    def clock():
        if stuck.is_set():
            inside.set()
            release.wait(10)
        return time.monotonic()
    board = VirtualBoard(ScriptedWorld(), link_path=str(tmp_path / "vb"), clock=clock)
    board.start()
    fds = [board._master, board._slave, board._wake_r, board._wake_w]
    stuck.set()
    assert inside.wait(2)
    board.close()                         # the thread is still inside its step
    for fd in fds:
        os.fstat(fd)                      # still open: EBADF here before
    assert (board._wake_r, board._wake_w) == tuple(fds[2:])
    release.set()
    board._thread.join(2)
    assert not board._thread.is_alive()
    assert board._master is None and board._wake_r == board._wake_w == -1
    assert not os.path.lexists(board.port)
    board.close()


def test_a_board_that_restarts_counting_from_seqs_already_seen_loses_no_event(make):
    """A firmware reset with the cable in: silent until a HELLO, the host's silence
    timeout reconnects, the HELLO clears the seqs the host had seen, so an event that
    reuses one of them is taken, not dropped as a duplicate (docs/protocol.md)."""
    world = ReadingWorld(DICE)
    board, link, inbox = make(world=world, heartbeat=0.05, link={"silence_timeout": 0.3})
    inbox.wait_for(reading)
    assert board.wait_idle(2.0)
    board.report(SQUARES)
    assert board.wait_idle(2.0)
    reused = (board.next_seq - 2) & 0xFFFF               # the seq of the DICE the host has seen
    world.current = (TOWER,)
    board.reset(first_seq=reused)
    inbox.wait_for(status(LinkState.LOST), timeout=3.0)
    inbox.wait_count(status(LinkState.OPERATIONAL), 2, timeout=3.0)
    inbox.wait_count(reading, 3)
    assert board.wait_idle(2.0)
    assert inbox.readings() == [DICE, SQUARES, TOWER]
    assert link.health().reconnects == 1


def test_ten_unplugs_at_every_moment_lose_and_double_no_event(tmp_path):
    """The soak's unplug run (soak/unplug.py, 100 cycles) in short: the cable pulled
    before the event left, after it was posted, after it was acknowledged; every
    reading reaches the host once, in order, and the link reconnects each time."""
    from soak.unplug import check, Figures, Recorder, reading, soak
    figures = soak(12, str(tmp_path), seed=1, longest_off=0.0)
    assert figures.failures == [] and figures.cycles == 12
    assert len(figures.reconnect) == 12 and figures.resync_repeats >= 1
    posts = Recorder()                                   # and the check can fail: a doubled event
    for item in (reading(0xFFFF), reading(0), reading(0)):
        posts(item)
    check(posts, 1, caught := Figures())
    assert caught.failures and "doubled [DiceReading(values=(0, 0)" in caught.failures[0]
