"""The one rule for a person's name, wherever a name enters the table: the staff page,
the table's names panel, the command line (--party), the configuration
(table.parties), a headless script, a staff account. A name that passes can be drawn
by every screen; one that does not is refused with a reason, not stored.

A name holds no control or format character (NUL, a tab or newline, a zero-width
space, a direction override), is at most ``MAX_NAME`` characters once its runs of
spaces are made one, and has at least one character that shows (a letter, digit,
punctuation or symbol: a name of combining marks alone draws as nothing)."""
from __future__ import annotations

import unicodedata
from typing import Iterable

MAX_NAME = 40
_SHOWS = ("L", "N", "P", "S")   # Unicode categories that draw something on their own


def tidy(name: str) -> str:
    """The name as it is kept: runs of white space made one space, none at the ends."""
    return " ".join(name.split())


def name_problem(name: str) -> str | None:
    """None if ``name`` (tidied) may be used, else the text key saying why not."""
    if not isinstance(name, str) or not tidy(name):
        return "names_empty"
    if not name.isprintable():       # as given: a tab or newline inside is refused, not joined
        return "names_unprintable"
    name = tidy(name)
    if len(name) > MAX_NAME:
        return "names_name_long"
    if not any(unicodedata.category(ch)[0] in _SHOWS for ch in name):
        return "names_invisible"
    return None


def parties_problem(parties: Iterable[Iterable[str]]) -> tuple[int, str, dict] | None:
    """The first problem of a game's parties: (party index, text key, its values), or None.
    A name may play only once (the same letters in any case count as the same name)."""
    seen: set[str] = set()
    for seat, party in enumerate(parties):
        for name in party:
            if (key := name_problem(name)) is not None:
                return seat, key, {"most": MAX_NAME}
            if tidy(name).casefold() in seen:
                return seat, "names_twice", {"name": tidy(name)}
            seen.add(tidy(name).casefold())
    return None
