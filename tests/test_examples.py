"""Issue 22, item 23: every example runs as examples/README.md says, with exit status 0,
no traceback and a result; each kind in its own folder, every file named on that page."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"
KINDS = {"headless": ["simulate", "--headless"], "carrom-ruling": ["carrom-ruling"],
         "mqtt": None}   # programs of their own: .venv/bin/python examples/mqtt/X.py


def run(*args):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock"}
    return subprocess.run([sys.executable, "-m", "table_app.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_each_kind_has_its_folder_and_nothing_lies_loose():
    assert sorted(p.name for p in EXAMPLES.iterdir() if p.is_dir()) == sorted(KINDS)
    assert [p.name for p in EXAMPLES.iterdir() if p.is_file()] == ["README.md"]


def test_the_readme_names_every_example_with_its_command():
    readme = (EXAMPLES / "README.md").read_text()
    commands = re.findall(r"^\./dev tablegame (.+?)\s*(?:#.*)?$", readme, re.M)
    named = {Path(c.split()[-1] if c.split()[-1].endswith(".json") else
                  next(w for w in c.split() if w.endswith(".json"))) for c in commands}
    files = {p.relative_to(ROOT) for kind in KINDS for p in (EXAMPLES / kind).glob("*.json")}
    assert named == files
    for command in commands:
        kind = next(w for w in command.split() if w.endswith(".json")).split("/")[1]
        assert command.startswith(" ".join(KINDS[kind])), command
    programs = set(re.findall(r"^\.venv/bin/python (examples/mqtt/\S+\.py)", readme, re.M))
    assert programs == {str(p.relative_to(ROOT)) for p in (EXAMPLES / "mqtt").glob("*.py")}


@pytest.mark.parametrize("path", sorted((EXAMPLES / "headless").glob("*.json")), ids=lambda p: p.stem)
def test_every_headless_example_plays_to_a_result(path, tmp_path):
    done = run("simulate", "--headless", str(path.relative_to(ROOT)), "--db",
               str(tmp_path / "t.sqlite"))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    result = json.loads(done.stdout)
    assert result["actions"] > 0 and result["message"]


@pytest.mark.parametrize("path", sorted((EXAMPLES / "carrom-ruling").glob("*.json")),
                         ids=lambda p: p.stem)
@pytest.mark.parametrize("language", ["de", "en"])
def test_every_carrom_position_is_ruled(path, language):
    done = run("carrom-ruling", str(path.relative_to(ROOT)), "--language", language)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.stdout.strip()


def test_a_position_run_as_a_headless_script_is_refused_in_words():
    """The mix-up the folders prevent: said in words, not a traceback."""
    done = run("simulate", "--headless", "examples/carrom-ruling/carrom-queen-cover.json")
    assert done.returncode == 2 and "script error" in done.stderr
    assert ("this is a Carrom position: tablegame carrom-ruling "
            "examples/carrom-ruling/carrom-queen-cover.json") in done.stderr
    assert "Traceback" not in done.stderr


def test_the_wled_example_flashes_the_winners_colour_on_a_real_broker(tmp_path):
    """examples/mqtt/mqtt_wled.py against a Mosquitto of the test's own: a game_won hook
    of seat 1 makes the strip amber and blink."""
    import threading
    import time
    from mqtt_broker import MISSING, Mosquitto
    if MISSING:
        done = subprocess.run([sys.executable, "examples/mqtt/mqtt_wled.py", "--help"], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and "--broker" in done.stdout
        pytest.skip(MISSING)
    import paho.mqtt.client as mqtt
    broker = Mosquitto(tmp_path / "broker").start()
    example = subprocess.Popen([sys.executable, "examples/mqtt/mqtt_wled.py", "--broker",
                                "127.0.0.1", "--port", str(broker.port)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    heard, got = [], threading.Event()
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="test-wled")

    def message(c, userdata, msg):
        heard.append((msg.topic, msg.payload.decode()))
        if len(heard) >= 2:
            got.set()
    client.on_message = message
    try:
        client.connect("127.0.0.1", broker.port, 30)
        client.subscribe("wled/bar/#")
        client.loop_start()
        deadline = time.monotonic() + 30
        while not got.is_set() and time.monotonic() < deadline:   # until the example listens
            client.publish("pubtable/v1/pub/t1/hook/game_won",
                           json.dumps({"hook": "game_won", "winner": 1}), qos=1)
            got.wait(0.5)
        assert ("wled/bar/col", "#F5C542") in heard and ("wled/bar/api", "FX=1") in heard, \
            (heard, example.stderr.read() if example.poll() is not None else "")
    finally:
        client.loop_stop()
        example.terminate()
        example.wait(10)
        broker.stop()
