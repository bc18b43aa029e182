"""Where the table's diagnostics go: Python's ``logging`` to stderr, in one format.

Under systemd, stderr is the journal (systemd sets JOURNAL_STREAM to the device
and inode of the stream it gave us): the journal stamps each line itself, so the
lines carry no time of their own, and each starts with its syslog priority
(``<3>``), so ``journalctl -u tablegame -p warning`` filters by level. On a
desktop the lines go to the terminal with their time."""
from __future__ import annotations

import logging
import os
import sys

from tablegame.config import LOG_DEFAULT as DEFAULT, LOG_LEVELS as LEVELS  # noqa: E402

_PRIORITY = {logging.DEBUG: 7, logging.INFO: 6, logging.WARNING: 4, logging.ERROR: 3,
             logging.CRITICAL: 2}


class _JournalFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        priority = _PRIORITY.get(record.levelno, 6)
        # Every line of a traceback gets the prefix, so the journal keeps its level.
        return "\n".join(f"<{priority}>{line}" for line in super().format(record).splitlines())


def to_journal(stream=None) -> bool:
    """Whether ``stream`` (stderr) is the journal's, as systemd tells its services."""
    stream = stream or sys.stderr
    device_inode = os.environ.get("JOURNAL_STREAM", "")
    try:
        stat = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return device_inode == f"{stat.st_dev}:{stat.st_ino}"


class _Stderr(logging.StreamHandler):
    """Writes to whatever ``sys.stderr`` is when a record comes, as logging's own last
    resort does: a handler that kept the stream of its set-up would write to a closed
    file once that stream is gone (a test's captured stderr, closed after the test)."""

    def __init__(self) -> None:
        logging.Handler.__init__(self)

    @property
    def stream(self):
        return sys.stderr


def setup(level: str = DEFAULT, stream=None) -> None:
    """Send every logger's records at ``level`` and above to ``stream`` (stderr as it
    is at each record)."""
    handler = logging.StreamHandler(stream) if stream is not None else _Stderr()
    if to_journal(stream):
        handler.setFormatter(_JournalFormatter("%(name)s: %(message)s"))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_tablegame", False)]:
        root.removeHandler(old)
    handler._tablegame = True  # type: ignore[attr-defined]  # ours, replaced on a second setup
    root.addHandler(handler)
    set_level(level)


def set_level(level: str) -> None:
    logging.getLogger().setLevel(level.upper())
