"""Commands from the venue to a table, on ``.../cmd/<name>`` (docs/mqtt.md). Taken only
with ``[mqtt] accept_commands = true`` (otherwise the publisher answers each with the
reason); never from a retained message. Each command is submitted through the face like
a staff member's (``by`` "venue:<who>"), and the table's answer goes to ``.../reply``,
with the command's id and the reason in both languages."""
from __future__ import annotations

import json
import logging
from typing import Callable

from mqtt_publisher.words import LANGUAGES, reasons, refusal
from tablegame.core.session import NewGame, ShowAddress
from tablegame.texts import say

log = logging.getLogger(__name__)

WAIT = 5.0   # s the table's answer is awaited (on a thread of its own: commands are rare)


def _new_game(face, body: dict):
    setup = face.snapshot().status.setup
    return NewGame(setup)


def _show_address(face, body: dict):
    return ShowAddress("asked" if body.get("show", True) else None)


COMMANDS: dict[str, Callable] = {"new_game": _new_game, "show_address": _show_address}


class Commands:
    """Called with a command's name and payload; returns the reply to publish."""

    def __init__(self, face, language: Callable[[], str]):
        self._face, self._language = face, language

    def __call__(self, name: str, payload: bytes) -> dict:
        language = self._language()
        try:
            body = json.loads(payload or b"{}")
            if not isinstance(body, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError) as error:
            return {"command": name, "accepted": False,
                    **refusal(language, "not_json", error=error)}
        made = COMMANDS.get(name)
        if made is None:
            return {"command": name, "id": body.get("id"), "accepted": False,
                    **refusal(language, "unknown", known=", ".join(COMMANDS))}
        who = str(body.get("by", "venue"))[:40]
        reply = self._face.submit(made(self._face, body), by=f"venue:{who}", wait=WAIT)
        log.info("MQTT command %s from %s: %s", name, who, "accepted" if reply.accepted else "refused")
        said = {lang: say(lang, reply.note) if reply.note else "" for lang in LANGUAGES}
        return {"command": name, "id": body.get("id"), "accepted": reply.accepted,
                **reasons(language, said)}
