"""What the venue reads of each payload a table's login can publish, and nothing else:
every field checked and cut to what the page shows, so no payload (``42``, ``[1,2]``,
3 MB of junk, a list for a title, a ``javascript:`` link) breaks a page or gets into
the store. Each reader
returns plain data or raises ValueError saying in words what it refused; the listener
logs that and keeps what it had."""
from __future__ import annotations

import json
import math
from typing import Any

LANGUAGES = ("de", "en")
MAX_PAYLOAD = 256 * 1024   # bytes; the broker's message_size_limit is the same (deploy/)
MAX_WHOLE = 2 ** 53 - 1    # the largest seq or log id read (SQLite and the page's JSON hold it)
TEXT = 600                 # characters of a text the page shows, at most
# the state's texts a card shows, each in the table's language and under "said" in both
TEXTS = ("title", "score", "turn", "winner", "message", "problem", "link")


def _object(payload: bytes) -> dict:
    if len(payload) > MAX_PAYLOAD:
        raise ValueError(f"{len(payload)} bytes, more than {MAX_PAYLOAD}")
    try:
        body = json.loads(payload)
    except (ValueError, UnicodeDecodeError) as error:
        raise ValueError(f"not JSON ({error})") from None
    if not isinstance(body, dict):
        raise ValueError(f"not a JSON object but {type(body).__name__}")
    return body


def _text(value: Any, limit: int = TEXT) -> str:
    """A text cut to ``limit``; "" for none; ValueError for anything else (a forged type)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValueError(f"a text is a string, not {type(value).__name__}: {str(value)[:40]}")
    return value[:limit]


def _texts(value: Any, what: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError(f"{what} is an object, not {type(value).__name__}")
    return value


def _whole(value: Any, what: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_WHOLE:
        raise ValueError(f"{what} is not a whole number from {low} to {MAX_WHOLE}: {str(value)[:40]}")
    return value


def _maybe_whole(value: Any, what: str) -> int | None:
    return None if value is None else _whole(value, what, 1)


def _url(value: Any) -> str:
    """A table's staff page: an http(s) address, nothing a browser would run."""
    text = _text(value, 200)
    return text if text.lower().startswith(("http://", "https://")) and '"' not in text else ""


def status(payload: bytes) -> str:
    said = payload[:16].decode("utf-8", "replace").strip()
    if said not in ("online", "offline"):
        raise ValueError(f"a status is online or offline, not {said!r}")
    return said


def state(payload: bytes | dict) -> dict:
    """The card's fields of a ``.../state``; also for a stored one (the same again)."""
    body = _object(payload) if isinstance(payload, bytes) else payload
    said = _texts(body.get("said"), "said")
    parties = body.get("parties", [])
    if not isinstance(parties, list) or not all(isinstance(p, list) for p in parties):
        raise ValueError("parties are a list of lists of names")
    return {
        **{key: _text(body.get(key)) for key in TEXTS},
        "said": {lang: {key: _text(words.get(key)) for key in TEXTS}
                 for lang, words in ((lang, _texts(said[lang], f"said.{lang}"))
                                     for lang in LANGUAGES if lang in said)},
        "game": _text(body.get("game"), 40), "language": _text(body.get("language"), 2),
        "over": body.get("over") is True, "staff_url": _url(body.get("staff_url")),
        "link_state": _text(body.get("link_state"), 20),
        "parties": [[_text(p, 60) for p in party[:10]] for party in parties[:10]],
        "log": _maybe_whole(body.get("log"), "log"), "seq": _whole(body.get("seq", 0), "seq"),
        "first": _maybe_whole(body.get("first"), "first"),
        "match": _match(body.get("match")),
    }


def _match(value: Any) -> dict | None:
    """The venue's match the table plays (tablegame.core.match): which, and its attempt."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError(f"a match is an object, not {type(value).__name__}")
    return {"competition": _text(value.get("competition"), 40), "match": _text(value.get("match"), 40),
            "attempt": _whole(value.get("attempt", 1), "attempt", 1)}


def progress(payload: bytes) -> dict:
    """``.../log``: the log published from ``first`` to ``last``."""
    body = _object(payload)
    return {"log": _maybe_whole(body.get("log"), "log"), "first": _maybe_whole(body.get("first"), "first"),
            "last": _whole(body.get("last", 0), "last")}


def event(payload: bytes) -> dict:
    body = _object(payload)
    at = body.get("at")
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at):
        raise ValueError(f"an event's time is a number, not {str(at)[:40]}")
    if not isinstance(body.get("data", {}), dict):
        raise ValueError("an event's data is a JSON object")
    kind = body.get("kind")
    if not isinstance(kind, str) or not kind or len(kind) > 40:
        raise ValueError("an event has a kind (new_game, undo, action)")
    return {"log": _whole(body.get("log"), "log", 1), "seq": _whole(body.get("seq"), "seq", 1),
            "at": float(at), "kind": kind, "by": _text(body.get("by"), 80) or "unknown",
            "data": body.get("data", {})}


def reply(payload: bytes) -> dict:
    body = _object(payload)
    reasons = _texts(body.get("reasons"), "reasons")
    return {"command": _text(body.get("command"), 40), "accepted": body.get("accepted") is True,
            "reason": _text(body.get("reason")),
            "reasons": {lang: _text(reasons.get(lang)) for lang in LANGUAGES if lang in reasons}}
