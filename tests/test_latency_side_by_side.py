"""latency_side_by_side's run of one version (issue 30): the first frame is drawn before
the first shove for every version, and not counted; each counted frame keeps its own
"ends a turn" mark (a shift by one would call every frame after a turn's end slow), and
with pauses the machine's own loop timed beside it (ninth round: the p99 of this virtual
machine is mostly moments when the same work takes several times as long)."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _one_run(pause: str) -> list:
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "benchmarks", "latency_side_by_side.py"), "0", "0",
         "x=x", "--one", "800", "480", "12", "--pause", pause],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    return json.loads(out.stdout.splitlines()[-1])


def test_one_run_counts_each_shove_once_with_its_turns_end():
    frames = _one_run("0")
    assert len(frames) == 12 and all(ms > 0 for ms, _, _ in frames)
    # a turn is five coins: its fifth ends it (the board is cleared outside the count)
    assert [i for i, (_, end, _) in enumerate(frames) if end] == [4, 9]
    # no pauses, no loop of the machine's beside the frames
    assert all(machine is None for _, _, machine in frames)


def test_each_frame_has_the_machines_loop_from_the_pauses_around_it():
    frames = _one_run("0.005")
    assert len(frames) == 12
    assert all(machine is not None and machine > 0 for _, _, machine in frames)


def test_the_steady_p99_leaves_out_the_frames_beside_a_slow_loop_of_the_machine(capsys):
    sys.path.insert(0, ROOT)
    from benchmarks.latency_side_by_side import _print_machine
    # 99 ordinary frames and one slow one, whose loop beside it took ten times as long
    frames = [(1.0, 0.2)] * 99 + [(6.0, 2.0)]
    _print_machine("800x480", {"main": frames})
    said = capsys.readouterr().out
    assert "median 0.200 ms" in said and "p99 1.00 ms, 99 of 100" in said
