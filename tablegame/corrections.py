"""What staff may correct, per game family: each correction is a form of whole
numbers that becomes an engine action; the rules validate it like any other action
and a refused one says why. (Until the family registration lands, the families'
corrections are listed here; then each family declares its own.)"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tablegame.games.shove import SetMarks


@dataclass(frozen=True)
class Correction:
    name: str
    title: dict[str, str]                              # {"de": ..., "en": ...}
    fields: tuple[tuple[str, dict[str, str]], ...]     # whole-number fields and their labels
    action: Callable[..., Any]                         # the fields -> the engine's action


CORRECTIONS: dict[str, tuple[Correction, ...]] = {
    "shove": (
        Correction("marks", {"de": "Striche eines Betts", "en": "A bed's marks"},
                   (("party", {"de": "Partei (1 oder 2)", "en": "Party (1 or 2)"}),
                    ("bed", {"de": "Bett", "en": "Bed"}),
                    ("marks", {"de": "Striche", "en": "Marks"})),
                   lambda party, bed, marks: SetMarks(party - 1, bed, marks)),
    ),
}


def corrections_for(game: str) -> tuple[Correction, ...]:
    """The corrections of ``game``'s family (its name's first part)."""
    return CORRECTIONS.get(game.split("-")[0], ())
