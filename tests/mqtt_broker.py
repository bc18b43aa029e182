"""A real Mosquitto for the tests: started with a config file of its own on a free
loopback port (no system service), stopped, killed and started again on the same port
with its persistence kept. Debian's mosquitto (``./dev test`` installs it where it can)."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
MISSING = None if os.access(MOSQUITTO, os.X_OK) else (
    "no mosquitto (Debian's package): ./dev test installs it as root with apt-get; "
    "the MQTT tests need a real broker")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mosquitto:
    def __init__(self, folder: Path, extra: str = "", port: int | None = None):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.config = self.folder / "mosquitto.conf"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\n"
            f"persistence true\npersistence_location {self.folder}/\n"
            f"log_dest file {self.folder}/mosquitto.log\n"
            "log_type error\nlog_type warning\nlog_type notice\n"
            # as root it would drop to the mosquitto user, who cannot read the test's folder
            + ("user root\n" if os.geteuid() == 0 else "")
            + (extra or "allow_anonymous true\n"))
        self.process: subprocess.Popen | None = None

    def start(self) -> Mosquitto:
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto ended: {self.process.stderr.read().decode()} "
                                   f"{self.log()}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.05)
        raise RuntimeError(f"mosquitto did not listen on {self.port}: {self.log()}")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(10)
        self.process = None

    def kill(self) -> None:
        self.stop(signal.SIGKILL)

    def saved(self) -> bytes:
        """What the broker has written to its persistence file so far (b"": nothing yet)."""
        path = self.folder / "mosquitto.db"
        return path.read_bytes() if path.exists() else b""

    def log(self) -> str:
        path = self.folder / "mosquitto.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""


def table_config(path: Path, port: int, table: str, venue: str = "pub", game: str = "neunfeld",
                 extra: str = "", language: str = "en") -> Path:
    """A headless table's configuration: [mqtt] on, this broker, its names."""
    path.write_text(
        f'[table]\ngame = "{game}"\nparties = [["Anna"], ["Ben"]]\nlanguage = "{language}"\n'
        f'[mqtt]\nenabled = true\nhost = "127.0.0.1"\nport = {port}\nkeepalive = 5\n'
        f'venue = "{venue}"\ntable = "{table}"\n{extra}')
    return path


SHIPPED = Path(__file__).parent.parent / "deploy" / "mosquitto"


def logins(folder: Path, users: dict[str, str]) -> Path:
    """A mosquitto password file with these users and passwords."""
    passwd = folder / "passwd"
    for i, (user, password) in enumerate(users.items()):
        subprocess.run(["mosquitto_passwd", "-b", *(["-c"] if i == 0 else []), str(passwd), user,
                        password], check=True, capture_output=True)
    return passwd


def shipped(name: str, passwd: Path, acl: Path) -> str:
    """The shipped broker config ``name`` (deploy/mosquitto/) for the test's own folder:
    the same lines, but its own port (Mosquitto's first line), store, logins and ACL."""
    out = []
    for line in (SHIPPED / name).read_text().splitlines():
        key = line.split(" ", 1)[0]
        if key in ("listener", "persistence_location", "per_listener_settings"):
            continue
        out.append({"password_file": f"password_file {passwd}",
                    "acl_file": f"acl_file {acl}"}.get(key, line))
    return "\n".join(out) + "\n"
