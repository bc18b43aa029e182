"""The composition root: builds the table from the configuration. This is the only
place that decides between real and simulated parts, and it decides by
configuration (a serial port or the virtual board's pty, GPIOZERO_PIN_FACTORY,
SDL_VIDEODRIVER), never by an ``if testing``.

Threads: the main thread is the session's one writer and pygame's loop; the link
has its reader thread, the virtual board its own, gpiozero its callbacks. Those
only put events on the session's queue. A camera board (run, or simulate --board
camera) has two instead of the virtual board's one: the camera's (frames read, in
simulate also drawn) and its protocol's."""
from __future__ import annotations

import contextlib
import gc
import logging
import os
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from tablegame.registry import family_of
from tablegame.config import Config, play_settings, setup_for
from tablegame.config.file import ConfigFile, beside
from tablegame.face import TableFace
from table_app.frames import Frames, Guarded, OnceLog
from tablegame.core.history import History
from table_app.notify import Notifier
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.session import NewGame, Session, ShowAddress, view_of
from tablegame.core.store import EventLog, LogLock
from tablegame.words.notes import Note
from tablegame.views import notice
from tablegame.views.address import address_view

log = logging.getLogger(__name__)

FRAME = 1 / 60  # s: the loop wakes at least this often for window events
KEY_MARGIN = 0.02  # s: a desktop key holds its pin this much longer than the debounce

def open_session(config: Config, store: str | Path, setup: GameSetup | None = None,
                 live: Callable[[], Config] | None = None, **kwargs) -> Session:
    """``live`` is the live configuration (the staff page saves into it): each new game's
    play and MENU's options are read from it, so a family's setting, a board size or a game
    option saved on the page counts from the next game. Without it: ``config``."""
    default = setup_for(config)
    live = live or (lambda: config)

    def menu(current: GameSetup) -> list[GameSetup]:
        """MENU's games: the current game's family's menu, with the configured options."""
        games = live().games
        return [GameSetup(game, current.parties,
                          tuple(sorted({**games.get(game, {}), **options}.items())))
                for game, options in family_of(current.game).menu or [(current.game, {})]]
    kwargs.setdefault("max_streams", config["web.max_streams"])
    folder = str(Path(store).parent)
    session = Session(EventLog(store), lambda s: make_play(s, play_settings(live()), folder),
                      default, menu=menu, **kwargs)
    if setup is not None and setup != session.status.setup:
        session.handle(NewGame(setup))
    return session


def main_loop(session: Session, display, language: str | Callable[[], str],
              handlers: Iterable[Callable] = (), after_change: Callable[[], None] = lambda: None,
              should_stop: Callable[[], bool] = lambda: False,
              tick: Callable[[], None] = lambda: None, address: str = "",
              frames: Frames | None = None, dress: Callable | None = None,
              redraw: Callable[[], bool] = lambda: False) -> None:
    """Process events as they come and redraw on every change, until the window closes.
    ``language`` may be a function: the live setting, read on every frame. ``tick``
    runs once per pass (the watchdog's ping: it stops when the loop hangs). ``address``
    is the staff page's, shown as a QR code when the status asks for it. ``frames``:
    the ones that drew before the loop (they know the faults already logged). What a
    handler or ``after_change`` raises is logged once and the loop goes on (Guarded).
    ``dress(view, language)``: the desktop's words over the game's view (its hands').
    ``redraw()``: something the window shows beside the session changed (the camera at
    work on the desktop)."""
    import pygame

    once = OnceLog()
    handlers = [Guarded(handle, "a window event's handler", once) for handle in handlers]
    after_change = Guarded(after_change, "the desktop hands' after_change", once)
    frames = frames or Frames(display)
    language_now = language if callable(language) else (lambda: language)
    shown_language = language_now()
    show(frames, session, shown_language, address, dress)
    log.info("the table is on the screen (%dx%d)", *frames.size)
    settle_memory()
    while not should_stop():
        tick()
        changed = session.process(timeout=FRAME, flush=False)
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            for handle in handlers:
                handle(event)
            changed |= event.type in (pygame.WINDOWEXPOSED, pygame.VIDEORESIZE)
        changed |= session.process(flush=False) | redraw()
        if language_now() != shown_language:   # the staff page changed the setting
            shown_language, changed = language_now(), True
        if changed:
            after_change()
        if changed or frames.animating:   # a replay on the screen moves by itself
            show(frames, session, shown_language, address, dress)
        else:   # nothing to draw: the screen may load what later frames draw (glyphs)
            frames.idle()
            collect_between_frames()
        session.flush()   # drawn first, then on the disk, then the board's ACK


