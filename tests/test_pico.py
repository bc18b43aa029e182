"""The board's firmware on a Pico: MicroPython v1.24.1's stock rp2 image running
firmware/ from its flash filesystem (laid out as the README's mpremote steps leave it)
in an emulated RP2040 (tests/emulated_pico.py, firmware/emulator/), its USB serial line
on a pty that the real BoardLink opens, each reading arriving at a real Session.

What only a Pico has is tested here: boot with the host polling from the first moment,
the pins of Neunfeld's square switches and Carrom's beams, the colour sensors on I2C, the
watchdog, the BOOTSEL update path and sensor faults. Exact protocol timing is tested on
the Unix port (test_firmware_*.py). One booted Pico is shared by each board kind's tests
(a boot is 8-13 s of wall time under load); the host's link runs on the Pico's clock.
"""
from __future__ import annotations

import time

import pytest
import serial

from firmware_bridge.codec import MsgType, encode_frame
from firmware_bridge.link import BoardLink
from tablegame.core.play import GameSetup
from tablegame.core.sensors import LinkState, LinkStatus, PiecePocketed, SquaresReading
from tests.emulated_pico import EmulatedPico, why_no_emulator
from tests.test_link import Inbox, status
from tests.web_table import Table

WHY_NOT = why_no_emulator()
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")
PARTIES = (("Anna",), ("Ben",))
BOOT_S = 90            # seconds of the Pico's time for a boot and handshake, generous

SQUARE_PINS = [2, 3, 4, 5, 6, 7, 8, 9, 10]
SQUARES = f"""BOARD = {{"sensors": {{"squares": {{"pins": {SQUARE_PINS}, "active_low": True}}}}}}

# The test's own addition (not in firmware/board_config.py): GP22 pulled low hangs the
# main loop, as a bug would, for the watchdog's test.
import machine
from tablefw.drivers import squares as _squares
_hang = machine.Pin(22, machine.Pin.IN, machine.Pin.PULL_UP)
_scan = _squares.Squares.scan


def _scan_or_hang(self, board, now):
    while not _hang.value():
        pass
    _scan(self, board, now)


_squares.Squares.scan = _scan_or_hang
"""

BEAMS = [11, 12, 13, 14]
GATES = [18, 19, 20, 21]
POCKETS = f"""BOARD = {{"sensors": {{"pockets": {{"beam_pins": {BEAMS}, "gate_pins": {GATES}, "gate_mm": 10,
                                    "colour": {{"i2c": 0, "sda": 16, "scl": 17, "mux": 0x70}}}}}}}}
"""
# what a TCS34725 counts at gain 1 in 2.4 ms (r, g, b, clear): a white man, a black man, the
# red queen, the empty pocket (the far wall of the throat, dark)
WHITE, BLACK, QUEEN, EMPTY = (60, 58, 52, 160), (3, 3, 2, 9), (52, 12, 10, 76), (1, 1, 1, 2)
MAN_MM, STRIKER_MM, BEAM_MM = 30.2, 41.3, 3.0


