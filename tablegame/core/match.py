"""A game the venue started as a match of a competition or a league: which match it
is, so the table's screen says so ("Viertelfinale: Anna gegen Ben") and the venue
finds its result in the table's own log.

The venue sends it with the game (``mqtt_publisher.commands``, ``new_game``); the
session logs it inside the game's first entry (``"match"`` beside the setup), so a
restart, a replay and every subscriber of the log know it too. A game the table
starts by itself (OK after the end) is no match; holding MENU starts the match again.

``elsewhere``: the parties that play it at another table (a league match between two
pubs): this table takes their moves only as the venue relays them, and its own
guests' only on their own turns (``Rules.on_turn``)."""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from tablegame.texts import text

STAGES = ("final", "semi_final", "quarter_final", "last_16", "round", "board")
RELAYED = "league:"   # who a relayed move is logged by: "league:<venue>/<table>"
_NAME = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MOST_SIDES = 10
LONGEST = 60   # characters of a side's name or the other venue's


@dataclass(frozen=True)
class Match:
    competition: str              # the competition's (or league match's) id at the venue
    match: str                    # the match's id in it ("R1M2", "B3")
    attempt: int = 1              # a replay (a draw in a knockout, another table) counts up
    stage: str = "round"          # one of STAGES: what the screen calls it
    number: int = 1               # the round's or the board's number
    sides: tuple[str, ...] = ()   # the sides' names as the screen says them (a team's name)
    elsewhere: tuple[int, ...] = ()   # parties that play at the other pub's table
    where: str = ""               # that pub's name

    def __post_init__(self) -> None:
        problems = [name for name, ok in (
            ("competition", _NAME.match(self.competition)), ("match", _NAME.match(self.match)),
            ("attempt", type(self.attempt) is int and 1 <= self.attempt <= 999),
            ("stage", self.stage in STAGES),
            ("number", type(self.number) is int and 1 <= self.number <= 999),
            ("sides", len(self.sides) <= MOST_SIDES and all(
                isinstance(s, str) and 0 < len(s) <= LONGEST for s in self.sides)),
            ("elsewhere", all(type(p) is int and 0 <= p < MOST_SIDES for p in self.elsewhere)),
            ("where", isinstance(self.where, str) and len(self.where) <= LONGEST)) if not ok]
        if problems:
            raise ValueError(f"a match names {', '.join(problems)} wrongly: {self!r}")

    @property
    def key(self) -> tuple[str, str, int]:
        """What makes two sends the same match: a table already playing it plays on."""
        return (self.competition, self.match, self.attempt)


def title(match: Match, language: str) -> str:
    """"Viertelfinale: Anna gegen Ben", "Runde 2: Anna, Ben, Cem", "Board 1: Anna v Ben"."""
    stage = text(language, f"match_{match.stage}", number=match.number)
    if not match.sides:
        return stage
    joined = (text(language, "match_versus", a=match.sides[0], b=match.sides[1])
              if len(match.sides) == 2 else ", ".join(match.sides))
    return text(language, "match_title", stage=stage, sides=joined)


def dressed(view: Any, match: Match | None, language: str) -> Any:
    """The game's view with the match as its title (every family's view has one)."""
    if match is None or not dataclasses.is_dataclass(view) or not hasattr(view, "title"):
        return view
    return dataclasses.replace(view, title=title(match, language))


def match_of(data: Any) -> Match | None:
    """The match in a logged game's first entry, None when it is none (or unreadable)."""
    from tablegame.core import jsoncodec
    if not isinstance(data, dict) or not isinstance(data.get("match"), dict):
        return None
    try:
        return jsoncodec.from_data(Match, data["match"])
    except (ValueError, TypeError):
        return None