def settle_memory() -> None:
    """Once started: what start-up made (modules, fonts, the staff page, ~45,000 objects)
    is left out of every later garbage collection. A full collection over it took
    13-15 ms on the development machine, a stall of the loop whenever one ran (the
    bench saw one in 2,000 strokes); what the loop makes from here on is collected as
    before (gc.freeze: start-up's own garbage is collected first)."""
    gc.collect()
    gc.freeze()


# Python collects its young objects whenever 700 more have been made than freed, on
# whichever thread makes the 700th: in one frame of a hundred at the table's pace, there
# a young collection took 0.5-0.9 ms of the frame's main-thread CPU (measured in
# bench_latency's frames, issue 30). Between frames, once two fifths of that many are
# waiting, the collection Python would make next is made there instead, so a frame rarely
# makes one: the bench's busiest frame made 417 objects, more than half of 700.
EARLY = 0.4


def collect_between_frames() -> bool:
    """In a pass of the loop with nothing to draw: the garbage collection the next
    frames would otherwise run, when EARLY of Python's threshold is reached: the young
    objects, with the older generations when their counts pass their thresholds (the
    middle one after ten young ones, all after ten of those; a collection made here never
    sets off Python's own, so without them what outlived a young collection would never
    be freed). Not quite Python's rule: it also waits for a full one until a quarter of
    the old objects are new; here, between frames, one costs 1.1 ms after 300 shoves.
    Whether it collected."""
    counts, limits = gc.get_count(), gc.get_threshold()
    if not gc.isenabled() or not limits[0] or counts[0] < limits[0] * EARLY:
        return False   # collection switched off, or not due
    gc.collect(next((g for g in (2, 1) if counts[g] > limits[g]), 0))
    return True


def show(frames: Frames, session: Session, language: str, address: str = "",
         dress: Callable | None = None) -> None:
    """Draw the table (the staff page's address as a QR code over it when the status asks
    for it); a game's view or screen that fails is logged with its traceback (once, however
    many frames it fails) and a short message for the staff takes the screen until the
    next change (the state and the log are not touched: the game goes on)."""
    def view():
        status = session.status
        view = view_of(session.play, status, language)
        if dress is not None:
            view = dress(view, language)
        if status.showing_address:
            view = address_view(view, address, language, status.showing_address)
        return view
    frames.draw(view, lambda reason: notice.fault(language, reason), session.status.setup.game)


# Exit status after the staff page's restart when systemd runs the service: the unit
# starts it again (RestartForceExitStatus=75) and counts it a success (SuccessExitStatus=75).
RESTART = 75


class Restart:
    """The staff page's restart: the loop ends as on SIGTERM (every port and file closed
    cleanly), then ``start_again``."""

    def __init__(self, stop: Callable[[], None]):
        self._stop = stop
        self.asked = False

    def __call__(self) -> None:
        log.warning("restart asked for on the staff page: stopping cleanly, then starting again")
        self.asked = True
        self._stop()


def start_again() -> int:
    """After a clean end: under systemd (which names each run in INVOCATION_ID) exit with
    RESTART and systemd starts the service again; anywhere else (a desktop, a terminal)
    the program replaces itself with a fresh run of the same command line."""
    if os.environ.get("INVOCATION_ID"):
        return RESTART
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, [sys.executable, "-m", "table_app.cli", *sys.argv[1:]])
    return RESTART   # not reached: execv replaces the process


def _stop_on_sigterm() -> tuple[Callable[[], bool], Callable[[], None]]:
    """systemd stops the service with SIGTERM: leave the loop and close the ports.
    The second function stops it the same way (the staff page's restart: systemd's
    Restart= starts the service again)."""
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    return stop.is_set, stop.set


