"""Rules of the Shove family (docs/rules.md §1-2): Shove ha'penny, Shove piecepack and
its variants Flick, Progressive and Short.

The engine sees three kinds of action: the coin toss that picks the starting
party; the board seen cleared (the rules clear it after every scoring, and no coin
counts until it is); and each *counted* shove (a coin that reached the first line),
carrying the beds of every coin that lies completely inside a bed once the board
has settled. The referee turns sensor readings into those; a coin short of the
first line never becomes an action, because it does not count as played."""
from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import ClassVar, Sequence

from tablegame.core.play import but
from tablegame.core.rules import IllegalAction, Outcome, Rules
from tablegame.words.grammar import party_name
from tablegame.words.notes import Note
from tablegame.families.shove.texts import refused

PLAY_OFF = "play-off"
DRAW = "draw"


def _refused(reason: Note) -> IllegalAction:
    """An illegal action's reason as a note (``tablegame.families.shove.texts``): the table says
    it in its own language; the exception's message is the English text."""
    return IllegalAction.because(reason, "en")


@dataclass(frozen=True)
class CoinToss:
    starter: int  # the party that won the toss and shoves first


@dataclass(frozen=True)
class Cleared:
    """The board was seen with no played coin on it: a round may begin."""


@dataclass(frozen=True)
class Shove:
    beds: tuple[int, ...]  # bed (1-based) of every coin completely inside a bed, after this coin


@dataclass(frozen=True)
class SetMarks:
    """A staff correction: ``party`` (0 or 1) has ``marks`` chalk marks in ``bed``
    (what the sensors missed or got wrong). It decides no winner: the next scoring does."""

    party: int
    bed: int      # 1-based
    marks: int


@dataclass(frozen=True)
class MovedUnhit:
    """The table's physics check saw a coin move that nothing could have hit (logged
    by "table"). ``coins``: where each such coin lay; ``before`` and ``after``: the two
    settled readings it compared (mm, played coins), so a disputed verdict can be
    judged again; ``shove``: whether a counted shove lay between them. It changes no
    score (staff correct one with SetMarks); the next counted shove or cleared board
    ends the warning."""

    coins: tuple[tuple[float, float], ...]
    before: tuple[tuple[float, float], ...] = ()
    after: tuple[tuple[float, float], ...] = ()
    shove: bool = True


@dataclass(frozen=True)
class Party:
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Scoring:
    """What one scoring (the end of a turn, or of a Progressive round) did."""

    party: int
    scored: tuple[int, ...]       # beds of the scoring coins, sorted
    own: tuple[int, ...]          # beds where the party chalked a mark
    given: tuple[int, ...]        # beds where the opponent got the mark instead
    lost: tuple[int, ...]         # beds whose score went to nobody
    sergeants: tuple[int, ...]    # beds with three scoring coins at once
    gold_watch: bool              # every coin of the turn scored
    tiebreak: bool = False        # a tie-break turn: coins counted, nothing chalked


@dataclass(frozen=True)
class ShoveState:
    parties: tuple[Party, Party]
    marks: tuple[tuple[int, ...], tuple[int, ...]]  # marks[party][bed - 1]
    coins_left: int                  # coins still to shove in this round of the turn
    round_size: int                  # coins in this round (a turn, or a Progressive replay)
    on_board: int = 0                # counted coins on the board since it was cleared
    cleared: bool = False            # seen empty since the last scoring (or the start)
    starter: int | None = None       # None until the coin toss
    turn: int = 0                    # the party shoving
    turns: tuple[int, int] = (0, 0)  # finished turns per party
    up: tuple[int, int] = (0, 0)     # which player of each party shoves next
    tiebreak: tuple[int | None, int | None] | None = None  # scoring coins per party this play-off
    winner: int | None = None
    drawn: bool = False
    last: Scoring | None = None
    moved: tuple[tuple[float, float], ...] = ()  # seen moved unhit (MovedUnhit), until the next shove

    @property
    def over(self) -> bool:
        return self.winner is not None or self.drawn

    def player(self, party: int) -> str:
        return self.parties[party].players[self.up[party]]

    def but(self, **changes) -> ShoveState:
        """This state with ``changes``: ``dataclasses.replace`` without calling ``__init__``
        again (nothing to check); every counted coin makes one on the main thread before
        it is drawn (9 against 1.6 us hot, measured; issue 30)."""
        return but(self, _STATE_FIELDS, changes)


