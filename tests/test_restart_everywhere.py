"""Issue 22, item 2: a restart between any two steps of a scripted game, in every family,
resumes exactly: the same state, the same screen, no action invented, no banner. Each
example game in examples/headless/ is played to each of its steps, the table restarted
there (a new run on the same log, as after a kill), and compared with the run before."""
import dataclasses
import os
from pathlib import Path

import pygame
import pytest

from tablegame.display import Display
from table_app.headless import load_script, run_script
from tablegame.config import load
from tablegame.registry import family_of, playable
from tablegame.words.notes import Note

EXAMPLES = sorted((Path(__file__).parent.parent / "examples" / "headless").glob("*.json"))


@pytest.fixture(scope="module")
def display():
    with Display((800, 480)) as shown:
        yield shown


def seen(display):
    """What a run left: its state, counts and problem, and its screen drawn (with one
    note for all: the last event's words differ after a restart by design, "resumed")."""
    taken = {}

    def look(session):
        status = session.status
        display.show(session.play.view(dataclasses.replace(status, note=Note.of("resumed")), "en"))
        taken.update(state=status.state, actions=status.actions, problem=status.problem,
                     note=status.note, screen=pygame.image.tobytes(display.surface, "RGB"))
    return taken, look


def test_there_is_an_example_for_every_family():
    config = load(None)
    games = {load_script(path, config).setup.game for path in EXAMPLES}
    assert {family_of(game).name for game in games} == {f.name for f in playable()}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_restart_after_every_step_resumes_the_same_state_and_screen(path, tmp_path, display):
    config = load(None, {"table.language": "en",
                         "neunfeld.solver_cache": str(tmp_path / "neunfeld.bin")})
    script = load_script(path, config)
    for i in range(len(script.steps) + 1):
        db = tmp_path / f"table-{i}.sqlite"     # the game to step i in one run, then a restart
        before, look_before = seen(display)
        run_script(dataclasses.replace(script, steps=script.steps[:i]), config, db, look_before)
        after, look_after = seen(display)
        run_script(dataclasses.replace(script, steps=(), resume=True), config, db, look_after)
        where = f"restarted after step {i} of {path.name}"
        assert after["state"] == before["state"], where
        assert after["actions"] == before["actions"], where           # nothing invented
        # no banner invented; a board the referee refused (a die showing 7, a man put back
        # outside the circle) still lies there after the restart, and is refused again
        assert after["problem"] == before["problem"], where
        # The one thing a restart forgets by design: which choice a short BACK highlighted
        # (it starts at the first, the safe one, after every change: "OK alone never takes
        # the Deckel"); every other screen is the same.
        if not (i and script.steps[i - 1] == {"press": "back"}):
            assert after["screen"] == before["screen"], where
        if before["actions"]:   # "resumed", or what the board showed said again (a die tipped)
            assert after["note"] in (Note.of("resumed"), before["note"]), where
