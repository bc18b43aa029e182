"""What a simulated board keeps across a restart of the program, as a real board's pieces
stay where they lie when the Pi restarts: the latest reading at rest of each kind the
virtual board reported (a settled snapshot, the dice, the squares), in a small file beside
the table's log. A restarted desktop table (or a resumed headless script) lays its
simulated world out from it, so the board reports what it reported before: a die tipped
but not yet moved, a man put back outside the circle, the coins of an unfinished turn.

The log alone cannot say so: it keeps the board only with each accepted event, and these
are what lay on the board after it."""
from __future__ import annotations

import json
import logging
from pathlib import Path

from tablegame.core.atomic_file import write_atomically
from tablegame.core.sensors import AT_REST, at_rest_from_data, at_rest_to_data

log = logging.getLogger(__name__)


class BoardMemory:
    """``remember(reading)`` on the board's thread for each event it reports;
    ``recall()`` the readings kept (none for a missing or damaged file)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._kept: dict[type, object] = {}

    @staticmethod
    def beside(store: str | Path) -> "BoardMemory":
        return BoardMemory(f"{store}.board.json")

    def remember(self, reading) -> None:
        if type(reading) not in AT_REST or not getattr(reading, "settled", True):
            return
        self._kept[type(reading)] = reading
        data = json.dumps(at_rest_to_data(tuple(self._kept.values()))).encode("utf-8")
        try:   # a kill leaves the old file or the new one, and no leftovers for good
            write_atomically(self.path, data, durable=False)
        except OSError as error:
            log.warning("the simulated board cannot keep what it shows in %s: %s",
                        self.path, error)

    def recall(self) -> tuple:
        try:
            readings = at_rest_from_data(json.loads(self.path.read_text()))
        except FileNotFoundError:
            return ()
        except (OSError, ValueError) as error:
            log.warning("the simulated board's memory %s is unreadable (%s): it starts as "
                        "the log last saw it", self.path, error)
            return ()
        self._kept = {type(r): r for r in readings}
        return readings
