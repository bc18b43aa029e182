"""Neunfeld: two pieces cross a 1x9 board; Miwin's dice forbid squares (docs/rules.md section 3).

Party 0 (A) starts off the board at 0 and must land on 9; party 1 (B) starts at 10
and must land on 1. The players roll all three dice in turn, A first, until a roll
shows a 5; that roller begins with the dice as rolled. A turn is one
``TipAndMove``: tip one die you hold to a neighbouring face, keep it, pass the
others, and move your piece 1, 2 or 3 squares to a square that no die top and no
piece occupies. Every reason for an illegal action is a Note (its texts live in
``tablegame.families.neunfeld.texts``); the messages are their German texts, as the table speaks."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar, Sequence

from tablegame.core.rules import IllegalAction, Outcome, Rules
from tablegame.families.neunfeld.dice import DICE, die_index
from tablegame.texts import say
from tablegame.words.grammar import party_name
from tablegame.words.notes import Note
from tablegame.families.neunfeld.texts import refused

# Bump whenever a rule changes what is legal: solver caches built for another version are rebuilt.
RULES_VERSION = 1

FIRST_SQUARE, LAST_SQUARE = 1, 9
START_SQUARES = (0, 10)  # off the board, before square 1 and after square 9
GOALS = (9, 1)
MAX_STEP = 3
REPETITIONS_FOR_DRAW = 3


@dataclass(frozen=True)
class Roll:
    """The start roll of all three dice: the faces up on III, IV and V."""

    tops: tuple[int, int, int]


@dataclass(frozen=True)
class TipAndMove:
    """One turn: tip die ``die`` (3, 4 or 5 for III, IV, V) to ``top``, move the piece to ``to``."""

    die: int
    top: int
    to: int


@dataclass(frozen=True)
class TakeBack:
    """A staff correction: the game goes back to how it stood after move ``move``
    (0: the start position, as rolled). Allowed after the end too: a game ended by a
    move the table misread is taken back like any other."""

    move: int


@dataclass(frozen=True)
class Position:
    """Everything the rules look at; the same Position three times is a draw."""

    squares: tuple[int, int]  # A's piece, B's piece (0 and 10 are the start, off the board)
    tops: tuple[int, int, int]  # faces up on dice III, IV, V
    holders: tuple[int, int, int]  # the party each die lies in front of
    to_move: int  # the party to tip and move


@dataclass(frozen=True)
class NeunfeldState:
    players: tuple[tuple[str, ...], ...]
    position: Position | None = None  # None while rolling for the start
    roller: int = 0  # who rolls next while position is None
    last_roll: tuple[int, int, int] | None = None  # the latest roll without a 5, for the display
    history: tuple[Position, ...] = ()  # every position since the start, the current one last

    @property
    def started(self) -> bool:
        return self.position is not None

    @property
    def to_move(self) -> int:
        """The party whose turn it is: to roll during the start, else to tip and move."""
        return self.roller if self.position is None else self.position.to_move

    def party_name(self, party: int) -> str:
        return party_name(self.players[party]) or "AB"[party]


def _squares_between(a: int, b: int) -> int:
    return abs(a - b)


def _on_board(square: int) -> bool:
    return FIRST_SQUARE <= square <= LAST_SQUARE


def strict_conflict(squares: tuple[int, int]) -> bool:
    """Rule 5: both pieces on the board, A's below B's, on neighbouring squares."""
    a, b = squares
    return _on_board(a) and _on_board(b) and b - a == 1


def position_after(position: Position, action: TipAndMove) -> Position:
    """The position a tip-and-move leads to, without checking that it is legal."""
    mover = position.to_move
    i = die_index(action.die)
    tops = tuple(action.top if k == i else t for k, t in enumerate(position.tops))
    holders = tuple(mover if k == i else 1 - mover for k in range(3))
    squares = tuple(action.to if p == mover else s for p, s in enumerate(position.squares))
    return Position(squares, tops, holders, 1 - mover)  # type: ignore[arg-type]


def describe_action(state: NeunfeldState, action: Roll | TipAndMove) -> str:
    """The action in words, for the hint and the log: "Würfel III (blau) von 1 auf 7 kippen, nach Feld 3"."""
    if isinstance(action, Roll):
        return "Wurf: " + ", ".join(f"{die.name} {top}" for die, top in zip(DICE, action.tops))
    i = die_index(action.die)
    if i is None or state.position is None:
        return f"Würfel {action.die} auf {action.top} kippen, nach Feld {action.to}"
    return f"{DICE[i].label} von {state.position.tops[i]} auf {action.top} kippen, nach Feld {action.to}"


def _refused(reason: Note) -> IllegalAction:
    return IllegalAction.because(reason, "de")


class NeunfeldRules(Rules):
    name = "neunfeld"
    state_type = NeunfeldState
    action_types = (Roll, TipAndMove, TakeBack)
    min_parties = max_parties = 2
    max_actions = 1000  # random games last about 30 actions; the longest of 4000 took 147

    OPTIONS: ClassVar[dict[str, bool]] = {"strict": False}

    def __init__(self, **options: bool) -> None:
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            raise ValueError(f"unknown Neunfeld option {unknown[0]!r}; known: {', '.join(self.OPTIONS)}")
        settings = {**self.OPTIONS, **options}
        if not isinstance(settings["strict"], bool):
            raise ValueError(f"option 'strict' must be True or False, not {settings['strict']!r}")
        self.strict: bool = settings["strict"]

    @property
    def options(self) -> dict[str, bool]:
        return {"strict": self.strict}

    # -- the interface -----------------------------------------------------------------

    def initial_state(self, parties: Sequence[Sequence[str]]) -> NeunfeldState:
        if len(parties) != 2:
            raise ValueError(refused("parties", count=len(parties)))
        return NeunfeldState(players=tuple(tuple(p) for p in parties))

    def apply(self, state: NeunfeldState, action: object) -> NeunfeldState:
        if isinstance(action, TakeBack):
            return self._take_back(state, action)
        self._check_not_over(state)
        if isinstance(action, Roll):
            return self._roll(state, action)
        if isinstance(action, TipAndMove):
            return self._tip_and_move(state, action)
        raise _refused(Note.of("nf_not_an_action", action=repr(action)))

    def outcome(self, state: NeunfeldState) -> Outcome | None:
        ended = self._ending(state)
        return None if ended is None else Outcome(ended[0], say("de", ended[1]), ended[1])

    def _ending(self, state: NeunfeldState) -> tuple[int | None, Note] | None:
        """The winner (None: a draw) and why, once the game is over."""
        pos = state.position
        if pos is None:
            return None
        for party in (0, 1):
            if pos.squares[party] == GOALS[party]:
                return party, Note.of("nf_outcome_goal", party=state.party_name(party), goal=GOALS[party])
        if state.history.count(pos) >= REPETITIONS_FOR_DRAW:
            return None, Note.of("nf_outcome_repetition")
        if not self._moves(pos):
            loser = pos.to_move
            return 1 - loser, Note.of("nf_outcome_stuck", party=state.party_name(loser))
        return None

    def _check_not_over(self, state: NeunfeldState) -> None:
        ended = self._ending(state)
        if ended is not None:
            raise _refused(Note.of("nf_game_over", outcome=ended[1]))

    def legal_actions(self, state: NeunfeldState) -> list[Roll] | list[TipAndMove]:
        pos = state.position
        if pos is None:
            return [Roll((x, y, z)) for x in DICE[0].faces for y in DICE[1].faces for z in DICE[2].faces]
        if pos.squares[0] == GOALS[0] or pos.squares[1] == GOALS[1] \
                or state.history.count(pos) >= REPETITIONS_FOR_DRAW:
            return []
        return self._moves(pos)  # none when the mover is stuck (the game is over then too)

    def random_action(self, state: NeunfeldState, rng: random.Random) -> Roll | TipAndMove:
        if state.position is None:
            return Roll(tuple(rng.choice(die.faces) for die in DICE))  # type: ignore[arg-type]
        self._check_not_over(state)
        return rng.choice(self.legal_actions(state))

    # -- the start -----------------------------------------------------------------------

    def _roll(self, state: NeunfeldState, action: Roll) -> NeunfeldState:
        if state.position is not None:
            raise _refused(Note.of("nf_already_started"))
        tops = tuple(action.tops)
        if len(tops) != 3:
            raise _refused(Note.of("nf_roll_count", count=len(tops)))
        for die, top in zip(DICE, tops):
            if top not in die.faces:
                raise _refused(Note.of("nf_no_such_face", die=die.number, face=top, faces=die.faces))
        roller = state.roller
        if 5 not in tops:
            return replace(state, roller=1 - roller, last_roll=tops)
        start = Position(START_SQUARES, tops, (roller, roller, roller), roller)  # type: ignore[arg-type]
        return replace(state, position=start, last_roll=None, history=(start,))

    # -- a correction ----------------------------------------------------------------------

    def _take_back(self, state: NeunfeldState, action: TakeBack) -> NeunfeldState:
        played = len(state.history) - 1   # history[k] is the position after move k
        if state.position is None:
            raise _refused(Note.of("nf_takeback_not_started", party=state.party_name(state.roller)))
        if played == 0:
            raise _refused(Note.of("nf_takeback_nothing"))
        if type(action.move) is not int or not 0 <= action.move < played:
            raise _refused(Note.of("nf_takeback_range", move=action.move, last=played - 1,
                                   played=played))
        return replace(state, position=state.history[action.move],
                       history=state.history[:action.move + 1])

    # -- a turn --------------------------------------------------------------------------

    def _tip_and_move(self, state: NeunfeldState, action: TipAndMove) -> NeunfeldState:
        pos = state.position
        if pos is None:
            raise _refused(Note.of("nf_still_rolling", party=state.party_name(state.roller)))
        problem = self._tip_problem(state, action) or self._move_problem(state, action)
        if problem:
            raise _refused(problem)
        after = position_after(pos, action)
        return replace(state, position=after, history=state.history + (after,))

    def _tip_problem(self, state: NeunfeldState, action: TipAndMove) -> Note | None:
        pos = state.position
        assert pos is not None
        i = die_index(action.die)
        if i is None:
            return Note.of("nf_no_such_die", die=action.die)
        die, mover = DICE[i], pos.to_move
        if pos.holders[i] != mover:
            return Note.of("nf_die_not_held", die=die.number, party=state.party_name(mover),
                           other=state.party_name(1 - mover))
        top = pos.tops[i]
        if action.top not in die.faces:
            return Note.of("nf_no_such_face", die=die.number, face=action.top, faces=die.faces)
        if action.top == top:
            return Note.of("nf_same_top", die=die.number, top=top)
        if action.top == die.opposite(top):
            return Note.of("nf_opposite_face", die=die.number, old=top, top=action.top)
        return None

    def _move_problem(self, state: NeunfeldState, action: TipAndMove) -> Note | None:
        pos = state.position
        assert pos is not None
        mover = pos.to_move
        here, there, to = pos.squares[mover], pos.squares[1 - mover], action.to
        if to == here:
            return Note.of("nf_must_move", square=here)
        if not _on_board(to):
            return Note.of("nf_off_board", square=to, first=FIRST_SQUARE, last=LAST_SQUARE)
        if _squares_between(here, to) > MAX_STEP:
            return Note.of("nf_too_far", square=here, to=to, distance=_squares_between(here, to))
        if to == there:
            return Note.of("nf_square_taken", square=to, party=state.party_name(1 - mover))
        i = die_index(action.die)
        tops = tuple(action.top if k == i else t for k, t in enumerate(pos.tops))
        blockers = tuple(die.number for die, top in zip(DICE, tops) if top == to)
        if blockers:
            return Note.of("nf_square_blocked", square=to, dice=blockers)
        squares = (to, there) if mover == 0 else (there, to)
        if self.strict and strict_conflict(squares):
            return Note.of("nf_strict_gap", low=squares[0], high=squares[1])
        return None

    def _moves(self, pos: Position) -> list[TipAndMove]:
        """Every legal tip-and-move, by die, new top and destination."""
        mover = pos.to_move
        here, there = pos.squares[mover], pos.squares[1 - mover]
        targets = [s for s in range(here - MAX_STEP, here + MAX_STEP + 1)
                   if s != here and s != there and _on_board(s)]
        if self.strict:
            targets = [s for s in targets if not strict_conflict((s, there) if mover == 0 else (there, s))]
        moves = []
        for i, die in enumerate(DICE):
            if pos.holders[i] != mover:
                continue
            for top in die.tips(pos.tops[i]):
                others = {t for k, t in enumerate(pos.tops) if k != i}
                moves.extend(TipAndMove(die.number, top, s) for s in targets if s != top and s not in others)
        return moves


__all__ = ["NeunfeldRules", "NeunfeldState", "Position", "Roll", "TipAndMove", "TakeBack", "RULES_VERSION",
           "describe_action", "position_after", "strict_conflict"]
