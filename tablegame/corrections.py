"""What staff may correct, per game family: each correction is a form of whole
numbers that becomes an engine action; the rules validate it like any other action
and a refused one says why. (Until the family registration lands, the families'
corrections are listed here; then each family declares its own.)"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tablegame.games.carrom_state import FoulDuringTurn, LeftSeat, Placed, TechnicalFoul
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
    # Carrom: the fouls the sensors cannot see (the rail buttons' foul menu has them too),
    # and confirming that what a ruling sent back is on the board
    "carrom": (
        Correction("technical_foul", {"de": "Technisches Foul des Spielers am Zug",
                                      "en": "Technical foul by the player on turn"},
                   (), lambda: TechnicalFoul(True)),
        Correction("technical_foul_other", {"de": "Technisches Foul der Seite nicht am Zug",
                                            "en": "Technical foul by the side not on turn"},
                   (), lambda: TechnicalFoul(False)),
        Correction("foul_during_turn", {"de": "Foul während des Zuges", "en": "Foul during the turn"},
                   (), FoulDuringTurn),
        Correction("left_seat", {"de": "Platz verlassen", "en": "Left the seat"},
                   (("party", {"de": "Partei (1 oder 2)", "en": "Party (1 or 2)"}),),
                   lambda party: LeftSeat(party - 1)),
        Correction("placed", {"de": "Zurückgelegt: bestätigen", "en": "Put back: confirm"},
                   (), Placed),
    ),
}


def corrections_for(game: str) -> tuple[Correction, ...]:
    """The corrections of ``game``'s family (its name's first part)."""
    return CORRECTIONS.get(game.split("-")[0], ())
