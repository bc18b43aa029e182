"""Neunfeld on the table: the dice reader and the squares sensors refereed, the
hint, and the table as a perfect opponent (``table_plays``).

Buttons: OK during a game shows the hint (the solver's best move for the side to
move and whether the position is won, lost or drawn) until the next event; OK
after the end starts a new game, hold BACK to undo, MENU to choose (session).

Against the table the table cannot move pieces on a real board: its move is shown
(die, new top, square) and the guest carries it out; the referee then accepts
exactly that move and nothing else."""
from __future__ import annotations

import os
import random
import threading
from dataclasses import dataclass
from pathlib import Path

from tablegame.core.events import ButtonPress
from tablegame.families.neunfeld.rules import GOALS, NeunfeldRules, NeunfeldState, Roll, TakeBack, TipAndMove
from tablegame.families.neunfeld.dice import DICE
from tablegame.families.neunfeld.solver import NeunfeldSolver
from tablegame.texts import LANGUAGES, buttons_now, link_text, say, text
from tablegame.words.notes import Note
from tablegame.core.play import PlaySettings, TableStatus, Verdict
from tablegame.families.neunfeld.referee import judge_roll, judge_turn, move_args, occupied_squares
from tablegame.families.neunfeld.texts import COLOURS, roll_words
from tablegame.core.sensors import DiceReading, SquaresReading
from tablegame.families.neunfeld.view import DieView, MoveView, NeunfeldPartyView, NeunfeldView

# the table's own name in every language: a party called so is the table already
_TABLE_WORDS = frozenset(text(language, "nf_table").casefold() for language in LANGUAGES)

DEFAULT_SOLVER_CACHE = "/var/lib/tablegame/neunfeld-solution.bin"
HINT = "nf_hint"

_solvers: dict[tuple[bool, str | None], NeunfeldSolver] = {}
_solvers_lock = threading.Lock()


def variant_cache_path(path: str | os.PathLike | None, strict: bool) -> Path | None:
    """One file per variant (a cache holds one): ``x.bin`` and ``x-strict.bin``."""
    if path is None:
        return None
    path = Path(path)
    return path.with_name(f"{path.stem}-strict{path.suffix}") if strict else path


def solver_for(strict: bool, cache_path: str | os.PathLike | None) -> NeunfeldSolver:
    """The solver of one variant, loaded once per process (from the cache file, or solved
    in well under a second and written there)."""
    key = (strict, None if cache_path is None else str(cache_path))
    with _solvers_lock:
        if key not in _solvers:
            _solvers[key] = NeunfeldSolver.load(NeunfeldRules(strict=strict),
                                                variant_cache_path(cache_path, strict))
        return _solvers[key]


def neunfeld_play(rules: NeunfeldRules, settings: PlaySettings, *,
                  table_plays: int | None = None) -> "NeunfeldPlay":
    """The family's play factory: the solver's cache file is the ``solver_cache``
    setting, or (empty) a file beside the event log; ``table_plays`` is a play option."""
    cache = settings["solver_cache"] or (
        str(Path(settings.folder) / "neunfeld-solution.bin") if settings.folder else DEFAULT_SOLVER_CACHE)
    return NeunfeldPlay(rules, table_plays, cache)


