"""The competition pages of the venue view (staff, on a phone), the live data they and the
TV view fetch, and the standings' export. Thin: each request asks the runner (the one
writer) and shows its fold; every refusal comes back in words."""
from __future__ import annotations

import tomllib

from flask import (Blueprint, Flask, abort, current_app, jsonify, redirect, render_template,
                   request, url_for)

from tablegame.registry import find, playable_games
from venue import store as venue_store
from venue.competition.standings import standings
from venue.competition.view import competition_view
from venue.competition.words import cword, problem_words
from web_admin import auth
from web_admin.answers import done, refused
from web_admin.export import EXPORT_NAME, file_answer
from web_admin.words import language

bp = Blueprint("competitions", __name__)


def install(app: Flask, runner) -> None:
    """The pages on the venue's app, over ``runner`` (None: a view without competitions)."""
    app.extensions["competitions"] = runner
    app.register_blueprint(bp)
    app.jinja_env.globals.update(cword=cword, competitions_on=runner is not None,
                                 league_on=getattr(runner, "league", None) is not None)


def _runner():
    runner = current_app.extensions.get("competitions")
    if runner is None:
        abort(404)
    return runner


def known_tables() -> dict[str, dict]:
    """The venue's tables the store knows: {name: {online, state}}."""
    runner = _runner()
    path = current_app.extensions["venue_store"]
    rows = venue_store.tables(path) if path.exists() else []
    return {row["name"]: {"online": row["status"] == "online", "state": row["state"] or {},
                          "refused": _refused(row["reply"])}
            for row in rows if row["venue"] == runner.venue}


def _refused(reply: dict | None) -> str:
    """The table's last answer, when it refused a match (accept_commands off, a bad game)."""
    if not reply or reply.get("accepted") or reply.get("command") not in ("new_game", "relay"):
        return ""
    return (reply.get("reasons") or {}).get(language()) or reply.get("reason", "")


def _competition(cid: str):
    competition = _runner().snapshot().get(cid)
    if competition is None:
        abort(404)
    return competition


@bp.route("/competitions")
def listing():
    shown = [competition_view(c, {}, language()) for c in reversed(_runner().snapshot().values())]
    return render_template("competitions.html", competitions=shown, tables=known_tables(),
                           games=[(g, find(g).title.get(language(), g)) for g in playable_games()])


@bp.route("/competitions", methods=["POST"])
def create():
    body = request.get_json(silent=True) if request.is_json else None
    form = body if isinstance(body, dict) else {
        **request.form.to_dict(), "tables": request.form.getlist("tables")}
    options = form.get("options") or {}
    if isinstance(options, str):
        try:
            options = tomllib.loads(options)
        except tomllib.TOMLDecodeError as error:
            return refused(cword("cp_options", error=error), 400)
    if not isinstance(options, dict) or any(isinstance(v, (dict, list)) for v in options.values()):
        return refused(cword("cp_options", error="name = value"), 400)
    answer = _runner().create({**form, "options": options, "seeded": bool(form.get("seeded"))},
                              list(known_tables()), auth.by())
    if not answer.ok:
        return refused(problem_words(answer.problem), 400)
    if request.is_json:
        return jsonify(ok=True, id=answer.id, message=cword("done"))
    return redirect(url_for("competitions.page", cid=answer.id), 303)


@bp.route("/competitions/<cid>")
def page(cid: str):
    shown = competition_view(_competition(cid), known_tables(), language())
    return render_template("competition.html", c=shown)


@bp.route("/competitions/<cid>/change", methods=["POST"])
def change(cid: str):
    """A walkover, a corrected result, another table, the end: checked by the runner."""
    body = request.get_json(silent=True) if request.is_json else None
    form = body if isinstance(body, dict) else request.form.to_dict()
    data = {"match": form.get("match")}
    for key in ("winner", "loser"):
        if form.get(key) not in (None, ""):
            try:
                data[key] = int(form[key])
            except (TypeError, ValueError):
                return refused(cword("cp_bad_side", count="?"), 400)
    if form.get("result") not in (None, ""):   # the form's one choice: "winner:1", "loser:0", "draw"
        kind, _, place = str(form["result"]).partition(":")
        if kind in ("winner", "loser") and place.isdigit():
            data[kind] = int(place)
    if form.get("table"):
        data["table"] = str(form["table"])
    answer = _runner().change(cid, str(form.get("kind", "")), data, auth.by())
    if not answer.ok:
        return refused(problem_words(answer.problem), 400)
    return done(cword("done"), url_for("competitions.page", cid=cid))


@bp.route("/api/competitions/<cid>")
def data(cid: str):
    """The live data of the page and the TV view (fetched once a second)."""
    return jsonify({**competition_view(_competition(cid), known_tables(), language()),
                    "version": _runner().version})


@bp.route("/tv/competitions/<cid>")
def tv(cid: str):
    return render_template("competition_tv.html", c=competition_view(
        _competition(cid), known_tables(), language()))


@bp.route("/competitions/<cid>/export/<name>")
def export(cid: str, name: str):
    """The standings as a file (a name the browser saves as, never a path)."""
    if not EXPORT_NAME.match(name):
        return refused(cword("cp_no_competition", id=name), 400)
    competition = _competition(cid)
    rows = [{"competition": competition.setup.name, **row} for row in standings(competition)]
    return file_answer(name, rows)
