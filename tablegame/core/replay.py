"""A logged game folded through its rules again, for the history: the result and each
event in words. Computed from the log every time, never stored twice."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tablegame.core import jsoncodec
from tablegame.core.rules import Outcome
from tablegame.core.history import LoggedGame
from tablegame.texts import TEXTS, say, text
from tablegame.words.notes import Note
from tablegame.core.play import GameSetup, Play
from tablegame.core.store import UNDO


@dataclass(frozen=True)
class Replayed:
    setup: GameSetup | None
    outcome: Outcome | None
    lines: tuple[tuple[float, str, str], ...]   # (at, by, what happened in words)
    problem: str = ""                           # why the log no longer replays, if it does not
    results: tuple[tuple[float, Outcome], ...] = ()  # every game finished on the line of play
    played: tuple = ()       # the actions on the line of play (undone ones left out), in order:
    # applied to a fresh game they give the game's last state (the page resumes a game so)
    # (when, how): a Schocken sheet finishes many games, a Shove game one; an undone end is
    # not among them


def replay(game: LoggedGame, make_play: Callable[[GameSetup], Play], language: str) -> Replayed:
    try:
        setup = jsoncodec.from_data(GameSetup, game.setup_data)
        play = make_play(setup)
        states = [play.rules.initial_state(setup.parties)]
        times = [game.started]   # when each state began
        played: list = []
    except ValueError as error:
        return Replayed(None, None, (), f"entry {game.seq}: {error}")
    lines = [(game.started, game.entries[0].by, say(language, Note.of("new_game")))]
    for entry in game.entries[1:]:
        try:
            if entry.kind == UNDO:
                if len(states) > 1:
                    states.pop()
                    times.pop()
                    played.pop()
                lines.append((entry.at, entry.by, say(language, Note.of("undone"))))
                continue
            action = jsoncodec.action_from_data(play.rules.action_types, entry.data)
            before = states[-1]
            states.append(play.rules.apply(before, action))
            times.append(entry.at)
            played.append(action)
            note = play.describe(before, states[-1], action)
            lines.append((entry.at, entry.by, say(language, note) or _unsaid(language, action)))
        except ValueError as error:
            return Replayed(setup, None, tuple(lines), f"entry {entry.seq}: {error}",
                            _results(play, states, times))
    return Replayed(setup, play.rules.outcome(states[-1]), tuple(lines),
                    results=_results(play, states, times), played=tuple(played))


def _unsaid(language: str, action) -> str:
    """An action the screen does not describe (Shove's clearing keeps the turn's result on
    screen), in the history's words: the family's ``history_<action>`` text, else a
    generic one; never the bare class name."""
    key = f"history_{type(action).__name__.lower()}"
    if key in TEXTS.get(language, {}) or key in TEXTS["en"]:
        return text(language, key)
    return text(language, "history_action", name=type(action).__name__)


def _results(play: Play, states: list, times: list[float]) -> tuple[tuple[float, Outcome], ...]:
    """Each step along the line of play where a game came to an end."""
    outcomes = [play.rules.outcome(state) for state in states]
    return tuple((times[i], outcomes[i]) for i in range(1, len(states))
                 if outcomes[i] is not None and outcomes[i - 1] is None)
