"""A real table for the staff page's tests: a session on a real SQLite log with its
writer on a thread (as the service runs it on the main thread), a real configuration
file, and the face the service builds."""
from __future__ import annotations

import random
import threading

from tablegame.config import parse
from tablegame.config_file import ConfigFile
from tablegame.play.base import GameSetup
from tablegame.service import open_session, table_face

SHOVE = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))


class Table:
    def __init__(self, folder, setup: GameSetup = SHOVE, max_streams: int = 4):
        self.store = folder / "table.sqlite"
        self.config_path = folder / "config.toml"
        self.config_path.write_text(f'[table]\nstore = "{self.store}"\n', encoding="utf-8")
        config = parse({"table": {"store": str(self.store)}})
        self.session = open_session(config, self.store, setup, rng=random.Random(3),
                                    max_streams=max_streams)
        self.settings = ConfigFile(self.config_path, config)
        self.restarts = threading.Event()
        self.face = table_face(self.session, self.settings, self.store, self.restarts.set)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._write, daemon=True)
        self._thread.start()

    def _write(self):
        while not self._stop.is_set():
            self.session.process(timeout=0.01)

    def close(self):
        self._stop.set()
        self._thread.join(5)
        self.session.close()
