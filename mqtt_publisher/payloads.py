"""The JSON payloads, versioned by their "schema" field (docs/mqtt.md has examples).

The state is the staff page's live snapshot (``web_admin.table.snapshot_data``: the
screen's own view model) with the fields a venue needs named at the top, so a venue
view, Home Assistant or a light controller reads them without knowing each game's view."""
from __future__ import annotations

import json
import time
from typing import Any

from mqtt_publisher import home_assistant as ha
from mqtt_publisher.topics import EVENT_SCHEMA, LOG_SCHEMA, STATE_SCHEMA
from mqtt_publisher.words import LANGUAGES
from tablegame.core import jsoncodec
from tablegame.core.store import Entry
from web_admin.table import snapshot_data, to_json


def event_id(venue: str, table: str, log_id: int, seq: int) -> str:
    """Unique across tables, and across a table's logs (a replaced log starts at 1 again)."""
    return f"{venue}/{table}/{log_id}/{seq}"


def event_payload(entry: Entry, venue: str, table: str, log_id: int) -> bytes:
    return json.dumps({
        "schema": EVENT_SCHEMA, "id": event_id(venue, table, log_id, entry.seq),
        "venue": venue, "table": table, "log": log_id, "seq": entry.seq, "at": entry.at,
        "kind": entry.kind, "by": entry.by, "data": entry.data,
    }, separators=(",", ":"), ensure_ascii=False).encode()


def progress_payload(venue: str, table: str, log_id: int | None, first: int | None,
                     last: int) -> bytes:
    """``.../log`` (retained): this log is published from ``first`` to ``last`` (sent, in
    order, before this message), so a subscriber knows what it should hold; said again
    every few seconds, a table's sign of life. ``log`` is null before the first event."""
    return json.dumps({"schema": LOG_SCHEMA, "venue": venue, "table": table, "log": log_id,
                       "first": first, "last": last, "at": round(time.time(), 3)},
                      separators=(",", ":"), ensure_ascii=False).encode()


def state_payload(snapshot, language: str, venue: str, table: str, log_id: int | None,
                  seq: int, staff_url: str = "", first: int | None = None) -> bytes:
    """``seq``: the last event of the log this table had published when the state was;
    ``first``: the first it published to this broker. The texts are at the top in the
    table's language, under ``said`` in both (a venue page speaks its reader's), and under
    ``sensors`` as Home Assistant shows them (mqtt_publisher/home_assistant.py)."""
    data = snapshot_data(snapshot, language)
    status = snapshot.status
    outcome = snapshot.play.rules.outcome(status.state)
    said = {lang: texts(snapshot, lang) for lang in LANGUAGES}
    data.update({
        "schema": STATE_SCHEMA, "venue": venue, "table": table, "log": log_id, "seq": seq,
        "first": first, "published": round(time.time(), 3), "staff_url": staff_url,
        **said[language], "said": said,
        "link_state": None if status.link is None else status.link.state.name.lower(),
        "over": outcome is not None,
        "sensors": ha.sensor_states(said[language], language),
        # the venue's match this game is (a competition's, a league's), else null
        "match": None if status.match is None else jsoncodec.to_data(status.match),
    })
    return to_json(data).encode()


def texts(snapshot, language: str) -> dict[str, str]:
    """What a card or a sensor says of the table, in one language."""
    view = snapshot.view(language)
    return {"title": _field(view, "title"), "turn": _field(view, "status"),
            "message": _field(view, "message"), "problem": _field(view, "problem"),
            "winner": _field(view, "winner") or _field(view, "loser"), "link": _field(view, "link"),
            "score": score_line(view)}


def _field(view: Any, name: str) -> str:
    value = getattr(view, name, "") or ""
    return value if isinstance(value, str) else str(value)


def score_line(view: Any) -> str:
    """The score in one line, from whatever the game's view shows of its parties: their
    names with a score line or a score where the view has one."""
    parties = getattr(view, "parties", None) or getattr(view, "players", None) or ()
    shown = []
    for party in parties:
        name = getattr(party, "name", None)
        if not isinstance(name, str):
            continue
        for field in ("score", "points", "score_line", "deckel", "lost"):
            value = getattr(party, field, None)
            if value not in (None, ""):
                shown.append(f"{name} {value}")
                break
        else:
            marks = getattr(party, "marks", None)
            shown.append(f"{name} {sum(marks)}" if marks else name)
    return " · ".join(shown)
