"""How the page answers: HTML for a browser's form, JSON for the API, and every
error as words with its 4xx status (never a traceback)."""
from __future__ import annotations

import logging

from flask import Flask, flash, jsonify, redirect, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.is_json or \
        request.accept_mimetypes.best == "application/json"


def done(message: str, back: str):
    """A change was made: JSON says so, a form goes back to its page."""
    if wants_json():
        return jsonify(ok=True, message=message)
    flash(message, "ok")
    return redirect(back, 303)


def refused(message: str, status: int = 400):
    """Nothing changed, and why."""
    if wants_json():
        return jsonify(ok=False, error=message), status
    return render_template("error.html", message=message, status=status), status


def install(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf(error):
        return refused(f"The form has expired or is not from this page ({error.description}); "
                       f"reload the page and try again.", 400)

    @app.errorhandler(HTTPException)
    def http(error):
        return refused(error.description or error.name, error.code or 400)

    @app.errorhandler(Exception)
    def unexpected(error):
        log.exception("staff page: %s %s failed", request.method, request.path)
        return refused("Something went wrong on the table; it is in the log.", 500)