_STATE_FIELDS = frozenset(f.name for f in fields(ShoveState))


@dataclass(frozen=True)
class ShoveRules(Rules):
    """One Shove game with its options; ``hapenny()`` and ``piecepack()`` give the defaults."""

    title: str
    beds: int
    target: int = 1                  # marks needed in every bed
    coins_per_turn: int = 5
    equal_turns: bool = False
    tie_break: str = PLAY_OFF        # when both complete on equal turns: PLAY_OFF or DRAW
    progressive: bool = False
    flick: bool = False              # changes the prompts and the simulated shot, not the scoring

    name: ClassVar[str] = "shove"
    state_type: ClassVar[type] = ShoveState
    action_types: ClassVar[tuple[type, ...]] = (CoinToss, Cleared, Shove, SetMarks, MovedUnhit)
    max_actions: ClassVar[int] = 20_000
    # the board seen empty, and the table's own finding about a coin moved unhit: what a
    # player did is the shove before them (one undo takes back both)
    observations: ClassVar[tuple[type, ...]] = (Cleared, MovedUnhit)

    def __post_init__(self):
        if self.beds < 1:
            raise ValueError(f"beds: a board needs at least one bed, not {self.beds}")
        if self.target < 1:
            raise ValueError(f"target: marks per bed must be at least 1, not {self.target}")
        if self.coins_per_turn < 1:
            raise ValueError(f"coins_per_turn: must be at least 1, not {self.coins_per_turn}")
        if self.tie_break not in (PLAY_OFF, DRAW):
            raise ValueError(f"tie_break: {self.tie_break!r} is neither {PLAY_OFF!r} nor {DRAW!r}")

    # -- the Rules interface ---------------------------------------------------

    def initial_state(self, parties: Sequence[Sequence[str]]) -> ShoveState:
        if len(parties) != 2 or not all(parties):
            raise ValueError(refused("parties"))
        return ShoveState(
            parties=tuple(Party(party_name(p), tuple(p))
                          for p in parties),
            marks=((0,) * self.beds, (0,) * self.beds),
            coins_left=self.coins_per_turn, round_size=self.coins_per_turn)

    def apply(self, state: ShoveState, action) -> ShoveState:
        if isinstance(action, MovedUnhit):  # the last shove of a game is checked too
            if not action.coins:
                raise _refused(Note.of("shove_moved_names_no_coin"))
            return state.but(moved=action.coins)
        if state.over:
            raise _refused(Note.of("shove_game_over"))
        if isinstance(action, CoinToss):
            return self._toss(state, action)
        if isinstance(action, Cleared):
            if state.cleared:
                raise _refused(Note.of("shove_already_clear"))
            return state.but(cleared=True, moved=())
        if isinstance(action, Shove):
            return self._shove(state, action)   # a shove forgets the coins seen moved unhit
        if isinstance(action, SetMarks):
            return self._set_marks(state, action)
        raise _refused(Note.of("shove_not_an_action", action=type(action).__name__))

    def _set_marks(self, state: ShoveState, action: SetMarks) -> ShoveState:
        if action.party not in (0, 1):
            raise _refused(Note.of("shove_no_such_party", party=action.party + 1))   # people count from 1
        if not 1 <= action.bed <= self.beds:
            raise _refused(Note.of("shove_no_such_bed", bed=action.bed, beds=self.beds))
        if not 0 <= action.marks <= self.target:
            raise _refused(Note.of("shove_marks_range", target=self.target, marks=action.marks))
        marks = list(map(list, state.marks))
        marks[action.party][action.bed - 1] = action.marks
        return state.but(marks=(tuple(marks[0]), tuple(marks[1])))

    def outcome(self, state: ShoveState) -> Outcome | None:
        if state.drawn:
            return Outcome(None, "both parties completed every bed: a draw", Note.of("draw"))
        if state.winner is not None:
            name = state.parties[state.winner].name
            return Outcome(state.winner, f"{name} wins", Note.of("winner", party=name))
        return None

    def legal_actions(self, state: ShoveState):
        if state.over:
            return []
        if state.starter is None:
            return [CoinToss(0), CoinToss(1)] + ([] if state.cleared else [Cleared()])
        if not state.cleared:
            return [Cleared()]
        return None  # a shove's result is a multiset of beds: too many to list usefully

    def random_action(self, state: ShoveState, rng: random.Random):
        if state.starter is None:
            return CoinToss(rng.randrange(2))
        if not state.cleared:
            return Cleared()
        beds = [rng.randint(1, self.beds) for _ in range(state.on_board + 1)
                if rng.random() < 0.6]
        return Shove(tuple(sorted(beds)))

    # -- the rules -------------------------------------------------------------

    def complete(self, state: ShoveState, party: int) -> bool:
        return all(m >= self.target for m in state.marks[party])

    def _toss(self, state: ShoveState, toss: CoinToss) -> ShoveState:
        if state.starter is not None:
            raise _refused(Note.of("shove_toss_done", party=state.parties[state.starter].name))
        if toss.starter not in (0, 1):
            raise _refused(Note.of("shove_no_such_party", party=toss.starter + 1))
        return state.but(starter=toss.starter, turn=toss.starter)

    def _shove(self, state: ShoveState, shove: Shove) -> ShoveState:
        if state.starter is None:
            raise _refused(Note.of("shove_toss_first"))
        if not state.cleared:
            raise _refused(Note.of("shove_clear_first"))
        for bed in shove.beds:
            if not 1 <= bed <= self.beds:
                raise _refused(Note.of("shove_no_such_bed", bed=bed, beds=self.beds))
        if len(shove.beds) > state.on_board + 1:
            raise _refused(Note.of("shove_too_many_scoring", scoring=len(shove.beds),
                                   lying=state.on_board + 1))
        state = state.but(on_board=state.on_board + 1, coins_left=state.coins_left - 1, moved=())
        if state.coins_left > 0:
            return state
        scored = tuple(sorted(shove.beds))
        if state.tiebreak is not None:
            return self._end_tiebreak_turn(state, scored)
        state = self._score(state, scored)
        p = state.turn
        if self.complete(state, p):
            return self._completed(state, p)
        if self.progressive and scored:
            # the scoring coins are retrieved and shoved again in the same turn
            return state.but(coins_left=len(scored), round_size=len(scored), on_board=0,
                             cleared=False)
        if self.equal_turns and p != state.starter and self.complete(state, state.starter):
            return self._won(state, state.starter)  # the second party could not match it
        return self._next_turn(state)

    def _score(self, state: ShoveState, scored: tuple[int, ...]) -> ShoveState:
        """Chalk the party's own marks bed by bed, then the give-aways (docs/rules.md §1)."""
        p, o = state.turn, 1 - state.turn
        mine, theirs = list(state.marks[p]), list(state.marks[o])
        own, overflow, given, lost = [], [], [], []
        for bed in scored:
            if mine[bed - 1] < self.target:
                mine[bed - 1] += 1
                own.append(bed)
            else:
                overflow.append(bed)
        for bed in overflow:
            missing = sum(m < self.target for m in theirs)
            winning = missing == 1 and theirs[bed - 1] == self.target - 1
            if theirs[bed - 1] >= self.target or winning:
                lost.append(bed)  # full there too, or the winner must score the winning mark
            else:
                theirs[bed - 1] += 1
                given.append(bed)
        marks = [None, None]
        marks[p], marks[o] = tuple(mine), tuple(theirs)
        sergeants = tuple(sorted({b for b in scored if scored.count(b) >= 3}))
        last = Scoring(party=p, scored=scored, own=tuple(own), given=tuple(given),
                       lost=tuple(lost), sergeants=sergeants,
                       gold_watch=state.round_size == self.coins_per_turn == len(scored))
        return state.but(marks=(marks[0], marks[1]), last=last)

    def _completed(self, state: ShoveState, p: int) -> ShoveState:
        """Party ``p`` has every bed full after its own scoring."""
        second = 1 - state.starter
        if not self.equal_turns or p == second and not self.complete(state, state.starter):
            return self._won(state, p)
        if p == second:  # both complete on equal turns
            if self.tie_break == DRAW:
                return self._next_turn(state).but(drawn=True)
            return self._start_tiebreak(self._next_turn(state))
        return self._next_turn(state)  # the starter completed: the other party still plays

    def _next_turn(self, state: ShoveState) -> ShoveState:
        p = state.turn
        turns = list(state.turns)
        turns[p] += 1
        up = list(state.up)
        up[p] = (up[p] + 1) % len(state.parties[p].players)
        return state.but(turn=1 - p, turns=(turns[0], turns[1]), up=(up[0], up[1]),
                         coins_left=self.coins_per_turn, round_size=self.coins_per_turn,
                         on_board=0, cleared=False)

    def _won(self, state: ShoveState, party: int) -> ShoveState:
        """The winning turn ends like any other, so ``turns`` counts it."""
        return self._next_turn(state).but(winner=party)

    def _start_tiebreak(self, state: ShoveState) -> ShoveState:
        return state.but(tiebreak=(None, None), turn=state.starter)

    def _end_tiebreak_turn(self, state: ShoveState, scored: tuple[int, ...]) -> ShoveState:
        p = state.turn
        counts = list(state.tiebreak)
        counts[p] = len(scored)
        last = Scoring(party=p, scored=scored, own=(), given=(), lost=(), sergeants=(),
                       gold_watch=len(scored) == self.coins_per_turn, tiebreak=True)
        state = self._next_turn(state.but(tiebreak=(counts[0], counts[1]), last=last))
        a, b = counts
        if a is None or b is None:
            return state
        if a == b:
            return state.but(tiebreak=(None, None))  # still equal: another play-off
        return state.but(winner=0 if a > b else 1)  # both turns are counted already