class PicoTable:
    """A Pico, the host's link on its clock, and a real Session behind the link."""

    def __init__(self, folder, board_config: str, game: str, heartbeat: float = 0.1):
        self.pico = EmulatedPico(folder / "pico", board_config)
        self.table = Table(folder, GameSetup(game, PARTIES))
        self.inbox = Inbox()
        self.pico.start()

        def post(item):
            self.inbox(item)
            self.table.session.post(item)

        def post_event(item, handled=None):
            self.inbox(item)
            self.table.session.post(item, handled=handled)
        # the host polls from the first moment: the port is there, and HELLOs go out
        # every heartbeat while the Pico boots
        self.link = BoardLink(self.pico.port, post, post_event=post_event, heartbeat=heartbeat,
                              clock=self.pico.clock)
        self.link.start()

    def operational(self, since: int = 0, timeout: float = BOOT_S) -> None:
        left = self.pico.limit(timeout)
        while not any(isinstance(i, LinkStatus) and i.state is LinkState.OPERATIONAL
                      for i in self.inbox.items[since:]):
            self.pico.alive()
            assert left(), (
                f"no handshake within {timeout} s; the link said {self.statuses()[-3:]}; {self.pico.tail()}")
            time.sleep(0.05)

    def statuses(self) -> list[str]:
        return [i.detail for i in self.inbox.items if isinstance(i, LinkStatus)]

    def errors(self) -> list[str]:
        return [d for d in self.statuses() if "reports error" in d]

    def readings(self, kind) -> list:
        return self.inbox.matching(lambda i: isinstance(i, kind))

    def wait(self, condition, timeout: float, what: str) -> None:
        """Until ``condition()``, within ``timeout`` s of the Pico's time."""
        left = self.pico.limit(timeout)
        while not condition():
            self.pico.alive()
            assert left(), f"{what}: not within {timeout} s of the Pico's time; {self.pico.tail()}"
            time.sleep(0.02)

    def resets(self) -> list[dict]:
        return [e for e in self.pico.heard if "reset" in e]

    def close(self) -> None:
        self.link.close()
        self.pico.close()
        self.table.close()


@pytest.fixture(scope="module")
def squares(tmp_path_factory):
    table = PicoTable(tmp_path_factory.mktemp("pico-squares"), SQUARES, "neunfeld")
    yield table
    table.close()


@pytest.fixture(scope="module")
def pockets(tmp_path_factory):
    table = PicoTable(tmp_path_factory.mktemp("pico-pockets"), POCKETS, "carrom")
    table.operational()
    yield table
    table.close()


# -- boot, the squares, the watchdog, BOOTSEL -------------------------------------------------

def test_the_pico_boots_and_answers_a_host_that_polls_from_the_first_moment(squares):
    """A HELLO holds 0x03 (Ctrl-C) more often than not: one that came while main.py was
    importing the firmware stopped it, and the host's next frames drove the raw REPL."""
    squares.operational()
    tail = bytes(squares.pico.from_pico)
    assert b"KeyboardInterrupt" not in tail and b"raw REPL" not in tail, tail[-300:]
    squares.wait(lambda: squares.readings(SquaresReading), 30, "the squares' first reading")
    first = squares.readings(SquaresReading)[0]
    assert first.occupied == (False,) * 9                      # the pull-ups read "no piece"
    squares.wait(lambda: squares.table.session.snapshot().status.readings, 10,   # the writer has it
                 "the reading to reach the session")


def test_neunfelds_square_switches_are_read_with_their_pull_ups_and_debounced(squares):
    squares.operational()
    before = len(squares.readings(SquaresReading))
    squares.pico.pin(SQUARE_PINS[0], 0)                       # a magnet closes square 1's switch
    squares.pico.pin(SQUARE_PINS[4], 0)                       # and square 5's
    squares.wait(lambda: any(r.occupied[0] and r.occupied[4] for r in squares.readings(SquaresReading)[before:]),
                 30, "squares 1 and 5 taken")
    seen = len(squares.readings(SquaresReading))
    squares.pico.pulse(SQUARE_PINS[8], 15)                    # a piece slid across square 9: 15 ms
    squares.pico.pin(SQUARE_PINS[0], None)                    # the piece on square 1 lifted
    squares.wait(lambda: any(not r.occupied[0] for r in squares.readings(SquaresReading)[seen:]),
                 30, "square 1 free again")
    assert not any(r.occupied[8] for r in squares.readings(SquaresReading)[seen:])
    readings = squares.table.session.snapshot().status.readings
    assert any(isinstance(r, SquaresReading) and r.occupied[4] for r in readings)
    squares.pico.pin(SQUARE_PINS[4], None)


