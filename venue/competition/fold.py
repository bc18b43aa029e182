"""A competition is the fold of its own log, as a table's game is: ``created`` (the
setup, the draw made), then what happened, each entry once, in order. The venue's
runner appends; a restarted venue folds the log again and is where it was.

Entries (``kind``: data):

- ``created``: the Setup.
- ``assigned``: {match, table, attempt}: the runner sent the match to a free table.
- ``started``: {match, attempt, table, log, seq}: the table's log shows the match begun.
- ``result``: {match, attempt, winner, loser, score, table}: from the table's own log.
  Taken once: a second one for the same attempt changes nothing. A drawn knockout match
  is played again (the next attempt, on the next free table).
- ``walkover``: {match, winner}; ``corrected``: {match, winner, loser}: staff's word. A
  correction changes the next round's match; if that one is being played, it starts
  again with the right sides.
- ``moved``: {match, table}: staff moved a match to another table (a match on that
  table moves to this one's: a swap); each starts there afresh.
- ``closed``: {}: staff ended the competition.

``check`` says, before staff's entry is appended, why it cannot be (in a key and values
the pages say in their language)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from tablegame.core import jsoncodec
from venue.competition.draw import plan
from venue.competition.model import Planned, Result, Setup

STAFF_KINDS = ("walkover", "corrected", "moved", "closed")


@dataclass
class MatchState:
    planned: Planned
    attempt: int = 1
    table: str | None = None
    assigned_at: float | None = None
    started: bool = False
    result: Result | None = None
    replays: int = 0                    # drawn knockout games played again
    decided_at: float | None = None

    @property
    def id(self) -> str:
        return self.planned.id


@dataclass
class Competition:
    setup: Setup
    created_at: float = 0.0
    matches: dict[str, MatchState] = field(default_factory=dict)
    closed: bool = False
    last_seq: int = 0

    # -- what the draw and the results say -------------------------------------------

    def sides(self, match: str) -> tuple[int | None, ...]:
        """Each side's entrant (an index into setup.sides); None: not known yet; -1: a bye."""
        return tuple(self._source(f) for f in self.matches[match].planned.sides)

    def _source(self, source) -> int | None:
        if source.bye:
            return -1
        if source.side is not None:
            return source.side
        earlier = self.matches[source.winner_of]
        result = self.result(earlier.id)
        if result is None:
            return None
        won = result.winners(len(earlier.planned.sides))
        return self.sides(earlier.id)[won[0]] if len(won) == 1 else None

    def result(self, match: str) -> Result | None:
        """The match's result, a bye's included (the other side goes through)."""
        state = self.matches[match]
        if state.result is not None:
            return state.result
        sides = self.sides(match)
        if -1 in sides and None not in sides:
            return Result(winner=next(i for i, s in enumerate(sides) if s != -1), how="bye")
        return None

    @property
    def finished(self) -> bool:
        return all(self.result(m) is not None for m in self.matches)

    def playing(self) -> list[MatchState]:
        """The matches on a table now."""
        return [m for m in self.matches.values() if m.table is not None and m.result is None]

    def ready(self) -> list[MatchState]:
        """The matches that wait for a free table: their sides known, none of their players
        playing elsewhere now, in the order of the draw."""
        if self.closed:
            return []
        busy = {s for m in self.playing() for s in self.sides(m.id)}
        waiting = []
        for state in self.matches.values():
            sides = self.sides(state.id)
            if state.table is None and self.result(state.id) is None and None not in sides \
                    and -1 not in sides and not busy & set(sides):
                waiting.append(state)
                busy |= set(sides)
        return waiting

    def dependents(self, match: str) -> list[MatchState]:
        return [m for m in self.matches.values()
                if any(f.winner_of == match for f in m.planned.sides)]

    # -- the fold ------------------------------------------------------------------------

    def apply(self, seq: int, at: float, kind: str, by: str, data: dict) -> None:
        """One entry of the log (the runner applies each entry it appends the same way)."""
        self.last_seq = max(self.last_seq, seq)
        handler = _HANDLERS.get(kind)
        if handler is not None and not (self.closed and kind != "closed"):
            handler(self, at, by, data)

    def _assigned(self, at: float, by: str, data: dict) -> None:
        state = self.matches.get(data.get("match"))
        if state is not None and state.result is None and data.get("attempt") == state.attempt:
            state.table, state.assigned_at, state.started = str(data["table"]), at, False

    def _started(self, at: float, by: str, data: dict) -> None:
        state = self.matches.get(data.get("match"))
        if state is not None and data.get("attempt") == state.attempt:
            state.started = True

    def _result(self, at: float, by: str, data: dict) -> None:
        state = self.matches.get(data.get("match"))
        if state is None or state.result is not None or data.get("attempt") != state.attempt:
            return                                   # taken before, or an old attempt's
        result = Result(data.get("winner"), data.get("loser"), "table",
                        str(data.get("score", "")), str(data.get("table", "")), by)
        if result.drawn and self.setup.format == "knockout":
            state.attempt, state.table, state.started = state.attempt + 1, None, False
            state.replays += 1                        # played again, on the next free table
            return
        state.result, state.decided_at, state.table = result, at, None

    def _walkover(self, at: float, by: str, data: dict) -> None:
        state = self.matches[data["match"]]
        state.result = Result(data.get("winner"), data.get("loser"), "walkover", "",
                              state.table or "", by)
        state.decided_at, state.table = at, None

    def _corrected(self, at: float, by: str, data: dict) -> None:
        state = self.matches[data["match"]]
        old = state.result
        state.result = Result(data.get("winner"), data.get("loser"), "corrected",
                              old.score if old else "", old.table if old else "", by)
        state.decided_at, state.table = at, None
        for later in self.dependents(state.id):       # its next match starts again, right
            if later.result is None and later.table is not None:
                later.attempt, later.started = later.attempt + 1, False

    def _moved(self, at: float, by: str, data: dict) -> None:
        state, table = self.matches[data["match"]], str(data["table"])
        other = next((m for m in self.playing() if m.table == table and m is not state), None)
        if other is not None:                          # a swap: each starts at the other's
            other.table, other.attempt, other.started = state.table, other.attempt + 1, False
            other.assigned_at = at if other.table else None
        state.table, state.attempt, state.started = table, state.attempt + 1, False
        state.assigned_at = at

    def _closed(self, at: float, by: str, data: dict) -> None:
        self.closed = True
        for state in self.playing():
            state.table = None


