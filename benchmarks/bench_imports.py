"""Start-up imports (issue 11): what reading the configuration costs, and which games'
plays it imports. Each sample is a fresh interpreter (``python -X importtime``), the
figure the cumulative import time of ``tablegame.config``; then ``config.load`` of the
defaults, which builds the configured game (and only that one)."""
import os
import statistics
import subprocess
import sys
from pathlib import Path

RUNS = 20
ROOT = Path(os.environ.get("BENCH_ROOT", Path(__file__).parent.parent))
PROBE = """
import sys, time
t = time.perf_counter()
import tablegame.config
imported = time.perf_counter() - t
t = time.perf_counter()
tablegame.config.load(None)
loaded = time.perf_counter() - t
plays = sorted(m for m in sys.modules if m.startswith(("tablegame.core.games.", "tablegame.display."))
               and not m.endswith(".base"))
print(imported, loaded, ",".join(plays))
"""


def sample() -> tuple[float, float, str]:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True,
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout.split()
    return float(out[0]), float(out[1]), out[2] if len(out) > 2 else ""


def run():
    samples = [sample() for _ in range(RUNS)]
    imported = [s[0] * 1000 for s in samples]
    loaded = [s[1] * 1000 for s in samples]
    yield (f"import tablegame.config: median {statistics.median(imported):.0f} ms, "
           f"worst {max(imported):.0f} ms ({RUNS} fresh interpreters, {ROOT})")
    yield (f"config.load(defaults) after it: median {statistics.median(loaded):.0f} ms, "
           f"worst {max(loaded):.0f} ms ({RUNS} runs)")
    yield f"plays imported by then: {samples[-1][2] or 'none'}"
