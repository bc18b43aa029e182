"""What staff may correct, per game family: each family's registration declares its
corrections (``Family.corrections``), each a form of whole numbers that becomes an
engine action; the rules validate it like any other action and a refused one says why."""
from __future__ import annotations

from typing import Any, Mapping

from tablegame.registry import Correction, family_of, load


def corrections_for(game: str) -> tuple[Correction, ...]:
    """The corrections of ``game``'s family (none for a game the table does not know)."""
    try:
        return family_of(game).corrections
    except ValueError:
        return ()


def correction_action(correction: Correction, values: Mapping[str, int]) -> Any:
    """The engine action ``correction`` makes of the form's ``values`` (by field name)."""
    return load(correction.action)(**values)
