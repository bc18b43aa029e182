"""Issue 22, item 19: a stalled host (the whole process stopped with SIGSTOP, as a
suspended machine or a starved Pi) is told from a silent board: the healthy link is not
reported lost nor reconnected; a board that really goes silent still is."""
import os
import signal
import subprocess
import sys
import textwrap
import time

TABLE = textwrap.dedent("""
    import logging, sys, tempfile, time, os
    logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(name)s: %(message)s")
    from firmware_bridge.link import BoardLink
    from firmware_bridge.virtual_board import Fault, VirtualBoard
    from tablegame.core.world import NoCoins
    from tablegame.core.sensors import LinkState
    folder = tempfile.mkdtemp()
    board = VirtualBoard(NoCoins(), link_path=os.path.join(folder, "b"),
                         realtime=False, heartbeat=0.5)
    link = BoardLink(board.port, lambda e: None, silence_timeout=2.0)
    board.start(); link.start()
    while link.state is not LinkState.OPERATIONAL:
        time.sleep(0.01)
    print("operational", flush=True)
    sys.stdin.readline()                          # the test stops and continues us meanwhile
    time.sleep(1.0)                               # a pass or two after SIGCONT
    print("after the stall:", link.state.name, link.health().reconnects, flush=True)
    if sys.argv[1] == "silent":
        board.inject(Fault.STALL, seconds=4.0)    # now the board itself goes quiet
        time.sleep(3.0)
        print("board silent:", link.state.name, flush=True)
    link.close(); board.close()
""")


def run_and_stop(mode, stopped=4.0):
    proc = subprocess.Popen([sys.executable, "-c", TABLE, mode], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        lines = []
        while not lines or lines[-1] != "operational":
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line.strip())
        proc.send_signal(signal.SIGSTOP)
        time.sleep(stopped)
        proc.send_signal(signal.SIGCONT)
        out, _ = proc.communicate("go\n", timeout=30)
    finally:
        proc.kill()
    return out


def test_a_stalled_host_keeps_its_healthy_link():
    out = run_and_stop("stall")
    assert "board link lost" not in out, out
    assert "after the stall: OPERATIONAL 0" in out, out
    assert "the board link's reader did not run for 4." in out or \
           "the board link's reader did not run for 3." in out, out
    assert "this host stalled or was too busy, not the board" in out


def test_a_board_that_really_goes_silent_is_still_lost():
    out = run_and_stop("silent", stopped=3.0)
    assert "after the stall: OPERATIONAL 0" in out, out
    assert "board link lost: no frame from the board" in out, out
    assert "board silent: OPERATIONAL" not in out, out


def test_a_stall_within_a_write_is_not_a_board_gone(monkeypatch):
    """pyserial's write says 'Write timeout' once its 1 s has gone by when it looks, however
    it went: a host stopped within a heartbeat's write (the frame written, the board reading)
    had its healthy link reported lost and reconnected (seen under load in
    test_a_board_that_really_goes_silent_is_still_lost). A board that takes nothing still is
    lost."""
    import contextlib
    import select

    import pytest
    import serial
    from serial import serialutil
    from firmware_bridge.codec import Heartbeat
    from firmware_bridge.link import BoardLink, _Lost
    master, slave = os.openpty()
    link = BoardLink(os.ttyname(slave), lambda item: None)
    link._serial = serial.Serial(os.ttyname(slave), timeout=0.02, write_timeout=1.0)
    now = [100.0]

    def stalling_clock():                # each look at the clock 3 s after the last
        now[0] += 3.0
        return now[0]
    monkeypatch.setattr(serialutil.Timeout, "TIME", staticmethod(stalling_clock))
    try:
        link._send(Heartbeat())                          # written: the board has it
        assert os.read(master, 100)
        fill = os.dup(slave)                            # the board reads no more ...
        os.set_blocking(fill, False)
        # the kernel moves what the pty holds to its master side in the background, which
        # makes room again a moment after a write was refused: filled until it stays full
        while select.select([], [fill], [], 0.1)[1]:
            with contextlib.suppress(BlockingIOError):
                while True:
                    os.write(fill, b"x" * 4096)
        os.close(fill)
        with pytest.raises(_Lost):                      # ... and takes nothing: lost
            link._send(Heartbeat())
    finally:
        link._serial.close()
        os.close(master)
        os.close(slave)

