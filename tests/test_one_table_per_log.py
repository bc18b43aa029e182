"""Issue 22, item 3: a table holds its log exclusively (a lock the OS frees when the
process dies): a second table on the same log is refused in words before it writes
anything; on a desktop a staff page port that is taken gives way to a free one."""
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time

import pytest

from tablegame.core.store import LogInUse, LogLock


def simulate(tmp_path, db, port):
    config = tmp_path / "config.toml"
    config.write_text(f"[web]\nport = {port}\n[display]\nsize = [320, 240]\n")
    env = {**{k: v for k, v in os.environ.items() if k != "INVOCATION_ID"},
           "SDL_VIDEODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock"}
    return subprocess.Popen([sys.executable, "-m", "table_app.cli", "simulate", "--config",
                             str(config), "--db", str(db), "--instant"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def lines_until_address(proc, timeout=60):
    deadline, seen = time.monotonic() + timeout, []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        seen.append(line.strip())
        if line.startswith("staff page: http"):
            return seen
    raise AssertionError(f"no staff page address; said {seen}; stderr: {proc.stderr.read()[-2000:]}")


def games(db):
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT count(*) FROM events WHERE kind = 'new_game'").fetchone()[0]


def test_a_second_table_on_the_same_log_is_refused_in_words_and_writes_nothing(tmp_path):
    db = tmp_path / "var" / "simulated-table.sqlite"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        first = simulate(tmp_path, db, port)
        try:
            said = lines_until_address(first)
            # the configured port is taken: the desktop's page listens on a free one and says so
            assert said[-2] == f"port {port} is taken: the staff page listens on a free port instead"
            assert said[-1].startswith("staff page: http://127.0.0.1:")
            assert not said[-1].endswith(f":{port}/")
            before = games(db)
            second = simulate(tmp_path, db, 0)
            out, err = second.communicate(timeout=60)
            assert second.returncode == 2
            assert f"event log: another table is using {db}" in err
            assert "use --db" not in err or "--db FILE" in err
            assert "Traceback" not in err and "staff page" not in out
            assert games(db) == before
        finally:
            first.send_signal(signal.SIGKILL)      # as a crash would: the OS frees the lock
            first.wait(10)
    # said once on the terminal, not once as a print and again as a log line (issue 30)
    assert f"port {port} is taken" not in first.stderr.read()
    third = simulate(tmp_path, db, 0)
    try:
        assert lines_until_address(third)[-1].startswith("staff page: http://127.0.0.1:")
    finally:
        third.terminate()
        third.wait(30)


def test_the_lock_is_exclusive_within_a_process_too_and_freed_on_release(tmp_path):
    db = tmp_path / "t.sqlite"
    held = LogLock(db)
    with pytest.raises(LogInUse, match=rf"another table is using {db} \(process {os.getpid()}\)"):
        LogLock(db)
    held.release()
    with LogLock(db):
        pass


def test_a_staff_page_that_cannot_start_is_said_once(tmp_path, capsys, caplog):
    """A port the service cannot have: one line says so (a print and a log line of the
    same fact read twice on a terminal, and twice in the journal)."""
    from table_app.service import _serve
    from web_table import Table
    table = Table(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert _serve(table.face, "127.0.0.1", port, 1, any_free_port=False) is None
    table.close()
    said = capsys.readouterr().out + "\n".join(r.getMessage() for r in caplog.records)
    assert said.count("staff page not started") == 1 and f"127.0.0.1:{port}" in said
    assert said.count("in use") == 1          # the OS's reason ("Address already in use")
