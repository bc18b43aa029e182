"""latency_side_by_side's run of one version (issue 30): the first frame is drawn before
the first shove for every version, and not counted; each counted frame keeps its own
"ends a turn" mark (a shift by one would call every frame after a turn's end slow)."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_one_run_counts_each_shove_once_with_its_turns_end():
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "benchmarks", "latency_side_by_side.py"), "0", "0",
         "x=x", "--one", "800", "480", "12", "--pause", "0"],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    frames = json.loads(out.stdout.splitlines()[-1])
    assert len(frames) == 12 and all(ms > 0 for ms, _ in frames)
    # a turn is five coins: its fifth ends it (the board is cleared outside the count)
    assert [i for i, (_, end) in enumerate(frames) if end] == [4, 9]
