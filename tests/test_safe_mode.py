"""Safe mode: after three failed starts in a row the service comes up with no game,
the screen saying "Wartung" / "Maintenance" with the reason and the staff page's
address, and the staff page up; the count lives in systemd's StateDirectory and a
clean run resets it."""
import json
import os
import signal
import subprocess
import sys
import urllib.request

from fake_systemd import systemd  # noqa: F401  (a fixture)
from tablegame.config import load
from table_app.starts import SAFE_AFTER, Starts, Tally


def service(tmp_path, config, notify=None):
    state = tmp_path / "state"
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "SDL_VIDEODRIVER": "dummy",
           "STATE_DIRECTORY": str(state)}
    env.pop("NOTIFY_SOCKET", None)
    if notify:
        env["NOTIFY_SOCKET"] = notify
    return subprocess.Popen([sys.executable, "-m", "table_app.cli", "run", "--config", str(config)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


REASON = "the event log: {}/a-folder is a folder: name a file in it for the event log"


def crashing_config(tmp_path):
    """A start-up that fails: the event log's path is a folder."""
    folder = tmp_path / "a-folder"
    folder.mkdir()
    config = tmp_path / "config.toml"
    config.write_text(f'[table]\nstore = "{folder}"\n[serial]\nport = "{tmp_path / "none"}"\n'
                      '[web]\nhost = "127.0.0.1"\nport = 0\n')
    return config


def test_three_crashed_starts_give_safe_mode_with_the_reason_and_the_staff_page(tmp_path, systemd):
    config = crashing_config(tmp_path)
    for attempt in range(SAFE_AFTER):
        proc = service(tmp_path, config)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 1, err
        assert f"the event log cannot be used: {tmp_path / 'a-folder'} is a folder" in err
        assert "Traceback" not in err
        assert Starts(tmp_path / "state").read() == Tally(attempt + 1, REASON.format(tmp_path))
    proc = service(tmp_path, config, notify=systemd.path)
    try:
        _, status = systemd.wait_for("READY=1", timeout=60)
        assert f"STATUS=SAFE MODE: {REASON.format(tmp_path)}" in status
        address = proc.stdout.readline().removeprefix("staff page: ").strip()
        with urllib.request.urlopen(address, timeout=10) as page:   # the staff page is up
            assert page.status == 200
        systemd.wait_for("WATCHDOG=1")   # and it pings
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "SAFE MODE after 3 failed starts in a row" in err
    assert "Traceback" not in err.split("SAFE MODE")[1]
    # safe mode cleared the count: the next start tries the game again (and fails again)
    proc = service(tmp_path, config)
    proc.communicate(timeout=60)
    assert proc.returncode == 1 and Starts(tmp_path / "state").read().failed == 1


def test_a_clean_run_resets_the_count(tmp_path, systemd):
    state = tmp_path / "state"
    Starts(state).begin()
    Starts(state).failed("earlier trouble")
    Starts(state).begin()
    assert Starts(state).read().failed == 2
    config = tmp_path / "config.toml"
    config.write_text(f'[table]\nstore = "{tmp_path / "table.sqlite"}"\n'
                      f'[serial]\nport = "{tmp_path / "none"}"\n[web]\nhost = "127.0.0.1"\nport = 0\n')
    proc = service(tmp_path, config, notify=systemd.path)
    try:
        systemd.wait_for("READY=1", timeout=60)
        assert Starts(state).read().failed == 3   # counted as failed until it proves otherwise
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert Starts(state).read() == Tally()


def test_a_killed_start_counts_as_failed_and_says_so():
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        starts = Starts(folder)
        assert starts.begin() == Tally()
        tally = Starts(folder).read()
        assert tally.failed == 1 and "killed" in tally.reason


def test_an_unreadable_count_starts_from_zero(tmp_path):
    (tmp_path / "failed-starts.json").write_text("{not json")
    assert Starts(tmp_path).read() == Tally()


def test_the_maintenance_screen_names_the_reason_and_the_address(tmp_path):
    from table_app import safe_mode
    shown = []
    config = load(None, {"table.store": str(tmp_path / "t.sqlite"), "web.host": "127.0.0.1",
                         "web.port": 0, "table.language": "en"})
    safe_mode.run(config, None, Tally(3, "configuration error in x: web.port: expected a number"),
                  should_stop=lambda: bool(shown), show=shown.append)
    view = shown[0]
    assert view.title == "Maintenance"
    assert view.lines[0] == "The table failed to start 3 times in a row and runs without a game."
    assert view.lines[1] == "Reason: configuration error in x: web.port: expected a number"
    assert view.lines[2].startswith("Staff: check the settings at http://127.0.0.1:")
    german = safe_mode.run  # the same in German
    shown.clear()
    german(load(None, {"table.store": str(tmp_path / "t.sqlite"), "web.host": "127.0.0.1",
                       "web.port": 0}), None, Tally(3, "x"), should_stop=lambda: bool(shown),
           show=shown.append)
    assert shown[0].title == "Wartung" and shown[0].lines[1] == "Grund: x"


def test_safe_mode_refuses_every_command_in_words(tmp_path):
    from table_app import safe_mode
    from tablegame.core.session import Undo
    faces = []
    real = safe_mode.TableFace

    def keep(**kwargs):
        faces.append(real(**kwargs))
        return faces[-1]
    safe_mode.TableFace = keep
    try:
        config = load(None, {"table.store": str(tmp_path / "t.sqlite"), "web.host": "127.0.0.1",
                             "web.port": 0})
        safe_mode.run(config, None, Tally(3, "x"), should_stop=lambda: True, show=lambda v: None)
    finally:
        safe_mode.TableFace = real
    reply = faces[0].submit(Undo(), by="staff:anna", wait=1)
    assert not reply.accepted and reply.note.key == "maintenance_refused"
    assert json.dumps(faces[0].health()) == '{"safe_mode": "x"}'


def test_a_bug_at_start_up_is_logged_with_its_traceback_and_counted(tmp_path, monkeypatch, caplog):
    import logging
    from table_app import service, supervised

    def crash(*args, **kwargs):
        raise ZeroDivisionError("a bug in start-up")
    monkeypatch.setattr(service, "run", crash)
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    with caplog.at_level(logging.CRITICAL):
        assert supervised.run(None) == 1
    assert any(r.exc_info and "a bug in start-up" in str(r.exc_info[1]) for r in caplog.records)
    assert Starts(tmp_path / "state").read() == Tally(1, "ZeroDivisionError: a bug in start-up")
