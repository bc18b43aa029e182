"""Safe mode: the service after ``starts.SAFE_AFTER`` failed starts in a row.

No game: the screen says "Wartung" / "Maintenance", why (the last start's reason)
and where the staff page is; the staff page is up so someone can fix the settings
and press restart. Whatever part failed, safe mode leans on as little as it can:
the settings that are fine on their own (``config.lenient``), an event log in
memory (the real one may be what fails; it is left as it is), no board, no
buttons. A screen or a staff page that cannot start is logged and done without.

Part of the composition root, like service.py."""
from __future__ import annotations

import contextlib
import logging
import time
from pathlib import Path
from typing import Callable

from tablegame.config import SETTINGS, Config
from tablegame.config.file import ConfigFile
from tablegame.face import TableFace
from table_app.frames import Frames
from tablegame.core.history import History
from tablegame.words.notes import Note
from table_app.notify import Notifier
from tablegame.core.session import Reply
from table_app.starts import Tally
from tablegame.views import notice

log = logging.getLogger(__name__)

PASS = 0.25  # s between two passes of the loop: the watchdog's ping and a redraw


def run(config: Config, config_path: str | Path | None, tally: Tally,
        notifier: Notifier | None = None, should_stop: Callable[[], bool] | None = None,
        show: Callable | None = None) -> None:
    """Until SIGTERM (or ``should_stop``): the maintenance screen and the staff page.
    ``show(view)`` replaces the screen (tests look at what it would draw)."""
    from table_app import service

    notifier = notifier or Notifier()
    log.error("SAFE MODE after %d failed starts in a row: no game until a restart. "
              "The last start: %s", tally.failed, tally.reason)
    stop_requested, stop = service._stop_on_sigterm()
    should_stop = should_stop or stop_requested
    config = Config({**config.values, "table.game": _default("table.game"),
                     "table.parties": _default("table.parties")})
    session = service.open_session(config, ":memory:")   # a game nobody plays: the page's live view
    refused = Reply(False, Note.of("maintenance_refused"))
    face = TableFace(submit=lambda *a, **k: refused, subscribe=session.subscribe,
                     snapshot=session.snapshot, history=History(config["table.store"]),
                     health=lambda: {"safe_mode": tally.reason},
                     settings=ConfigFile(config_path, config), restart=stop,
                     data_folder=str(Path(config["table.store"]).parent))
    with contextlib.ExitStack() as stack:
        stack.callback(session.close)
        server = _staff_page(stack, face, config)
        address = server.address if server else None
        if show is None:
            show = _screen(stack, config)
        notifier.ready(f"SAFE MODE: {tally.reason}")
        while not should_stop():
            notifier.ping()
            # redrawn every pass (a notice is cheap): the language may change on the page
            show(notice.maintenance(face.settings.current()["table.language"], tally.failed,
                                    tally.reason, address))
            time.sleep(PASS)
        notifier.stopping()


def _default(key: str):
    return next(s.default for s in SETTINGS if s.key == key)


def _staff_page(stack: contextlib.ExitStack, face: TableFace, config: Config):
    from table_app.service import staff_page
    try:
        return stack.enter_context(staff_page(face, config))
    except Exception:   # e.g. an unwritable data folder for the accounts
        log.exception("safe mode: the staff page cannot start")
        return None


def _screen(stack: contextlib.ExitStack, config: Config) -> Callable:
    """The maintenance screen's ``show``; without a screen, the journal says it all."""
    from tablegame.display.display import Display
    from table_app.service import open_display
    try:
        width, height = config["display.size"]
        display = open_display(Display, (width, height) if width else None,
                               config["display.fullscreen"])
    except Exception as error:
        log.error("safe mode without a screen: %s", error)
        return lambda view: log.error("%s: %s", view.title, " ".join(view.lines))
    stack.callback(display.close)
    frames = Frames(display)

    def show(view) -> None:
        import pygame
        pygame.event.pump()   # keep the window answering
        frames.draw(lambda: view, what="safe mode's notice")   # its words are in the journal
    return show

