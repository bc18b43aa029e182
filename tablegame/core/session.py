"""The session: the one place where game state changes.

Every input (sensor readings from the link thread, button presses from gpiozero's
threads, staff commands from web requests) is put on one queue; the session takes
them in order on one thread, asks the referee and the rules, writes each accepted
event to the SQLite log (with who made it) before anything is shown, and replaces
its ``status``. State is always the fold of the log: a restart resumes exactly.

Adapters use its face (ARCHITECTURE.md): ``submit`` a command and, if they like, wait
for the reply; ``subscribe`` to the snapshots published after each change;
``snapshot`` for the latest. Only the writer's thread touches the state and the log."""
from __future__ import annotations

import copy as _copy
import dataclasses
import logging
import queue
import random
import sqlite3
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from tablegame import texts
from tablegame.core import jsoncodec
from tablegame.core.events import ButtonPress
from tablegame.core.match import RELAYED, Match, dressed, match_of
from tablegame.core.names import parties_problem
from tablegame.words.phrase import phrase_of
from tablegame.core.rules import IllegalAction
from tablegame.words.notes import Note
from tablegame.core.play import GameSetup, Play, PutBack, TableStatus, Verdict
from tablegame.core.sensors import AT_REST, LinkStatus, at_rest_from_data, at_rest_to_data
from tablegame.core.store import ACTION, NEW_GAME, UNDO, Entry, EventLog

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class NewGame:
    setup: GameSetup
    match: Match | None = None   # the venue's match this game is (tablegame.core.match)


@dataclass(frozen=True)
class Undo:
    """Take back the last action of the current game."""


@dataclass(frozen=True)
class Act:
    """An action given directly (staff correction, script, the table's own dice)."""

    action: Any


@dataclass(frozen=True)
class Calibrate:
    """Sensor test: while on, the table plays no game and only shows the readings."""

    on: bool


@dataclass(frozen=True)
class ShowAddress:
    """The staff page's address (a QR code) on the table's screen, over the game, which
    stays as it is; ``why`` None takes it away (as any rail button does)."""

    why: str | None = "asked"


@dataclass(frozen=True)
class ShowReasons:
    """Show on the table's screen what the check of the last move found (Shove: replay
    the last shove), as a guest's button hold does; refused when there is nothing."""


@dataclass(frozen=True)
class Reply:
    """What became of a submitted command: accepted, or refused with the reason."""

    accepted: bool
    note: Note | None = None  # the refusal, or what happened, in any language (texts.say)


@dataclass(frozen=True)
class Snapshot:
    """The table as published after a change: immutable, safe to read from any thread."""

    version: int
    status: TableStatus
    play: Play

    def view(self, language: str) -> Any:
        """The screen's view model, the same the table's display draws."""
        return view_of(self.play, self.status, language)


class TooManyStreams(RuntimeError):
    """Every live stream is taken; the caller should refuse, not wait."""


