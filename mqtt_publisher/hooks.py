"""Event hooks for the venue's lights and sounds (docs/mqtt.md, "Hooks"): moments a
light controller waits for, told once each on ``.../hook/<name>`` (QoS 1, not
retained). Those of the game (won, Schock-out, queen covered) come from folding the
log's events through the rules as they are published, so none is missed however fast
the table moves on; a coin nudged by hand is what the referee says on the state.

A new hook is one function in FROM_STATES or FROM_SNAPSHOT."""
from __future__ import annotations

import json
import logging
from typing import Any, Callable, Iterator

from tablegame.core import jsoncodec
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.store import NEW_GAME, UNDO, Entry

log = logging.getLogger(__name__)


def _game_won(rules, before, after) -> bool:
    return rules.outcome(before) is None and rules.outcome(after) is not None


def _schock_out(rules, before, after) -> bool:
    report = getattr(after, "last_round", None)
    return report is not None and report is not getattr(before, "last_round", None) \
        and report.schock_out


def _queen_covered(rules, before, after) -> bool:
    queen = lambda state: getattr(getattr(state, "board", None), "queen", None)  # noqa: E731
    return queen(after) == "covered" and queen(before) != "covered"


FROM_STATES: dict[str, Callable[[Any, Any, Any], bool]] = {
    "game_won": _game_won, "schock_out": _schock_out, "queen_covered": _queen_covered,
}

# what a referee says when a piece moved that nothing hit (a hand on the board)
_NUDGED = {"cr_untouched_moved", "nf_other_piece_moved"}   # Shove: the view's marked coins


def _coin_nudged(snapshot) -> bool:
    problem = snapshot.status.problem
    marked = getattr(snapshot.view("en"), "marked", ())   # Shove marks a coin moved unhit
    return bool(marked) or (problem is not None and problem.key in _NUDGED)


FROM_SNAPSHOT: dict[str, Callable[[Any], bool]] = {"coin_nudged": _coin_nudged}


class Fold:
    """The current game folded from the published events (each seq once: a resend of
    older events changes nothing), saying which hooks each event fired."""

    def __init__(self) -> None:
        self._setup: GameSetup | None = None
        self._rules = None
        self._states: list = []
        self.last_seq = 0

    def prime(self, entries: list[Entry]) -> None:
        """The events already published (after a restart): folded, no hook fired."""
        for entry in entries:
            self.feed(entry)

    def feed(self, entry: Entry) -> list[str]:
        if entry.seq <= self.last_seq:
            return []
        self.last_seq = entry.seq
        try:
            return self._apply(entry)
        except Exception as error:   # a log this version cannot fold: no hooks till the next game
            log.info("MQTT hooks: event %d not folded (%s); none until the next game", entry.seq, error)
            self._rules = None
            return []

    def _apply(self, entry: Entry) -> list[str]:
        if entry.kind == NEW_GAME:
            self._setup = jsoncodec.from_data(GameSetup, entry.data)
            self._rules = make_play(self._setup).rules
            self._states = [self._rules.initial_state(self._setup.parties)]
            return []
        if self._rules is None:
            return []
        if entry.kind == UNDO:
            if len(self._states) > 1:
                self._states.pop()
            return []
        action = jsoncodec.action_from_data(self._rules.action_types, entry.data)
        before = self._states[-1]
        self._states.append(self._rules.apply(before, action))
        return [name for name, fired in FROM_STATES.items()
                if fired(self._rules, before, self._states[-1])]

    def payload(self, name: str, venue: str, table: str, log_id, seq: int) -> bytes:
        rules, state = self._rules, self._states[-1]
        outcome = rules.outcome(state)
        parties = [list(p) for p in self._setup.parties]
        winner = getattr(outcome, "winner", None)
        return json.dumps({
            "schema": 1, "hook": name, "id": f"{venue}/{table}/{log_id}/{seq}/{name}",
            "venue": venue, "table": table, "seq": seq, "game": self._setup.game,
            "parties": parties, "winner": winner,
            "winners": parties[winner] if isinstance(winner, int) and winner < len(parties) else [],
        }, ensure_ascii=False).encode()


class Watch:
    """Which snapshot hooks held in the last published state: each fires on becoming true."""

    def __init__(self) -> None:
        self._held: dict[str, bool] = {}

    def changed(self, snapshot, venue: str, table: str, log_id, seq: int) -> Iterator[tuple[str, bytes]]:
        for name, holds in FROM_SNAPSHOT.items():
            try:
                now = bool(holds(snapshot))
            except Exception:   # a view that cannot be drawn is the screen's problem, not ours
                now = False
            before, self._held[name] = self._held.get(name), now
            if now and before is False:   # not on the first state after a start
                yield name, json.dumps({
                    "schema": 1, "hook": name, "id": f"{venue}/{table}/{log_id}/{seq}/{name}",
                    "venue": venue, "table": table, "seq": seq,
                    "game": snapshot.status.setup.game}).encode()
