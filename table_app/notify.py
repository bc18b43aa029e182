"""systemd's service notification protocol, spoken directly (it is one datagram).

systemd names a socket in NOTIFY_SOCKET; a service of ``Type=notify`` sends
``READY=1`` when it is up and, with ``WatchdogSec=``, ``WATCHDOG=1`` more often
than that: when the pings stop (the main loop hangs), systemd kills the service
and starts it again. Without NOTIFY_SOCKET (a desktop, a test) nothing is sent.

We speak the protocol ourselves rather than through the ``sdnotify`` package: its
last release is from 2017, and the protocol is a ``sendto`` on a unix socket."""
from __future__ import annotations

import logging
import os
import socket
import time
from typing import Callable

log = logging.getLogger(__name__)


class Notifier:
    def __init__(self, address: str | None = None, every: float | None = None,
                 clock: Callable[[], float] = time.monotonic):
        address = os.environ.get("NOTIFY_SOCKET") if address is None else address
        self._address = "\0" + address[1:] if address and address.startswith("@") else address
        if every is None:   # ping four times per watchdog period (or once a second)
            usec = os.environ.get("WATCHDOG_USEC", "")
            every = int(usec) / 4e6 if usec.isdigit() else 1.0
        self._every, self._clock = every, clock
        self._last_ping: float | None = None
        self._socket: socket.socket | None = None

    @property
    def active(self) -> bool:
        return bool(self._address)

    def send(self, *fields: str) -> None:
        """Send ``fields`` ("READY=1", "STATUS=...") as one message; a lost message is
        logged, never raised: the table plays on without its supervisor."""
        if not self._address:
            return
        try:
            if self._socket is None:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._socket.sendto("\n".join(fields).encode(), self._address)
        except OSError as error:
            log.warning("could not notify systemd at %s: %s", self._address.lstrip("\0"), error)

    def ready(self, status: str) -> None:
        self.send("READY=1", f"STATUS={status}")
        self.ping(force=True)

    def status(self, status: str) -> None:
        self.send(f"STATUS={status}")

    def ping(self, force: bool = False) -> None:
        """The watchdog's ping, at most once per ``every`` seconds: call it freely
        from the main loop, every iteration."""
        now = self._clock()
        if force or self._last_ping is None or now - self._last_ping >= self._every:
            self._last_ping = now
            self.send("WATCHDOG=1")

    def stopping(self) -> None:
        self.send("STOPPING=1")

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None
