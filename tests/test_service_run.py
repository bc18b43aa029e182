"""`tablegame run`, the Pi service, on real parts: its configuration file names the
virtual board's pty as the serial port, gpiozero's mock pin factory stands in for
the Pi's GPIO (GPIOZERO_PIN_FACTORY, as on any desktop) and the dummy video driver
for the screen."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

from firmware_bridge.virtual_board import VirtualBoard
from tablegame.families.shove.board import hapenny_board
from tablegame.families.shove.simulation import SimulatedTable
from tablegame.core.store import ACTION, NEW_GAME, EventLog


def test_the_service_reads_its_config_talks_to_the_board_and_stops_on_sigterm(tmp_path):
    world = SimulatedTable(hapenny_board(), 0.25)
    with VirtualBoard(world, link_path=str(tmp_path / "board"), realtime=False) as board:
        config = tmp_path / "config.toml"
        store = tmp_path / "table.sqlite"
        config.write_text(f'[table]\nstore = "{store}"\nparties = [["Anna"], ["Ben"]]\n'
                          f'[serial]\nport = "{board.port}"\n[display]\nsize = [800, 480]\n'
                          f'[web]\nhost = "127.0.0.1"\nport = 0\n')
        with EventLog(store) as log:   # a game whose coin was tossed: play goes on
            log.append(NEW_GAME, {"game": "shove-hapenny", "parties": [["Anna"], ["Ben"]],
                                  "options": []}, 0.0, "table")
            log.append(ACTION, {"type": "CoinToss", "starter": 0}, 0.0, "button")
        played = [("new_game", None), ("action", "CoinToss")]
        env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "SDL_VIDEODRIVER": "dummy"}
        proc = subprocess.Popen([sys.executable, "-m", "table_app.cli", "run", "--config",
                                 str(config)], env=env, stderr=subprocess.PIPE)
        try:
            # The service handshakes, asks for a snapshot, ACKs it, and its referee sees the
            # empty board: a Cleared action in the log proves the whole chain works.
            deadline = time.monotonic() + 20
            # The ACK follows the commit (docs/protocol.md): wait for both.
            while (logged(store) != played + [("action", "Cleared")] or board.stats.acks < 1) \
                    and time.monotonic() < deadline:
                time.sleep(0.05)
            assert board.stats.acks >= 1, "the service never acknowledged the board"
            assert logged(store) == played + [("action", "Cleared")]
        finally:
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err.decode()


def logged(store):
    try:
        with sqlite3.connect(store) as conn:
            rows = conn.execute("SELECT kind, data FROM events ORDER BY seq").fetchall()
    except sqlite3.OperationalError:  # not created yet
        return []
    return [(kind, json.loads(data).get("type")) for kind, data in rows]


def test_the_service_refuses_a_bad_config_and_names_the_key(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[display]\nfullscreen = "yes"\n')
    out = subprocess.run([sys.executable, "-m", "table_app.cli", "run", "--config", str(config)],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 2
    assert "display.fullscreen: expected true or false, got 'yes'" in out.stderr