_HAPENNY_DEFAULTS = dict(title="Shove ha'penny", beds=9, target=3, equal_turns=True)
_PIECEPACK_DEFAULTS = dict(title="Shove piecepack", beds=7, target=1, equal_turns=False)
_WHOLE_NUMBERS = ("beds", "target", "coins_per_turn")
_YES_NO = ("equal_turns", "progressive", "flick")
_OPTIONS = {*_WHOLE_NUMBERS, *_YES_NO, "tie_break"}


def _make(defaults: dict, options: dict) -> ShoveRules:
    unknown = set(options) - _OPTIONS
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; "
                         f"Shove knows {', '.join(sorted(_OPTIONS))}")
    _check_types(options)
    return ShoveRules(**{**defaults, **options})


def _check_types(options: dict) -> None:
    """A configuration or --option value of the wrong kind is refused in words (a string
    where a number belongs would otherwise fail on a comparison, and "yes" would count as
    true)."""
    for key in _WHOLE_NUMBERS:
        value = options.get(key, 1)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{key}: expected a whole number, not {value!r}")
    for key in _YES_NO:
        if not isinstance(options.get(key, False), bool):
            raise ValueError(f"{key}: expected true or false, not {options[key]!r}")


def hapenny(**options) -> ShoveRules:
    """Shove ha'penny: 9 beds, 3 marks each, equal turns with a play-off."""
    return _make(_HAPENNY_DEFAULTS, options)


def piecepack(**options) -> ShoveRules:
    """Shove piecepack: 7 beds, 1 mark each; Short is fewer beds (at least 2)."""
    _check_types(options)
    beds = options.get("beds", 7)
    if not 2 <= beds <= 7:
        raise ValueError(f"beds: a piecepack board has 2 to 7 beds (Short removes tiles), not {beds}")
    return _make(_PIECEPACK_DEFAULTS, options)
