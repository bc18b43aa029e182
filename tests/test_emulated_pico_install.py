"""The emulated Pico's rp2040js (tests/emulated_pico.py) is installed once and whole, however
many pytest workers ask for it at the same moment: each worker imports test_pico.py while
collecting, and a clean clone's CI once had every Pico test fail on a half-installed package."""
import multiprocessing
import os
import shutil

import pytest

from tests import emulated_pico

# A slow npm: rp2040js's package.json first, the file the emulator fails on half a second later
# (as a real install lays its files out); each run counted. Its last argument is the prefix.
FAKE_NPM = """#!/bin/sh
echo run >> "$NPM_RUNS"
for prefix; do :; done
mkdir -p "$prefix/node_modules/rp2040js/dist"
echo '{}' > "$prefix/node_modules/rp2040js/package.json"
sleep 0.5
echo 'export {}' > "$prefix/node_modules/rp2040js/dist/adc.js"
"""


def _ask(result):
    said = emulated_pico.why_no_emulator()
    whole = (emulated_pico.EMULATOR / "node_modules" / "rp2040js" / "dist" / "adc.js").exists()
    result.put((said, whole))


@pytest.mark.skipif(shutil.which("node") is None, reason="no Node.js: the emulated Pico is skipped anyway")
def test_three_workers_at_once_run_one_npm_and_each_finds_the_install_whole(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    npm = bin_dir / "npm"
    npm.write_text(FAKE_NPM)
    npm.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    monkeypatch.setenv("NPM_RUNS", str(tmp_path / "runs"))
    monkeypatch.setattr(emulated_pico, "EMULATOR", tmp_path / "emulator")
    (tmp_path / "emulator").mkdir()
    fork = multiprocessing.get_context("fork")
    result = fork.Queue()
    workers = [fork.Process(target=_ask, args=(result,)) for _ in range(3)]
    for worker in workers:
        worker.start()
    answers = [result.get(timeout=30) for _ in workers]
    for worker in workers:
        worker.join(10)
    assert answers == [(None, True)] * 3
    assert (tmp_path / "runs").read_text().count("run") == 1
