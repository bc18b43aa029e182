"""Diagnostics through ``logging``: to stderr with their time on a desktop; to the
journal under systemd without a time of their own (journald stamps each line) and with
the syslog priority, so ``journalctl -p warning`` filters; the level from the
configuration or from --log-level."""
import io
import logging
import os
import subprocess
import sys
import tempfile

import pytest

from table_app import logs
from tablegame.config import ConfigError, parse


@pytest.fixture(autouse=True)
def restore_logging():
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:], root.level = handlers, level


def test_on_a_desktop_each_line_has_its_time_and_level(monkeypatch):
    monkeypatch.delenv("JOURNAL_STREAM", raising=False)
    with tempfile.TemporaryFile("w+") as stream:
        logs.setup("info", stream)
        logging.getLogger("tablegame.test").warning("the board is missing")
        logging.getLogger("tablegame.test").debug("not shown at info")
        stream.seek(0)
        lines = stream.read().splitlines()
    assert len(lines) == 1
    assert lines[0].endswith("WARNING tablegame.test: the board is missing")
    assert lines[0][:4].isdigit()   # the date


def test_under_systemd_the_journal_gets_priorities_and_no_time(monkeypatch):
    with tempfile.TemporaryFile("w+") as stream:
        stat = os.fstat(stream.fileno())
        monkeypatch.setenv("JOURNAL_STREAM", f"{stat.st_dev}:{stat.st_ino}")
        logs.setup("debug", stream)
        log = logging.getLogger("tablegame.test")
        log.info("link operational")
        try:
            raise RuntimeError("bug")
        except RuntimeError:
            log.exception("the screen failed")
        stream.seek(0)
        lines = stream.read().splitlines()
    assert lines[0] == "<6>tablegame.test: link operational"
    assert lines[1] == "<3>tablegame.test: the screen failed"
    assert all(line.startswith("<3>") for line in lines[1:])   # the traceback keeps its level
    assert any("RuntimeError: bug" in line for line in lines)


def test_a_stream_that_is_not_the_journals_gets_the_desktop_format(monkeypatch):
    monkeypatch.setenv("JOURNAL_STREAM", "1:2")
    assert not logs.to_journal(io.StringIO())


def test_the_level_is_a_setting_checked_like_any_other():
    assert parse({"logging": {"level": "debug"}})["logging.level"] == "debug"
    with pytest.raises(ConfigError, match="logging.level: expected one of 'debug', 'info'"):
        parse({"logging": {"level": "loud"}})


def test_the_command_line_level_wins_over_the_configuration(tmp_path):
    """simulate --headless: the configuration says error, the command line debug."""
    config = tmp_path / "config.toml"
    config.write_text('[logging]\nlevel = "error"\n')
    code = ("import logging, sys; from table_app import cli; "
            "cli._simulate = lambda args: print(logging.getLogger().level) or 0; "
            "sys.exit(cli.main(sys.argv[1:]))")
    for extra, level in (([], logging.INFO), (["--log-level", "debug"], logging.DEBUG)):
        out = subprocess.run([sys.executable, "-c", code, "simulate", *extra],
                             capture_output=True, text=True, timeout=60)
        assert out.stdout.strip() == str(level), out.stderr


def test_the_handler_follows_stderr_so_a_closed_one_is_never_written(monkeypatch):
    """A test's captured stderr is closed after the test; the next test's records must go
    to the stderr of that moment, not raise "I/O operation on closed file" in logging."""
    monkeypatch.delenv("JOURNAL_STREAM", raising=False)
    first, second = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", first)
    logs.setup("info")
    first.close()
    monkeypatch.setattr(sys, "stderr", second)
    broken = []
    monkeypatch.setattr(logging.Handler, "handleError", lambda self, record: broken.append(record))
    logging.getLogger("tablegame.test").warning("still heard")
    assert not broken
    assert second.getvalue().rstrip().endswith("WARNING tablegame.test: still heard")
