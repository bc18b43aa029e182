"""Settings (admin): every key of the configuration file as a form, generated from
``tablegame.config.SETTINGS``; a bad value is refused with check-config's words,
a good one saved atomically by the one writer (tablegame.config.file)."""
from __future__ import annotations

import json
import logging

from flask import Blueprint, jsonify, make_response, render_template, request

from tablegame.config import SETTINGS, ConfigError
from tablegame.config.file import takes_effect
from tablegame.words.phrase import said
from web_admin.answers import done, refused_here, wants_json
from web_admin.auth import who
from web_admin.table import face
from web_admin.words import language, word

log = logging.getLogger(__name__)
bp = Blueprint("settings", __name__)
BY_KEY = {s.key: s for s in SETTINGS}


@bp.route("/settings")
def page(refusal: str = "", status: int = 200):
    """The page; after a refused value, the same page with the refusal beside that setting
    and the value as it was typed, to mend (a page of its own lost it)."""
    settings = face().settings
    saved, running = settings.saved(), settings.current()
    instead = getattr(settings, "instead", {})
    typed = request.form if refusal else {}
    rows = [(s, typed["value"] if typed.get("key") == s.key and "value" in typed else _shown(saved[s.key]),
             _shown(s.default), takes_effect(s.key), _running(s.key, saved, running, instead))
            for s in SETTINGS]
    return render_template("settings.html", rows=rows, path=face().settings.path,
                           refusal=refusal,
                           refused_key=typed.get("key") if typed.get("key") in BY_KEY else None), status



def _running(key: str, saved, running, instead) -> str | None:
    """What the table runs with where it is not the saved value, and why (None: the same)."""
    if key in instead:
        value, why = instead[key]
        return word("runs_instead", value=_shown(value), why=word(why))
    if saved[key] != running[key]:
        return word("running_now", value=_shown(running[key]))
    return None


def _shown(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, list) else str(value)


def _typed(setting, text: str):
    """The form's text as the setting's type; the text itself if it does not read as
    one (then the setting's own check refuses it with check-config's words)."""
    default = setting.default
    try:
        if isinstance(default, bool):
            return {"true": True, "false": False}.get(text.strip().lower(), text)
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
        if isinstance(default, list):
            return json.loads(text)
    except ValueError:
        return text
    return text


@bp.route("/settings", methods=["POST"])
def save():
    key = request.form.get("key", "")
    setting = BY_KEY.get(key)
    if setting is None:
        return refused_here(page, word("err_unknown_setting", key=key), 400)
    if "value" not in request.form:
        return refused_here(page, word("err_no_value", key=key), 400)
    text = request.form["value"]
    value = _typed(setting, text)
    expected = setting.check(value)
    if expected:
        return refused_here(page, word("err_expected", key=key, expected=said(language(), expected),
                            value=repr(value)), 400)
    try:
        restart = face().settings.save({key: value})
    except ConfigError as error:
        return refused_here(page, error.said(language()), 400)
    except (ValueError, OSError) as error:
        return refused_here(page, word("err_not_saved", error=error), 409)
    log.info("setting %s = %r saved by %s", key, value, who())
    message = word("saved") + (" – " + word("restart_needed", keys=", ".join(restart))
                               if restart else "")
    return done(message, "/settings")


@bp.route("/settings/restart", methods=["POST"])
def restart():
    """The answer goes out first, then the table stops (it closes this page's server)
    and starts again; the page reloads itself once it is back."""
    log.warning("restart asked for by %s", who())
    if wants_json():
        response = jsonify(ok=True, message=word("restarting"))
    else:
        response = make_response(render_template("restarting.html"))
    response.call_on_close(face().restart)
    return response
