"""History: finished and running games from the log (a read-only connection of the
log's own), the evening's standings per player, one game's log in words, and exports
of either as CSV or JSON. Everything is folded from the log on each request."""
from __future__ import annotations

import threading
import time
from collections import OrderedDict
from datetime import date, datetime

from flask import Blueprint, render_template, request

from tablegame.core import jsoncodec
from tablegame.registry import find
from tablegame.core.history import LoggedGame
from tablegame.texts import say
from tablegame.core.games import make_play
from tablegame.core.replay import Replayed, replay
from tablegame.core.standings import evening_of, evenings, standings
from web_admin.answers import refused
from web_admin.export import EXPORT_NAME, file_answer
from web_admin.table import face
from web_admin.words import language, word

bp = Blueprint("history", __name__)


def _result(replayed) -> str:
    if replayed.problem:
        return replayed.problem
    if replayed.outcome is None:
        return "…"
    if replayed.outcome.note is not None:   # in the table's language, not the engine's
        return say(language(), replayed.outcome.note)
    return replayed.outcome.reason or "draw"


def _replayed() -> list[tuple[LoggedGame, Replayed]]:
    """Every game of the log folded through its rules again, oldest first."""
    lang = language()
    return [(game, _replay(game, lang)) for game in face().history.games()]


_memo_lock = threading.Lock()
_memo: OrderedDict[tuple[int, int, str], Replayed] = OrderedDict()
_MEMO = 4096    # games remembered; a month of evenings fits


def _replay(game: LoggedGame, language: str) -> Replayed:
    """``replay``, folded once per state of the game's log: the log only grows, so a game's
    first and last entry name every state it can be in (a finished game, followed by the
    next, never changes again). Derived in memory, not stored: the log stays the one record."""
    key = (game.seq, game.entries[-1].seq, language)
    with _memo_lock:
        if key in _memo:
            _memo.move_to_end(key)
            return _memo[key]
    made = replay(game, make_play, language)
    with _memo_lock:
        _memo[key] = made
        while len(_memo) > _MEMO:
            _memo.popitem(last=False)
    return made


def who(by: str) -> str:
    """Who made an event, in the page's words ("Personal: anna", "Brett"), not the log's
    ("staff:anna", "board")."""
    if by.startswith("staff:"):
        return word("by_staff", name=by.split(":", 1)[1])
    return word(f"by_{by}") if by in ("board", "button", "table", "script") else by


def _games(replayed: list[tuple[LoggedGame, Replayed]]) -> list[dict]:
    """Newest first; each game with its number in the log (1 for the first: what people
    count, not the log's entry numbers) and its name in the page's language."""
    rows = []
    for number, (game, replayed) in enumerate(replayed, 1):
        setup = game.setup_data
        rows.append({
            "seq": game.seq, "number": number, "game": setup.get("game", "?"),
            "title": _title(setup.get("game", "?")),
            "parties": " – ".join(", ".join(p) for p in setup.get("parties", [])),
            "started": datetime.fromtimestamp(game.started).strftime("%Y-%m-%d %H:%M"),
            "minutes": round((game.last - game.started) / 60, 1),
            "events": len(game.entries) - 1, "by": game.entries[0].by, "started_by": who(game.entries[0].by),
            "result": _result(replayed), "finished": replayed.outcome is not None,
        })
    return rows[::-1]


def _evening() -> date | None:
    """The evening asked for (``?evening=2026-11-23``), else tonight; None if unreadable."""
    asked = request.args.get("evening")
    if asked is None:
        return evening_of(time.time())
    try:
        return date.fromisoformat(asked)
    except ValueError:
        return None


def _standings(replayed, evening: date) -> list[dict]:
    return [{"evening": evening.isoformat(), "player": s.player, "game": s.game,
             "title": _title(s.game), "played": s.played, "won": s.won, "lost": s.lost,
             "drawn": s.drawn} for s in standings((r for _, r in replayed), evening)]


def _title(game: str) -> str:
    try:
        return find(game).title[language()]
    except (ValueError, StopIteration):   # a game this version no longer plays
        return game


@bp.route("/history")
def page():
    evening = _evening()
    if evening is None:
        return refused(word("err_evening"), 400)
    replayed = _replayed()
    return render_template("history.html", games=_games(replayed), evening=evening,
                           standings=_standings(replayed, evening),
                           evenings=evenings(r for _, r in replayed))


@bp.route("/history/<int:seq>")
def one(seq: int):
    game = face().history.game(seq)
    if game is None:
        return refused(word("err_no_game", seq=seq), 404)
    replayed = _replay(game, language())
    lines = [(datetime.fromtimestamp(at).strftime("%H:%M:%S"), who(by), what)
             for at, by, what in replayed.lines]
    number = next((i for i, g in enumerate(face().history.games(), 1) if g.seq == seq), None)
    return render_template("game.html", seq=seq, lines=lines, result=_result(replayed),
                           heading=word("game_number", number=number) if number else word("history"),
                           title=_title(game.setup_data.get("game", "?")),
                           resumable=replayed.outcome is None and not replayed.problem
                           and replayed.setup is not None)


@bp.route("/history/<int:seq>/resume", methods=["POST"])
def resume(seq: int):
    """An unfinished game (an abandoned one) played on from where it was: a new game with
    its setup, then its line of play again, each action checked by the rules as it was
    the first time. Both the abandoned game and this one stay in the log."""
    from tablegame.core.session import Act, NewGame
    from web_admin.auth import by
    from web_admin.answers import done
    from web_admin.table import reply_words, submit
    game = face().history.game(seq)
    if game is None:
        return refused(word("err_no_game", seq=seq), 404)
    replayed = _replay(game, language())
    if replayed.setup is None or replayed.problem or replayed.outcome is not None:
        return refused(word("err_not_resumable", seq=seq), 409)
    for command in (NewGame(replayed.setup), *(Act(a) for a in replayed.played)):
        reply = submit(command, by())
        if not reply.accepted:
            return refused(reply_words(reply), 409)
    return done(word("resumed"), "/")


@bp.route("/history/export/<name>")
def export(name: str):
    """``name`` is a file name the browser saves as, never a path."""
    if not EXPORT_NAME.match(name):
        return refused(word("err_export_name"), 400)
    table, evening = request.args.get("table", "games"), _evening()
    if table not in ("games", "standings") or evening is None:
        return refused(word("err_export_table"), 400)
    replayed = _replayed()
    rows = _games(replayed) if table == "games" else _standings(replayed, evening)
    return file_answer(name, jsoncodec.to_data(rows))
