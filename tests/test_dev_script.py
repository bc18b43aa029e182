"""``./dev``, the developers' one entry point: its first run builds ``.venv`` (a minute or
two) and says so, step by step, instead of sitting silent (issue 30, item 16). Run here
on a copy of the script beside a stand-in ``python3`` that makes a venv of scripts, so
the test takes a second, not the real build."""
import os
import shutil
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FAKE_PYTHON = """#!/bin/sh
# python3 -m venv DIR: a venv whose python installs nothing and whose tablegame echoes
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
    mkdir -p "$3/bin"
    printf '#!/bin/sh\\necho "pip $*" >> "%s/pip.log"\\n' "$PWD" > "$3/bin/python"
    printf '#!/bin/sh\\necho "tablegame $*"\\n' > "$3/bin/tablegame"
    chmod +x "$3/bin/python" "$3/bin/tablegame"
fi
"""


def _checkout(tmp_path: Path) -> dict:
    shutil.copy(ROOT / "dev", tmp_path / "dev")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "deploy").mkdir()
    shutil.copy(ROOT / "deploy" / "constraints.txt", tmp_path / "deploy" / "constraints.txt")
    bin_ = tmp_path / "fakebin"
    bin_.mkdir()
    (bin_ / "python3").write_text(FAKE_PYTHON)
    (bin_ / "python3").chmod(stat.S_IRWXU)
    return {**os.environ, "PATH": f"{bin_}:{os.environ['PATH']}"}


def _dev(tmp_path: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(tmp_path / "dev"), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)


def test_the_first_run_says_it_builds_the_venv_then_runs_the_command(tmp_path):
    env = _checkout(tmp_path)
    out = _dev(tmp_path, env, "tablegame", "--version")
    assert out.returncode == 0, out.stderr
    said = out.stderr.splitlines()
    assert said[0].startswith("./dev: first run: setting up .venv") and "1-2 minutes" in said[0]
    assert any("installing the project" in line for line in said)
    assert said[-1] == "./dev: .venv is ready"
    assert out.stdout == "tablegame --version\n"          # and then what was asked
    # each step is said before it runs: the install is logged after its line appeared
    assert "install" in (tmp_path / "pip.log").read_text()


def test_a_later_run_is_quiet_and_a_changed_pyproject_says_it_updates(tmp_path):
    env = _checkout(tmp_path)
    _dev(tmp_path, env, "tablegame")
    again = _dev(tmp_path, env, "tablegame")
    assert again.returncode == 0 and again.stderr == ""
    with open(tmp_path / "pyproject.toml", "a") as f:
        f.write("\n# changed\n")
    changed = _dev(tmp_path, env, "tablegame")
    assert changed.stderr.splitlines()[0].startswith(
        "./dev: pyproject.toml or deploy/constraints.txt changed: updating .venv")


def test_the_suite_runs_a_worker_per_core_and_one_more_unless_the_developer_says(tmp_path):
    # (the one more works while another waits for a broker, a table or a browser: a third of
    # the suite's time; docs/performance.md, "The test suite's waits and teachings")
    env = _checkout(tmp_path)
    fakes = {"nproc": "echo 2", "npm": "exit 1", "apt-get": "exit 1"}   # two cores, nothing installed
    for name, body in fakes.items():
        (tmp_path / "fakebin" / name).write_text(f"#!/bin/sh\n{body}\n")
        (tmp_path / "fakebin" / name).chmod(stat.S_IRWXU)
    _dev(tmp_path, env, "tablegame")                     # (the venv made)
    for args in ([], ["-n", "0", "tests/test_x.py"]):
        (tmp_path / "pip.log").unlink()
        assert _dev(tmp_path, env, "test", *args).returncode == 0
        ran = (tmp_path / "pip.log").read_text().split()
        assert ran[:3] == ["pip", "-m", "pytest"]
        assert ran[3:] == (["-n", "3", "--dist", "loadfile", "--no-loadscope-reorder"] if not args else args), ran


def test_help_and_an_unknown_command_are_said_at_once_without_building_the_venv(tmp_path):
    env = _checkout(tmp_path)
    helped = _dev(tmp_path, env, "--help")
    assert helped.returncode == 0 and "./dev test [pytest args]" in helped.stdout
    typo = _dev(tmp_path, env, "tset")
    assert typo.returncode == 2 and "no ./dev command 'tset'; there are:" in typo.stderr
    assert "./dev bench" in typo.stderr
    assert not (tmp_path / ".venv").exists()
