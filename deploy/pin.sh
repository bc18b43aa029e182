#!/usr/bin/env bash
# Makes deploy/constraints.txt afresh: the newest versions the package index serves of
# everything pyproject.toml names (the table's and the tests' dependencies), installed
# into a throw-away venv and written down exactly. Run it on purpose (./dev pin), then
# ./dev test (the test command installs exactly this set), and commit the file with the
# test run that passed: install.sh installs that set on every table (docs/install.md).
set -euo pipefail
cd "$(dirname "$0")/.."
out=deploy/constraints.txt
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --upgrade pip
"$work/venv/bin/python" -m pip install --quiet '.[test]'
{
    echo "# The tested set: every package the table and its tests install, at the version"
    echo "# the test command ran. Made by ./dev pin on $(date -u +%Y-%m-%d) with Python $("$work/venv/bin/python" -c 'import platform; print(platform.python_version())');"
    echo "# used by ./dev (the tests, CI) and deploy/install.sh alike. To upgrade: docs/install.md."
    "$work/venv/bin/python" -m pip freeze --exclude-editable | grep -v '^tablegame[= @]' | sort -f
    echo "# gpiozero's pin backend, on the Pi only (aarch64): not installed on this machine"
    echo "lgpio==${LGPIO_VERSION:-0.2.2.0}"
} > "$out.new"
mv "$out.new" "$out"
echo "wrote $out: now run ./dev test, and commit it with the run that passed"