class Subscription:
    """A bounded queue of snapshots for one reader. A slow reader loses the older
    snapshots it has not taken yet; the writer never waits for it."""

    def __init__(self, session: Session, maxsize: int):
        self._session = session
        self._queue: queue.Queue = queue.Queue(maxsize)

    def offer(self, snapshot: Snapshot | None) -> None:
        """Put, dropping the oldest when full: a snapshot from the writer, or None from
        any thread to wake the reader (``web_admin.relay``)."""
        while True:
            try:
                return self._queue.put_nowait(snapshot)
            except queue.Full:
                try:
                    self._queue.get_nowait()
                except queue.Empty:
                    pass

    def get(self, timeout: float | None = None) -> Snapshot | None:
        """The next snapshot, or None: none came within ``timeout`` s, or the reader
        was woken (``offer(None)``)."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self._session._unsubscribe(self)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


@dataclass(frozen=True)
class _Beside:
    """What came back from work run beside the writer: a verdict, or None, and the game
    state it was computed for (``made_for``: how many states the game had, and the last)."""

    verdict: Verdict | None
    made_for: tuple[int, Any] | None = None


class _Worker:
    """One thread beside the writer for the plays' slow checks (the physics check): jobs
    in order, each result posted back to the session's queue as ``_Beside``. A job that
    fails is logged with its traceback and posts None: play goes on without it."""

    def __init__(self, post: Callable[[Any, str], None]) -> None:
        self._post = post
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def start(self, job: Callable[[], Verdict | None], made_for: tuple[int, Any]) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="beside", daemon=True)
            self._thread.start()
        self._jobs.put((job, made_for))

    def stop(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)

    def _run(self) -> None:
        while (item := self._jobs.get()) is not None:
            job, made_for = item
            try:
                verdict = job()
            except Exception:  # a bug in a check must not stop the table
                log.exception("a check beside the writer failed")
                verdict = None
            self._post(_Beside(verdict, made_for), "table")


class _Waiter:
    """Where the writer leaves the reply for a caller of ``submit(wait=...)``, and
    whom it tells once the event is handled (``post(handled=...)``)."""

    def __init__(self, handled: Callable[[], None] | None = None) -> None:
        self.done = threading.Event()
        self.reply: Reply | None = None
        self.handled = handled


_NO_ANSWER = Reply(False, Note.of("no_answer"))


class Session:
    def __init__(self, log: EventLog, make_play: Callable[[GameSetup], Play],
                 default_setup: GameSetup, *,
                 menu: Callable[[GameSetup], Sequence[GameSetup]] = lambda setup: [setup],
                 rng: random.Random | None = None, clock: Callable[[], float] = time.time,
                 max_streams: int = 16):
        self._log = log
        self._menu = menu  # the games MENU steps through, given the current one
        self._make_play = make_play
        self._rng = rng or secrets.SystemRandom()
        self._clock = clock
        # queue.Queue, not SimpleQueue: in CPython 3.11 a signal handled while the main
        # thread waits in SimpleQueue.get(timeout) can leave it waiting for ever once the
        # timeout has passed, so SIGTERM (systemd's stop) hung an idle table
        self._queue: queue.Queue = queue.Queue()
        self._handlers = {
            NewGame: self._new_game, Undo: self._undo, Act: self._act,
            ButtonPress: self._press, LinkStatus: self._link, Calibrate: self._calibrate,
            ShowAddress: self._show_address, _Beside: self._beside_done,
            ShowReasons: self._show_reasons,
        }
        self._worker = _Worker(self.post)
        self._beside = 0  # jobs started beside the writer whose result is not handled yet
        # A check beside the writer for a change handled by ``process(flush=False)`` starts
        # in ``flush``, after the change is drawn: started at once, the physics check took
        # the GIL and the caches from the frame (docs/performance.md)
        self._beside_later: list[tuple] = []
        self.version = 0  # grows with every change of ``status``
        self._by = "table"       # who made the event being handled
        self._refusal: Note | None = None
        self._answered = False   # whoever made it reads the reply (submit with wait)
        self._max_streams = max_streams
        self._subscribers: list[Subscription] = []
        self._subscribers_lock = threading.Lock()
        # Entries accepted but not yet written (kind, data, at, by, seen): until a game's
        # first move, its start on a fresh table and what the sensors observed (the board
        # seen empty) wait here. A table nobody has played on logs nothing; after a
        # restart the sensors see the board again.
        self._pending: list[tuple] = []
        self._handled: list[Callable[[], None]] = []   # told after the next flush
        # A change handled by ``process(flush=False)`` (the table's loop) is published in
        # ``flush``, after it is drawn: the copy of the play for the readers and the
        # publishers' wake-up (the page's and MQTT's threads, then contending for the GIL)
        # stay out of the frame's time. Published before the next change at the latest,
        # so every change is still a snapshot of its own.
        self._publish_later = False
        self._unpublished = False
        self._put_backs = 0     # numbers each PutBack, so a hand lays each out once
        self._restore(default_setup)
        self._publish()

    # -- the face to adapters, from any thread -------------------------------------

    def submit(self, command: Any, by: str = "board", wait: float | None = None) -> Reply | None:
        """Queue ``command`` made by ``by``; with ``wait``, block up to that many seconds
        for the writer's reply (a refusal says why). Without, return None at once."""
        waiter = _Waiter() if wait is not None else None
        self._queue.put((command, by, waiter))
        if waiter is None:
            return None
        return waiter.reply if waiter.done.wait(wait) else _NO_ANSWER

    def post(self, event: Any, by: str = "board", handled: Callable[[], None] | None = None) -> None:
        """Queue a sensor reading, a press or a command without waiting. ``handled`` is
        called on the writer's thread once the event is in the log or refused: the
        board link acknowledges a board event only then (docs/protocol.md)."""
        self._queue.put((event, by, None if handled is None else _Waiter(handled)))

    def snapshot(self) -> Snapshot:
        """The latest published state (a reference swap: atomic)."""
        return self._snapshot

    def subscribe(self, maxsize: int = 4) -> Subscription:
        """A stream of snapshots, starting with the current one; TooManyStreams when
        ``max_streams`` are open already."""
        subscription = Subscription(self, maxsize)
        with self._subscribers_lock:
            if len(self._subscribers) >= self._max_streams:
                raise TooManyStreams(f"{self._max_streams} live streams are open already")
            self._subscribers = [*self._subscribers, subscription]
        subscription.offer(self._snapshot)
        return subscription

    def _unsubscribe(self, subscription: Subscription) -> None:
        with self._subscribers_lock:
            self._subscribers = [s for s in self._subscribers if s is not subscription]

    @property
    def streams(self) -> int:
        return len(self._subscribers)

    def close(self) -> None:
        self._beside_later.clear()      # no check is started to report to a closed table
        self._worker.stop()
        self.flush()
        self._log.close()

    @property
    def idle(self) -> bool:
        """No work runs beside the writer, and every result it gave is handled."""
        return self._beside == 0

    # -- the writer's loop, on one thread ----------------------------------------

    def process(self, timeout: float | None = 0, flush: bool = True) -> bool:
        """Handle every queued event, waiting up to ``timeout`` s for the first.
        Returns whether the status changed. ``flush=False``: the caller draws the
        change first and then calls ``flush`` (the table's loop)."""
        try:
            item = self._queue.get(timeout=timeout) if timeout else self._queue.get_nowait()
        except queue.Empty:
            return False
        self._publish_later = not flush
        try:
            changed = self._take(*item)
            while self._queue.qsize():   # only this thread takes: what it counts is there
                changed |= self._take(*self._queue.get_nowait())
        finally:
            self._publish_later = False
        if flush:
            self.flush()
        return changed

    def process_until(self, done, timeout: float) -> bool:
        """Handle events until ``done()`` holds or ``timeout`` s have passed (a headless
        run waiting for the board's first answer); whether it holds."""
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                return False
            self.process(timeout=0.01)
        return True

    def flush(self) -> None:
        """Publish the change drawn (``process(flush=False)``), make what was logged
        durable (fsync), then tell whoever waits for that (the board's ACK): a power cut
        before this only means the board sends again. Then the checks beside the writer
        that wait for the drawing start, and, when it is due, the log's WAL is folded into
        its file: after the ACK, so no event waits for it."""
        if self._unpublished:
            self._publish()
        if self._handled:
            try:
                self._log.sync()
            except OSError as error:   # committed, but not yet safe from a power cut: say so
                log.error("the event log could not be flushed to the disk: %s", error)
            handled, self._handled = self._handled, []
            for callback in handled:
                try:
                    callback()
                except Exception:
                    log.exception("telling the board an event was taken failed")
        later, self._beside_later = self._beside_later, []
        for job in later:
            self._worker.start(*job)
        try:
            self._log.checkpoint_if_due()
        except sqlite3.Error as error:   # the events are in the WAL: safe, only not folded in
            log.warning("the event log's WAL could not be folded into its file: %s", error)

    def _take(self, event: Any, by: str, waiter: _Waiter | None) -> bool:
        # a caller of submit(wait=...) reads the reply: a refusal is theirs alone; whoever
        # posted with ``handled`` (the board: its ACK) waits for no reply
        answered = waiter is not None and waiter.handled is None
        try:
            changed = self.handle(event, by, answered=answered)
        finally:
            # even when a bug raised: the board then moves on, not resending the same event forever
            if waiter is not None and waiter.handled is not None:
                self._handled.append(waiter.handled)
        if answered:
            refusal = self._refusal
            waiter.reply = Reply(refusal is None, refusal or self.status.note)
            if self._unpublished:
                # whoever waits reads the snapshot next (the staff page's redirect, a
                # venue's relay of moves): it must show their command, drawn or not yet
                self._publish()
            waiter.done.set()
        return changed

    def handle(self, event: Any, by: str = "board", answered: bool = False) -> bool:
        """Handle one event now, on the writer's thread. Returns whether the status changed.
        ``answered``: whoever made it reads the reply (the staff page): a refusal goes to
        them, not onto the table's screen ("Nichts zum Zurücknehmen" after a phone's undo)."""
        handler = self._handlers.get(type(event), self._reading)
        if self._unpublished:   # the last change's snapshot, before the play changes again
            self._publish()
        before = self.status
        self._by, self._refusal, self._answered = by, None, answered
        if by.startswith("staff"):
            log.info("%s: %s", by, event)
        try:
            handler(event)
        except Exception:  # a bug in a play, a referee or an engine: the table goes on
            self._contain(event, before)
        if self.status is not before:
            self.version += 1
            if self._publish_later:
                self._unpublished = True
            else:
                self._publish()
            return True
        return False

    def _contain(self, event: Any, before: TableStatus) -> None:
        """A handler raised: log it with its traceback, leave state and log as they
        were (handlers write the log last, see _apply_verdict), tell the staff."""
        where = type(self.play).__name__
        log.exception("%s failed on %r from %s; state and log unchanged", where, event, self._by)
        self._refusal = Note.of("internal_error", where=where)
        self.status = dataclasses.replace(before, problem=self._refusal)

    def _publish(self) -> None:
        self._unpublished = False
        self._snapshot = Snapshot(self.version, self.status, _for_readers(self.play))
        for subscription in self._subscribers:  # a copy swapped under the lock: safe to iterate
            subscription.offer(self._snapshot)

    # -- handlers --------------------------------------------------------------

    def _reading(self, reading: Any) -> None:
        others = tuple(r for r in self.status.readings if type(r) is not type(reading))
        if self.status.calibrating:  # the sensor test: show what the board reports, judge nothing
            return self._update(reading=reading, readings=others + (reading,))
        verdict = self.play.judge(self.status, reading)
        self._update(reading=reading, readings=others + (reading,))
        before = len(self._states)
        self._apply_verdict(verdict)
        seen = self._seen[-1]
        if len(self._states) == before and type(reading) in AT_REST and getattr(
                reading, "settled", True) and all(type(r) is not type(reading) for r in seen):
            # The first of its kind since this state was reached (a re-sync after a
            # reading that moved the game on): the board held it in this state too.
            self._seen[-1] = seen + (reading,)

    def _calibrate(self, calibrate: Calibrate) -> None:
        if calibrate.on != self.status.calibrating:
            self._update(calibrating=calibrate.on,
                         note=Note.of("calibrating" if calibrate.on else "calibration_over"))

    def _press(self, press: ButtonPress) -> None:
        """Buttons that mean the same in every game; the rest go to the game's play."""
        if self.status.showing_address:
            # Any button takes the address away and does nothing else to the game; before
            # the first move (the board seen empty is none), MENU goes on through the menu
            # as it would have.
            self._update(showing_address=None)
            if press.button == "menu" and not press.long and not self.status.moves:
                self._new_game(NewGame(self._next_choice(wrap=True)))
            return None
        if press.button == "back" and press.long:
            return self._undo(Undo())
        if press.button == "ok" and self.play.rules.is_over(self.status.state):
            return self._new_game(NewGame(self.status.setup))
        if press.button == "menu":
            if press.long:   # the game afresh; a venue's match stays that match
                return self._new_game(NewGame(self.status.setup, self.status.match))
            # a play with a menu of its own (Carrom's fouls) takes MENU once the game is on
            if self.status.actions and getattr(self.play, "takes_menu", False):
                return self._apply_verdict(self.play.press(self.status.state, press, self._rng))
            # During a game MENU shows the staff page's address (the game is untouched);
            # before it, MENU steps through the games, then the address, then round again.
            following = None if self.status.moves else self._next_choice(wrap=False)
            if following is None:
                return self._update(showing_address="asked")
            return self._new_game(NewGame(following))
        self._apply_verdict(self.play.press(self.status.state, press, self._rng))

    def _next_choice(self, wrap: bool, setup: GameSetup | None = None) -> GameSetup | None:
        """The menu's next game, played by the same parties; after the last, the first
        (``wrap``) or None (the address comes between the last and the first)."""
        setup = setup or self.status.setup
        choices = list(self._menu(setup)) or [setup]
        keys = [(s.game, s.options) for s in choices]
        current = (setup.game, setup.options)
        index = keys.index(current) if current in keys else -1
        if index == len(choices) - 1 and not wrap:
            return None
        return dataclasses.replace(choices[(index + 1) % len(choices)], parties=setup.parties)

    def _show_address(self, show: ShowAddress) -> None:
        if show.why != self.status.showing_address:
            self._update(showing_address=show.why)

    def _show_reasons(self, _: ShowReasons | None = None) -> None:
        if self.status.reasons is None:
            return self._refuse(Note.of("nothing_to_replay"))
        self._update(reasons_shown=self.status.reasons_shown + 1)

    def _beside_done(self, done: _Beside) -> None:
        self._beside -= 1
        if done.verdict is None:
            return
        if not self._still_current(done.made_for):
            # the board it judged was undone (or the game replaced) while it ran: its
            # coins are no longer on the board, so it must not warn about them
            log.info("a verdict for a board since undone is dropped: %s", done.verdict.action)
            return
        self._apply_verdict(done.verdict)

    def _still_current(self, made_for: tuple[int, Any] | None) -> bool:
        """The game still has the state a check beside the writer was started in (later
        actions may follow it; an undo past it or a new game removes it)."""
        if made_for is None:
            return True
        count, state = made_for
        return len(self._states) >= count and self._states[count - 1] is state

    def _act(self, act: Act) -> None:
        self._apply_verdict(Verdict(action=act.action))

    def _link(self, link: LinkStatus) -> None:
        self._update(link=link)

    def _new_game(self, new: NewGame) -> None:
        # the one rule for names, whoever sends the game (page, panel, script, file):
        # a name no screen can draw never reaches the log
        if (wrong := parties_problem(new.setup.parties)) is not None:
            seat, key, values = wrong
            party = Note.of("names_party", number=seat + 1)
            return self._refuse(Note.of("bad_setup", reason=Note.of(key, label=party, **values)))
        try:
            play = self._make_play(new.setup)
            state = play.rules.initial_state(new.setup.parties)
        except ValueError as error:
            return self._refuse(Note.of("bad_setup", reason=phrase_of(error)))
        unwritten, self._pending = self._pending, []  # nobody played the game it replaces
        data = jsoncodec.to_data(new.setup)
        if new.match is not None:
            data["match"] = jsoncodec.to_data(new.match)
        if not self._append(NEW_GAME, data):
            self._pending = unwritten
            return
        self.play, self._states = play, [state]
        self._seen, self._moved = [self._at_rest()], [False]
        self._update(setup=new.setup, state=state, note=Note.of("new_game"), problem=None,
                     actions=0, moves=0, put_back=None, match=new.match, reasons=None)

    def _undo(self, _: Undo) -> None:
        """Take back the last move a player made, with what the board and the table
        observed after it (Shove: a coin seen moved unhit, the board seen empty): one
        hold of BACK undoes the last counted coin, as the README says. Each action taken
        back is one UNDO in the log (replay pops one per UNDO)."""
        if not any(self._moved):
            return self._refuse(Note.of("nothing_to_undo"))
        undone = 0
        while True:
            if self._pending and self._pending[-1][0] == ACTION:
                self._pending.pop()          # never written: nothing to log
            elif not self._append(UNDO, {}):
                if not undone:
                    return
                break                        # what was taken back so far stands
            undone += 1
            self._states.pop()
            self._seen.pop()
            if self._moved.pop():
                break
        self._update(state=self._states[-1], note=Note.of("undone"), problem=None,
                     reasons=None, **self._counts())
        self._put_back()

    def _apply_verdict(self, verdict: Verdict) -> None:
        if verdict.show_address:
            return self._update(showing_address="asked")
        if verdict.reasons is not None:   # what a check found, kept to be shown on request
            self._update(reasons=verdict.reasons)
        if verdict.action is None and verdict.note is None and (
                verdict.reasons is not None or verdict.show_reasons):
            # a check's reasons alone, or a button held for them: nothing else changes
            return self._show_reasons() if verdict.show_reasons else None
        if verdict.action is None:
            # A problem goes to the banner; the last event stays on the message line.
            problem = verdict.note if verdict.problem else None
            note = verdict.note if verdict.note and not verdict.problem else self.status.note
            if (note, problem) != (self.status.note, self.status.problem):
                if problem is not None:   # a reading the referee cannot take, once per change
                    log.info("not taken from %s: %s", self._by, texts.say("en", problem))
                self._update(note=note, problem=problem)
            return self._start_beside(verdict)
        elsewhere = self._played_elsewhere(verdict.action)
        if elsewhere is not None:
            return self._refuse(elsewhere)
        before = self.status.state
        try:
            after = self.play.rules.apply(before, verdict.action)
        except IllegalAction as error:
            return self._refuse(Note.of("illegal", reason=error.note or str(error)))
        move = not isinstance(verdict.action, self._observations())
        # Everything that can fail comes before the log: a crash leaves nothing half done.
        note = verdict.note or self.play.describe(before, after, verdict.action) or self.status.note
        if not self._append(ACTION, jsoncodec.action_to_data(verdict.action), move):
            return
        self._states.append(after)
        self._seen.append(self._at_rest())
        self._moved.append(move)
        self._update(state=after, problem=verdict.warning, **self._counts(), note=note)
        self._start_beside(verdict)
        if verdict.show_reasons:   # a check that names a coin: show why at once
            self._show_reasons()

    def _played_elsewhere(self, action: Any) -> Note | None:
        """A league match split over two pubs' tables (``Match.elsewhere``): the moves of
        the parties playing elsewhere come only relayed by the venue (logged by
        "league:<venue>/<table>"), this table's own only on their own turns. None: take it."""
        match = self.status.match
        if match is None or not match.elsewhere:
            return None
        relayed = self._by.startswith(RELAYED)
        if isinstance(action, self._observations()):   # what this table's own board saw
            return Note.of("match_own_board") if relayed else None
        party = self.play.rules.on_turn(self.status.state)
        if party is None or (party in match.elsewhere) == relayed:
            return None
        name = ", ".join(self.status.setup.parties[party])
        if relayed:
            return Note.of("match_here_turn", name=name)
        return Note.of("match_elsewhere_turn", name=name, where=match.where)

    def _start_beside(self, verdict: Verdict) -> None:
        """The verdict is shown; a check that comes with it reports later, by "table"."""
        if verdict.beside is not None:
            self._beside += 1
            job = (verdict.beside, (len(self._states), self._states[-1]))
            if self._publish_later:
                self._beside_later.append(job)
            else:
                self._worker.start(*job)

    # -- state -----------------------------------------------------------------

    def _append(self, kind: str, data: dict, move: bool = True) -> bool:
        """Log an event before it takes effect; if the log cannot take it, nothing changes.
        An observation before the game's first move waits unwritten (``_pending``)."""
        entry = (kind, data, self._clock(), self._by, at_rest_to_data(self.status.readings))
        if kind == ACTION and not move and not any(self._moved):
            self._pending.append(entry)
            return True
        try:
            # with those that waited, in one transaction: all logged, or none and they wait on
            self._log.append_all([*self._pending, entry])
            self._pending.clear()
            return True
        except sqlite3.Error as error:
            log.error("the event log refused a %s event, nothing changed: %s", kind, error)
            self._refusal = Note.of("store_failed", reason=str(error))
            self._update(problem=self._refusal)
            return False

    def _observations(self) -> tuple[type, ...]:
        return getattr(self.play.rules, "observations", ())

    def _counts(self) -> dict:
        return {"actions": len(self._states) - 1, "moves": sum(self._moved)}

    def _at_rest(self) -> tuple:
        """What lies on the board now, as the log keeps it with each event."""
        return tuple(r for r in self.status.readings if type(r) in AT_REST)

    def _put_back(self) -> None:
        """The game went back to an earlier state (an undo, a restart): the board must
        lie as it did then. The table now expects those readings, a simulated board's
        hand lays them out (``status.put_back``), and the play forgets what came after."""
        readings = self._seen[-1]
        self._put_backs += 1
        kept = tuple(r for r in self.status.readings if type(r) not in AT_REST)
        shown = self.status.reading
        if type(shown) in AT_REST:
            shown = next((r for r in readings if type(r) is type(shown)), None)
        self._update(readings=kept + readings, reading=shown,
                     put_back=PutBack(self._put_backs, readings))
        forget = getattr(self.play, "put_back", None)
        if forget is not None:
            forget(readings)

    def _refuse(self, note: Note) -> None:
        """The command is refused: say why to whoever made it, in the reply they wait for
        (the staff page), or on the table (its buttons, the names panel, the board)."""
        self._refusal = note
        log.info("refused from %s: %s", self._by, texts.say("en", note))
        if not self._answered:
            self._update(note=note)

    def _update(self, **changes) -> None:
        if "setup" in changes:   # what MENU does before the first move, for the footer
            changes["menu_steps"] = self._next_choice(False, changes["setup"]) is not None
        self.status = self.status.but(**changes)

    def _restore(self, default_setup: GameSetup) -> None:
        """Rebuild the current game from the log, or start ``default_setup``."""
        entries = self._log.current_game()
        if not entries:   # a fresh table: the default game, written once someone plays
            self._pending = [(NEW_GAME, jsoncodec.to_data(default_setup), self._clock(), "table",
                              [])]
            entries = [Entry(0, 0.0, NEW_GAME, jsoncodec.to_data(default_setup))]
        match = match_of(entries[0].data)
        try:
            setup = jsoncodec.from_data(GameSetup, entries[0].data)
            self.play = self._make_play(setup)
            self._states, problem = [self.play.rules.initial_state(setup.parties)], None
        except ValueError as error:
            # e.g. a game or option renamed by an upgrade: play on, keep the log for staff
            setup = default_setup
            self.play = self._make_play(setup)
            self._states = [self.play.rules.initial_state(setup.parties)]
            self._log.append(NEW_GAME, jsoncodec.to_data(setup), self._clock(), "table")
            log.warning("the log's game from entry %s cannot be set up again, a new one starts: %s",
                        entries[0].seq, error)
            problem = Note.of("replay_failed", seq=entries[0].seq, reason=str(error))
            entries, match = entries[:1], None
        rules = self.play.rules
        self._seen, self._moved = [_at_rest_of(entries[0])], [False]
        for entry in entries[1:]:
            try:
                if entry.kind == UNDO:
                    if len(self._states) > 1:
                        self._states.pop()
                        self._seen.pop()
                        self._moved.pop()
                else:
                    action = jsoncodec.action_from_data(rules.action_types, entry.data)
                    self._states.append(rules.apply(self._states[-1], action))
                    self._seen.append(_at_rest_of(entry))
                    self._moved.append(not isinstance(action, self._observations()))
            except Exception as error:  # an engine may raise anything, not only IllegalAction
                # Skip it and replay on: play appended after it (since the last restart) must
                # not be dropped by the next one. The log is kept for staff; each skip is logged.
                log.warning("replay skipped log entry %s: %s", entry.seq, error, exc_info=True)
                if problem is None:
                    problem = Note.of("replay_failed", seq=entry.seq, reason=str(error))
        # A game someone has played resumes; one nobody has is new (a fresh table too).
        self.status = TableStatus(setup, self._states[-1], problem=problem, **self._counts(),
                                  note=Note.of("resumed" if any(self._moved) else "new_game"),
                                  menu_steps=self._next_choice(False, setup) is not None,
                                  match=match)
        if self._seen[-1]:
            self._put_back()


