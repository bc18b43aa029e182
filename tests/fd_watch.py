"""An opt-in pytest plugin that looks for stale closes of file descriptors: one part of the
process closing a descriptor number another part has meanwhile been given (a double close,
a close from a thread left running), which closes that other part's file at random.

    PYTHONPATH=tests ./dev test -p fd_watch [files]

It follows the descriptors os.pipe, os.openpty, os.open and os.dup make, and writes
to fd-watch-<pid>.txt (in the current folder, or the folder FD_WATCH names):

- EBADF: an os.close of a number that was not open, with who closed it before (the
  same close, run once more, closes whatever has that number by then);
- CROSS: an os.close, in another file than the one that made it or in a later test, of
  a descriptor that is still the one made (a close of someone else's file);
- THREAD: a thread a test left running (it may close its descriptors late).

The descriptors that subprocess and tempfile hand on, and those a test module's fixture
keeps for its tests, show as CROSS too: read the rest."""
from __future__ import annotations

import errno
import os
import threading
import time
import traceback

import pytest

_close, _made, _closed = os.close, {}, {}   # fd -> (identity, test, thread, where)
_test = ["(collecting)"]
_PASSED_ON = ("subprocess.py", "tempfile.py", "fd_watch.py")
_out = None


def _identity(fd):
    try:
        st = os.fstat(fd)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _where() -> str:
    frames = [f for f in traceback.extract_stack()[:-2] if not f.filename.endswith("fd_watch.py")]
    return " <- ".join(f"{os.path.basename(f.filename)}:{f.lineno}:{f.name}" for f in reversed(frames[-7:]))


def _say(line: str) -> None:
    _out.write(line + "\n")


def _making(name: str):
    make = getattr(os, name)

    def made(*args, **kwargs):
        result = make(*args, **kwargs)
        for fd in result if isinstance(result, tuple) else (result,):
            _made[fd] = (_identity(fd), _test[0], threading.current_thread().name, f"{name}: {_where()}")
        return result
    return made


def _watched_close(fd):
    identity, made = _identity(fd), _made.pop(fd, None)
    here = (_test[0], threading.current_thread().name, _where())
    try:
        _close(fd)
    except OSError as error:
        if error.errno == errno.EBADF:
            _say(f"EBADF os.close({fd}) in {here[0]} on {here[1]}\n   at {here[2]}\n"
                 f"   closed before: {_closed.get(fd)}")
        raise
    _closed[fd] = here
    if made is None or made[0] != identity:
        return
    closer, maker = here[2].split(":", 1)[0], made[3].split(": ", 1)[1].split(":", 1)[0]
    if (closer != maker or made[1] != here[0]) and maker not in _PASSED_ON:
        _say(f"CROSS os.close({fd}) in {here[0]} on {here[1]}\n   at {here[2]}\n"
             f"   made in {made[1]} on {made[2]} by {made[3]}")


def pytest_configure(config):
    global _out
    folder = os.environ.get("FD_WATCH", ".")
    _out = open(os.path.join(folder, f"fd-watch-{os.getpid()}.txt"), "w", buffering=1)
    for name in ("pipe", "openpty", "open", "dup"):
        setattr(os, name, _making(name))
    os.close = _watched_close


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    before = set(threading.enumerate())
    _test[0] = item.nodeid
    yield
    left = [t for t in threading.enumerate() if t not in before]
    if left:
        time.sleep(0.3)     # a thread on its way out
    for thread in (t for t in left if t.is_alive()):
        _say(f"THREAD left by {item.nodeid}: {thread.name}")
    _test[0] = f"(after {item.nodeid})"