_HANDLERS = {"assigned": Competition._assigned, "started": Competition._started,
             "result": Competition._result, "walkover": Competition._walkover,
             "corrected": Competition._corrected, "moved": Competition._moved,
             "closed": Competition._closed}


def setup_of(data: dict) -> Setup:
    return jsoncodec.from_data(Setup, data)


def fold(entries: Iterable[tuple[int, float, str, str, dict]]) -> Competition | None:
    """The competition from its log's entries (seq, at, kind, by, data); None before
    ``created``."""
    competition = None
    for seq, at, kind, by, data in entries:
        if kind == "created" and competition is None:
            setup = setup_of(data)
            competition = Competition(setup, at, {p.id: MatchState(p) for p in plan(setup)},
                                      last_seq=seq)
        elif competition is not None:
            competition.apply(seq, at, kind, by, data)
    return competition


def check(competition: Competition, kind: str, data: dict[str, Any]
          ) -> tuple[str, dict] | None:
    """Why staff's entry cannot be, as (a key of the pages' words, its values); None: it can."""
    if kind not in STAFF_KINDS:
        return "cp_unknown_change", {"kind": kind}
    if competition.closed:
        return "cp_closed", {}
    if kind == "closed":
        return None
    state = competition.matches.get(str(data.get("match")))
    if state is None:
        return "cp_no_match", {"match": data.get("match")}
    sides = competition.sides(state.id)
    count = len(sides)
    if kind == "moved":
        table = data.get("table")
        if table not in competition.setup.tables:
            return "cp_not_a_table", {"table": table, "tables": ", ".join(competition.setup.tables)}
        if competition.result(state.id) is not None:
            return "cp_decided", {"match": state.id}
        if None in sides or -1 in sides:
            return "cp_sides_unknown", {"match": state.id}
        return None
    if None in sides or -1 in sides:
        return "cp_sides_unknown", {"match": state.id}
    winner, loser = data.get("winner"), data.get("loser")
    if not all(v is None or (type(v) is int and 0 <= v < count) for v in (winner, loser)):
        return "cp_bad_side", {"count": count}
    shape = {"schocken_evening": winner is None and loser is not None,
             "knockout": winner is not None and loser is None}
    if not shape.get(competition.setup.format, loser is None):
        return "cp_bad_side", {"count": count}
    if kind == "walkover":
        if winner is None and loser is None:
            return "cp_bad_side", {"count": count}
        if competition.result(state.id) is not None:
            return "cp_decided", {"match": state.id}
        return None
    if competition.result(state.id) is None:
        return "cp_not_decided", {"match": state.id}
    decided = [m.id for m in competition.dependents(state.id) if m.result is not None]
    if decided:
        return "cp_next_decided", {"match": decided[0]}
    return None
