"""Event hooks for the venue's lights and sounds (docs/mqtt.md, "Hooks"): moments a
light controller waits for, told once each on ``.../hook/<name>`` (QoS 1, not
retained) when they become true between two published states. They are derived from
the state, not logged; the log's own events stay on ``.../event/<kind>``.

Each hook is a test on a snapshot; a new hook is one line in HOOKS."""
from __future__ import annotations

import json
from typing import Any, Callable, Iterator



def _outcome(snapshot) -> Any:
    return snapshot.play.rules.outcome(snapshot.status.state)


def _game_won(snapshot) -> bool:
    return snapshot.status.actions > 0 and _outcome(snapshot) is not None


def _schock_out(snapshot) -> bool:
    note = snapshot.status.note
    return note is not None and note.key == "schocken_round" and bool(
        dict(note.args).get("schock_out"))


def _queen_covered(snapshot) -> bool:
    board = getattr(snapshot.status.state, "board", None)
    return getattr(board, "queen", None) == "covered"


# what a referee says when a piece moved that nothing hit (a hand on the board)
_NUDGED = {"cr_untouched_moved", "nf_other_piece_moved", "shove_moved_names_no_coin"}


def _coin_nudged(snapshot) -> bool:
    problem = snapshot.status.problem
    marked = getattr(snapshot.view("en"), "marked", ())   # Shove marks a coin moved unhit
    return bool(marked) or (problem is not None and problem.key in _NUDGED)


HOOKS: dict[str, Callable[[Any], bool]] = {
    "game_won": _game_won, "schock_out": _schock_out,
    "queen_covered": _queen_covered, "coin_nudged": _coin_nudged,
}


class Watch:
    """Which hooks held in the last published state: each fires on becoming true."""

    def __init__(self) -> None:
        self._held: dict[str, bool] = {}

    def changed(self, snapshot, venue: str, table: str, log_id: int | None,
                seq: int) -> Iterator[tuple[str, bytes]]:
        for name, holds in HOOKS.items():
            try:
                now = bool(holds(snapshot))
            except Exception:   # a view that cannot be drawn is the screen's problem, not ours
                now = False
            before, self._held[name] = self._held.get(name), now
            if now and before is False:   # not on the first state after a start
                yield name, _payload(name, snapshot, venue, table, log_id, seq)


def _payload(name: str, snapshot, venue: str, table: str, log_id, seq: int) -> bytes:
    view = snapshot.view("en")
    return json.dumps({
        "schema": 1, "hook": name, "id": f"{venue}/{table}/{log_id}/{seq}/{name}",
        "venue": venue, "table": table, "seq": seq, "game": snapshot.status.setup.game,
        "parties": [list(p) for p in snapshot.status.setup.parties],
        "winner": getattr(view, "winner", None) or getattr(view, "loser", None),
        "party": getattr(_outcome(snapshot), "winner", None),
    }, ensure_ascii=False).encode()
