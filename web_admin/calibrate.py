"""Calibration (admin): the board geometry settings of a game (its registration's
``board`` Options, the file's ``[boards.<game>]``) with the board's latest readings drawn
over them and each piece's place in words, as that geometry would judge it (the family's
``calibration`` draws and places, tablegame.core.calibration). Changing a
value previews it (nothing is saved); Save writes it like any other setting (checked as
check-config checks it; it counts from the next game). Best with the sensor test on."""
from __future__ import annotations

import logging
from typing import Any

from flask import Blueprint, jsonify, render_template, request

from tablegame.core import jsoncodec
from tablegame.config import ConfigError
from tablegame.registry import Option, family_of, find, installed, load
from tablegame.texts import say
from tablegame.texts.notes import Note
from tablegame.core.games import make_play
from tablegame.phrase import phrase_of, said
from tablegame.core.play import GameSetup
from web_admin.answers import done, refused
from web_admin.auth import who
from web_admin.table import face
from web_admin.words import language, word

log = logging.getLogger(__name__)
bp = Blueprint("calibrate", __name__)


def _typed(option: Option, text: str) -> Any:
    """The form's text as the option's kind; the text itself when it does not read as one
    (the option's own check then says what is allowed)."""
    try:
        if option.kind is bool:
            return {"true": True, "false": False}.get(text.strip().lower(), text)
        if option.kind in (int, float):
            return option.kind(text)
    except ValueError:
        return text
    return text


def _asked(form) -> tuple[str, dict[str, Any], list[str]]:
    """The game, its board values (saved, then those given) and what is wrong with them."""
    game = form.get("game") or face().snapshot().status.setup.game
    try:
        fields = find(game).board
    except (ValueError, StopIteration) as error:
        return game, {}, [said(language(), phrase_of(error))]
    values = {o.name: o.default for o in fields}
    values.update(face().settings.saved().boards.get(game, {}))
    problems = []
    for option in fields:
        if option.name in form:
            values[option.name] = _typed(option, form[option.name])
            if (wrong := option.check(values[option.name])) is not None:
                problems.append(f"{option.name}: {said(language(), wrong)}")
    return game, values, problems


def _preview(game: str, values: dict[str, Any], problems: list[str]) -> dict[str, Any]:
    """The board these values make, drawn as its family draws it, and the latest readings
    placed on it, as JSON data."""
    data: dict[str, Any] = {"game": game, "values": values, "problems": problems,
                            "board": None, "drawing": None, "pieces": []}
    if problems:
        return data
    status = face().snapshot().status
    try:
        board = getattr(make_play(GameSetup(game, status.setup.parties), {game: values}),
                        "board", None)
    except ValueError as error:   # sizes that make no board: in the page's language
        data["problems"] = [said(language(), phrase_of(error))]
        return data
    drawn = family_of(game).calibration
    if board is None or not installed(drawn):   # a family that does not draw its board (yet)
        return data
    seen = load(drawn)(board, status.readings)
    data["board"] = jsoncodec.to_data(board)
    data["drawing"] = {"width": seen.width, "height": seen.height,
                       "shapes": [shape.to_data() for shape in seen.shapes]}
    data["pieces"] = [{"x": p.x, "y": p.y, "where": _said(p.where), "shape": p.shape.to_data()}
                      for p in seen.pieces]
    return data


def _said(note: Note) -> str:
    """A place in the page's language, in the family's own words (the table's texts)."""
    return say(language(), note)


@bp.route("/calibrate")
def page():
    game, values, problems = _asked(request.args)
    if not values and problems:
        return refused(problems[0], 400)
    return render_template("calibrate.html", fields=find(game).board, lang=language(),
                           title=find(game).title.get(language(), game),
                           calibrating=face().snapshot().status.calibrating,
                           preview=_preview(game, values, problems))


@bp.route("/api/calibrate")
def api():
    return jsonify(_preview(*_asked(request.args)))


@bp.route("/calibrate", methods=["POST"])
def save():
    game, values, problems = _asked(request.form)
    if problems:
        return refused("; ".join(problems), 400)
    if not values:
        return refused(word("no_board"), 400)
    try:
        face().settings.save_board(game, values)
    except ConfigError as error:
        return refused(error.said(language()), 400)
    except (ValueError, OSError) as error:
        return refused(word("err_not_saved", error=error), 409)
    log.info("board settings of %s saved by %s: %s", game, who(), values)
    return done(word("saved") + " – " + word("next_game"), f"/calibrate?game={game}")