def log_dying_threads() -> None:
    """A thread (the link's reader, a gpiozero callback, a key's timer) that ends with an
    exception is logged as critical, with its traceback, instead of Python's bare print."""
    def report(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        name = args.thread.name if args.thread is not None else "a thread"
        log.critical("%s died: %s", name, args.exc_value,
                     exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
    threading.excepthook = report


class Presses:
    """The rail buttons' last presses, for the staff page's health view. gpiozero's
    threads add them, a web thread reads them: ``last`` is a tuple of (time, button, held),
    replaced whole (a deque read while another thread appends raises "mutated during
    iteration")."""

    def __init__(self, session: Session, keep: int = 5):
        self._session = session
        self._keep = keep
        self._lock = threading.Lock()   # two buttons' callbacks at once: keep both presses
        self.last: tuple[tuple[str, str, bool], ...] = ()

    def __call__(self, press) -> None:
        entry = (time.strftime("%H:%M:%S"), press.button, press.long)
        with self._lock:
            self.last = (*self.last, entry)[-self._keep:]
        self._session.post(press, by="button")

    def said(self, language: str) -> str:
        """"10:01:02 OK kurz, 10:01:05 ZURÜCK lang": each button by the name its footer
        gives it, in ``language``."""
        from tablegame.texts import TEXTS, text
        def name(button: str) -> str:   # (a button the table has no name for: its id)
            return text(language, f"button_{button}") if f"button_{button}" in TEXTS["en"] else button
        return ", ".join(f"{at} " + text(language, "press_held" if held else "press_short", button=name(button))
                         for at, button, held in self.last)


def table_face(session: Session, settings: ConfigFile, store: str | Path,
               restart: Callable[[], None], presses: Presses | None = None,
               link=None, more: Callable[[], dict] | None = None, camera=None) -> TableFace:
    """The one object the staff page is given (tablegame.face); ``more``: facts of parts
    started after it (the MQTT publisher) for the health view; ``camera``: the camera board,
    when the board is a camera (its calibration area)."""
    from tablegame.texts import link_details, text
    from tablegame.words.phrase import Phrase

    def health() -> dict:
        status = session.snapshot().status
        link_words = Phrase(lambda language: link_details(status.link, language)    # the page's language
                            or text(language, "link_no_news"))
        facts = {"link": link_words,
                 "live_streams": session.streams}
        if link is not None:
            facts.update(link.health().facts())
        facts["last_presses"] = Phrase(presses.said) if presses else ""
        if more is not None:
            facts.update(more())
        return facts

    return TableFace(submit=session.submit, subscribe=session.subscribe,
                     snapshot=session.snapshot, history=History(store), health=health,
                     settings=settings, restart=restart, data_folder=str(Path(store).parent),
                     camera=camera)


@contextlib.contextmanager
def staff_page(face: TableFace, config: Config, host: str | None = None,
               any_free_port: bool = False):
    """The staff page served beside the table while the block runs; a page that
    cannot start (port taken) is logged and the table plays on without it. On a desktop
    (``any_free_port``) a port that is taken gives way to a free one, which is printed."""
    server = _serve(face, host or config["web.host"], config["web.port"], config["web.threads"],
                    any_free_port)
    if server is None:
        yield None
        return
    print(f"staff page: {server.address}", flush=True)
    if server.needs_setup():   # the first start: the address on the screen until then
        face.submit(ShowAddress("setup"), by="table")
    try:
        yield server
    finally:
        server.close()


def _serve(face: TableFace, host: str, port: int, threads: int, any_free_port: bool):
    """The started PageServer, or None (said on the terminal and in the journal)."""
    import errno
    from web_admin.serve import PageServer
    try:
        return PageServer(face, host, port, threads).start()
    except OSError as error:
        if any_free_port and port != 0 and error.errno == errno.EADDRINUSE:
            # a desktop's own line on its terminal (said once: a log line beside it on the
            # same terminal would say it twice)
            print(f"port {port} is taken: the staff page listens on a free port instead",
                  flush=True)
            return _serve(face, host, 0, threads, False)
        # one line, on the terminal and in the journal alike (logging writes to stderr)
        log.error("staff page not started: it cannot listen on %s:%s: %s", host, port, error)
        return None


class Later:
    """The health facts of a part that starts after the face is made (the MQTT publisher):
    none until ``part`` is set, then its ``facts()``."""

    def __init__(self) -> None:
        self.part = None

    def __call__(self) -> dict:
        return {} if self.part is None else self.part.facts()


def mqtt_beside(face: TableFace, config: Config, page=None):
    """The MQTT publisher beside the table while the block runs, when ``[mqtt] enabled``
    (docs/mqtt.md); paho is not even imported otherwise."""
    if not config["mqtt.enabled"]:
        return contextlib.nullcontext()
    from mqtt_publisher.wiring import publishing
    return publishing(face, config, page.address if page is not None else "")


class MissingHardware(RuntimeError):
    """A part the service needs is not there; the message says which and how to go on."""


NO_SCREEN = ("no screen to draw on ({error}). On the Pi the service draws full screen through "
             "SDL's KMS/DRM driver (SDL_VIDEODRIVER=kmsdrm, set by the systemd unit): check the "
             "HDMI cable and that the user is in the video and render groups. Without a screen: "
             "SDL_VIDEODRIVER=dummy tablegame run, or tablegame simulate for the whole table in a "
             "window. tablegame doctor checks everything at once.")
NO_GPIO = ("no GPIO pins for the rail buttons ({error}). On a Raspberry Pi the installer puts "
           "lgpio into the program's environment and the service user into the gpio group "
           "(docs/install.md). Without the pins: GPIOZERO_PIN_FACTORY=mock tablegame run (buttons "
           "simulated), or tablegame simulate. tablegame doctor checks everything at once.")


class Heartbeat:
    """Called once per pass of the main loop: pings the watchdog, and once the table has
    run for ``settled_after`` seconds calls ``settled`` (the start was a good one)."""

    def __init__(self, notifier: Notifier, settled: Callable[[], None], settled_after: float,
                 clock: Callable[[], float] = time.monotonic):
        self._notifier, self._settled = notifier, settled
        self._clock, self._due = clock, clock() + settled_after

    def __call__(self) -> None:
        self._notifier.ping()
        if self._settled is not None and self._clock() >= self._due:
            settled, self._settled = self._settled, None
            settled()


def run(config: Config, config_path: str | Path | None = None, notifier: Notifier | None = None,
        settled: Callable[[], None] = lambda: None, settled_after: float = 60.0) -> bool:
    """The Pi: the board on its serial port, the rail buttons on GPIO, full screen.
    Raises MissingHardware (in words) when the screen or the pins are not there, LogInUse
    when another table holds the log; ``settled`` is called once the table has run
    ``settled_after`` s, or stopped cleanly. True when it ended for the staff page's
    restart (then ``start_again``)."""
    with LogLock(config["table.store"]):
        return _run(config, config_path, notifier, settled, settled_after)


def _run(config: Config, config_path: str | Path | None, notifier: Notifier | None,
         settled: Callable[[], None], settled_after: float) -> bool:
    from tablegame.display.display import Display

    notifier = notifier or Notifier()
    should_stop, stop = _stop_on_sigterm()  # first: a stop during start-up still closes cleanly
    restart = Restart(stop)
    if config["board.kind"] == "serial":
        _look_for_board(config["serial.port"])
    log_dying_threads()
    settings = ConfigFile(config_path, config)
    session = open_session(config, config["table.store"], live=settings.current)
    width, height = config["display.size"]
    with contextlib.ExitStack() as stack:
        stack.callback(session.close)
        display = open_display(Display, (width, height) if width else None,
                               config["display.fullscreen"])
        stack.callback(display.close)
        # The guests' table first; the pins, the board and the staff page (its imports
        # alone take a good part of a second) start behind the first frame.
        language = lambda: settings.current()["table.language"]  # noqa: E731
        frames = Frames(display)
        show(frames, session, language())
        notifier.ready(f"playing {session.status.setup.game}")
        log.info("the table is up: %s", session.status.setup.game)
        from firmware_bridge.link import BoardLink
        from hardware.buttons import RailButtons
        presses = Presses(session)
        stack.enter_context(_open_buttons(settings, presses, RailButtons))
        port, camera = _board_port(config, session, stack, config_path)
        link = BoardLink(port, session.post, baudrate=config["serial.baudrate"],
                         post_event=session.post, words=board_words(camera))   # ACK once in the log
        stack.callback(link.close)
        link.start()
        mqtt = Later()
        face = table_face(session, settings, config["table.store"], restart, presses, link, mqtt, camera)
        page = stack.enter_context(staff_page(face, config))
        mqtt.part = stack.enter_context(mqtt_beside(face, config, page))
        main_loop(session, display, language, should_stop=should_stop,
                  tick=Heartbeat(notifier, settled, settled_after),
                  address=page.address if page else "", frames=frames)
        notifier.stopping()
    settled()   # a clean stop is a good start too
    return restart.asked


def board_words(camera) -> Callable[[str], Any]:
    """How the board link takes a board's error text: a camera board's as the words it told
    it in (the staff page says them in its language), any other board's as it is."""
    return str if camera is None else camera.told.said_as


def _board_port(config: Config, session, stack: contextlib.ExitStack, config_path=None):
    """(port, camera board or None): where the board link reads the board: the serial port,
    or the pty of a camera board started here (board.kind = "camera", docs/camera.md) with
    what it learned beside ``config_path`` (camera.learned); MissingHardware in words when
    its camera cannot be opened."""
    if config["board.kind"] != "camera":
        return config["serial.port"], None
    from camera_board.service import CameraBoardError, open_camera_board
    folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="tablegame-camera-"))
    try:
        camera = open_camera_board(config, getattr(session.play, "board", None), folder,
                                   session.status.setup.game, beside(config_path, config["camera.learned"]))
    except CameraBoardError as error:
        raise MissingHardware(f"the camera board cannot start: {error}") from None
    stack.callback(camera.close)
    return camera.port, camera


