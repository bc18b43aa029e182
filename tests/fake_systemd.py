"""systemd's end of NOTIFY_SOCKET, for tests: a unix datagram socket that keeps every
message with the time it came."""
import queue
import socket
import threading
import time

import pytest


class FakeSystemd:
    """NOTIFY_SOCKET's other end: every message, with the time it came."""

    def __init__(self, path):
        self.path = str(path)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        self.sock.settimeout(0.05)
        self.messages: queue.Queue = queue.Queue()
        self._open = True
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    def _listen(self):
        while self._open:
            try:
                data = self.sock.recv(4096)
            except socket.timeout:
                continue
            except OSError:
                return
            self.messages.put((time.monotonic(), data.decode()))

    def next(self, timeout):
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty:
            return None

    def wait_for(self, text, timeout=10.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.next(deadline - time.monotonic())
            if got and text in got[1]:
                return got
        raise AssertionError(f"systemd never heard {text!r}")

    def close(self):
        self._open = False
        self._thread.join()
        self.sock.close()


@pytest.fixture
def systemd(tmp_path):
    fake = FakeSystemd(tmp_path / "notify")
    yield fake
    fake.close()
