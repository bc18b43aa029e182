"""A competition as the page, its live updates and the TV view show it: plain data in the
reader's language (the rounds and their matches, who plays where now, the standings), from
the fold and what the tables last said (their live score)."""
from __future__ import annotations

from tablegame.core.match import Match
from venue.competition.fold import Competition, MatchState
from venue.competition.standings import champion, standings
from venue.competition.words import cword, match_words, stage_words

COLUMNS = {"knockout": ("place", "side", "played", "won", "lost"),
           "round_robin": ("place", "side", "played", "won", "drawn", "lost", "points"),
           "schocken_evening": ("place", "side", "played", "lost_games")}


def competition_view(competition: Competition, tables: dict[str, dict], language: str) -> dict:
    setup = competition.setup
    rounds: dict[int, list] = {}
    for state in competition.matches.values():
        rounds.setdefault(state.planned.round, []).append(
            _match(competition, state, tables, language))
    rows = standings(competition)
    for row in rows:
        row["lost_games"] = row.get("lost", 0)
    won = champion(competition)
    return {
        "id": setup.id, "name": setup.name, "game": setup.game, "format": setup.format,
        "format_words": cword(setup.format, language),
        "state": "closed" if competition.closed else "finished" if competition.finished
        else "running",
        "state_words": cword("closed" if competition.closed else "finished" if
                             competition.finished else "running", language),
        "champion": cword("winner", language, name=won) if won else "",
        "rounds": [{"title": _round_title(competition, number, language), "matches": matches}
                   for number, matches in sorted(rounds.items())],
        "columns": [{"key": k, "words": cword(k, language)} for k in COLUMNS[setup.format]],
        "standings": rows,
        "tables": [{"name": t, "online": tables.get(t, {}).get("online", False),
                    "refused": cword("table_refuses", language, table=t,
                                     reason=tables[t]["refused"]) if tables.get(t, {}).get(
                                         "refused") else "",
                    "words": cword("online" if tables.get(t, {}).get("online") else "offline",
                                   language),
                    "match": next((m["title"] for r in rounds.values() for m in r
                                   if m["table"] == t and m["state"] in ("playing", "sent")), "")}
                   for t in setup.tables],
    }


def _round_title(competition: Competition, number: int, language: str) -> str:
    stage = next(m.planned.stage for m in competition.matches.values() if m.planned.round == number)
    return stage_words(stage, number, language)


def _match(competition: Competition, state: MatchState, tables: dict, language: str) -> dict:
    sides = competition.sides(state.id)
    names = [competition.setup.sides[s].name if s is not None and s >= 0 else
             cword("bye" if s == -1 else "open_side", language) for s in sides]
    result = competition.result(state.id)
    won = set(result.winners(len(sides))) if result else set()
    planned = state.planned
    known = None not in sides and -1 not in sides
    title = match_words(Match(competition.setup.id, state.id, state.attempt, planned.stage,
                              planned.round if planned.stage == "round" else planned.number,
                              tuple(names)), language)
    live = (tables.get(state.table or "", {}).get("state") or {})
    live_match = live.get("match") or {}
    playing_here = live_match.get("match") == state.id and live_match.get("attempt") == state.attempt
    if result is not None:
        status = {"bye": cword("bye", language), "walkover": cword("walkover", language),
                  "corrected": cword("corrected", language, by=result.by.removeprefix("staff:"))
                  }.get(result.how, cword("at_table", language, table=result.table)
                        if result.table else "")
        kind = "bye" if result.how == "bye" else "done"
    elif state.table is not None:
        kind = "playing" if state.started else "sent"
        status = cword(kind, language, table=state.table)
    else:
        kind = "waiting" if known else "to_come"
        status = cword(kind, language)
    if state.replays and result is None:
        status = f"{cword('replayed', language)} · {status}"
    return {
        "id": state.id, "title": title, "state": kind, "status": status, "table": state.table,
        "sides": [{"name": n, "won": (p in won) if result and not result.drawn else None,
                   "lost": bool(result) and result.loser == p} for p, n in enumerate(names)],
        "score": (result.score if result else live.get("score", "") if playing_here else ""),
        "known": known, "decided": result is not None, "attempt": state.attempt,
    }
