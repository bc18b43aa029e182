"""Reading a text file someone wrote by hand (a configuration, a script), with every
way it can fail said in words."""
from __future__ import annotations

from pathlib import Path


class FileProblem(ValueError):
    """The file cannot be read as UTF-8 text; the message says why, without the path."""


def read_utf8(path: str | Path) -> str:
    """The text in ``path``; FileProblem if it is missing, a folder, unreadable or not UTF-8."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileProblem("the file does not exist") from None
    except IsADirectoryError:
        raise FileProblem("this is a folder, not a file") from None
    except UnicodeDecodeError as error:
        raise FileProblem(f"not UTF-8 text (byte {error.object[error.start]:#04x} at position "
                          f"{error.start}): save it as UTF-8") from None
    except OSError as error:
        raise FileProblem(f"cannot be read: {error.strerror or error}") from None