def _look_for_board(port: str) -> None:
    """A board not plugged in is no reason not to start: the link keeps looking."""
    if "://" not in port and not os.path.exists(port):
        log.warning("the board's serial port %s does not exist: plug the board in (the table "
                    "keeps looking for it and shows 'board: searching'), check serial.port, or "
                    "try tablegame simulate for a simulated board", port)


def open_display(Display, size: tuple[int, int] | None, fullscreen: bool, **kwargs):
    """The table's screen, or MissingHardware in words."""
    import pygame
    try:
        display = Display(size, fullscreen=fullscreen, caption="Tablegame", **kwargs)
    except pygame.error as error:
        raise MissingHardware(NO_SCREEN.format(error=error)) from None
    # With no driver named and no desktop, SDL quietly draws into memory: nobody would see it.
    if pygame.display.get_driver() == "offscreen" and os.environ.get("SDL_VIDEODRIVER") != "offscreen":
        display.close()
        raise MissingHardware(NO_SCREEN.format(error="SDL found no display, only 'offscreen'"))
    return display


def _open_buttons(settings: ConfigFile, presses: Presses, RailButtons):
    """The rail buttons on gpiozero's pins, or MissingHardware in words."""
    import warnings
    from gpiozero.exc import GPIOZeroError
    with warnings.catch_warnings(record=True) as fallbacks:   # gpiozero's "falling back from …"
        warnings.simplefilter("always")
        try:
            return _rail_buttons(settings, presses, RailButtons)
        except (GPIOZeroError, OSError, ImportError) as error:   # ImportError: a named factory missing
            tried = "; ".join(str(w.message) for w in fallbacks)
            raise MissingHardware(NO_GPIO.format(error=f"{error} {tried}".strip())) from None


