"""The Schocken screen as plain data, already in the chosen language: the play
builds it from the sheet state, the display only draws it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerView:
    name: str
    deckel: int                 # Deckel he holds in this half
    lost: int                   # games lost this evening (the tally)
    at_turn: bool
    playing: bool = True        # False: out of this half (freigespielt) or not in the final
    result: str = ""            # his result in this round, e.g. "Schock 4 · 2 Würfe"
    result_short: str = ""      # the same without the throws ("Schock 4"): where it is narrow
    mark: str = ""              # "best" or "worst" of the round so far, else ""
    half_loser: str = ""        # e.g. "1. Hälfte verloren"


@dataclass(frozen=True)
class SchockenView:
    title: str                          # "Schocken – 13 Deckel"
    half: str                           # "1. Hälfte" / "Finale"
    pot: int                            # Deckel still in the middle
    pot_label: str                      # "Topf: 7"
    players: tuple[PlayerView, ...]     # the sheet, in seat order
    dice: tuple[int, ...]               # the current player's dice lying from the last throw
    aside: tuple[int, ...]              # his dice set aside (shown apart)
    throws: str                         # "Wurf 2 von 3"
    status: str                         # the big line: who throws, or who pays
    message: str                        # the last event in words
    choice: str = ""                    # what OK does now (the table's own dice)
    odds: tuple[str, ...] = ()          # shown on demand (OK held)
    problem: str | None = None          # what is wrong; the game waits
    loser: str | None = None            # the banner once the game is over
    tally_label: str = ""               # "Verloren heute"
    link: str = ""
    hint: str = ""
