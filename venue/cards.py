"""A card per table for the page and the TV, in the reader's language: the table sends
its texts in both (``said`` of its state); an offline table shows what it last showed
and when it was last heard, never its board or whose turn it was as if it were on."""
from __future__ import annotations

import time
from pathlib import Path

from venue import payloads, store
from venue.words import vword

COMMANDS = ("new_game", "show_address")   # what the page may ask a table (mqtt_publisher.commands)


def cards(store_path: Path, language: str) -> list[dict]:
    return [_card(row, language) for row in store.tables(store_path)]


def _state(stored) -> dict:
    try:
        return payloads.state(stored if isinstance(stored, dict) else {})
    except ValueError:   # a row from before the venue read states field by field
        return payloads.state({})


def _card(row: dict, language: str) -> dict:
    state = _state(row["state"])
    words = state["said"].get(language) or {key: state[key] for key in payloads.TEXTS}
    online = row["status"] == "online"
    heard = time.strftime("%H:%M", time.localtime(row["seen"]))
    return {
        "venue": row["venue"], "name": row["name"], "online": online, "status": row["status"],
        "title": words["title"] or state["game"], "score": words["score"],
        "turn": (words["winner"] or words["turn"]) if online else "",
        "link": words["link"] if online else "", "over": state["over"],
        "heard": "" if online else f"{vword('offline_since')} {heard}",
        "staff_url": state["staff_url"], "parties": state["parties"], "seen": row["seen"],
        "reply": _reply_words(row["reply"], language),
    }


def _reply_words(reply, language: str) -> str:
    """The table's answer to the last command, e.g. "Neues Spiel: abgelehnt (…)"."""
    if not isinstance(reply, dict):
        return ""
    reasons = reply.get("reasons") if isinstance(reply.get("reasons"), dict) else {}
    reason = reasons.get(language) or reply.get("reason") or ""
    command = reply.get("command")
    verdict = vword("accepted") if reply.get("accepted") is True else vword("refused")
    said = f"{vword(command) if command in COMMANDS else '?'}: {verdict}"
    return f"{said} ({reason})" if isinstance(reason, str) and reason else said
