"""Serve the staff page with waitress on threads of its own, beside the table."""
from __future__ import annotations

import logging
import threading
import time

from tablegame.face import TableFace
from web_admin import create_app
from web_admin.connections import guarded_server

log = logging.getLogger(__name__)

STOP_WAIT = 2.0     # s the answers in service get to finish when the page stops


class PageServer:
    """The page on ``host``:``port`` (0: any free port) with ``threads`` workers; each
    live view holds one worker while it is open, so threads must exceed the streams."""

    def __init__(self, face: TableFace, host: str, port: int, threads: int):
        self.app = create_app(face)
        try:
            self._server = guarded_server(self.app, host, port, threads, ident="tablegame",
                                          channel_timeout=30)
        except BaseException:    # a port taken: the table plays on without its page
            self.app.extensions["accounts"].close()
            raise
        self.port = int(self._server.effective_port)
        self.address = f"http://{host if host not in ('0.0.0.0', '') else _lan_address()}:{self.port}/"
        self._thread = threading.Thread(target=self._serve, name="staff-page", daemon=True)

    def needs_setup(self) -> bool:
        """No admin password yet: the table shows the address until one is set."""
        return not self.app.extensions["accounts"].any()

    def start(self) -> PageServer:
        self._thread.start()
        return self

    def _serve(self) -> None:
        try:
            self._server.run()
        except Exception:  # the table plays on without its page; say so in the log
            log.exception("the staff page stopped")

    def close(self) -> None:
        """Live views first (each ends its stream), then the answers still in service
        finish, then the workers, the connections and the listening socket close, in
        that order: nothing writes to a socket that is gone; the staff accounts' file last."""
        self.app.extensions["relay"].end()
        deadline = time.monotonic() + STOP_WAIT
        while self._busy() and time.monotonic() < deadline:
            time.sleep(0.02)
        self._server.stop(self._thread, STOP_WAIT)
        self.app.extensions["accounts"].close()

    def _busy(self) -> bool:
        return self.app.extensions["relay"].viewers > 0 or \
            any(not c.idle() for c in list(self._server.active_channels.values()))


def _lan_address() -> str:
    """This machine's address on the pub's network (for the QR code), best guess."""
    import socket
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))   # TEST-NET: nothing is sent
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
