"""Each party's card on the staff page, in words for people: what the table's screen
shows of a party, said as short lines (the live view draws them, a screen reader reads
them). The view models carry numbers for drawing (a colour index, a count of men);
a card says only what a person reads, with its label, in the page's language."""
from __future__ import annotations

from typing import Any, Callable

WORDS = {
    "de": {"at_turn": "am Zug", "marks_none": "noch keine Striche",
           "marks": "Striche: {beds}", "in_bed": "{marks} in Bett {bed}", "deckel": "Deckel: {n}",
           "lost": "verloren heute: {n}", "square": "auf Feld {n}", "start": "noch vor dem Brett",
           "board": "Brett", "coins": "Münzen auf dem Brett: {n}", "pieces": "Steine auf dem Brett: {n}",
           "dice": "Würfel: {values}", "die": "{name} zeigt {top} ({colour})",
           "no_reading": "keine Messung"},
    "en": {"at_turn": "at turn", "marks_none": "no marks yet",
           "marks": "Marks: {beds}", "in_bed": "{marks} in bed {bed}", "deckel": "Deckel: {n}",
           "lost": "lost tonight: {n}", "square": "on square {n}", "start": "not on the board yet",
           "board": "Board", "coins": "coins on the board: {n}", "pieces": "pieces on the board: {n}",
           "dice": "Dice: {values}", "die": "{name} shows {top} ({colour})",
           "no_reading": "no reading"},
}
SKIPPED = {"name", "player", "at_turn"}


def cards(kind: str, view: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """One card per party (or player): its name, whether it is at turn, and its lines."""
    words = WORDS.get(lang, WORDS["en"])
    members = view.get("parties") or view.get("players") or []
    lines_of = _FAMILY_LINES.get(kind, _text_lines)
    return [{"name": p.get("name", "") + (f" ({p['player']})" if p.get("player") else ""),
             "at_turn": bool(p.get("at_turn")),
             "lines": [line for line in lines_of(p, view, words) if line]}
            for p in members if isinstance(p, dict)]


def _text_lines(party: dict, view: dict, words: dict) -> list[str]:
    """Any family: the party's texts (numbers are for drawing, not for reading)."""
    return [v for k, v in party.items() if k not in SKIPPED and isinstance(v, str)]


def _shove(party: dict, view: dict, words: dict) -> list[str]:
    scored = [words["in_bed"].format(marks=m, bed=bed)
              for bed, m in enumerate(party.get("marks", ()), start=1) if m]
    marks = words["marks"].format(beds=", ".join(scored)) if scored else words["marks_none"]
    return [marks, party.get("score_line", "")]


def _carrom(party: dict, view: dict, words: dict) -> list[str]:
    return [party.get(k, "") for k in ("men", "owed", "score_text", "boards")]


def _schocken(party: dict, view: dict, words: dict) -> list[str]:
    return [words["deckel"].format(n=party.get("deckel", 0)),
            words["lost"].format(n=party.get("lost", 0)) if party.get("lost") else "",
            party.get("result", ""), party.get("mark", ""), party.get("half_loser", "")]


def _neunfeld(party: dict, view: dict, words: dict) -> list[str]:
    square = party.get("square")
    on_board = isinstance(square, int) and 1 <= square <= 9
    return [words["square"].format(n=square) if on_board else words["start"],
            party.get("goal_text", "")]


_FAMILY_LINES: dict[str, Callable[[dict, dict, dict], list[str]]] = {
    "ShoveView": _shove, "CarromView": _carrom, "SchockenView": _schocken,
    "NeunfeldView": _neunfeld,
}


def board_words(view: dict[str, Any], readings: list[dict], lang: str) -> str:
    """The board drawing's text alternative: what lies on it, as the sensors see it."""
    words = WORDS.get(lang, WORDS["en"])
    if view.get("coins") is not None and isinstance(view.get("board"), dict):
        return words["coins"].format(n=len(view["coins"]))
    if view.get("pieces") is not None:
        kinds: dict[str, int] = {}
        for piece in view["pieces"]:
            kinds[piece.get("kind", "?")] = kinds.get(piece.get("kind", "?"), 0) + 1
        return words["pieces"].format(n=", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) or 0)
    named = [d for d in view.get("dice") or () if isinstance(d, dict) and d.get("name")]
    if named:   # Neunfeld's dice III, IV, V: each by its name and colour, not three bare faces
        return words["dice"].format(values=", ".join(
            words["die"].format(name=d["name"], top=d.get("top"), colour=d.get("colour_name", ""))
            for d in named))
    dice = next((r for r in readings if r.get("kind") == "DiceReading"), None)
    if dice:
        return words["dice"].format(values=", ".join(map(str, dice.get("values", ()))))
    return words["no_reading"]