def test_a_hung_firmware_is_reset_by_the_watchdog_and_answers_again(squares):
    squares.operational()
    since = len(squares.inbox.items)
    resets = len(squares.resets())
    squares.pico.pin(22, 0)                                   # the main loop hangs
    squares.pico.expect(lambda e: "reset" in e, 60, "the watchdog's reset")
    squares.pico.pin(22, None)
    squares.operational(since)                                # silence, LOST, HELLO, BOARD_INFO
    squares.pico.pin(SQUARE_PINS[2], 0)
    squares.wait(lambda: any(r.occupied[2] for r in squares.readings(SquaresReading)), 30, "square 3 read")
    assert len(squares.resets()) == resets + 1
    squares.pico.pin(SQUARE_PINS[2], None)


def test_a_stalled_host_does_not_get_the_board_reset_by_its_watchdog(squares):
    """The host stops reading the USB line while it keeps writing (HELLOs, as it does
    until answered): MicroPython's USB write waits up to 500 ms for room, per write."""
    squares.operational()
    resets = len(squares.resets())
    since = len(squares.inbox.items)
    squares.pico.stall(True)
    with serial.Serial(squares.pico.port, timeout=0) as line:
        for seq in range(40):
            line.write(encode_frame(MsgType.HELLO, 60000 + seq, b"\x01"))
    squares.pico.wait_pico_time(4.0)
    squares.pico.stall(False)
    squares.operational(since)
    assert len(squares.resets()) == resets, "the watchdog reset the board while the host was stalled"


def test_bootsel_held_for_a_second_leaves_the_firmware_for_the_repl_and_an_update(squares):
    """The README's update: stop the table, hold BOOTSEL for a second, mpremote copies the
    new files in the REPL, its reset starts the new firmware."""
    squares.operational()
    squares.link.close()                                     # sudo systemctl stop tablegame
    pico = squares.pico
    pico.bootsel(True)
    pico.expect(lambda e: "reset" in e, 60, "the restart into the REPL")
    pico.bootsel(False)
    with serial.Serial(pico.port, timeout=0.2) as line:
        said = _read_until(pico, line, b"staying in the REPL", 60)
        assert b"staying in the REPL" in said
        line.write(b"\r\x03\x03\x01")                         # mpremote: Ctrl-C, raw REPL
        assert b"raw REPL" in _read_until(pico, line, b"raw REPL; CTRL-B to exit\r\n>", 30)
        line.write(b"with open('updated.txt', 'w') as f:\n    f.write('firmware 1.1')\n\x04")
        assert b"OK" in _read_until(pico, line, b"\x04>", 30)
        line.write(b"import machine; machine.reset()\x04")
    pico.expect(lambda e: "reset" in e, 60, "mpremote's reset")
    files = pico.filesystem()
    assert files["updated.txt"] == b"firmware 1.1" and "repl-once" not in files
    since = len(squares.inbox.items)
    squares.link = BoardLink(pico.port, squares.inbox, heartbeat=0.1, clock=pico.clock)
    squares.link.start()
    squares.operational(since)                               # the firmware runs again


def _read_until(pico: EmulatedPico, line, marker: bytes, timeout: float) -> bytes:
    """What the Pico says on ``line`` until ``marker``, or ``timeout`` s of its time."""
    got, left = b"", pico.limit(timeout)
    while marker not in got and left():
        got += line.read(256)
    return got


# -- Carrom's pockets: beams, speed gates, colour sensors ---------------------------------------

def piece_through(pico: EmulatedPico, pocket: int, diameter_mm: float, speed_m_s: float, seen: tuple,
                  after_ms: float = 0) -> None:
    """A piece of that diameter crossing pocket's throat at that speed: it breaks the beam,
    then the speed gate 10 mm further on; the colour sensor sees it while it is there."""
    block_ms = (diameter_mm + BEAM_MM) / speed_m_s
    gate_ms = 10.0 / speed_m_s
    pico.colour(pocket, seen, after_ms=after_ms)
    pico.pulse(BEAMS[pocket], block_ms, after_ms=after_ms)
    pico.pulse(GATES[pocket], block_ms, after_ms=after_ms + gate_ms)
    pico.colour(pocket, EMPTY, after_ms=after_ms + block_ms + gate_ms + 1)


