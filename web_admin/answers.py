"""How the page answers: HTML for a browser's form, JSON for the API, and every
error as words with its 4xx status (never a traceback)."""
from __future__ import annotations

import logging
from urllib.parse import unquote, urlsplit

from flask import Flask, flash, jsonify, redirect, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from web_admin.words import word

log = logging.getLogger(__name__)


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.is_json or \
        request.accept_mimetypes.best == "application/json"


def local_path(target: str | None, fallback: str = "/") -> str:
    """``target`` if it is a path on this page, else ``fallback``: never an open redirect.
    Browsers and werkzeug drop tabs and newlines and read a backslash as a slash, so
    ``/\t/evil.example`` would become ``//evil.example``: the target is checked as given
    and once percent-decoded, and any such character refuses it outright; what is left
    must parse as a path with no scheme and no host."""
    if not target:
        return fallback
    return target if _a_path(target) and _a_path(unquote(target)) else fallback


def _a_path(target: str) -> bool:
    if not target.startswith("/") or target.startswith("//"):
        return False
    if any(ch == "\\" or ch.isspace() or not ch.isprintable() for ch in target):
        return False
    parts = urlsplit(target)
    return not (parts.scheme or parts.netloc) and parts.path.startswith("/") \
        and not parts.path.startswith("//")


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
    return render_template("error.html", message=message, status=status, back=_back()), status


def refused_here(page, message: str, status: int = 400):
    """Nothing changed, and why: to a script in words; to a browser as ``page(message,
    status)``, the form's own page with the refusal and what was typed (a page of its own
    lost it: its Back reloaded an empty form)."""
    return refused(message, status) if wants_json() else page(message, status)


def _back() -> str:
    """The page the refused form was on (a path of this page), else the live view."""
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc and referrer.netloc != request.host:
        return "/"
    return local_path(referrer.path + (f"?{referrer.query}" if referrer.query else ""))


# Every answer, pages, JSON and exports alike: scripts only from this page's own files
# (no inline script, so an injected <script> does nothing), no framing (clickjacking),
# no guessing of types, and no page address sent elsewhere.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                               "form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def _secured(response):
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def install(app: Flask) -> None:
    app.after_request(_secured)

    @app.errorhandler(CSRFError)
    def csrf(error):
        log.info("staff page: %s %s refused: %s", request.method, request.path, error.description)
        return refused(word("err_csrf"), 400)

    @app.errorhandler(HTTPException)
    def http(error):
        code = error.code or 400
        known = f"err_{code}" if code in (404, 405, 413) else None
        return refused(word(known) if known else word("err_http", code=f"{code} {error.name}"), code)

    @app.errorhandler(Exception)
    def unexpected(error):
        log.exception("staff page: %s %s failed", request.method, request.path)
        return refused(word("err_500"), 500)
