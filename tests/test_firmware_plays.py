"""The firmware under MicroPython plays against the real host: its simulated
sensors fed from the table's own physics (Shove, Carrom) or a scenario (Neunfeld),
its frames read by the real BoardLink over a pty, the readings judged by a Session
on a real SQLite log: what a guest would see happen at the table."""
from __future__ import annotations

import time

import pytest

from tests.firmware_board import FirmwareBoard, micropython, why_no_micropython
from tests.web_table import Table

pytestmark = pytest.mark.skipif(micropython() is None, reason=why_no_micropython())
PARTIES = (("Anna",), ("Ben",))


def wait_for(condition, timeout, what, tell=lambda: ""):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s {tell()}"
        time.sleep(0.02)


class FirmwareTable(Table):
    """A table whose board is the firmware: the session, its writer thread, the link."""

    def __init__(self, folder, setup, world=None, **board):
        from firmware_bridge.link import BoardLink
        super().__init__(folder, setup)
        self.world = world(self.session) if world else None
        self.board = FirmwareBoard(self.world, link_path=str(folder / "board"), realtime=False, **board)
        self.board.start()
        self.link = BoardLink(self.board.port, self.session.post, heartbeat=0.2, post_event=self.session.post)
        self.link.start()

    def state(self):
        return self.session.snapshot().status.state

    def close(self):
        self.link.close()
        self.board.close()
        super().close()
        assert self.board.failures == []


@pytest.fixture
def table(tmp_path):
    made = []

    def make(setup, world=None, **board):
        made.append(FirmwareTable(tmp_path, setup, world, **board))
        return made[-1]
    yield make
    for each in made:
        each.close()


def test_a_shove_turn_the_firmware_settles_and_the_referee_counts(table):
    from tablegame.core.events import ButtonPress
    from tablegame.families.shove.physics import Shot, speed_to_reach, start_y
    from tablegame.core.play import GameSetup
    from tablegame.families.shove.simulation import SimulatedTable
    t = table(GameSetup("shove-hapenny", PARTIES), lambda s: SimulatedTable(s.play.board, 0.25))
    t.session.post(ButtonPress("ok"), by="button")                        # the toss
    wait_for(lambda: t.state().starter is not None, 10, "the toss")
    board = t.world.board
    near, far = board.bed_span(3)
    t.board.shoot(Shot(x=100.0, angle=0.0, speed=speed_to_reach(board, (near + far) / 2 - start_y(board))))
    wait_for(lambda: t.state().on_board == 1, 15, "the coin in bed 3 counted")
    assert t.state().coins_left == 4
    assert t.board.wait_idle(5) and t.board.stats.acks >= 2             # the resync and the settled shot


def test_a_carrom_break_with_two_whites_through_the_pockets(table):
    from tablegame.families.carrom.physics import Strike
    from tablegame.core.play import GameSetup
    from tablegame.families.carrom.simulation import CarromWorld
    t = table(GameSetup("carrom", PARTIES), lambda s: CarromWorld(s.play.board))
    wait_for(lambda: t.session.snapshot().status.actions == 1, 15, "the set-up seen")
    t.board.shoot(Strike(0, 0.0, 0.0, 7000.0))                            # the break: two whites down
    wait_for(lambda: t.state().board.men == (7, 9), 20, "two whites pocketed")
    assert t.board.wait_idle(5)
    assert t.state().seat == 0 and t.session.snapshot().status.problem is None   # she pocketed: plays on


