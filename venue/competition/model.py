"""What a competition is made of, as plain frozen data: the setup staff chose (logged
once, with the draw already made, so a replay of the log never draws again), the
matches the draw gives, and a match's result."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

FORMATS = ("knockout", "round_robin", "schocken_evening")
POINTS = {"won": 3, "drawn": 1, "lost": 0}   # a round robin's table


@dataclass(frozen=True)
class Side:
    """An entrant: one player, or a team with its players (a Shove or Carrom pair)."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Setup:
    """The ``created`` entry of a competition's log."""

    id: str
    name: str                          # "Schocken-Pokal", as staff named it
    game: str                          # a game the tables play ("schocken", "shove-hapenny")
    format: str                        # one of FORMATS
    sides: tuple[Side, ...]            # in the drawn order: the first ones get the byes
    tables: tuple[str, ...]            # the venue's tables that take part
    options: tuple[tuple[str, Any], ...] = ()
    groups: tuple[tuple[tuple[int, ...], ...], ...] = ()   # Schocken evening: each round's
    #                                                       tables of players (side indices)


@dataclass(frozen=True)
class From:
    """Where a side of a match comes from: an entrant, or the winner of an earlier match."""

    side: int | None = None            # index into Setup.sides
    winner_of: str | None = None       # a match's id
    bye: bool = False                  # nobody: the other side goes through


@dataclass(frozen=True)
class Planned:
    """A match as the draw makes it."""

    id: str                            # "R1M3"
    round: int                         # 1, 2, …
    number: int                        # its number in the round
    stage: str                         # tablegame.core.match.STAGES
    sides: tuple[From, ...]


@dataclass(frozen=True)
class Result:
    """How a match ended, each side by its place in the match (0, 1, …)."""

    winner: int | None                 # None: a draw, or a Schocken table's (one loser)
    loser: int | None = None
    how: str = "table"                 # table, walkover, corrected, bye
    score: str = ""                    # as the table showed it ("Anna 3 · Ben 1")
    table: str = ""                    # where it was played
    by: str = ""                       # who decided it (a table, a staff account)

    @property
    def drawn(self) -> bool:
        return self.winner is None and self.loser is None

    def winners(self, count: int) -> tuple[int, ...]:
        """The places that won: the winner, or everyone but the loser (Schocken)."""
        if self.winner is not None:
            return (self.winner,)
        if self.loser is not None:
            return tuple(p for p in range(count) if p != self.loser)
        return ()