def _rail_buttons(settings: ConfigFile, presses: Presses, RailButtons):
    """The pins as the table started; the timings live (a change counts from the next press)."""
    config = settings.current()
    pins = {name: config[f"buttons.{name}"] for name in ("ok", "back", "menu")}
    return RailButtons(pins, presses, timings=lambda: (
        settings.current()["buttons.debounce"], settings.current()["buttons.long_press"]))


def _say_what_runs(settings: ConfigFile, store, port: str, page, size, camera: bool = False) -> None:
    """What ``simulate`` runs instead of the file's values: the settings page shows these
    beside the saved ones, with the reason."""
    settings.runs_instead("table.store", str(store), "why_simulated_store")
    if camera:
        settings.runs_instead("camera.source", "rendered", "why_rendered_camera")
    else:
        settings.runs_instead("serial.port", port, "why_virtual_board")
    if page is not None:
        settings.runs_instead("web.host", "127.0.0.1", "why_simulated_host")
        settings.runs_instead("web.port", page.port, "why_free_port")
    settings.runs_instead("display.size", list(size), "why_window")


def _simulated_board(config: Config, session, world, folder: str, memory, VirtualBoard, learned=None):
    """(board, camera board or None): the virtual board on a pty, or with board.kind =
    "camera" (simulate --board camera) the camera board reading ``world`` drawn frame by
    frame by the renderer (docs/camera.md); MissingHardware in words for a game the
    camera board cannot read."""
    if config["board.kind"] != "camera":
        return VirtualBoard(world, link_path=os.path.join(folder, "board"),
                            realtime=config["simulation.realtime"], memory=memory), None
    from camera_board.service import CameraBoardError, game_of
    from camera_sim.rendered import open_rendered_board
    try:
        game = game_of(getattr(session.play, "board", None), session.status.setup.game)
        board = open_rendered_board(config, world, folder, game, realtime=config["simulation.realtime"],
                                    memory=memory, learned=learned)
    except CameraBoardError as error:
        raise MissingHardware(f"the camera board cannot start: {error}") from None
    return board, board.camera