def pocketed(table: PicoTable, since: int) -> list[PiecePocketed]:
    return [i for i in table.inbox.items[since:] if isinstance(i, PiecePocketed)]


def test_pieces_through_the_pockets_are_told_by_size_and_colour_at_every_speed_of_play(pockets):
    """Men are 30.2 mm across, the striker 41.3 mm: at the same speed the beam alone cannot
    tell a slow man from a fast striker; the speed gate can. The colour is read while the
    piece breaks the beam, not after it has gone."""
    for channel in range(4):
        pockets.pico.colour(channel, EMPTY)
    since = len(pockets.inbox.items)
    plan = [(0, MAN_MM, 0.7, WHITE, "white"), (1, STRIKER_MM, 2.0, WHITE, "striker"),
            (2, MAN_MM, 3.5, BLACK, "black"), (3, MAN_MM, 1.0, QUEEN, "queen"),
            (0, STRIKER_MM, 0.8, WHITE, "striker"), (1, MAN_MM, 2.5, WHITE, "white")]
    for i, (pocket, size, speed, seen, _kind) in enumerate(plan):
        piece_through(pockets.pico, pocket, size, speed, seen, after_ms=400 * i + 100)
    pockets.wait(lambda: len(pocketed(pockets, since)) >= len(plan), 60, "every piece told")
    told = [(p.pocket, p.kind) for p in pocketed(pockets, since)]
    assert told == [(p, k) for p, _s, _v, _c, k in plan], (told, pockets.errors())
    readings = pockets.table.session.snapshot().status.readings
    assert any(isinstance(r, PiecePocketed) for r in readings)   # each reached the session
    assert not pockets.errors()


def test_a_colour_sensor_that_stops_answering_is_reported_and_the_board_goes_on(pockets):
    since = len(pockets.inbox.items)
    resets = len(pockets.resets())
    pockets.pico.colour(1, answer=False)                     # its wire came loose
    piece_through(pockets.pico, 1, MAN_MM, 1.5, WHITE, after_ms=50)
    pockets.wait(lambda: any("error 4" in d and "pocket 1" in d for d in pockets.statuses()[-5:]),
                 30, "ERROR 4 naming pocket 1")
    piece_through(pockets.pico, 0, MAN_MM, 1.5, BLACK, after_ms=50)
    pockets.wait(lambda: pocketed(pockets, since), 30, "pocket 0 still told")
    assert [(p.pocket, p.kind) for p in pocketed(pockets, since)] == [(0, "black")]
    assert len(pockets.resets()) == resets                   # no crash, no watchdog
    pockets.pico.colour(1, answer=True)
    piece_through(pockets.pico, 1, MAN_MM, 1.5, WHITE, after_ms=50)
    pockets.wait(lambda: len(pocketed(pockets, since)) == 2, 30, "pocket 1 back")
    assert pocketed(pockets, since)[-1] == PiecePocketed(1, "white")


def test_a_stuck_beam_is_reported_and_the_other_pockets_go_on(pockets):
    since = len(pockets.inbox.items)
    pockets.pico.colour(2, WHITE)
    pockets.pico.pin(BEAMS[2], 0)                            # a man stuck in the throat
    pockets.pico.wait_pico_time(2.5)
    pockets.wait(lambda: any("error 4" in d and "pocket 2" in d for d in pockets.statuses()[-5:]),
                 30, "ERROR 4 naming pocket 2")
    piece_through(pockets.pico, 3, MAN_MM, 1.5, BLACK, after_ms=50)
    pockets.wait(lambda: pocketed(pockets, since), 30, "pocket 3 told")
    pockets.pico.pin(BEAMS[2], None)                         # it fell at last
    pockets.pico.wait_pico_time(0.5)
    assert [(p.pocket, p.kind) for p in pocketed(pockets, since)] == [(3, "black")]
