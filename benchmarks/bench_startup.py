"""Start-up and memory per game: ``tablegame run`` launched as the service is, timed
from the launch to its first frame on the screen, and its resident memory then.

The service tells systemd READY=1 right after its first frame (table_app.notify);
this benchmark plays systemd (a NOTIFY_SOCKET of its own), so "first frame" is the
program's own word, not a guess from outside. Each run starts on a fresh event log,
with no board plugged in (the link keeps looking), mock pins unless
GPIOZERO_PIN_FACTORY says otherwise, and the screen SDL_VIDEODRIVER names (dummy
unless set: on the Pi, SDL_VIDEODRIVER=kmsdrm measures the real display path; see
docs/install.md). One warm-up run per game is not counted (it fills the file cache
and Neunfeld's solver cache)."""
from __future__ import annotations

import os
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from tablegame.core.games import playable_games

RUNS = 20
TIMEOUT = 60.0


def launch(game: str, folder: str, notify_path: str) -> tuple[float, int, int, int]:
    """One start of ``game``: seconds to the first frame, resident kB then, resident kB
    once all is up (the staff page says its address), the peak kB until then."""
    store = os.path.join(folder, f"{game}-{time.monotonic_ns()}.sqlite")
    config = os.path.join(folder, "config.toml")
    with open(config, "w", encoding="utf-8") as file:
        file.write(f'[table]\ngame = "{game}"\nstore = "{store}"\n'
                   f'[serial]\nport = "{os.path.join(folder, "no-board")}"\n'
                   '[web]\nhost = "127.0.0.1"\nport = 0\n'
                   f'[neunfeld]\nsolver_cache = "{os.path.join(folder, "neunfeld.bin")}"\n'
                   '[logging]\nlevel = "error"\n')
    env = {**os.environ, "NOTIFY_SOCKET": notify_path, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.setdefault("GPIOZERO_PIN_FACTORY", "mock")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.pop("STATE_DIRECTORY", None)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        systemd.bind(notify_path)
        systemd.settimeout(TIMEOUT)
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "table_app.cli", "run", "--config", config],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            while b"READY=1" not in systemd.recv(4096):
                pass
            seconds = time.perf_counter() - started
            rss, _ = _memory(proc.pid)
            if not select.select([proc.stdout], [], [], TIMEOUT)[0] or \
                    not proc.stdout.readline().startswith(b"staff page"):
                raise RuntimeError(f"{game}: the staff page never said where it is")
            up, peak = _memory(proc.pid)
        finally:
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=TIMEOUT)
    os.unlink(notify_path)
    if proc.returncode != 0:
        raise RuntimeError(f"{game}: the service ended with {proc.returncode}: {err.decode()[-500:]}")
    return seconds, rss, up, peak


def _memory(pid: int) -> tuple[int, int]:
    fields = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def run(runs: int = RUNS) -> list[str]:
    lines = [f"screen: SDL_VIDEODRIVER={os.environ.get('SDL_VIDEODRIVER', 'dummy')}, "
             f"pins: GPIOZERO_PIN_FACTORY={os.environ.get('GPIOZERO_PIN_FACTORY', 'mock')}"]
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as folder:
        notify = os.path.join(folder, "notify")
        for game in playable_games():
            launch(game, folder, notify)   # warm-up, not counted
            results = [launch(game, folder, notify) for _ in range(runs)]
            ms = sorted(r[0] * 1000 for r in results)
            rss = sorted(r[1] / 1024 for r in results)
            up = sorted(r[2] / 1024 for r in results)
            peak = sorted(r[3] / 1024 for r in results)
            lines.append(f"{game}: launch -> first frame median {statistics.median(ms):.0f} ms, "
                         f"worst {ms[-1]:.0f} ms; resident at the first frame median "
                         f"{statistics.median(rss):.1f} MB, with the staff page up median "
                         f"{statistics.median(up):.1f} MB, worst {up[-1]:.1f} MB (peak "
                         f"{peak[-1]:.1f} MB) ({runs} runs)")
    return lines


if __name__ == "__main__":
    print("\n".join(run(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS)))
