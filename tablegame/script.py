"""Headless runs: a script of shots and presses goes through the whole table (the
virtual board on a pty, the serial link, the session and its SQLite log) and the
resulting state is printed as JSON. A misscore can so be reported as a file and
replayed. The format is in docs/headless.md."""
from __future__ import annotations

import importlib
import json
import os
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablegame import jsoncodec
from tablegame.config import Config, setup_for
from tablegame.events import ButtonPress
from tablegame.i18n import say
from tablegame.play.base import GameSetup
from tablegame.sensors import LinkState
from tablegame.families import family_of, installed, playable
from tablegame.session import NewGame, Session

COMMON_STEPS = ("press", "fault", "unplug")   # every game's; the families' own come from their script
SETTLE_TIMEOUT = 10.0  # s: a step that the table has not taken in this time is an error


class ScriptError(ValueError):
    """A script that cannot run; the message names the step and what is wrong."""


@dataclass(frozen=True)
class Script:
    setup: GameSetup | None  # None: the configured game
    seed: int                # seeds the table's own coin toss, so a run replays exactly
    steps: tuple[dict, ...]
    resume: bool = False     # go on with the game in the log instead of a new one


def load_script(path: str | Path, config: Config) -> Script:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ScriptError(f"{path}: {error}") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("steps", []), list):
        raise ScriptError(f'{path}: expected an object with a "steps" list')
    setup = None
    if any(k in raw for k in ("game", "parties", "options")):
        base = setup_for(config, raw.get("game"))
        parties = raw.get("parties", [list(p) for p in base.parties])
        options = raw.get("options", dict(base.options))
        if not isinstance(options, dict):
            raise ScriptError(f'{path}: "options" must be an object')
        setup = GameSetup(base.game, tuple(tuple(p) for p in parties),
                          tuple(sorted(options.items())))
    kinds = step_kinds()
    for i, step in enumerate(raw.get("steps", []), 1):
        if len([k for k in kinds if isinstance(step, dict) and k in step]) != 1:
            raise ScriptError(f"{path}: step {i} must have exactly one of "
                              f"{', '.join(kinds)}: {step!r}")
    seed = raw.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScriptError(f'{path}: "seed" must be a whole number, not {seed!r}')
    return Script(setup, seed, tuple(raw.get("steps", [])), bool(raw.get("resume", False)))


def family_scripts() -> dict[str, object]:
    """Each playable family's script module (its registration's ``script``), by family."""
    return {f.name: importlib.import_module(f.script) for f in playable() if installed(f.script)}


def step_kinds() -> tuple[str, ...]:
    return COMMON_STEPS + tuple(k for m in family_scripts().values() for k in m.STEPS)


def run_script(script: Script, config: Config, store: str | Path | None = None) -> dict:
    """Run ``script`` against a fresh game on the virtual board; the result as data."""
    from firmware_bridge.link import BoardLink
    from firmware_bridge.virtual_board import Fault, VirtualBoard
    from tablegame.service import open_session

    with tempfile.TemporaryDirectory(prefix="tablegame-") as folder:
        kept = store is not None
        store = store or os.path.join(folder, "table.sqlite")
        session = open_session(config, store, rng=random.Random(script.seed))
        if not script.resume:
            wanted = script.setup or setup_for(config)
            session.handle(NewGame(wanted))
            if session.status.setup != wanted:  # refused: say why instead of playing another game
                session.close()
                raise ScriptError(say(config["table.language"], session.status.note))
        family = family_of(session.status.setup.game)
        if family.name not in family_scripts():
            session.close()
            raise ScriptError(f"the headless runner cannot play {session.status.setup.game} yet")
        world = family_scripts()[family.name].world(session, config)
        board = VirtualBoard(world, link_path=os.path.join(folder, "board"), realtime=False)
        link = BoardLink(board.port, session.post, heartbeat=0.2)
        board.start()
        link.start()
        try:
            _wait(session, board, lambda: _operational(session), "the link to come up")
            for i, step in enumerate(script.steps, 1):
                _do(step, i, session, board, world, config, Fault)
                _wait(session, board, lambda: True, f"step {i} to settle")
            return result(session, config["table.language"], store if kept else None)
        finally:
            link.close()
            board.close()
            session.close()


def _do(step: dict, i: int, session: Session, board, world, config: Config, Fault) -> None:
    if "press" in step:
        session.handle(ButtonPress(str(step["press"]), bool(step.get("long", False))))
    elif "fault" in step:
        try:
            board.inject(Fault[str(step["fault"]).upper()], **step.get("params", {}))
        except KeyError:
            raise ScriptError(f"step {i}: unknown fault {step['fault']!r}; known: "
                              f"{', '.join(f.name.lower() for f in Fault)}") from None
    elif "unplug" in step:
        board.unplug()
        time.sleep(float(step["unplug"]))
        board.replug()
        _wait(session, board, lambda: _operational(session), f"step {i}: the link to return")
    else:
        _family_step(step, i, session, board, world, config)


def _family_step(step: dict, i: int, session: Session, board, world, config: Config) -> None:
    """A step of one family's own (a shot, a roll, dice), done by that family's script."""
    game = session.status.setup.game
    for name, script in family_scripts().items():
        if any(kind in step for kind in script.STEPS):
            if name != family_of(game).name:
                raise ScriptError(f"step {i}: {step!r} is a {name.capitalize()} step, "
                                  f"but the game is {game}")
            script.step(step, i, session, board, world, config, ScriptError)
            return


def _operational(session: Session) -> bool:
    link = session.status.link
    return link is not None and link.state is LinkState.OPERATIONAL


def _wait(session: Session, board, done, what: str) -> None:
    """Let the session work until the board is idle (every settled reading handled)
    and ``done()`` holds."""
    deadline = time.monotonic() + SETTLE_TIMEOUT
    while time.monotonic() < deadline:
        session.process(timeout=0.01)
        if board.wait_idle(0) and done():
            session.process()
            return
    raise ScriptError(f"timed out waiting for {what}")


def result(session: Session, language: str, store) -> dict:
    status = session.status
    rules = session.play.rules
    outcome = rules.outcome(status.state)
    return {
        "setup": jsoncodec.to_data(status.setup),
        "state": jsoncodec.to_data(status.state),
        "outcome": None if outcome is None else {"winner": outcome.winner,
                                                 "reason": outcome.reason},
        "message": say(language, status.note),
        "problem": say(language, status.problem) or None,
        "actions": status.actions,
        "log": None if store is None else str(store),
    }
