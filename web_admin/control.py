"""Run the table: start a game (parties checked by the same code as the table's
names panel, the game and options by the rules through the session), abandon it,
undo the last event, the sensor test on and off. Each is a command the session
answers; a refusal comes back with the table's reason."""
from __future__ import annotations

import tomllib

from flask import Blueprint, render_template, request

from tablegame.core.corrections import correction_action, corrections_for
from tablegame.core.parties import parse_parties, say_problem, solo
from tablegame.core.games import playable_games
from tablegame.core.play import GameSetup
from tablegame.core.session import Act, Calibrate, NewGame, Undo
from web_admin.answers import done, refused
from web_admin.auth import by
from web_admin.table import face, game_token, reply_words, snapshot_data, submit, table_language

bp = Blueprint("control", __name__)
MAX_PARTIES = 10


@bp.route("/control")
def page():
    snap = face().snapshot()
    return render_template("control.html", snapshot=snapshot_data(snap), games=playable_games(),
                           corrections=corrections_for(snap.status.setup.game),
                           parties="\n".join(", ".join(p) for p in snap.status.setup.parties))


def _stale():
    """None if the form was filled in for the table as it is now, else the refusal."""
    if request.form.get("token") != game_token(face().snapshot()):
        return refused("The table has changed since this page was loaded (a new game or a "
                       "new move); nothing was done. Look again and repeat if still needed.", 409)
    return None


def _answer(command, back="/control"):
    reply = submit(command, by())
    if reply.accepted:
        return done(reply_words(reply) or "OK", back)
    return refused(reply_words(reply), 409)


@bp.route("/control/new", methods=["POST"])
def new_game():
    if (stale := _stale()) is not None:
        return stale
    game = request.form.get("game", "")
    if game not in playable_games():
        return refused(f"Unknown game {game!r}; the table plays {', '.join(playable_games())}.", 400)
    lines = [line for line in request.form.get("parties", "").splitlines() if line.strip()]
    if not 2 <= len(lines) <= MAX_PARTIES:
        return refused(f"Give from 2 to {MAX_PARTIES} parties, one line each.", 400)
    parties, problem = parse_parties(lines, solo=solo(game))
    if problem is not None:
        return refused(say_problem(table_language(), problem, solo(game)), 400)
    try:
        options = tomllib.loads(request.form.get("options", ""))
    except tomllib.TOMLDecodeError as error:
        return refused(f"Options are lines like 'beds = 5' or 'strict = true': {error}", 400)
    if any(isinstance(v, (dict, list)) for v in options.values()):
        return refused("Options are single values (a number, true/false or a quoted word).", 400)
    return _answer(NewGame(GameSetup(game, parties, tuple(sorted(options.items())))))


@bp.route("/control/abandon", methods=["POST"])
def abandon():
    """The game is given up: the same game starts afresh for the same parties."""
    if (stale := _stale()) is not None:
        return stale
    return _answer(NewGame(face().snapshot().status.setup))


@bp.route("/control/undo", methods=["POST"])
def undo():
    if (stale := _stale()) is not None:
        return stale
    return _answer(Undo())


@bp.route("/control/calibrate", methods=["POST"])
def calibrate():
    on = request.form.get("on")
    if on not in ("0", "1"):
        return refused("Say on=1 (start the sensor test) or on=0 (end it).", 400)
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
        return refused(f"{game} has no correction {request.form.get('name', '')!r}.", 400)
    values = {}
    for field in (f.name for f in chosen.fields):
        try:
            values[field] = int(request.form[field])
        except KeyError:
            return refused(f"{field}: missing", 400)
        except ValueError:
            return refused(f"{field}: expected a whole number, got {request.form[field]!r}", 400)
    return _answer(Act(correction_action(chosen, values)))
