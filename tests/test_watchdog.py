"""The watchdog: the main loop pings systemd (WATCHDOG=1 on NOTIFY_SOCKET) while it
runs, and the pings stop when the loop hangs, so systemd restarts a hung table.
systemd is played by a unix datagram socket, as systemd itself listens."""
import random
import threading

from fake_systemd import systemd  # noqa: F401  (a fixture)
from table_app.notify import Notifier
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.sensors import BoardSnapshot
from tablegame.core.session import Session
from tablegame.core.store import EventLog

HAPENNY = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))


class Stuck:
    """A play whose referee hangs on a reading until ``release`` is set."""

    def __init__(self, play, release: threading.Event, stuck: threading.Event):
        self._play, self._release, self._stuck = play, release, stuck

    def judge(self, status, reading):
        self._stuck.set()
        self._release.wait(30)
        return self._play.judge(status, reading)

    def __getattr__(self, name):
        if name.startswith("__"):   # copy's and pickle's probes: not the play's
            raise AttributeError(name)
        return getattr(self._play, name)


def test_the_pings_stop_while_the_loop_hangs_and_come_back_after(tmp_path, systemd):
    from tablegame.display import Display
    from table_app.service import main_loop

    release, stuck, done = threading.Event(), threading.Event(), threading.Event()
    session = Session(EventLog(tmp_path / "t.sqlite"), lambda s: Stuck(make_play(s), release, stuck),
                      HAPENNY, rng=random.Random(1))
    notifier = Notifier(systemd.path, every=0.05)
    findings = {}

    def watch():
        try:
            systemd.wait_for("WATCHDOG=1")                  # the loop pings while it runs
            session.post(BoardSnapshot((), settled=True))   # the referee hangs on this
            assert stuck.wait(10)
            while systemd.next(0) is not None:                # pings sent before the hang
                pass
            findings["during_hang"] = systemd.next(1.0)     # a second of silence?
            release.set()
            findings["after"] = systemd.wait_for("WATCHDOG=1")
        finally:
            release.set()
            done.set()

    watcher = threading.Thread(target=watch)
    watcher.start()
    with Display((800, 480), caption="test") as display:
        main_loop(session, display, "de", should_stop=done.is_set, tick=notifier.ping)
    watcher.join()
    session.close()
    notifier.close()
    assert findings["during_hang"] is None, "the watchdog was pinged by a hung loop"
    assert findings["after"] is not None


def test_ready_status_and_stopping_are_sent_as_systemd_reads_them(systemd):
    notifier = Notifier(systemd.path)
    notifier.ready("playing shove-hapenny")
    assert systemd.wait_for("READY=1")[1] == "READY=1\nSTATUS=playing shove-hapenny"
    notifier.stopping()
    systemd.wait_for("STOPPING=1")
    notifier.close()


def test_pings_are_spaced_by_the_watchdog_period():
    now = [0.0]
    sent = []
    notifier = Notifier("unused", clock=lambda: now[0], every=1.0)
    notifier.send = lambda *fields: sent.append(fields)
    for t in (0.0, 0.3, 0.9, 1.0, 1.5, 2.1):
        now[0] = t
        notifier.ping()
    assert len(sent) == 3   # at 0.0, 1.0 and 2.1


def test_without_notify_socket_nothing_is_sent(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    notifier = Notifier()
    notifier.ready("x")
    notifier.ping()
    assert not notifier.active


def test_the_ping_period_follows_systemds_watchdog_usec(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "20000000")   # WatchdogSec=20
    sent = []
    now = [0.0]
    notifier = Notifier("unused", clock=lambda: now[0])
    notifier.send = lambda *fields: sent.append(now[0])
    for t in range(0, 21):
        now[0] = float(t)
        notifier.ping()
    assert sent == [0.0, 5.0, 10.0, 15.0, 20.0]


def test_once_on_the_screen_start_up_is_left_out_of_garbage_collections(tmp_path):
    """A full collection over what start-up made stalled the loop 13-15 ms; after the
    first frame it is frozen (gc.freeze), and what the loop makes is collected as before."""
    import gc

    from tablegame.display import Display
    from table_app.service import main_loop

    session = Session(EventLog(tmp_path / "t.sqlite"), make_play, HAPENNY, rng=random.Random(1))
    gc.unfreeze()
    try:
        with Display((800, 480), caption="test") as display:
            main_loop(session, display, "de", should_stop=lambda: True)
        assert gc.get_freeze_count() > 1000
    finally:
        gc.unfreeze()
        session.close()
