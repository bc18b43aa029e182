"""A Carrom position written down, and strokes and fouls applied to it without physics:
a disputed ruling at the table can be replayed (``tablegame carrom-ruling FILE.json``,
format in docs/carrom-positions.md). Bad input names the step or key and what is
wrong, as a PositionError; nothing is applied."""
from __future__ import annotations

import json
import os
import sys
import typing
from pathlib import Path
from typing import Any

from tablegame.core import jsoncodec
from tablegame.core.rules import IllegalAction
from tablegame.families.carrom.rules import CarromRules
from tablegame.families.carrom.ruling import ruling_notes
from tablegame.families.carrom.state import (
    MEN, QUEEN_ON_BOARD, QUEEN_PENDING, QUEEN_STATES, BoardState, CarromState, CoinToss,
    FoulDuringTurn, LeftSeat, Placed, Stroke, TechnicalFoul,
)
from tablegame.texts import LANGUAGES, say

RULES = CarromRules()
TOP_KEYS = {"players", "position", "steps", "language"}
POSITION_KEYS = {"men", "white", "queen", "queen_by", "owed", "pocketed_own", "break_made",
                 "attempts", "breaker", "first_stroke", "scores", "boards_played", "turn"}
STEPS = {"stroke": Stroke, "technical_foul": TechnicalFoul, "foul_during_turn": FoulDuringTurn,
         "left_seat": LeftSeat, "coin_toss": CoinToss, "placed": Placed}


class PositionError(ValueError):
    """What is wrong with a position file, naming the key or step."""


