"""Run the table: start a game (parties checked by the same code as the table's
names panel, the game and options by the rules through the session), abandon it,
undo the last event, the sensor test on and off. Each is a command the session
answers; a refusal comes back with the table's reason."""
from __future__ import annotations

import tomllib

from flask import Blueprint, render_template, request

from tablegame.registry import find
from tablegame.core.corrections import correction_action, corrections_for
from tablegame.core.parties import parse_parties, say_problem, solo
from tablegame.core.games import playable_games
from tablegame.core.play import GameSetup
from tablegame.core.session import Act, Calibrate, NewGame, ShowReasons, Undo
from web_admin.answers import done, refused, refused_here
from web_admin.auth import by
from web_admin.table import face, game_token, reply_words, snapshot_data, submit
from web_admin.words import language, word

bp = Blueprint("control", __name__)
MAX_PARTIES = 10


@bp.route("/control")
def page(refusal: str = "", status: int = 200):
    """The page; after a refused form, the same page with the refusal above it and the form
    as it was filled in (a page of its own lost what was typed: its Back reloaded an empty
    form)."""
    snap = face().snapshot()
    typed = request.form if refusal else {}
    return render_template(
        "control.html", snapshot=snapshot_data(snap), refusal=refusal, typed=typed,
        games=[(game, find(game).title[language()]) for game in playable_games()],
        chosen=typed.get("game", snap.status.setup.game),
        corrections=corrections_for(snap.status.setup.game),
        parties=typed.get("parties", "\n".join(", ".join(p) for p in snap.status.setup.parties)),
        options=typed.get("options", "")), status



def _stale():
    """None if the form was filled in for the table as it is now, else the refusal."""
    if request.form.get("token") != game_token(face().snapshot()):
        return refused_here(page, word("err_stale"), 409)
    return None


def _answer(command, back="/control"):
    reply = submit(command, by())
    if reply.accepted:
        return done(reply_words(reply) or "OK", back)
    if back != "/control":   # the health or calibration page's form: the page of its own
        return refused(reply_words(reply), 409)
    return refused_here(page, reply_words(reply), 409)


@bp.route("/control/new", methods=["POST"])
def new_game():
    if (stale := _stale()) is not None:
        return stale
    game = request.form.get("game", "")
    if game not in playable_games():
        return refused_here(page, word("err_unknown_game", game=game,
                                    games=", ".join(playable_games())), 400)
    lines = [line for line in request.form.get("parties", "").splitlines() if line.strip()]
    if not 2 <= len(lines) <= MAX_PARTIES:
        return refused_here(page, word("err_parties", most=MAX_PARTIES), 400)
    parties, problem = parse_parties(lines, solo=solo(game))
    if problem is not None:
        return refused_here(page, say_problem(language(), problem, solo(game)), 400)
    try:
        options = tomllib.loads(request.form.get("options", ""))
    except tomllib.TOMLDecodeError as error:
        return refused_here(page, word("err_options", error=error), 400)
    if any(isinstance(v, (dict, list)) for v in options.values()):
        return refused_here(page, word("err_option_values"), 400)
    takes = sorted(o.name for o in (*find(game).options, *find(game).play_options))
    if unknown := sorted(set(options) - set(takes)):    # said here, in the page's language
        return refused_here(page, word("err_unknown_options", names=", ".join(unknown),
                            takes=", ".join(takes) or "–"), 400)
    return _answer(NewGame(GameSetup(game, parties, tuple(sorted(options.items())))))


@bp.route("/control/abandon", methods=["POST"])
def abandon():
    """The game is given up: the same game starts afresh for the same parties. It asks
    first (one stray tap must not end a game); the abandoned game stays in the log, and
    the history can resume it."""
    if (stale := _stale()) is not None:
        return stale
    if request.form.get("sure") != "1":
        return render_template("abandon.html", token=request.form.get("token")), 200
    return _answer(NewGame(face().snapshot().status.setup))


@bp.route("/control/undo", methods=["POST"])
def undo():
    if (stale := _stale()) is not None:
        return stale
    return _answer(Undo())


@bp.route("/control/replay", methods=["POST"])
def replay():
    """What the check of the last move found, replayed on the table's screen (Shove: the
    last shove), as a guest's button hold does; the live view replays it too."""
    reply = submit(ShowReasons(), by())
    if reply.accepted:
        return done(word("replay_shown"), "/")
    return refused(reply_words(reply), 409)


@bp.route("/control/calibrate", methods=["POST"])
def calibrate():
    on = request.form.get("on")
    if on not in ("0", "1"):
        return refused(word("err_on"), 400)
    back = request.form.get("back", "/health")   # the health or the calibration page
    return _answer(Calibrate(on == "1"), back=back if back in ("/health", "/calibrate") else "/health")


@bp.route("/control/correct", methods=["POST"])
def correct():
    """A correction of what the sensors missed: the rules decide whether it may be."""
    if (stale := _stale()) is not None:
        return stale
    game = face().snapshot().status.setup.game
    chosen = {c.name: c for c in corrections_for(game)}.get(request.form.get("name", ""))
    if chosen is None:
        return refused_here(page, word("err_no_correction", game=game, name=request.form.get("name", "")), 400)
    values = {}
    for field in (f.name for f in chosen.fields):
        try:
            values[field] = int(request.form[field])
        except KeyError:
            return refused_here(page, word("err_missing", field=field), 400)
        except ValueError:
            return refused_here(page, word("err_whole_number", field=field, value=request.form[field]), 400)
    return _answer(Act(correction_action(chosen, values)))
