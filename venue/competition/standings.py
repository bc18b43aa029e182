"""A competition's standings, folded from its matches' results: a knockout's places
(the final's winner first, its loser second, the semi-finals' losers third equal, …),
a round robin's table (3 points a win, 1 a draw) and a Schocken evening's tally (fewest
games lost first, as the sheet counts them). Rows of plain values: the page, the TV
view and the export (CSV, JSON) show the same."""
from __future__ import annotations

from collections import defaultdict
from typing import Callable

from venue.competition.fold import Competition
from venue.competition.model import POINTS


def standings(competition: Competition) -> list[dict]:
    return _BY_FORMAT[competition.setup.format](competition)


def _played(competition: Competition) -> dict[int, dict]:
    """Per entrant: played, won, drawn, lost over every decided match (byes not played)."""
    rows: dict[int, dict] = {i: {"played": 0, "won": 0, "drawn": 0, "lost": 0}
                             for i in range(len(competition.setup.sides))}
    for match in competition.matches:
        result, sides = competition.result(match), competition.sides(match)
        if result is None or result.how == "bye":
            continue
        winners = result.winners(len(sides))
        for place, side in enumerate(sides):
            row = rows[side]
            row["played"] += 1
            row["drawn" if result.drawn else "won" if place in winners else "lost"] += 1
    return rows


def _row(competition: Competition, side: int, place: int | None, **counts) -> dict:
    entrant = competition.setup.sides[side]
    return {"place": place, "side": entrant.name, "players": ", ".join(entrant.players),
            **counts}


def _places(rows: list[tuple[tuple, int, dict]]) -> list[tuple[int, int, dict]]:
    """Sorted by key; equal keys share a place (1, 2, 2, 4)."""
    rows = sorted(rows, key=lambda r: r[0])
    placed, last = [], None
    for index, (key, side, counts) in enumerate(rows):
        if key[:-1] != last:
            place, last = index + 1, key[:-1]
        placed.append((place, side, counts))
    return placed


def _knockout(competition: Competition) -> list[dict]:
    counts = _played(competition)
    rounds = max(m.planned.round for m in competition.matches.values())
    out_in: dict[int, int] = {}
    for match, state in competition.matches.items():
        result, sides = competition.result(match), competition.sides(match)
        if result is None or result.how == "bye":
            continue
        winners = result.winners(len(sides))
        for place, side in enumerate(sides):
            if place not in winners:
                out_in[side] = state.planned.round
    champion = None
    final = next(m for m in competition.matches.values() if m.planned.round == rounds)
    if competition.result(final.id) is not None:
        won = competition.result(final.id).winners(2)
        champion = competition.sides(final.id)[won[0]]
    rows = []
    for side, row in counts.items():
        if side == champion:
            place = 1
        elif side in out_in:
            place = 2 ** (rounds - out_in[side]) + 1
        else:
            place = None                           # still in
        rows.append(_row(competition, side, place, played=row["played"], won=row["won"],
                         lost=row["lost"]))
    return sorted(rows, key=lambda r: (r["place"] is not None, r["place"] or 0, r["side"].casefold()))


def _round_robin(competition: Competition) -> list[dict]:
    keyed = []
    for side, row in _played(competition).items():
        points = sum(POINTS[k] * row[k] for k in POINTS)
        keyed.append(((-points, -row["won"], competition.setup.sides[side].name.casefold()),
                      side, {**row, "points": points}))
    return [_row(competition, side, place, **counts) for place, side, counts in _places(keyed)]


def _schocken_evening(competition: Competition) -> list[dict]:
    keyed = []
    for side, row in _played(competition).items():
        keyed.append(((row["lost"], -row["played"], competition.setup.sides[side].name.casefold()),
                      side, {"played": row["played"], "lost": row["lost"]}))
    return [_row(competition, side, place, **counts) for place, side, counts in _places(keyed)]


_BY_FORMAT: dict[str, Callable[[Competition], list[dict]]] = {
    "knockout": _knockout, "round_robin": _round_robin, "schocken_evening": _schocken_evening}


def champion(competition: Competition) -> str | None:
    """The winner's name once the competition is decided."""
    if not competition.finished:
        return None
    rows = standings(competition)
    return rows[0]["side"] if rows and rows[0]["place"] == 1 else None


def matches_played(competition: Competition) -> dict[str, int]:
    """How many matches each table has had (the page's small print)."""
    counts: dict[str, int] = defaultdict(int)
    for state in competition.matches.values():
        if state.result is not None and state.result.table:
            counts[state.result.table] += 1
    return dict(counts)
