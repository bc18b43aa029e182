"""Headless runs: a script of shots and presses goes through the whole table (the
virtual board on a pty, the serial link, the session and its SQLite log) and the
resulting state is printed as JSON. A misscore can so be reported as a file and
replayed. The format is in docs/headless.md."""
from __future__ import annotations

import contextlib
import importlib
import json
import os
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tablegame.core import jsoncodec
from tablegame.config import Config, setup_for
from tablegame.core.events import ButtonPress
from tablegame.texts import say
from tablegame.core.lay_out import lay_out
from tablegame.core.text_file import FileProblem, read_utf8
from tablegame.core.play import GameSetup
from tablegame.core.sensors import LinkState
from tablegame.registry import family_of, installed, playable
from table_app.headless_steps import STEPS, step_problem
from tablegame.core.step_forms import SETTLE_TIMEOUT
from tablegame.core.session import NewGame, Session, view_of
from tablegame.core.store import LogLock

KEYS = ("game", "options", "parties", "seed", "resume", "settings", "steps")


class ScriptError(ValueError):
    """A script that cannot run; the message names the step and what is wrong."""


@dataclass(frozen=True)
class Script:
    setup: GameSetup | None  # None: the configured game
    seed: int                # seeds the table's own coin toss, so a run replays exactly
    steps: tuple[dict, ...]
    resume: bool = False     # go on with the game in the log instead of a new one
    settings: tuple = ()     # (dotted key, value): what the table must be set to (dice reader)


def load_script(path: str | Path, config: Config) -> Script:
    """The script in ``path``, every step checked: ScriptError names the first problem."""
    try:
        raw = json.loads(read_utf8(path))
    except FileProblem as problem:
        raise ScriptError(f"{path}: {problem}") from None
    except json.JSONDecodeError as error:
        raise ScriptError(f"{path}: not JSON: {error}") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("steps", []), list):
        raise ScriptError(f'{path}: expected an object with a "steps" list')
    unknown = [k for k in raw if k not in KEYS]
    if unknown:
        hint = (f" (this is a Carrom position: tablegame carrom-ruling {path})"
                if "position" in unknown else "")
        raise ScriptError(f"{path}: unknown key {', '.join(map(repr, unknown))}; "
                          f"a script may have {', '.join(KEYS)}{hint}")
    settings = raw.get("settings", {})
    if not isinstance(settings, dict):
        raise ScriptError(f'{path}: "settings" is an object of settings such as '
                          f'{{"schocken.dice": "reader"}}, not {settings!r}')
    settings = tuple(sorted(settings.items()))
    config = configured(config, settings, path)
    setup = None
    if any(k in raw for k in ("game", "parties", "options")):
        base = setup_for(config, raw.get("game"))
        parties = raw.get("parties", [list(p) for p in base.parties])
        options = raw.get("options", dict(base.options))
        if not isinstance(options, dict):
            raise ScriptError(f'{path}: "options" must be an object')
        if not isinstance(parties, list) or not all(
                isinstance(p, list) and all(isinstance(n, str) for n in p) for p in parties):
            raise ScriptError(f'{path}: "parties" is a list of parties, each a list of names, '
                              f'such as [["Anna", "Carl"], ["Ben"]], not {parties!r}')
        setup = GameSetup(base.game, tuple(tuple(p) for p in parties),
                          tuple(sorted(options.items())))
    steps = all_steps()
    for i, step in enumerate(raw.get("steps", []), 1):
        problem = step_problem(step, steps)
        if problem:
            raise ScriptError(f"{path}: step {i} {json.dumps(step, ensure_ascii=False)}: {problem}")
    seed = raw.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScriptError(f'{path}: "seed" must be a whole number, not {seed!r}')
    resume = raw.get("resume", False)
    if not isinstance(resume, bool):
        raise ScriptError(f'{path}: "resume" must be true or false, not {resume!r}')
    return Script(setup, seed, tuple(raw.get("steps", [])), resume, settings)


def configured(config: Config, settings: tuple, source: str | Path = "the script") -> Config:
    """``config`` with the script's ``settings`` on top, checked as the file's are."""
    from tablegame.config import SETTINGS, ConfigError, parse
    known = {s.key for s in SETTINGS}
    unknown = [key for key, _ in settings if key not in known]
    if unknown:
        raise ScriptError(f'{source}: "settings": unknown setting {", ".join(map(repr, unknown))}')
    if not settings:
        return config
    try:
        return parse({"games": config.games, "boards": config.boards}, f'{source}: "settings"',
                     {**config.values, **dict(settings)})
    except ConfigError as error:
        raise ScriptError(str(error)) from None


def _check_for(script: Script, config: Config, play) -> None:
    """What only the table can tell, checked before anything runs, by the family whose
    step it is (a shot that starts off the board, dice steps without the dice reader)."""
    for i, step in enumerate(script.steps, 1):
        module = _script_of(step)
        problem = None if module is None else getattr(module, "check", lambda *_: None)(
            step, config, play)
        if problem:
            raise ScriptError(f"step {i} {json.dumps(step, ensure_ascii=False)}: {problem}")


def family_scripts() -> dict[str, object]:
    """Each playable family's script module (its registration's ``script``), by family."""
    return {f.name: importlib.import_module(f.script) for f in playable() if installed(f.script)}


def all_steps() -> dict:
    """The common steps (headless_steps) and every family's own, kind -> (keys, check)."""
    return {**STEPS, **{k: v for m in family_scripts().values() for k, v in m.STEPS.items()}}


