"""The topic tree (docs/mqtt.md). One versioned prefix; below it one level for the
venue and one for the table, so no two tables' topics meet, and a venue view or a head
office subscribes with one wildcard."""
from __future__ import annotations

import re

PREFIX = "pubtable/v1"
STATE_SCHEMA = 1    # the "schema" field of .../state; a breaking change is a new number
EVENT_SCHEMA = 1    # the "schema" field of .../event/<kind>
LOG_SCHEMA = 1      # the "schema" field of .../log
ONLINE, OFFLINE = "online", "offline"


def table_topic(venue: str, table: str, leaf: str) -> str:
    """``pubtable/v1/<venue>/<table>/<leaf>``: status, state, log, event/<kind>,
    hook/<name>, reply, cmd/<name>."""
    return f"{PREFIX}/{venue}/{table}/{leaf}"


def venue_filter(venue: str = "+") -> str:
    """What a venue view subscribes to; ``+``: every venue (a head office)."""
    return f"{PREFIX}/{venue}/+/#"


def parse(topic: str) -> tuple[str, str, str] | None:
    """(venue, table, leaf) of one of our topics, None for any other."""
    head = PREFIX + "/"
    if not topic.startswith(head):
        return None
    parts = topic[len(head):].split("/", 2)
    return tuple(parts) if len(parts) == 3 and all(parts) else None   # type: ignore[return-value]


def command(venue: str, table: str, topic: str) -> str | None:
    """The command's name when ``topic`` is this table's ``.../cmd/<name>``, else None."""
    head = table_topic(venue, table, "cmd/")
    name = topic[len(head):] if topic.startswith(head) else ""
    return name if name and "/" not in name else None


def client_id(venue: str, table: str) -> str:
    """Stable across restarts (the broker knows the table again) and unique per table: a
    second client with the same id would throw the first off the broker."""
    return f"pubtable-{venue}-{table}"


def event_kind(kind: str, data: dict) -> str:
    """The topic level of a logged event: new_game, undo, or the action's type in
    snake_case (Shot -> shot, TipAndMove -> tip_and_move)."""
    if kind != "action":
        return kind
    name = str(data.get("type", "action"))
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
