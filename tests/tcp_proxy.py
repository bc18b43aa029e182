"""A TCP link between two brokers that a test can slow down, cut and restore: the line
between two pubs. Every connection through it is forwarded both ways (TLS passes
through untouched); ``cut`` drops every connection and stops listening (a new one is
refused, as by a router whose line is down) until ``restore``; ``cut(answering=True)``
drops them too but takes each new one and hangs up at once, before the TLS handshake (as a
router does whose port forward still answers while the far side is gone); ``delay`` holds
each chunk that long (a slow line)."""
from __future__ import annotations

import socket
import threading
import time


class Proxy:
    def __init__(self, target_port: int, delay: float = 0.0):
        self.target = ("127.0.0.1", target_port)
        self.delay = delay
        self.port = 0
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._up = threading.Event()
        self._answering = False
        self._listen()

    def _listen(self) -> None:
        self._server = socket.socket()
        self._server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._server.bind(("127.0.0.1", self.port))
        self._server.listen(8)
        self.port = self._server.getsockname()[1]
        self._up.set()
        threading.Thread(target=self._accept, args=(self._server,), daemon=True).start()

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                near, _ = server.accept()
            except OSError:
                return                        # cut: the listening socket is closed
            if self._answering:
                near.close()                  # taken, and hung up on at once
                continue
            try:
                far = socket.create_connection(self.target, timeout=5)
            except OSError:
                near.close()
                continue
            far.settimeout(None)    # (the timeout was the connect's: a quiet line stays open)
            with self._lock:
                self._open += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while True:
                chunk = source.recv(65536)
                if not chunk:
                    break
                if self.delay:
                    time.sleep(self.delay)
                if not self._up.is_set():
                    break
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()

    def cut(self, answering: bool = False) -> None:
        self._up.clear()
        if answering:
            self._answering = True
        else:
            # shut down first: a bare close leaves the accept waiting in its thread, and the
            # kernel goes on taking connections until one more arrives
            try:
                self._server.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self._server.close()
        with self._lock:
            for s in self._open:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()
            self._open.clear()

    def restore(self) -> None:
        if self._up.is_set():
            return                            # not cut
        if self._answering:
            self._answering = False
            self._up.set()
        else:
            self._listen()

    def close(self) -> None:
        self._answering = False
        self.cut()
