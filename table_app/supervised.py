"""``tablegame run`` as systemd runs it: every start counted (table_app.starts), safe
mode after three failed ones in a row, and every way a start can fail said in words
in the journal, with the traceback only where a bug is the reason.

Part of the composition root, like service.py."""
from __future__ import annotations

import logging
import os
from pathlib import Path

from table_app import logs
from tablegame.config import ConfigError, lenient, load
from table_app.notify import Notifier
from table_app.starts import NoCount, Starts
from tablegame.core.store import LogError

log = logging.getLogger(__name__)

# exit status besides 0 (a clean stop), 1 (a crash) and 2 (a bad configuration, as
# check-config): systemd restarts on each but 0 after a stop
MISSING_HARDWARE = 3


def data_folder() -> Path | None:
    """Where failed starts are counted: systemd's StateDirectory= (it names it in
    STATE_DIRECTORY; the unit sets it). None when run by hand: safe mode is for the
    unattended service, a person at a terminal reads the error instead."""
    state = os.environ.get("STATE_DIRECTORY", "")
    return Path(state.split(":")[0]) if state else None


def run(config_path: str | Path | None, log_level: str | None = None,
        settled_after: float = 60.0) -> int:
    """The service, or safe mode; its exit status."""
    from table_app import safe_mode, service

    notifier = Notifier()
    folder = data_folder()
    starts = Starts(folder) if folder else NoCount()
    tally = starts.read()
    if tally.safe_mode:
        starts.good()   # the start after this one (staff pressed restart) tries the game again
        try:
            safe_mode.run(lenient(config_path), config_path, tally, notifier)
        except Exception as error:   # even safe mode failed: systemd's start limit ends it
            log.critical("safe mode stopped on an error: %s", error, exc_info=True)
            return 1
        return 0
    starts.begin()
    try:
        config = load(config_path)
        if log_level is None:
            logs.set_level(config["logging.level"])
        if service.run(config, config_path, notifier, settled=starts.good,
                       settled_after=settled_after):
            return service.start_again()   # the staff page's restart
        return 0
    except ConfigError as error:
        starts.failed(f"configuration error in {error}")
        raise   # the command line says it, as check-config does
    except service.MissingHardware as error:
        log.error("%s", error)
        starts.failed(str(error))
        return MISSING_HARDWARE
    except LogError as error:   # the event log cannot be used, and says why: no bug to trace
        log.error("the event log cannot be used: %s", error)
        starts.failed(f"the event log: {error}")
        return 1
    except Exception as error:
        log.critical("the table stopped on an error: %s", error, exc_info=True)
        starts.failed(f"{type(error).__name__}: {error}")
        return 1
    finally:
        notifier.close()
