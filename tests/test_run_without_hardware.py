"""`tablegame run` on a machine without the table's hardware says what is missing and
how to go on (simulate, the mock pins, the dummy screen), never with a traceback."""
import os
import subprocess
import sys


def run_service(tmp_path, **env):
    config = tmp_path / "config.toml"
    config.write_text(f'[table]\nstore = "{tmp_path / "table.sqlite"}"\n'
                      f'[serial]\nport = "{tmp_path / "no-board"}"\n'
                      '[web]\nhost = "127.0.0.1"\nport = 0\n')
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("GPIOZERO_PIN_FACTORY", "SDL_VIDEODRIVER", "NOTIFY_SOCKET")}
    return subprocess.run([sys.executable, "-m", "table_app.cli", "run", "--config", str(config)],
                          env={**environment, **env}, capture_output=True, text=True, timeout=60)


def test_no_screen_is_named_with_the_ways_on(tmp_path):
    out = run_service(tmp_path, SDL_VIDEODRIVER="kmsdrm", GPIOZERO_PIN_FACTORY="mock")
    assert out.returncode == 3, out.stderr
    assert "no screen to draw on" in out.stderr
    assert "SDL_VIDEODRIVER=dummy tablegame run" in out.stderr and "tablegame simulate" in out.stderr
    assert "Traceback" not in out.stderr


def test_no_gpio_is_named_with_the_ways_on(tmp_path):
    out = run_service(tmp_path, SDL_VIDEODRIVER="dummy", GPIOZERO_PIN_FACTORY="lgpio")
    assert out.returncode == 3, out.stderr
    assert "no GPIO pins for the rail buttons" in out.stderr and "lgpio" in out.stderr
    assert "GPIOZERO_PIN_FACTORY=mock tablegame run" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_missing_board_is_said_and_the_table_starts_anyway(tmp_path):
    # GPIO missing stops the start after the board's warning: both are in words
    out = run_service(tmp_path, SDL_VIDEODRIVER="dummy", GPIOZERO_PIN_FACTORY="lgpio")
    assert f"the board's serial port {tmp_path / 'no-board'} does not exist" in out.stderr
    assert "tablegame simulate" in out.stderr
