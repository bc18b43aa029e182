"""Commands from the venue to a table, on ``.../cmd/<name>`` (docs/mqtt.md). Taken only
with ``[mqtt] accept_commands = true`` (otherwise the publisher answers each with the
reason); never from a retained message. Each command is submitted through the face like
a staff member's (``by`` "venue:<who>"), and the table's answer goes to ``.../reply``,
with the command's id and the reason in both languages.

``new_game`` may name the game (``setup``) and the venue's ``match`` (a competition's or
a league's, tablegame.core.match): the table then starts that game by itself and its
screen says which match it is. A table already playing that match, or that has played it,
takes it as done, so a command the venue sends again (its answer lost, the venue
restarted, the table's log not yet at the venue) changes nothing.
``relay`` brings the moves of a league match's other table (docs/competitions.md)."""
from __future__ import annotations

import json
import logging
import threading
from typing import Callable

from mqtt_publisher.words import LANGUAGES, reasons, refusal
from tablegame.core import jsoncodec
from tablegame.core.match import RELAYED, Match, match_of
from tablegame.core.play import GameSetup
from tablegame.core.session import Act, NewGame, Reply, ShowAddress
from tablegame.texts import say

log = logging.getLogger(__name__)

WAIT = 5.0   # s the table's answer is awaited (on a thread of its own: commands are rare)
MOST_RELAYED = 200   # moves in one relay command


class Refused(ValueError):
    """A command that cannot be taken as sent: a key of mqtt_publisher.words, its values."""

    def __init__(self, key: str, **values):
        super().__init__(key)
        self.key, self.values = key, values


def _setup(body: dict, face) -> GameSetup:
    asked = body.get("setup")
    if asked is None:
        return face.snapshot().status.setup
    try:
        if not isinstance(asked, dict) or not isinstance(asked.get("options", {}), dict):
            raise ValueError("{game, parties, options}")
        return GameSetup(str(asked["game"]),
                         tuple(tuple(str(name) for name in party) for party in asked["parties"]),
                         tuple(sorted(asked.get("options", {}).items())))
    except (KeyError, TypeError, ValueError) as error:
        raise Refused("bad_setup", error=error) from None


def _match(body: dict) -> Match | None:
    if body.get("match") is None:
        return None
    try:
        return jsoncodec.from_data(Match, body["match"])
    except (ValueError, TypeError) as error:
        raise Refused("bad_match", error=error) from None


def _new_game(face, body: dict, who: str, language: str) -> Reply | dict:
    setup, match = _setup(body, face), _match(body)
    status = face.snapshot().status
    if match is not None and status.match is not None and status.match.key == match.key:
        return {"accepted": True, **refusal(language, "playing"), "playing": True}
    if match is not None and any(getattr(match_of(game.setup_data), "key", None) == match.key
                                 for game in face.history.games()):
        # played here before (the guests went on to a game of their own): its result is in
        # the log; a venue that had not heard of it yet must not have it played twice
        return {"accepted": True, **refusal(language, "played"), "played": True}
    return face.submit(NewGame(setup, match), by=f"venue:{who}", wait=WAIT)


def _show_address(face, body: dict, who: str, language: str) -> Reply:
    return face.submit(ShowAddress("asked" if body.get("show", True) else None),
                       by=f"venue:{who}", wait=WAIT)


def _relay(face, body: dict, who: str, language: str) -> Reply | dict:
    """``{"match": {competition, match, attempt}, "moves": n, "actions": [...]}``: the
    other table's moves from the table's ``n``-th on, each taken only if the game is still
    that match at that move (so a relay sent twice moves nothing twice)."""
    match, actions = body.get("match") or {}, body.get("actions")
    if not isinstance(actions, list) or not 0 < len(actions) <= MOST_RELAYED:
        raise Refused("relay_moves", most=MOST_RELAYED)
    key = (match.get("competition"), match.get("match"), match.get("attempt"))
    taken = 0
    for index, data in enumerate(actions):
        snapshot = face.snapshot()
        status = snapshot.status
        if status.match is None or status.match.key != key:
            raise Refused("not_that_match")
        at = int(body.get("moves", -1)) + index
        if status.moves > at:
            continue                      # taken before (the relay was sent again)
        if status.moves < at:
            raise Refused("at_move", moves=status.moves, at=at)
        try:
            action = jsoncodec.action_from_data(snapshot.play.rules.action_types, data)
        except ValueError as error:
            raise Refused("bad_move", error=error) from None
        reply = face.submit(Act(action), by=f"{RELAYED}{who}", wait=WAIT)
        if not reply.accepted:
            return reply
        taken += 1
    return {"accepted": True, "reason": "", "reasons": {lang: "" for lang in LANGUAGES},
            "taken": taken}


COMMANDS: dict[str, Callable] = {"new_game": _new_game, "show_address": _show_address,
                                 "relay": _relay}


class Commands:
    """Called with a command's name and payload; returns the reply to publish. One
    command at a time (each waits for the table's answer), so a command sent twice
    finds the first one done."""

    def __init__(self, face, language: Callable[[], str]):
        self._face, self._language = face, language
        self._lock = threading.Lock()

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
        with self._lock:
            try:
                reply = made(self._face, body, who, language)
            except Refused as error:
                reply = {"accepted": False, **refusal(language, error.key, **error.values)}
        if isinstance(reply, Reply):
            said = {lang: say(lang, reply.note) if reply.note else "" for lang in LANGUAGES}
            reply = {"accepted": reply.accepted, **reasons(language, said)}
        log.info("MQTT command %s from %s: %s", name, who,
                 "accepted" if reply["accepted"] else f"refused ({reply['reason']})")
        return {"command": name, "id": body.get("id"), **reply}
