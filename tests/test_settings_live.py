"""Settings that take effect at once (the rail buttons' timings, read at every edge), and
the restart button: the service ends cleanly, then under systemd exits 75 for the unit to
start it again, and on a desktop starts itself again with the same command line."""
import os
import re
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

from tablegame.config import load
from tablegame.config.file import ConfigFile
from tablegame.core.events import ButtonPress


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_saved_long_press_time_counts_from_the_next_press(tmp_path):
    from hardware.press import PressTimer
    path = tmp_path / "config.toml"
    path.write_text("")
    settings, clock, presses = ConfigFile(path, load(path)), Clock(), []
    timer = PressTimer("back", presses.append, clock=clock, timings=lambda: (
        settings.current()["buttons.debounce"], settings.current()["buttons.long_press"]))

    def hold(seconds):
        timer.press()
        clock.now += seconds
        timer.release()
        clock.now += 1

    hold(0.5)
    assert presses[-1] == ButtonPress("back", long=False)      # 1 s makes a long press
    assert settings.save({"buttons.long_press": 0.4}) == []    # no restart needed
    hold(0.5)
    assert presses[-1] == ButtonPress("back", long=True)
    assert settings.save({"buttons.debounce": 0.2}) == []
    timer.press()
    clock.now += 0.1                                           # within the new debounce: bounce
    timer.release()
    assert len(presses) == 2


# -- the restart button, on the real program -----------------------------------------------

def start_simulate(tmp_path, env):
    config = tmp_path / "config.toml"
    config.write_text('[web]\nport = 0\n[display]\nsize = [320, 240]\n')
    env = {**{k: v for k, v in os.environ.items() if k != "INVOCATION_ID"},
           "SDL_VIDEODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock", **env}
    return subprocess.Popen([sys.executable, "-m", "table_app.cli", "simulate", "--config",
                             str(config), "--db", str(tmp_path / "table.sqlite"), "--instant"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def next_address(proc, deadline):
    """The staff page's address the program prints at each start."""
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        if line.startswith("staff page: http"):
            return line.split(": ", 1)[1].strip()
    raise AssertionError(f"no staff page address; stderr: {proc.stderr.read()[-2000:]}")


def press_restart(address):
    """As an admin would: set the password on the first start, then Restart."""
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def form(path, data, page_path=None):
        page = browser.open(address + (page_path or path).lstrip("/")).read().decode()
        token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
        body = urllib.parse.urlencode({**data, "csrf_token": token}).encode()
        return browser.open(address + path.lstrip("/"), body)

    form("/setup", {"name": "admin", "password": "admin-secret-1", "again": "admin-secret-1"})
    answer = form("/settings/restart", {}, page_path="/settings").read().decode()
    assert "Der Tisch startet neu" in answer or "The table is restarting" in answer


def stop(proc):
    if proc.poll() is None:
        proc.terminate()
    try:
        proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


def test_on_a_desktop_the_restart_button_starts_the_program_again(tmp_path):
    proc = start_simulate(tmp_path, {})
    try:
        deadline = time.monotonic() + 60
        first = next_address(proc, deadline)
        press_restart(first)
        second = next_address(proc, deadline)      # the same process, started afresh
        assert second.startswith("http://127.0.0.1:") and proc.poll() is None
        with urllib.request.urlopen(second + "login") as page:   # the page is back
            assert page.status == 200
    finally:
        stop(proc)


def test_under_systemd_the_restart_button_ends_the_service_with_75(tmp_path):
    proc = start_simulate(tmp_path, {"INVOCATION_ID": "test"})
    try:
        press_restart(next_address(proc, time.monotonic() + 60))
        assert proc.wait(timeout=30) == 75
    finally:
        stop(proc)
    unit = (os.path.dirname(__file__) + "/../deploy/tablegame.service")
    text = open(unit, encoding="utf-8").read()
    assert "RestartForceExitStatus=75" in text and "SuccessExitStatus=75" in text


def test_a_familys_setting_and_its_board_sizes_count_from_the_next_game(tmp_path):
    """Saved on the page: the game being played keeps its play; the next one has them."""
    from tablegame.core.session import NewGame
    from web_table import SHOVE, Table
    table = Table(tmp_path)
    try:
        running = table.session.play
        assert table.settings.save({"shove.moved_coin": "restore"}) == []   # no restart
        table.settings.save_board("shove-hapenny", {"first_line": 110.0})
        assert table.session.play is running and running.board.lines[0][0] < 105
        table.session.submit(NewGame(SHOVE), by="staff:admin", wait=5)
        play = table.session.snapshot().play
        assert play.moved_coin == "restore"
        assert play.board.lines[0] == (109.6, 110.4)
        assert table.settings.save({"web.port": 9090}) == ["web.port"]       # a restart
        assert table.settings.current()["web.port"] == 8080
    finally:
        table.close()
