"""The composition root: builds the table from the configuration. This is the only
place that decides between real and simulated parts, and it decides by
configuration (a serial port or the virtual board's pty, GPIOZERO_PIN_FACTORY,
SDL_VIDEODRIVER), never by an ``if testing``.

Threads: the main thread is the session's one writer and pygame's loop; the link
has its reader thread, the virtual board its own, gpiozero its callbacks. Those
only put events on the session's queue."""
from __future__ import annotations

import contextlib
import logging
import os
import signal
import tempfile
import threading
from collections import deque
from pathlib import Path
from typing import Callable, Iterable

from tablegame.families import family_of
from tablegame.config import Config, play_settings, setup_for
from tablegame.config_file import ConfigFile
from tablegame.face import TableFace
from tablegame.history import History
from tablegame.play import make_play
from tablegame.play.base import GameSetup
from tablegame.session import NewGame, Session
from tablegame.store import EventLog

log = logging.getLogger(__name__)

FRAME = 1 / 60  # s: the loop wakes at least this often for window events

def open_session(config: Config, store: str | Path, setup: GameSetup | None = None,
                 **kwargs) -> Session:
    default = setup_for(config)

    def menu(current: GameSetup) -> list[GameSetup]:
        """MENU's games: the current game's family's menu, with the configured options."""
        return [GameSetup(game, current.parties,
                          tuple(sorted({**config.games.get(game, {}), **options}.items())))
                for game, options in family_of(current.game).menu or [(current.game, {})]]
    kwargs.setdefault("max_streams", config["web.max_streams"])
    settings = play_settings(config)
    folder = Path(store).parent
    session = Session(EventLog(store), lambda s: make_play(s, settings, folder), default,
                      menu=menu, **kwargs)
    if setup is not None and setup != session.status.setup:
        session.handle(NewGame(setup))
    return session


def main_loop(session: Session, display, language: str | Callable[[], str],
              handlers: Iterable[Callable] = (), after_change: Callable[[], None] = lambda: None,
              should_stop: Callable[[], bool] = lambda: False) -> None:
    """Process events as they come and redraw on every change, until the window closes.
    ``language`` may be a function: the live setting, read on every frame."""
    import pygame

    handlers = list(handlers)
    language_now = language if callable(language) else (lambda: language)
    shown_language = language_now()
    display.show(session.play.view(session.status, shown_language))
    while not should_stop():
        changed = session.process(timeout=FRAME)
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            for handle in handlers:
                handle(event)
            changed |= event.type in (pygame.WINDOWEXPOSED, pygame.VIDEORESIZE)
        changed |= session.process()
        if language_now() != shown_language:   # the staff page changed the setting
            shown_language, changed = language_now(), True
        if changed:
            after_change()
            display.show(session.play.view(session.status, shown_language))


def _stop_on_sigterm() -> tuple[Callable[[], bool], Callable[[], None]]:
    """systemd stops the service with SIGTERM: leave the loop and close the ports.
    The second function stops it the same way (the staff page's restart: systemd's
    Restart= starts the service again)."""
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    return stop.is_set, stop.set


class Presses:
    """The rail buttons' last presses, for the staff page's health view."""

    def __init__(self, session: Session, keep: int = 5):
        self._session = session
        self.last: deque = deque(maxlen=keep)

    def __call__(self, press) -> None:
        import time
        self.last.append((time.strftime("%H:%M:%S"), press.button, "long" if press.long else "short"))
        self._session.post(press, by="button")


def table_face(session: Session, settings: ConfigFile, store: str | Path,
               restart: Callable[[], None], presses: Presses | None = None,
               link=None) -> TableFace:
    """The one object the staff page is given (tablegame.face)."""
    from tablegame.i18n import link_text

    def health() -> dict:
        status = session.snapshot().status
        facts = {"link": link_text(status.link, "en") or "no news from the board yet",
                 "live_streams": session.streams}
        if link is not None and hasattr(link, "health"):
            facts.update({k: str(v) for k, v in _fields(link.health()).items()})
        facts["last_presses"] = ", ".join(" ".join(p) for p in presses.last) if presses else ""
        return facts

    return TableFace(submit=session.submit, subscribe=session.subscribe,
                     snapshot=session.snapshot, history=History(store), health=health,
                     settings=settings, restart=restart, data_folder=str(Path(store).parent))


