"""One game of a table's log, as the venue received it, folded through the game's own
rules: which venue match it is (the ``match`` in its first entry, tablegame.core.match),
the line of play (what undo left standing), and how it ended. Entries are fed as they
come, in seq order; the first outcome on the line of play is the game's result (a table
that plays on after it, a Schocken sheet dealing the next game, changes nothing)."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from tablegame.core import jsoncodec
from tablegame.core.games import make_play
from tablegame.core.match import RELAYED, Match, match_of
from tablegame.core.play import GameSetup
from tablegame.core.rules import Outcome
from tablegame.core.store import NEW_GAME, UNDO

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Move:
    """A move on the line of play: the action as logged, and whether this table's own
    guests made it (not relayed from a league match's other table)."""

    data: dict
    here: bool


class LoggedGame:
    """Fed with one game's entries (seq, at, kind, by, data), the first a new_game."""

    def __init__(self, seq: int, data: dict):
        self.first_seq = seq
        self.next_seq = seq + 1
        self.match: Match | None = match_of(data)
        self.setup: GameSetup | None = None
        self.outcome: Outcome | None = None
        self.ended_at: int | None = None        # the seq of the entry that ended it
        self.problem = ""                      # why it cannot be folded, if it cannot
        self.closed = False                    # the table's log went on to another game
        self._states: list[Any] = []
        self.moves: list[Move] = []
        self._was_move: list[bool] = []
        try:
            self.setup = jsoncodec.from_data(GameSetup, data)
            self._rules = make_play(self.setup).rules
            self._states = [self._rules.initial_state(self.setup.parties)]
        except ValueError as error:
            self.problem = f"entry {seq}: {error}"

    @property
    def state(self) -> Any:
        return self._states[-1] if self._states else None

    @property
    def rules(self):
        return self._rules if self._states else None

    def feed(self, seq: int, kind: str, by: str, data: dict) -> None:
        """The next entry of this game (its seq must be ``next_seq``)."""
        if seq != self.next_seq:
            raise ValueError(f"entry {seq} fed where {self.next_seq} was due")
        self.next_seq = seq + 1
        if self.problem:
            return
        try:
            self._take(seq, kind, by, data)
        except Exception as error:    # a log this version cannot fold: said, not raised
            self.problem = f"entry {seq}: {error}"
            log.info("venue: a table's game from entry %d not folded: %s", self.first_seq, error)

    def _take(self, seq: int, kind: str, by: str, data: dict) -> None:
        if kind == UNDO:
            if len(self._states) > 1:
                self._states.pop()
                if self._was_move.pop():
                    self.moves.pop()
            return
        action = jsoncodec.action_from_data(self._rules.action_types, data)
        self._states.append(self._rules.apply(self._states[-1], action))
        move = not isinstance(action, getattr(self._rules, "observations", ()))
        self._was_move.append(move)
        if move:
            self.moves.append(Move(data, not by.startswith(RELAYED)))
        if self.outcome is None:
            self.outcome = self._rules.outcome(self._states[-1])
            if self.outcome is not None:
                self.ended_at = seq


def outcome_words(outcome: Outcome | None) -> dict:
    """A result's places for a competition's log: {winner, loser} (None where none)."""
    if outcome is None:
        return {"winner": None, "loser": None}
    return {"winner": outcome.winner, "loser": getattr(outcome, "loser", None)}


__all__ = ["LoggedGame", "Move", "NEW_GAME", "outcome_words"]
