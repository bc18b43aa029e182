"""The league pages of the venue view: the matches and invitations, a new match, one match
with both pubs' boards live (and its TV view), a replay when the tables disagree, and a
season's standings as a file. Thin, over the league link (venue.competition.league_link)."""
from __future__ import annotations

import tomllib

from flask import (Blueprint, abort, current_app, jsonify, redirect, render_template, request,
                   url_for)

from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.registry import find, playable_games
from venue.competition.league import season_standings
from venue.competition.league_view import league_view, line_words
from venue.competition.pages import known_tables
from venue.competition.words import cword, problem_words
from web_admin import auth
from web_admin.answers import done, refused
from web_admin.export import EXPORT_NAME, file_answer
from web_admin.words import language

bp = Blueprint("league", __name__)


def _link():
    runner = current_app.extensions.get("competitions")
    link = getattr(runner, "league", None)
    if link is None:
        abort(404)
    return link


def split_games() -> list[tuple[str, str]]:
    """The games a league match can be played at: split over two tables (Rules.on_turn)."""
    games = []
    for game in playable_games():
        try:
            rules = make_play(GameSetup(game, (("a",), ("b",)))).rules
        except ValueError:
            continue
        if rules.split_over_tables:
            games.append((game, find(game).title.get(language(), game)))
    return games


def _view(cid: str) -> dict:
    link = _link()
    match = link.snapshot().get(cid)
    if match is None:
        abort(404)
    other = match.fixture.other(link.me)
    return league_view(match, known_tables(), link.peer_tables(other),
                       link.unreachable_since(other), language(), link.line_trouble())


def _form() -> dict:
    body = request.get_json(silent=True) if request.is_json else None
    return body if isinstance(body, dict) else request.form.to_dict()


def _answer(answer, back: str):
    if not answer.ok:
        return refused(problem_words(answer.problem), 400)
    return done(cword("done"), back)


@bp.route("/league")
def listing():
    link = _link()
    matches = list(link.snapshot().values())
    shown = [league_view(m, {}, {}, None, language()) for m in reversed(matches)]
    seasons = sorted({m.fixture.season for m in matches}, reverse=True)
    return render_template("league.html", matches=shown, tables=known_tables(),
                           line=line_words(link.line_trouble(), language()),
                           games=split_games(), seasons=[
                               (s, season_standings(matches, s)) for s in seasons])


@bp.route("/league", methods=["POST"])
def propose():
    form = _form()
    options = form.get("options") or {}
    if isinstance(options, str):
        try:
            options = tomllib.loads(options)
        except tomllib.TOMLDecodeError as error:
            return refused(cword("cp_options", error=error), 400)
    answer = _link().propose({**form, "options": options}, list(known_tables()), auth.by())
    if answer.ok and not request.is_json:
        return redirect(url_for("league.page", cid=answer.id), 303)
    if answer.ok:
        return jsonify(ok=True, id=answer.id, message=cword("done"))
    return refused(problem_words(answer.problem), 400)


@bp.route("/league/<cid>")
def page(cid: str):
    return render_template("league_match.html", m=_view(cid), tables=known_tables())


@bp.route("/league/<cid>/accept", methods=["POST"])
def accept(cid: str):
    return _answer(_link().accept(cid, str(_form().get("table", "")), list(known_tables()),
                                  auth.by()), url_for("league.page", cid=cid))


@bp.route("/league/<cid>/replay", methods=["POST"])
def replay(cid: str):
    try:
        board = int(_form().get("board", 0))
    except (TypeError, ValueError):
        board = 0
    return _answer(_link().replay(cid, board, auth.by()), url_for("league.page", cid=cid))


@bp.route("/league/<cid>/close", methods=["POST"])
def close(cid: str):
    return _answer(_link().close_match(cid, auth.by()), url_for("league.page", cid=cid))


@bp.route("/api/league/<cid>")
def data(cid: str):
    return jsonify(_view(cid))


@bp.route("/tv/league/<cid>")
def tv(cid: str):
    return render_template("league_tv.html", m=_view(cid))


@bp.route("/league/season/<path:season>/export/<name>")
def export(season: str, name: str):
    if not EXPORT_NAME.match(name):
        return refused(cword("cp_no_competition", id=name), 400)
    rows = [{"season": season, **row}
            for row in season_standings(list(_link().snapshot().values()), season)]
    return file_answer(name, rows)
