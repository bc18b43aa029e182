"""The name editor of the desktop window as plain data: a panel over the game's own
view, already in the chosen language; the display only draws it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class NamesView:
    under: Any                       # the game's view, drawn beneath the panel
    title: str                       # "Wer spielt?"
    labels: tuple[str, ...] = ()     # "Partei 1", "Spieler 2"; none: the panel only tells
    texts: tuple[str, ...] = ()      # what is typed for each, "Anna, Carl"
    current: int = 0                 # the row being typed in
    selected: bool = False           # its text is selected whole: typing replaces it
    problem: str = ""                # why Enter was refused, or why N does nothing now
    hint: str = ""                   # the keys, in small print