@dataclass(frozen=True)
class NeunfeldPlay:
    rules: NeunfeldRules
    table_plays: int | None = None        # the party the table plays, or None for two guests
    solver_cache: str | None = DEFAULT_SOLVER_CACHE

    @property
    def solver(self) -> NeunfeldSolver:
        return solver_for(self.rules.strict, self.solver_cache)

    # -- inputs ------------------------------------------------------------------------------

    def judge(self, status: TableStatus, reading) -> Verdict:
        state: NeunfeldState = status.state
        if isinstance(reading, DiceReading):
            if self.rules.is_over(state):
                return Verdict()
            if not state.started:
                return judge_roll(state, reading, status.latest(DiceReading))
            return judge_turn(self.rules, state, reading, status.latest(SquaresReading),
                              self.table_move(state))
        if isinstance(reading, SquaresReading):
            if self.rules.is_over(state):
                return Verdict()
            if not state.started:
                return Verdict(note=Note.of("nf_clear_board")) if occupied_squares(reading) else Verdict()
            return judge_turn(self.rules, state, status.latest(DiceReading), reading,
                              self.table_move(state))
        return Verdict(note=Note.of("wrong_reading", kind=type(reading).__name__), problem=True)

    def press(self, state: NeunfeldState, press: ButtonPress, rng: random.Random) -> Verdict:
        if press.button == "ok" and not press.long and not self.rules.is_over(state):
            return Verdict(note=self.hint(state))
        return Verdict()

    def hint(self, state: NeunfeldState) -> Note:
        """The best move for the side to move and the value of the position."""
        if not state.started:
            return Note.of("nf_hint_roll")
        ranked = self.solver.ranked_actions(state)
        action, value = ranked[0]
        return Note.of(HINT, verdict=value.verdict.value,
                       distance=-1 if value.distance is None else value.distance,
                       **move_args(state, action))

    def table_move(self, state: NeunfeldState) -> TipAndMove | None:
        """The table's move when it is the table's turn: the solver's best."""
        if self.table_plays is None or not state.started or state.to_move != self.table_plays:
            return None
        return self.solver.best_action(state)

    def describe(self, before: NeunfeldState, after: NeunfeldState, action) -> Note | None:
        if isinstance(action, Roll):
            if after.started:
                return Note.of("nf_rolled_start", tops=roll_words(action.tops),
                               party=after.party_name(after.to_move))
            return Note.of("nf_rolled_no_five", tops=roll_words(action.tops),
                           party=after.party_name(after.roller))
        if isinstance(action, TakeBack):
            return Note.of("nf_taken_back", move=action.move,
                           party=after.party_name(after.to_move))
        return Note.of("nf_moved", **move_args(before, action))

    # -- the screen ----------------------------------------------------------------------------

    def view(self, status: TableStatus, language: str) -> NeunfeldView:
        state: NeunfeldState = status.state
        t = lambda key, **values: text(language, key, **values)  # noqa: E731
        pos = state.position
        over = self.rules.is_over(state)
        tops, tipped = self._tops_shown(status)
        dice = tuple(self._die(state, i, tops[i], tipped == i, language, over) for i in range(3))
        parties = tuple(NeunfeldPartyView(
            name=self._name(state, p, language), square=pos.squares[p] if pos else (0, 10)[p],
            goal=GOALS[p], goal_text=t("nf_goal", goal=GOALS[p]),
            at_turn=not over and state.to_move == p, table=self.table_plays == p) for p in (0, 1))
        forbidden = tuple((top, i) for i, top in enumerate(tops) if pos and 1 <= top <= 9)
        table_move = None if over else self.table_move(state)
        note = status.note
        hint = None
        if note is not None and note.key == HINT and not over:
            a = note.kwargs
            hint = MoveView([d.name for d in DICE].index(a["die"]), a["top"], a["to"], say(language, note))
        return NeunfeldView(
            title=self.title(language),
            parties=parties,  # type: ignore[arg-type]
            dice=dice,  # type: ignore[arg-type]
            forbidden=forbidden,
            status=self._status(state, language, over),
            message="" if hint is not None else say(language, note),
            problem=say(language, status.problem) or None,
            winner=self._result(state, language) if over else None,
            table_move=None if table_move is None else MoveView(
                DICE.index(next(d for d in DICE if d.number == table_move.die)), table_move.top,
                table_move.to, t("nf_table_move", **move_args(state, table_move))),
            hint=hint,
            hint_text=say(language, note) if note is not None and note.key in (HINT, "nf_hint_roll") else "",
            link=link_text(status.link, language),
            keys=buttons_now(language, status, over, ok=None if over else t("nf_does_hint")),
        )

    def title(self, language: str) -> str:
        extras = [text(language, key) for key, on in
                  (("nf_title_strict", self.rules.strict), ("nf_title_table", self.table_plays is not None))
                  if on]
        return text(language, "nf_title") + (f" – {', '.join(extras)}" if extras else "")

    def _name(self, state: NeunfeldState, party: int, language: str = "de") -> str:
        """The party's name; the table's party says so, unless its name says it already
        ("Anna (Tisch)", but "Tisch", not "Tisch (Tisch)")."""
        name = state.party_name(party)
        if party != self.table_plays or name.casefold() in _TABLE_WORDS:
            return name
        return f"{name} ({text(language, 'nf_table')})"

    def _tops_shown(self, status: TableStatus) -> tuple[tuple[int, int, int], int | None]:
        """The tops as they lie: the position's, or the dice reader's while a tip waits for
        its move (then also which die was tipped)."""
        state: NeunfeldState = status.state
        dice = status.latest(DiceReading)
        if state.position is None:
            return (state.last_roll or (dice.values if dice else (1, 5, 2))), None  # type: ignore[return-value]
        tops = state.position.tops
        if dice is not None and len(dice.values) == 3 and not self.rules.is_over(state):
            changed = [i for i in range(3) if dice.values[i] != tops[i]]
            if len(changed) == 1 and dice.values[changed[0]] in DICE[changed[0]].faces:
                return tuple(dice.values), changed[0]  # type: ignore[return-value]
        return tops, None

    def _die(self, state: NeunfeldState, i: int, top: int, tipped: bool, language: str,
             over: bool) -> DieView:
        pos = state.position
        die = DICE[i]
        holder = pos.holders[i] if pos else None
        movable = pos is not None and not over and holder == pos.to_move
        return DieView(die.name, i, COLOURS.get(language, COLOURS["en"])[i], top, holder,
                       die.tips(pos.tops[i]) if movable else (), tipped,
                       text(language, "nf_die_tipped") if tipped else "")

    def _status(self, state: NeunfeldState, language: str, over: bool) -> str:
        if over:
            return text(language, "nf_status_over")
        party = self._name(state, state.to_move, language)
        if not state.started:
            key = "nf_status_roll_table" if state.roller == self.table_plays else "nf_status_roll"
            return text(language, key, party=party)
        if state.to_move == self.table_plays:
            return text(language, "nf_status_table")
        return text(language, "nf_status_turn", party=party)

    def _result(self, state: NeunfeldState, language: str) -> str:
        outcome = self.rules.outcome(state)
        if outcome.winner is None:
            return text(language, "nf_result_draw")
        winner = outcome.winner
        name = self._name(state, winner, language)
        if state.position.squares[winner] == GOALS[winner]:
            return text(language, "nf_result_goal", party=name, goal=GOALS[winner])
        return text(language, "nf_result_stuck", party=name, loser=self._name(state, 1 - winner, language))
