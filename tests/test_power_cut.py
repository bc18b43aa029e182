"""Power cuts, the short version of ``./dev soak power_cut``: a Schocken evening in a
child process SIGKILLed at random moments and started again; every event it reported
committed is in the log, and each start resumes with the log folded anew. The log
fsyncs what it took once the table has drawn it, before the board's ACK."""
import json
import os
import sqlite3

from soak import power_cut
from tablegame.core.store import EventLog


def test_every_committed_event_survives_the_kills_and_each_start_resumes_the_log(tmp_path):
    figures = power_cut.soak(25, str(tmp_path), seed=7)
    assert figures.failures == []
    assert figures.kills == 25 and figures.events > 25 and figures.resumed_checked >= 15


def test_the_soak_would_see_an_event_that_is_not_in_the_log(tmp_path, monkeypatch):
    """The check can fail: a child that reports an event other than the one it wrote."""
    real = power_cut._Reporting.append

    def misreport(self, kind, data, at, by="unknown", seen=()):
        seq = real(self, kind, data, at, by, seen)
        self._pipe.send(("committed", seq + 1000, kind, json.dumps(data, sort_keys=True)))
        return seq
    monkeypatch.setattr(power_cut._Reporting, "append", misreport)
    figures = power_cut.soak(3, str(tmp_path), seed=3, most_delay=0.05)
    assert any("reported committed, in the log: None" in f for f in figures.failures)


def test_the_soak_would_see_a_start_that_does_not_resume_the_log(tmp_path, monkeypatch):
    monkeypatch.setattr(power_cut, "replayed", lambda store, last=None: ("{}", "{}"))
    figures = power_cut.soak(3, str(tmp_path), seed=3)
    assert any("resumed with a state that is not the log's" in f for f in figures.failures)


def fsynced(monkeypatch):
    """The files os.fsync is called on, by path."""
    synced = []
    real = os.fsync

    def recording(fd):
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real(fd)
    monkeypatch.setattr(os, "fsync", recording)
    return synced


def test_the_event_log_fsyncs_what_was_appended_when_synced(tmp_path, monkeypatch):
    synced = fsynced(monkeypatch)
    log = EventLog(tmp_path / "t.sqlite")
    assert log._db.execute("PRAGMA synchronous").fetchone()[0] == 1   # NORMAL: no fsync per commit
    log.append("new_game", {"game": "schocken"}, 0.0)
    assert synced == []                          # committed: safe from a kill, not yet from a cut
    log.sync()
    assert synced == [str(tmp_path / "t.sqlite-wal")]
    log.sync()                                   # nothing new: no second fsync
    assert len(synced) == 1
    log.close()
    with sqlite3.connect(tmp_path / "t.sqlite") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_refused_fsync_is_tried_again_at_the_next_sync(tmp_path, monkeypatch):
    log = EventLog(tmp_path / "t.sqlite")
    log.append("new_game", {"game": "schocken"}, 0.0)
    real = os.fsync

    def refusing(fd):
        raise OSError(5, "Input/output error")
    monkeypatch.setattr(os, "fsync", refusing)
    try:
        log.sync()
    except OSError:
        pass
    monkeypatch.setattr(os, "fsync", real)   # the disk is back
    synced = fsynced(monkeypatch)
    log.sync()
    assert synced == [str(tmp_path / "t.sqlite-wal")]
    log.close()


def test_the_board_hears_an_event_was_taken_only_once_it_is_on_the_disk(tmp_path, monkeypatch):
    """The table draws first, then fsyncs, then ACKs: a cut before the fsync only
    means the board sends its event again."""
    from tablegame.core.events import ButtonPress
    from table_app.service import open_session
    from tablegame.config import load
    synced = fsynced(monkeypatch)
    session = open_session(load(None, {"table.game": "schocken"}), tmp_path / "t.sqlite")
    heard = []
    session.post(ButtonPress("ok"), by="button",
                 handled=lambda: heard.append(list(synced)))
    assert session.process(flush=False) and heard == []   # logged and shown, not yet ACKed
    session.flush()
    assert heard == [[str(tmp_path / "t.sqlite-wal")]]     # the fsync came before the ACK
    session.close()


def test_the_soak_command_lists_and_runs_its_modules(capsys):
    from soak.__main__ import main, soaks
    assert "power_cut" in soaks()
    assert main(["power_cut", "2"]) == 0
    out = capsys.readouterr().out
    assert "power cut: 2 SIGKILLs" in out and "failures: 0" in out
    assert main(["no_such_soak"]) == 2


def _file_size(path) -> int:
    return os.path.getsize(path)


def test_the_wal_is_folded_into_the_file_after_the_ack_not_inside_an_append(tmp_path, monkeypatch):
    """A checkpoint (5-15 ms) inside a commit made every few hundredth event wait before
    it was drawn; the table folds the WAL in after the board's ACK."""
    from tablegame.core import store
    from tablegame.core.events import ButtonPress
    from table_app.service import open_session
    from tablegame.config import load
    monkeypatch.setattr(store, "CHECKPOINT_EVERY", 5)
    path = tmp_path / "t.sqlite"
    session = open_session(load(None, {"table.game": "schocken"}), path)
    heard = []
    for k in range(8):
        session.post(ButtonPress("back" if k % 2 else "ok"), by="button",
                     handled=lambda: heard.append(_file_size(path)))
        session.process(flush=False)   # logged and drawn: nothing folded in yet
    assert session._log._since_checkpoint >= 5
    before = _file_size(path)
    session.flush()
    assert heard and all(size == before for size in heard)   # the ACKs came first
    assert _file_size(path) > before                         # then the WAL went into the file
    assert session._log._since_checkpoint == 0
    session.close()


def test_a_log_nobody_flushes_still_folds_its_wal_in(tmp_path, monkeypatch):
    from tablegame.core import store
    monkeypatch.setattr(store, "CHECKPOINT_EVERY", 5)
    log = EventLog(tmp_path / "t.sqlite")
    empty = _file_size(tmp_path / "t.sqlite")
    for k in range(19):
        log.append("action", {"k": k, "pad": "x" * 3000}, float(k))
    assert _file_size(tmp_path / "t.sqlite") == empty        # all in the WAL so far
    log.append("action", {"k": 19}, 19.0)                    # 4 x CHECKPOINT_EVERY
    assert _file_size(tmp_path / "t.sqlite") > empty
    log.close()
    with sqlite3.connect(tmp_path / "t.sqlite") as db:
        assert db.execute("SELECT count(*) FROM events").fetchone()[0] == 20
