"""A file replaced whole, so that a kill or a power cut leaves the old file or the new
one, never half of one: the data in a temporary file beside it (named by the writer's
pid), fsync, rename over the old one, fsync of the folder. The new file keeps the old
one's mode and group; what writers killed before left behind is removed. Used by the
configuration's writer, the count of failed starts and Neunfeld's solver cache."""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


def write_atomically(path: str | Path, data: bytes, durable: bool = True) -> None:
    """Replace ``path`` by ``data`` so that a crash leaves the old or the new file. The
    new file keeps the old one's mode (the installer's 0640: the service's group reads it)
    and, where we may, its group; the temporary files of saves killed before (their
    writer gone) are removed first. ``durable=False``: no fsync (a kill still leaves a
    whole file; a power cut may leave the old one), for what is written often and cheap
    to lose (the simulated board's memory)."""
    path = Path(path)
    folder = path.parent
    remove_stale_temps(path)
    fd, temp = tempfile.mkstemp(prefix=f"{_temp_prefix(path)}{os.getpid()}.", dir=folder)
    try:
        with os.fdopen(fd, "wb") as file:   # owns the descriptor: closed whatever fails below
            _keep_owner_and_mode(path, file.fileno())
            file.write(data)
            file.flush()
            if durable:
                os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    if not durable:
        return
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


STALE_AFTER = 60.0   # s: a temporary file of an unknown writer older than this is a leftover


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _keep_owner_and_mode(path: Path, fd: int) -> None:
    try:
        old = os.stat(path)
    except FileNotFoundError:
        return            # a new file: mkstemp's 0600, the safe default for a password hash
    os.fchmod(fd, old.st_mode & 0o7777)
    try:
        os.fchown(fd, -1, old.st_gid)
    except PermissionError:
        pass              # not a member of that group: the mode is kept, the group is ours


def remove_stale_temps(path: Path, now: float | None = None) -> list[Path]:
    """Remove what killed saves left beside ``path`` (``.config.toml.<pid>.XXXX``): a
    temporary file whose writer is no longer running, or any older than STALE_AFTER (a
    save takes milliseconds; a pid may have been reused; older saves named no pid).
    Returns the files removed."""
    now = time.time() if now is None else now
    removed = []
    for temp in path.parent.glob(f"{_temp_prefix(path)}*"):
        pid = temp.name[len(_temp_prefix(path)):].partition(".")[0]
        try:
            stale = (pid.isdigit() and not _running(int(pid))
                     or now - temp.stat().st_mtime > STALE_AFTER)
            if stale:
                temp.unlink()
                removed.append(temp)
        except FileNotFoundError:
            pass          # its writer renamed or removed it meanwhile
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True       # another user's process
    return True
