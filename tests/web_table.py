"""A real table for the staff page's tests: a session on a real SQLite log with its
writer on a thread (as the service runs it on the main thread), a real configuration
file, and the face the service builds; and ``served``, waitress serving a page (the
venue's) on a thread for as long as a test needs it."""
from __future__ import annotations

import contextlib
import random
import threading

from tablegame.config import parse
from tablegame.config.file import ConfigFile
from tablegame.core.play import GameSetup
from table_app.service import open_session, table_face

SHOVE = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))


class Table:
    def __init__(self, folder, setup: GameSetup = SHOVE, max_streams: int = 4):
        self.store = folder / "table.sqlite"
        self.config_path = folder / "config.toml"
        self.config_path.write_text(f'[table]\nstore = "{self.store}"\n', encoding="utf-8")
        config = parse({"table": {"store": str(self.store)}})
        self.settings = ConfigFile(self.config_path, config)
        self.session = open_session(config, self.store, setup, rng=random.Random(3),
                                    max_streams=max_streams, live=self.settings.current)
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


class BoardTable(Table):
    """The same table with the virtual board (pymunk) on a pty and the real link, so
    shots reach the session as sensor readings, as on the Pi."""

    def __init__(self, folder, setup: GameSetup = SHOVE, max_streams: int = 24):
        from firmware_bridge.link import BoardLink
        from firmware_bridge.virtual_board import VirtualBoard
        from tablegame.families.shove.simulation import SimulatedTable

        super().__init__(folder, setup, max_streams)
        self.world = SimulatedTable(self.session.play.board, 0.25)
        self.board = VirtualBoard(self.world, link_path=str(folder / "board"), realtime=False)
        self.link = BoardLink(self.board.port, self.session.post, heartbeat=0.2,
                              post_event=self.session.post)
        self.face = table_face(self.session, self.settings, self.store, self.restarts.set, link=self.link)
        self.board.start()
        self.link.start()

    def shoot_into(self, bed: int, x: float) -> None:
        """A straight shot that stops in the middle of ``bed``."""
        from tablegame.families.shove.physics import Shot, speed_to_reach, start_y
        near, far = self.world.board.bed_span(bed)
        if self.session.snapshot().status.state.on_board == 0:
            self.board.clear()
        speed = speed_to_reach(self.world.board, (near + far) / 2 - start_y(self.world.board))
        self.board.shoot(Shot(x=x, angle=0.0, speed=speed))

    def close(self):
        self.link.close()
        self.board.close()
        super().close()


def wait_in_page(page, expression: str, timeout: float = 20000) -> None:
    """Until ``expression`` is true in ``page`` (ms, as Playwright counts). Playwright's
    own wait_for_function evaluates a string in the page, which the page's
    Content-Security-Policy (no eval) forbids; this asks from outside, every 50 ms."""
    import time
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        time.sleep(0.05)


@contextlib.contextmanager
def served(app, threads: int = 4):
    """``app`` served as ``tablegame venue`` serves it (web_admin's guarded waitress) on a
    free loopback port, its loop on a thread; yields the base URL. Stopped as the staff
    page and the venue stop (``GuardedServer.stop``): the workers, then every connection,
    the socket and the wake-up pipe closed on the loop's own thread, which then ends."""
    from web_admin.connections import guarded_server
    server = guarded_server(app, "127.0.0.1", 0, threads)
    loop = threading.Thread(target=server.run, name="test-page", daemon=True)
    loop.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        server.stop(loop)
        assert not loop.is_alive(), "the page's loop did not stop"
