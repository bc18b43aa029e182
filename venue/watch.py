"""The watchman: a table's status right within a bounded time however it died.

A table's last will says ``offline`` when its connection dies, but a broker keeps no
will across its own restart: a table killed while the broker was away would read
``online`` for good (retained). A live table says ``.../log`` at least every 5 s
(mqtt_publisher.publisher.HEARTBEAT); an ``online`` table the venue view has not heard
for ``SILENT`` seconds while itself connected is declared ``offline`` on its status
topic, retained, for every subscriber. A table that speaks again is online again (a
connected table also answers such an ``offline`` itself). Pure: the clock is given."""
from __future__ import annotations

SILENT = 20.0   # s without a word from an online table (four heartbeats) before it is gone

Key = tuple[str, str]   # (venue, table)


class Watch:
    def __init__(self, silent: float = SILENT) -> None:
        self.silent = silent
        self._heard: dict[Key, float] = {}
        self._since: float | None = None   # connected to the broker since
        self._declared: set[Key] = set()   # tables this watchman said were offline

    def connected(self, now: float) -> None:
        """Every table gets a whole SILENT from now to be heard (the broker may be new)."""
        self._since = now
        self._heard.clear()

    def disconnected(self) -> None:
        self._since = None

    def heard(self, key: Key, now: float) -> bool:
        """A live word from the table; True when this watchman had declared it offline."""
        self._heard[key] = now
        if key in self._declared:
            self._declared.discard(key)
            return True
        return False

    def gone(self, online: list[Key], now: float) -> list[Key]:
        """Of the tables whose status is online, those silent for ``silent`` seconds."""
        if self._since is None:
            return []
        out = [key for key in online if now - self._heard.get(key, self._since) >= self.silent]
        self._declared.update(out)
        return out