def simulate(config: Config, store: str | Path, setup: GameSetup | None = None,
             config_path: str | Path | None = None) -> bool:
    """The desktop: the virtual board on a pty (or the camera board reading the rendered
    table: board.kind = "camera"), mock pins driven by keys, a window.
    LogInUse (in words) when another table holds ``store``. True when it ended for the
    staff page's restart (then ``start_again``)."""
    with LogLock(store):
        return _simulate(config, store, setup, config_path)


def _simulate(config: Config, store: str | Path, setup: GameSetup | None,
              config_path: str | Path | None) -> bool:
    os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
    from firmware_bridge.link import BoardLink
    from firmware_bridge.board_memory import BoardMemory
    from firmware_bridge.virtual_board import VirtualBoard
    from hardware.buttons import RailButtons
    from tablegame.display.display import Display
    from tablegame.display.names import SCREENS_WITH_NAMES
    from hardware.keys import KeysToPins
    from table_app.camera_watch import CameraWatch
    from table_app.desktop import SwitchingHands
    from table_app.name_editor import names_in_window
    from tablegame.display.watching import SCREENS_OF_THE_CAMERA

    should_stop, stop = _stop_on_sigterm()
    restart = Restart(stop)
    log_dying_threads()
    settings = ConfigFile(config_path, config)
    session = open_session(config, store, setup, live=settings.current)
    hands = SwitchingHands(session, config)
    with contextlib.ExitStack() as stack:
        stack.callback(session.close)
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="tablegame-"))
        memory = BoardMemory.beside(store)
        if session.status.note != Note.of("new_game"):   # a game resumed: the board as it was
            hands.world.put_back(memory.recall())
        board, camera = _simulated_board(config, session, hands.world, folder, memory, VirtualBoard,
                                         settings.beside("camera.learned"))
        stack.callback(board.close)
        board.start()
        link = BoardLink(board.port, session.post, post_event=session.post, words=board_words(camera))
        stack.callback(link.close)
        link.start()
        pins = {name: config[f"buttons.{name}"] for name in ("ok", "back", "menu")}
        presses = Presses(session)
        stack.enter_context(_rail_buttons(settings, presses, RailButtons))
        mqtt = Later()
        face = table_face(session, settings, store, restart, presses, link, mqtt, camera)
        page = stack.enter_context(staff_page(face, config, host="127.0.0.1", any_free_port=True))
        mqtt.part = stack.enter_context(mqtt_beside(face, config, page))
        width, height = config["display.size"]
        _say_what_runs(settings, store, board.port, page, (width, height) if width else [1280, 800],
                       camera is not None)
        display = Display((width, height) if width else (1280, 800),
                          fullscreen=config["display.fullscreen"],
                          caption="Tablegame (simulated camera)" if camera else "Tablegame (simulated board)",
                          screens={**SCREENS_WITH_NAMES, **SCREENS_OF_THE_CAMERA})
        stack.callback(display.close)
        # N names the parties; while its panel is open, the keys do not reach the pins.
        shown, handlers = names_in_window(
            session, display, config["table.language"],
            [KeysToPins(pins, hold=config["buttons.debounce"] + KEY_MARGIN).handle,
             *hands.attach(board, display)])
        dress, redraw = hands.dress, (lambda: False)
        if camera is not None:   # what the camera is doing, while it works
            watch = CameraWatch(board)
            dress, redraw = (lambda view, language: watch.dress(hands.dress(view, language), language),
                             watch.redraw)
        main_loop(session, shown, lambda: settings.current()["table.language"], handlers=handlers,
                  after_change=hands.after_change, should_stop=should_stop,
                  address=page.address if page else "", dress=dress, redraw=redraw)
    return restart.asked