def run_file(path: str | Path, language: str | None = None) -> dict:
    """Load ``path``, apply its steps, and return the rulings and the final state as data."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise PositionError(f"cannot read {path}: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise PositionError(f"{path} is not JSON: {error}") from None
    return run(data, language)


def run(data: Any, language: str | None = None) -> dict:
    state, steps, file_language = load(data)
    language = language or file_language
    done = []
    for number, action in enumerate(steps, 1):
        placed_first = bool(state.to_place) and not isinstance(action, Placed)
        try:
            if placed_first:  # without a board to watch, what goes back is put back at once
                state = RULES.apply(state, Placed())
            state = RULES.apply(state, action)
        except IllegalAction as refused:
            reason = say(language, refused.note) if refused.note else str(refused)
            raise PositionError(f"step {number}: refused: {reason}") from None
        done.append({"step": number, "action": jsoncodec.action_to_data(action),
                     "placed_first": placed_first,
                     "says": [say(language, note) for note in ruling_notes(state)],
                     "ruling": jsoncodec.to_data(state.ruling),
                     "to_place": jsoncodec.to_data(state.to_place)})
    outcome = RULES.outcome(state)
    return {"steps": done, "state": jsoncodec.to_data(state),
            "outcome": None if outcome is None else
            {"winner": outcome.winner, "party": state.party_name(outcome.winner),
             "reason": outcome.reason}}


def load(data: Any) -> tuple[CarromState, list, str]:
    """The state, the actions and the language a position file describes."""
    _check_keys(data, TOP_KEYS, "the file")
    language = data.get("language", "de")
    if language not in LANGUAGES:
        raise PositionError(f"language: {language!r} is not one of {', '.join(LANGUAGES)}")
    players = _players(data.get("players", [["A"], ["B"]]))
    state = _state(players, data.get("position", {}))
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        raise PositionError("steps: expected a list of steps")
    return state, [_step(step, f"step {n}") for n, step in enumerate(steps, 1)], language


def _players(players: Any) -> tuple[tuple[str, ...], ...]:
    if (not isinstance(players, list) or len(players) != 2
            or any(not isinstance(p, list) or len(p) not in (1, 2) for p in players)
            or len(players[0]) != len(players[1])):
        raise PositionError('players: expected two sides of one or two names each, '
                            'e.g. [["Anna"], ["Ben"]] or [["Anna", "Carl"], ["Ben", "Dora"]]')
    for side in players:
        for name in side:
            if not isinstance(name, str) or not name.strip():
                raise PositionError(f"players: {name!r} is not a name")
    return tuple(tuple(p) for p in players)


def _state(players: tuple[tuple[str, ...], ...], p: Any) -> CarromState:
    _check_keys(p, POSITION_KEYS, "position")
    men_data = p.get("men", {})
    _check_keys(men_data, {"white", "black"}, "position.men")
    men = tuple(_int(men_data.get(c, MEN), f"position.men.{c}", 0, MEN, "men, but a colour has 9")
                for c in ("white", "black"))
    white = _int(p.get("white", 0), "position.white", 0, 1, "is no side (0 or 1)")
    queen = p.get("queen", QUEEN_ON_BOARD)
    if queen not in QUEEN_STATES:
        raise PositionError(f"position.queen: {queen!r} is not one of {', '.join(QUEEN_STATES)}")
    queen_by = p.get("queen_by")
    if (queen == QUEEN_ON_BOARD) != (queen_by is None):
        raise PositionError("position.queen_by: the side that pocketed the queen is given "
                            "exactly when she is pending or covered")
    if queen_by is not None:
        _int(queen_by, "position.queen_by", 0, 1, "is no side (0 or 1)")
    seats = 2 * len(players[0])
    board = BoardState(
        men=men, white_side=white, queen=queen, queen_side=queen_by,
        owed=_pair(p, "owed", (0, 0), int), pocketed_own=_pair(p, "pocketed_own", (False, False), bool),
        break_made=_bool(p.get("break_made", True), "position.break_made"),
        attempts=_int(p.get("attempts", 0), "position.attempts", 0, 2, "failed attempts; the third "
                      "passes the break"),
        breaker=_int(p.get("breaker", white), "position.breaker", 0, 1, "is no side (0 or 1)"),
        first_stroke=_bool(p.get("first_stroke", True), "position.first_stroke"))
    state = CarromState(players, board, seat=_int(p.get("turn", 0), "position.turn", 0, seats - 1,
                                                   f"is no seat (0 to {seats - 1})"),
                        scores=_pair(p, "scores", (0, 0), int),
                        boards_played=_int(p.get("boards_played", 0), "position.boards_played",
                                           0, 99, "boards"))
    _check_possible(state)
    return state


def _check_possible(state: CarromState) -> None:
    board = state.board
    if 0 in board.men:
        raise PositionError("position.men: a colour with no men on the board has won the board")
    for side in (0, 1):
        colour = board.colour(side)
        if board.owed[side] and board.men[colour] < MEN:
            raise PositionError(f"position.owed: side {side} owes dues but has men in the pockets: "
                                "they would have been taken out")
    if board.queen == QUEEN_PENDING and board.queen_side != state.side:
        raise PositionError("position.queen: a pending queen awaits the cover of the side on turn")
    if board.queen == QUEEN_PENDING and board.first_stroke:
        raise PositionError("position.first_stroke: the queen was pocketed in this turn, so the "
                            "next stroke is not its first")
    if not board.break_made and (board.men != (MEN, MEN) or board.queen != QUEEN_ON_BOARD):
        raise PositionError("position.break_made: before the break every piece is on the board")
    if state.side != board.breaker and not board.break_made:
        raise PositionError("position.turn: before the break the breaker is on turn")
    if max(state.scores) >= 25:
        raise PositionError("position.scores: 25 points end the game")


def _step(step: Any, where: str):
    if not isinstance(step, dict) or len(step) != 1 or next(iter(step)) not in STEPS:
        raise PositionError(f"{where}: expected one of {', '.join(f'{{{k!r}: {{...}}}}' for k in STEPS)}")
    (name, values), = step.items()
    kind = STEPS[name]
    if values is None or values is True:
        values = {}
    hints = typing.get_type_hints(kind)
    _check_keys(values, set(hints), f"{where}.{name}")
    checked = {}
    for key, value in values.items():
        try:
            checked[key] = jsoncodec.from_data(hints[key], value)
        except ValueError:
            kind_words = "true or false" if hints[key] is bool else "a whole number"
            raise PositionError(f"{where}.{name}.{key}: expected {kind_words}, got {value!r}") from None
    return kind(**checked)


def _check_keys(data: Any, known: set[str], where: str) -> None:
    if not isinstance(data, dict):
        raise PositionError(f"{where}: expected an object with keys {', '.join(sorted(known))}")
    unknown = sorted(set(data) - known)
    if unknown:
        raise PositionError(f"{where}: unknown key {unknown[0]!r}; known: {', '.join(sorted(known))}")


def _int(value: Any, where: str, low: int, high: int, words: str) -> int:
    if type(value) is not int:
        raise PositionError(f"{where}: expected a whole number, got {value!r}")
    if not low <= value <= high:
        raise PositionError(f"{where}: {value} {words}")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise PositionError(f"{where}: expected true or false, got {value!r}")
    return value


def _pair(p: dict, key: str, default: tuple, kind: type) -> tuple:
    value = p.get(key, list(default))
    if not isinstance(value, list) or len(value) != 2:
        raise PositionError(f"position.{key}: expected two values, one per side, got {value!r}")
    if kind is bool:
        return tuple(_bool(v, f"position.{key}[{i}]") for i, v in enumerate(value))
    return tuple(_int(v, f"position.{key}[{i}]", 0, 99, "is out of range") for i, v in
                 enumerate(value))


def command(args) -> int:
    """``tablegame carrom-ruling FILE.json [--language]``: the rulings as JSON on stdout."""
    try:
        result = run_file(args.path, args.language)
    except PositionError as error:
        print(f"{args.path}: {error}", file=sys.stderr)
        return 2
    try:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (e.g. head) stopped early: no traceback at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