def test_a_neunfeld_move_read_by_the_squares(table):
    from tablegame.families.neunfeld.rules import NeunfeldRules, Roll, position_after
    from tablegame.core.play import GameSetup
    from tablegame.families.neunfeld.referee import squares_reading
    from tablegame.core.sensors import DiceReading
    from tests.test_neunfeld_rules import seed_actions

    def mask(squares):
        return sum(1 << i for i, on in enumerate(squares_reading(squares).occupied) if on)

    rules = NeunfeldRules()
    state = rules.initial_state(PARTIES)
    t = table(GameSetup("neunfeld", PARTIES),
              sensors={"squares": {"count": 9}, "readings": {"capability": 8}})
    t.board.command("squares 0")                                        # the pieces off the board
    wait_for(lambda: t.session.snapshot().status.readings, 15, "the board's first reading")  # reports need a HELLO
    actions = list(seed_actions())
    first_move = next(i for i, a in enumerate(actions) if not isinstance(a, Roll))
    for action in actions[:first_move + 1]:
        if isinstance(action, Roll):
            t.board.report(DiceReading(tuple(action.tops), (False,) * 3, True))   # the camera's dice
        else:
            after = position_after(state.position, action)
            t.board.report(DiceReading(tuple(after.tops), (False,) * 3, True))    # the die tipped
            assert t.board.wait_idle(5)
            t.board.command(f"squares {mask(after.squares)}")                     # the piece moved
        state = rules.apply(state, action)
        expected = state
        wait_for(lambda: t.state() == expected, 15, f"{action} on the table",
                 lambda: f"{t.session.snapshot().status}")
    assert t.session.snapshot().status.problem is None


def test_doctor_names_the_firmware_and_says_it_answers(tmp_path):
    from table_app.doctor import handshake
    with FirmwareBoard(None, link_path=str(tmp_path / "board"), sensors={"squares": {"count": 9}}) as board:
        check = handshake(board.port, 115200)
    assert check.ok, check.words
    assert check.words.endswith("board 0x7ab1e, firmware tablefw-1.0, protocol 1: answering")


def test_the_same_firmware_runs_under_cpython_against_the_real_link(tmp_path):
    """The firmware's modules run unchanged under CPython too (the simulated board's
    main loop included): the same handshake and resync."""
    import sys
    from firmware_bridge.link import BoardLink
    from tablegame.core.sensors import LinkState, SquaresReading
    from tests.test_link import Inbox, status
    with FirmwareBoard(None, link_path=str(tmp_path / "board"), interpreter=sys.executable,
                       sensors={"squares": {"count": 9}}) as board:
        board.command("squares 5")
        inbox = Inbox()
        link = BoardLink(board.port, inbox, heartbeat=0.1, silence_timeout=1.0)
        link.start()
        try:
            inbox.wait_for(status(LinkState.OPERATIONAL), timeout=10)
            reading = inbox.wait_for(lambda item: isinstance(item, SquaresReading), timeout=5)
            assert reading.occupied[:3] == (True, False, True)
        finally:
            link.close()
    assert board.failures == []


def test_in_real_time_moving_snapshots_come_10_to_30_a_second_and_settle_300_ms_after_the_last_motion(tmp_path):
    from firmware_bridge.link import BoardLink
    from tablegame.core.sensors import BoardSnapshot, CoinReading
    from tests.test_link import Inbox, ScriptedWorld
    frames = [(CoinReading(100.0, 50.0 + 4 * i),) for i in range(50)]      # 1 s of sliding at 50 scans/s
    with FirmwareBoard(ScriptedWorld(), link_path=str(tmp_path / "board"), realtime=True, frame_rate=50) as board:
        inbox = Inbox()
        link = BoardLink(board.port, inbox, heartbeat=0.1, silence_timeout=1.0)
        link.start()
        try:
            inbox.wait_for(lambda i: isinstance(i, BoardSnapshot) and i.settled, timeout=10)
            before = len(inbox.snapshots())
            board.shoot(frames)
            arrivals = []                                       # (time, snapshot) as the host got them
            deadline = time.monotonic() + 6
            while not (arrivals and arrivals[-1][1].settled):
                assert time.monotonic() < deadline, "no settled snapshot"
                for snapshot in inbox.snapshots()[before + len(arrivals):]:
                    arrivals.append((time.monotonic(), snapshot))
                time.sleep(0.002)
        finally:
            link.close()
    moving = [t for t, s in arrivals if not s.settled]
    settled_at, settled = arrivals[-1]
    assert settled == BoardSnapshot(frames[-1], settled=True)
    assert 10 <= len(moving) / (moving[-1] - moving[0] + 0.05) <= 30  # the protocol's 10 to 30 a second
    assert 0.25 <= settled_at - moving[-1] <= 0.6                      # SETTLE_MS after the last motion