def view_of(play: Play, status: TableStatus, language: str) -> Any:
    """What the screen shows: the game's view, titled with the venue's match if it is one."""
    return dressed(play.view(status, language), status.match, language)


def _at_rest_of(entry: Entry) -> tuple:
    """What lay on the board when ``entry`` was accepted (nothing, if unreadable)."""
    try:
        return at_rest_from_data(entry.seen)
    except ValueError as error:
        log.warning("log entry %s: what lay on the board cannot be read: %s", entry.seq, error)
        return ()


def _for_readers(play: Play) -> Play:
    """The play as a snapshot holds it: a shallow copy whose own containers and records
    are copied too, so what the writer remembers next (Shove's last board and its marks,
    Schocken's highlighted choice, Carrom's menu and stroke) does not reach a snapshot
    published before. Rules, boards and states are immutable and shared. Made with every
    published snapshot, so whether a value needs a copy is asked once per type
    (``_copied``), and a plain object is copied as ``copy.copy`` copies it, without its
    ``__reduce_ex__`` round trip (28 against 9 us a frame, measured cold)."""
    kind = type(play)
    if _plain(kind):
        copy = object.__new__(kind)
        copy.__dict__.update(play.__dict__)
    else:
        copy = _copy.copy(play)
    for name, value in getattr(copy, "__dict__", {}).items():
        if _copied(type(value)):
            object.__setattr__(copy, name, _copy.copy(value))   # frozen dataclasses too
    return copy


_PLAIN: dict[type, bool] = {}   # play type -> copied by its __dict__ alone
_COPIED: dict[type, bool] = {}  # value type -> copied for a snapshot


def _plain(kind: type) -> bool:
    """An object ``copy.copy`` copies by its ``__dict__``: no slots, no reduce of its own."""
    plain = _PLAIN.get(kind)
    if plain is None:
        inherited = ("__new__", "__reduce_ex__", "__reduce__", "__getstate__", "__setstate__",
                     "__copy__")
        plain = _PLAIN[kind] = (
            all(getattr(kind, name, None) is getattr(object, name, None) for name in inherited)
            and not any("__slots__" in vars(base) for base in kind.__mro__))
    return plain


def _copied(kind: type) -> bool:
    """A container or a dataclass whose fields the writer sets (not a frozen one)."""
    copied = _COPIED.get(kind)
    if copied is None:
        copied = _COPIED[kind] = issubclass(kind, (dict, list, set)) or (
            dataclasses.is_dataclass(kind) and not kind.__dataclass_params__.frozen)
    return copied
