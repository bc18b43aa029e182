"""A league match as its page, its live data and the TV view show it, in the reader's
language: both pubs' boards live (this pub's table from the venue's store, the other's
from what the league line brought), the match's score, each board's state, a disagreement
with what each table's log says, and whether the other pub is reachable (and, at the pub
that dials, what is wrong with the league line)."""
from __future__ import annotations

import time

from tablegame.core.match import Match
from venue.competition.league import LeagueMatch
from venue.competition.words import cword, match_words


def league_view(match: LeagueMatch, mine: dict[str, dict], theirs: dict[str, dict],
                unreachable_since: float | None, language: str,
                line: tuple[str, dict] | None = None) -> dict:
    fixture, me = match.fixture, match.me
    other = fixture.other(me)
    score = match.score()
    boards = []
    for number, board in enumerate(fixture.boards, 1):
        seats = board.seats()
        names = tuple(p for p, _ in seats)
        title = match_words(Match(fixture.id, f"B{number}", match.attempt(number), "board",
                                  number, names), language)
        if number in match.agreed:
            state, words = "agreed", _result(match.agreed[number], names, language) + \
                " · " + cword("agreed", language)
        elif number in match.disagreed:
            seen = match.disagreed[number]
            state = "disagreed"
            words = cword("disagreement", language, here=_result(seen["here"], names, language),
                          there=_result(seen["there"], names, language))
            if seen.get("move") is not None:
                words += " · " + cword("diverged", language, move=seen["move"] + 1)
        elif number == match.current:
            state, words = "on", cword("board_on", language)
        else:
            state, words = "waits", cword("board_waits", language)
        boards.append({"number": number, "title": title, "state": state, "words": words,
                       "home": ", ".join(board.home), "away": ", ".join(board.away),
                       "attempt": match.attempt(number)})
    cards = [_card(me, match.table(me), mine, language),
             _card(other, match.table(other), theirs, language)]
    if fixture.home != me:
        cards.reverse()                                   # the home pub's board first
    gone = ""
    if unreachable_since is not None:
        gone = cword("unreachable_since", language, venue=other,
                     time=time.strftime("%H:%M:%S", time.localtime(unreachable_since)))
    return {
        "id": fixture.id, "season": fixture.season, "home": fixture.home, "away": fixture.away,
        "me": me, "game": fixture.game, "accepted": match.accepted, "closed": match.closed,
        "finished": match.finished, "score": score,
        "score_words": f"{fixture.home} {score['home']} : {score['away']} {fixture.away}",
        "boards": boards, "cards": cards, "unreachable": gone,
        "line": line_words(line, language),           # for staff, not the TV
        "reachable": "" if gone else cword("reachable", language, venue=other),
        "waiting": "" if match.accepted else cword("waits_for_accept", language, away=fixture.away),
        "invited": fixture.away == me and not match.accepted,
        "current": match.current,
    }


def line_words(trouble: tuple[str, dict] | None, language: str) -> str:
    """What is wrong with the league line (LeagueLine.trouble), in words; "" when nothing."""
    if trouble is None:
        return ""
    key, values = trouble
    since = time.strftime("%H:%M:%S", time.localtime(values["since"]))
    return cword(key, language, **{**values, "time": since})


def _result(said: dict, names: tuple[str, ...], language: str) -> str:
    if said.get("loser") is not None:
        return cword("loses", language, name=names[said["loser"]])
    if said.get("winner") is not None:
        return cword("wins", language, name=names[said["winner"]])
    return cword("nobody_loses", language)


def _card(venue: str, table: str | None, tables: dict[str, dict], language: str) -> dict:
    known = tables.get(table or "", {})
    state = known.get("state") or {}
    return {"venue": venue, "table": table or "–", "online": bool(known.get("online")),
            "status": cword("online" if known.get("online") else "offline", language),
            "title": state.get("title", ""), "score": state.get("score", ""),
            "turn": state.get("winner") or state.get("turn", "")}
