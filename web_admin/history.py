"""History: finished and running games from the log (a read-only connection of the
log's own), one game's log in words, and exports as CSV or JSON."""
from __future__ import annotations

import csv
import io
import re
from datetime import datetime

from flask import Blueprint, Response, render_template

from tablegame import jsoncodec
from tablegame.i18n import say
from tablegame.play import make_play
from tablegame.replay import replay
from web_admin.answers import refused
from web_admin.table import face, table_language, to_json

bp = Blueprint("history", __name__)
EXPORT_NAME = re.compile(r"^[A-Za-z0-9_-]{1,40}\.(csv|json)$")


def _result(replayed) -> str:
    if replayed.problem:
        return replayed.problem
    if replayed.outcome is None:
        return "…"
    if replayed.outcome.note is not None:   # in the table's language, not the engine's
        return say(table_language(), replayed.outcome.note)
    return replayed.outcome.reason or "draw"


def _games() -> list[dict]:
    rows = []
    for game in face().history.games():
        setup = game.setup_data
        replayed = replay(game, make_play, table_language())
        rows.append({
            "seq": game.seq, "game": setup.get("game", "?"),
            "parties": " – ".join(", ".join(p) for p in setup.get("parties", [])),
            "started": datetime.fromtimestamp(game.started).strftime("%Y-%m-%d %H:%M"),
            "minutes": round((game.last - game.started) / 60, 1),
            "events": len(game.entries) - 1, "by": game.entries[0].by,
            "result": _result(replayed), "finished": replayed.outcome is not None,
        })
    return rows[::-1]


@bp.route("/history")
def page():
    return render_template("history.html", games=_games())


@bp.route("/history/<int:seq>")
def one(seq: int):
    game = face().history.game(seq)
    if game is None:
        return refused(f"There is no game {seq} in the log.", 404)
    replayed = replay(game, make_play, table_language())
    lines = [(datetime.fromtimestamp(at).strftime("%H:%M:%S"), by, what)
             for at, by, what in replayed.lines]
    return render_template("game.html", seq=seq, lines=lines, result=_result(replayed))


@bp.route("/history/export/<name>")
def export(name: str):
    """``name`` is a file name the browser saves as, never a path."""
    if not EXPORT_NAME.match(name):
        return refused("An export is named like games.csv or games.json "
                       "(letters, digits, - and _ only).", 400)
    rows = _games()
    disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
    if name.endswith(".json"):
        return Response(to_json(jsoncodec.to_data(rows)), mimetype="application/json",
                        headers=disposition)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else ["seq"])
    writer.writeheader()
    writer.writerows(rows)
    return Response(out.getvalue(), mimetype="text/csv", headers=disposition)