def _fields(value) -> dict:
    import dataclasses
    return dataclasses.asdict(value) if dataclasses.is_dataclass(value) else dict(value)


@contextlib.contextmanager
def staff_page(face: TableFace, config: Config, host: str | None = None):
    """The staff page served beside the table while the block runs; a page that
    cannot start (port taken) is logged and the table plays on without it."""
    from web_admin.serve import PageServer
    try:
        server = PageServer(face, host or config["web.host"], config["web.port"],
                            config["web.threads"]).start()
    except OSError as error:
        log.error("the staff page cannot listen on %s:%s: %s", host or config["web.host"],
                  config["web.port"], error)
        print(f"staff page not started: {error}", flush=True)
        yield None
        return
    print(f"staff page: {server.address}", flush=True)
    try:
        yield server
    finally:
        server.close()


def run(config: Config, config_path: str | Path | None = None) -> None:
    """The Pi: the board on its serial port, the rail buttons on GPIO, full screen."""
    from firmware_bridge.link import BoardLink
    from hardware.buttons import RailButtons
    from hardware.display.display import Display

    should_stop, stop = _stop_on_sigterm()  # first: a stop during start-up still closes cleanly
    session = open_session(config, config["table.store"])
    settings = ConfigFile(config_path, config)
    width, height = config["display.size"]
    with contextlib.ExitStack() as stack:
        stack.callback(session.close)
        link = BoardLink(config["serial.port"], session.post, baudrate=config["serial.baudrate"])
        stack.callback(link.close)
        link.start()
        presses = Presses(session)
        stack.enter_context(_rail_buttons(config, presses, RailButtons))
        stack.enter_context(staff_page(
            table_face(session, settings, config["table.store"], stop, presses, link), config))
        display = Display((width, height) if width else None,
                          fullscreen=config["display.fullscreen"], caption="Tablegame")
        stack.callback(display.close)
        main_loop(session, display, lambda: settings.current()["table.language"],
                  should_stop=should_stop)


def _rail_buttons(config: Config, presses: Presses, RailButtons):
    pins = {name: config[f"buttons.{name}"] for name in ("ok", "back", "menu")}
    return RailButtons(pins, presses,
                       debounce=config["buttons.debounce"],
                       long_press=config["buttons.long_press"])


def simulate(config: Config, store: str | Path, setup: GameSetup | None = None,
             config_path: str | Path | None = None) -> None:
    """The desktop: the virtual board on a pty, mock pins driven by keys, a window."""
    os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
    from firmware_bridge.link import BoardLink
    from firmware_bridge.virtual_board import VirtualBoard
    from hardware.buttons import RailButtons
    from hardware.display.display import Display
    from hardware.display.names import SCREENS_WITH_NAMES
    from hardware.keys import KeysToPins
    from tablegame.desktop import hands_for
    from tablegame.desktop.names import names_in_window

    should_stop, stop = _stop_on_sigterm()
    session = open_session(config, store, setup)
    settings = ConfigFile(config_path, config)
    hands = hands_for(session, config)
    with contextlib.ExitStack() as stack:
        stack.callback(session.close)
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="tablegame-"))
        board = VirtualBoard(hands.world, link_path=os.path.join(folder, "board"),
                             realtime=config["simulation.realtime"])
        stack.callback(board.close)
        board.start()
        link = BoardLink(board.port, session.post)
        stack.callback(link.close)
        link.start()
        pins = {name: config[f"buttons.{name}"] for name in ("ok", "back", "menu")}
        presses = Presses(session)
        stack.enter_context(_rail_buttons(config, presses, RailButtons))
        stack.enter_context(staff_page(table_face(session, settings, store, stop, presses, link),
                                       config, host="127.0.0.1"))
        width, height = config["display.size"]
        display = Display((width, height) if width else (1280, 800),
                          fullscreen=config["display.fullscreen"],
                          caption="Tablegame (simulated board)", screens=SCREENS_WITH_NAMES)
        stack.callback(display.close)
        # N names the parties; while its panel is open, the keys do not reach the pins.
        shown, handlers = names_in_window(
            session, display, config["table.language"],
            [KeysToPins(pins).handle, *hands.attach(board, display)])
        main_loop(session, shown, lambda: settings.current()["table.language"], handlers=handlers,
                  after_change=hands.after_change, should_stop=should_stop)
