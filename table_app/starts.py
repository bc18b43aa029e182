"""Failed starts in a row, kept in the data folder, for safe mode.

Each start of the service counts itself as failed before it does anything else
(so a start that is killed or hangs until the watchdog fires counts too) and is
forgiven once it has run for a while or stopped cleanly. After ``SAFE_AFTER``
failed starts in a row the next one comes up in safe mode: no game, the reason on
the screen, the staff page up; safe mode clears the count, so the start after it
(once staff have fixed the settings and pressed restart) tries the game again.

The file is written atomically (temporary file, fsync, rename): a power cut during
the write leaves the old count or the new one."""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from tablegame.core.atomic_file import write_atomically

log = logging.getLogger(__name__)

SAFE_AFTER = 3          # failed starts in a row that bring up safe mode
SETTLED_AFTER = 60.0    # s: a run this long is a good start, whatever ends it later
FILE = "failed-starts.json"
UNSAID = ("the last start ended without a word (killed, or hung until the watchdog "
          "stopped it)")


@dataclass(frozen=True)
class Tally:
    failed: int = 0         # failed starts in a row before this one
    reason: str = ""        # what ended the last of them, in words ("" when unknown)

    @property
    def safe_mode(self) -> bool:
        return self.failed >= SAFE_AFTER


class Starts:
    def __init__(self, folder: str | Path):
        self.path = Path(folder) / FILE

    def read(self) -> Tally:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return Tally(int(data["failed"]), str(data.get("reason", "")))
        except FileNotFoundError:
            return Tally()
        except (OSError, ValueError, KeyError, TypeError) as error:
            log.warning("%s is unreadable (%s): counting failed starts from 0", self.path, error)
            return Tally()

    def begin(self) -> Tally:
        """Count this start as failed until it proves otherwise; the tally before it."""
        before = self.read()
        self._write(Tally(before.failed + 1, UNSAID))
        return before

    def failed(self, reason: str) -> None:
        """This start failed, and why (the count was raised by ``begin``)."""
        self._write(Tally(max(self.read().failed, 1), reason))

    def good(self) -> None:
        """This start is a good one: the count starts again from 0."""
        if self.read() != Tally():
            self._write(Tally())

    def _write(self, tally: Tally) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # a start killed while it wrote leaves no temporary file for good (atomic_file)
            write_atomically(self.path, json.dumps(
                {"failed": tally.failed, "reason": tally.reason}).encode("utf-8"))
        except OSError as error:   # an unwritable folder must not stop the table itself
            log.error("cannot count failed starts in %s: %s", self.path.parent, error)


class NoCount(Starts):
    """Outside systemd: nothing is counted, safe mode never comes."""

    def __init__(self) -> None:
        pass

    def read(self) -> Tally:
        return Tally()

    def _write(self, tally: Tally) -> None:
        pass
