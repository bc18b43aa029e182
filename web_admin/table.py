"""The table as the page reads it: snapshots as JSON (the screen's own view model,
in the page's language), the token that makes a stale form fail, and commands
submitted with the staff member's name and a bounded wait."""
from __future__ import annotations

import enum
import hashlib
import json
import threading
from typing import Any

from flask import current_app

from tablegame.core import jsoncodec
from tablegame.face import TableFace
from tablegame.texts import say
from tablegame.core.session import Reply, Snapshot
from web_admin.cards import board_words, cards


def face() -> TableFace:
    return current_app.extensions["table"]


def table_language() -> str:
    return face().settings.current()["table.language"]


def game_token(snapshot: Snapshot) -> str:
    """Changes when the game or its number of actions changes: a form posted with an
    older token was filled in for a table that is no longer there."""
    status = snapshot.status
    key = repr((status.setup, status.actions, status.calibrating)).encode()
    return hashlib.sha256(key).hexdigest()[:16]


def snapshot_data(snapshot: Snapshot, lang: str | None = None) -> dict[str, Any]:
    """The snapshot as JSON data, made in the page's language (the table's screen may
    speak another); read outside a request, e.g. in the live stream, ``lang`` is given."""
    from web_admin.words import language
    status, lang = snapshot.status, lang or language()
    view = snapshot.view(lang)
    view_data = jsoncodec.to_data(view)
    readings = [{"kind": type(r).__name__, **jsoncodec.to_data(r)} for r in status.readings]
    return {
        "version": snapshot.version,
        "token": game_token(snapshot),
        "game": status.setup.game,
        "options": dict(status.setup.options),
        "parties": [list(p) for p in status.setup.parties],
        "actions": status.actions,
        "calibrating": status.calibrating,
        "language": lang,
        "kind": type(view).__name__,
        "view": view_data,
        "readings": readings,
        # the last event in words: the session's, as the table's screen may show a hint in
        # its place (Neunfeld) or the ruling line by line (Carrom)
        "last_event": say(lang, status.note) or view_data.get("message") or "",
        "cards": cards(type(view).__name__, view_data, lang),       # each party in words
        "board_words": board_words(view_data, readings, lang),     # the drawing's alternative
    }


def to_json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), default=_plain)


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return str(value)


def submit(command: Any, by: str) -> Reply:
    return face().submit(command, by=by, wait=current_app.config["REPLY_WAIT"])


def reply_words(reply: Reply) -> str:
    """The table's reply in the page's language (the note can be said in any)."""
    from web_admin.words import language
    return say(language(), reply.note)


_cache_lock = threading.Lock()
_cache: dict[tuple[int, int, str], str] = {}   # (version, id(status), language) -> JSON
_CACHED = 8


def snapshot_json(snapshot: Snapshot, lang: str) -> str:
    """The snapshot's JSON, made once per version and language however many live
    views send it (twenty browsers would otherwise build it twenty times)."""
    key = (snapshot.version, id(snapshot.status), lang)
    with _cache_lock:
        cached = _cache.get(key)
    if cached is not None:
        return cached
    made = to_json(snapshot_data(snapshot, lang))
    with _cache_lock:
        if len(_cache) >= _CACHED:
            _cache.pop(next(iter(_cache)))
        _cache[key] = made
    return made