def _script_of(step: dict):
    """The script module of the family whose step ``step`` is; None for a common one."""
    return next((m for m in family_scripts().values() if any(k in step for k in m.STEPS)), None)


def _session(script: Script, config: Config, store: str) -> Session:
    """The table's session on ``store``, playing the script's game (or resuming the log's),
    whose family the runner can play; ScriptError says why not."""
    from table_app.service import open_session
    session = open_session(config, store, rng=random.Random(script.seed))
    if not script.resume:
        wanted = script.setup or setup_for(config)
        session.handle(NewGame(wanted))
        if session.status.setup != wanted:  # refused: say why instead of playing another game
            session.close()
            raise ScriptError(say(config["table.language"], session.status.note))
    if family_of(session.status.setup.game).name not in family_scripts():
        session.close()
        raise ScriptError(f"the headless runner cannot play {session.status.setup.game} yet")
    return session


def run_script(script: Script, config: Config, store: str | Path | None = None,
               look: Callable[[Session], None] | None = None) -> dict:
    """Run ``script`` against a fresh game on the virtual board (or the camera board over
    the rendered table: ``board.kind = "camera"``); the result as data.
    ``look`` sees the session once every step has settled (a test draws its screen)."""
    from firmware_bridge.link import BoardLink
    from firmware_bridge.board_memory import BoardMemory
    from firmware_bridge.virtual_board import Fault, VirtualBoard
    from tablegame.config import play_settings
    from tablegame.core.games import make_play

    config = configured(config, script.settings)
    if not script.resume:
        try:
            play = make_play(script.setup or setup_for(config), play_settings(config))
        except ValueError:
            play = None   # the session refuses that game below, and says why
        _check_for(script, config, play)
    with contextlib.ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="tablegame-"))
        kept = store is not None
        store = store or os.path.join(folder, "table.sqlite")
        held = LogLock(store)   # as a table holds its log: none other writes into it meanwhile
        stack.callback(held.release)
        session = _session(script, config, store)
        family = family_of(session.status.setup.game)
        world = family_scripts()[family.name].world(session, config)
        laid = lay_out(world, session.status)    # resumed: the board as the game left it
        memory = BoardMemory.beside(store)
        if script.resume:   # and as the board itself last showed it (board_memory)
            world.put_back(memory.recall())
        try:
            board = _board(config, session, world, os.path.join(folder, "board"), memory, VirtualBoard)
        except ScriptError:
            session.close()
            raise
        link = BoardLink(board.port, session.post, heartbeat=0.2, post_event=session.post)
        board.start()
        link.start()
        try:
            # up, and the board's answer to the link's first REQUEST_SNAPSHOT handled (a
            # script of no steps, a resumed game, reports the board as it was then)
            _wait(session, board, lambda: _operational(session) and board.stats.snapshot_requests,
                  "the link to come up")
            for i, step in enumerate(script.steps, 1):
                _do(step, i, session, board, world, config, Fault)
                _wait(session, board, lambda: True, f"step {i} to settle")
                laid = lay_out(world, session.status, board, laid)   # after an undo
                _wait(session, board, lambda: True, f"step {i} to settle")
                if board.failures:
                    raise ScriptError(f"step {i}: the simulated board failed: {board.failures[0]}")
            if look is not None:
                look(session)
            return result(session, config["table.language"], store if kept else None)
        finally:
            link.close()
            board.close()
            session.close()


def _board(config: Config, session: Session, world, path: str, memory, VirtualBoard):
    """The virtual board, or with ``board.kind = "camera"`` (simulate --board camera) the
    camera board reading the world drawn by the renderer (docs/camera.md)."""
    if config["board.kind"] != "camera":
        return VirtualBoard(world, link_path=path, realtime=False, memory=memory)
    from camera_board.service import CameraBoardError, game_of
    from camera_sim.rendered import open_rendered_board
    try:
        game = game_of(getattr(session.play, "board", None), session.status.setup.game)
        return open_rendered_board(config, world, os.path.dirname(path), game, realtime=False, memory=memory)
    except CameraBoardError as error:
        raise ScriptError(str(error)) from None


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
    """A step of one family's own (a shot, a roll, dice, a stroke), done by its script."""
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
    """Let the session work until the board is idle (every settled reading handled,
    every check beside the writer reported) and ``done()`` holds."""
    deadline = time.monotonic() + SETTLE_TIMEOUT
    drawn = getattr(board, "drawn", None)
    while time.monotonic() < deadline:
        session.process(timeout=0.01)
        if board.wait_idle(0) and session.idle and done():
            session.process()
            return
        if getattr(board, "drawn", None) != drawn:   # a camera board still drawing the shot: working
            drawn, deadline = board.drawn, time.monotonic() + SETTLE_TIMEOUT
    raise ScriptError(f"timed out waiting for {what}")


def result(session: Session, language: str, store) -> dict:
    status = session.status
    rules = session.play.rules
    outcome = rules.outcome(status.state)
    # what the screen replays of the last move (Shove's last shove), as it draws it
    replay = getattr(view_of(session.play, status, language), "replay", None)
    return {
        "setup": jsoncodec.to_data(status.setup),
        "state": jsoncodec.to_data(status.state),
        "outcome": None if outcome is None else {"winner": outcome.winner,
                                                 "reason": outcome.reason},
        "message": say(language, status.note),
        "problem": say(language, status.problem) or None,
        "actions": status.actions,
        "replay": None if replay is None else jsoncodec.to_data(replay),
        "log": None if store is None else str(store),
    }
