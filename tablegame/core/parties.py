"""The parties of a new game as people type them ("Anna, Carl" per party), checked
the same way wherever they are typed: the table's names panel and the staff page.
How many parties a game takes is the rules' own check (``initial_state``)."""
from __future__ import annotations

from typing import Sequence

from tablegame.core.names import MAX_NAME, name_problem, tidy
from tablegame.registry import family_of
from tablegame.texts import text
from tablegame.words.notes import Note

MAX_CHARS = 60            # per party's line: more is a novel, not a name


def parse_parties(texts: Sequence[str], solo: bool = False
                  ) -> tuple[tuple[tuple[str, ...], ...] | None, Note | None]:
    """The parties from one text per party, or None and a note saying what is wrong
    (its ``seat`` is the party's index)."""
    parties, seen = [], set()
    for seat, typed in enumerate(texts):
        names = tuple(tidy(name) for name in typed.split(","))
        problem = None
        if len(typed) > MAX_CHARS:
            problem = Note.of("names_too_long", seat=seat, most=MAX_CHARS)
        elif not all(names):
            problem = Note.of("names_empty", seat=seat)
        elif (key := next(filter(None, map(name_problem, names)), None)) is not None:
            problem = Note.of(key, seat=seat, most=MAX_NAME)   # the one rule (core.names)
        elif solo and len(names) > 1:
            problem = Note.of("names_one_player", seat=seat)
        else:
            twice = next((n for n in names if n.casefold() in seen), None)
            if twice is not None:
                problem = Note.of("names_twice", seat=seat, name=twice)
        if problem is not None:
            return None, problem
        seen.update(n.casefold() for n in names)
        parties.append(names)
    return tuple(parties), None


def solo(game: str) -> bool:
    """Whether ``game``'s parties are single players (its family's registration says)."""
    return family_of(game).solo


def say_problem(language: str, note: Note, solo: bool = False) -> str:
    """A names problem in words, the party named as the names panel's rows name it."""
    values = note.kwargs
    if "seat" in values:
        row = "names_player" if solo else "names_party"
        values["label"] = text(language, row, number=values.pop("seat") + 1)
    return text(language, note.key, **values)
