"""The composition root: builds the table from the configuration. This is the only
place that decides between real and simulated parts, and it decides by
configuration (a serial port or the virtual board's pty, GPIOZERO_PIN_FACTORY,
SDL_VIDEODRIVER), never by an ``if testing``.

Threads: the main thread is the session's one writer and pygame's loop; the link
has its reader thread, the virtual board its own, gpiozero its callbacks. Those
only put events on the session's queue."""
from __future__ import annotations

import contextlib
import os
import signal
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from tablegame.families import families
from tablegame.config import Config, setup_for
from tablegame.desktop import family
from tablegame.play import make_play
from tablegame.play.base import GameSetup
from tablegame.session import NewGame, Session
from tablegame.store import EventLog

FRAME = 1 / 60  # s: the loop wakes at least this often for window events

# What MENU steps through before a game starts, per family (the game name's first part).
MENUS = {family.name: list(family.menu) for family in families()}


def open_session(config: Config, store: str | Path, setup: GameSetup | None = None,
                 **kwargs) -> Session:
    default = setup_for(config)

    def menu(current: GameSetup) -> list[GameSetup]:
        """MENU's games: the current game's family, with the configured options."""
        return [GameSetup(game, current.parties,
                          tuple(sorted({**config.games.get(game, {}), **options}.items())))
                for game, options in MENUS.get(family(current.game), [(current.game, {})])]
    cache = config["neunfeld.solver_cache"] or str(Path(store).parent / "neunfeld-solution.bin")
    moved_coin = {"moved_coin": config["shove.moved_coin"]}
    settings = {**config.boards, "neunfeld": {"solver_cache": cache},
                **{game: {**config.boards.get(game, {}), **moved_coin}
                   for game in ("shove-hapenny", "shove-piecepack")},
                "schocken": {"dice": config["schocken.dice"]}}
    session = Session(EventLog(store), lambda s: make_play(s, settings), default,
                      menu=menu, **kwargs)
    if setup is not None and setup != session.status.setup:
        session.handle(NewGame(setup))
    return session


def main_loop(session: Session, display, language: str,
              handlers: Iterable[Callable] = (), after_change: Callable[[], None] = lambda: None,
              should_stop: Callable[[], bool] = lambda: False) -> None:
    """Process events as they come and redraw on every change, until the window closes."""
    import pygame

    handlers = list(handlers)
    display.show(session.play.view(session.status, language))
    while not should_stop():
        changed = session.process(timeout=FRAME)
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            for handle in handlers:
                handle(event)
            changed |= event.type in (pygame.WINDOWEXPOSED, pygame.VIDEORESIZE)
        changed |= session.process()
        if changed:
            after_change()
            display.show(session.play.view(session.status, language))


def _stop_on_sigterm() -> Callable[[], bool]:
    """systemd stops the service with SIGTERM: leave the loop and close the ports."""
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    return lambda: bool(stop)


def run(config: Config) -> None:
    """The Pi: the board on its serial port, the rail buttons on GPIO, full screen."""
    from firmware_bridge.link import BoardLink
    from hardware.buttons import RailButtons
    from hardware.display.display import Display

    should_stop = _stop_on_sigterm()  # first: a stop during start-up must still close cleanly
    session = open_session(config, config["table.store"])
    width, height = config["display.size"]
    with contextlib.ExitStack() as stack:
        stack.callback(session.close)
        link = BoardLink(config["serial.port"], session.post, baudrate=config["serial.baudrate"])
        stack.callback(link.close)
        link.start()
        stack.enter_context(_rail_buttons(config, session, RailButtons))
        display = Display((width, height) if width else None,
                          fullscreen=config["display.fullscreen"], caption="Tablegame")
        stack.callback(display.close)
        main_loop(session, display, config["table.language"], should_stop=should_stop)


def _rail_buttons(config: Config, session: Session, RailButtons):
    pins = {name: config[f"buttons.{name}"] for name in ("ok", "back", "menu")}
    return RailButtons(pins, lambda press: session.post(press, by="button"),
                       debounce=config["buttons.debounce"],
                       long_press=config["buttons.long_press"])


def simulate(config: Config, store: str | Path, setup: GameSetup | None = None) -> None:
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

    should_stop = _stop_on_sigterm()
    session = open_session(config, store, setup)
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
        stack.enter_context(_rail_buttons(config, session, RailButtons))
        width, height = config["display.size"]
        display = Display((width, height) if width else (1280, 800),
                          fullscreen=config["display.fullscreen"],
                          caption="Tablegame (simulated board)", screens=SCREENS_WITH_NAMES)
        stack.callback(display.close)
        # N names the parties; while its panel is open, the keys do not reach the pins.
        shown, handlers = names_in_window(
            session, display, config["table.language"],
            [KeysToPins(pins).handle, *hands.attach(board, display)])
        main_loop(session, shown, config["table.language"], handlers=handlers,
                  after_change=hands.after_change, should_stop=should_stop)
