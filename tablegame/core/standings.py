"""The evening's standings per player: games played, won, lost and drawn, per game
(Schocken: games lost; Shove: games won; Neunfeld: the results). Computed from the
log's replay every time (``tablegame.core.replay``), never stored twice.

An evening in a pub runs past midnight, so a day of the log begins at
``DAY_STARTS`` o'clock local time: a game finished at 01:30 counts for the evening
before. A game counts for the evening in which it finished; a Schocken sheet
finishes many games, each on its own. A party of several players wins or loses
for each of them."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Iterable

from tablegame.core.replay import Replayed

DAY_STARTS = 6   # o'clock


@dataclass(frozen=True)
class Standing:
    player: str
    game: str
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0


def evening_of(at: float) -> date:
    """The evening a moment belongs to (local time)."""
    return (datetime.fromtimestamp(at) - timedelta(hours=DAY_STARTS)).date()


def evenings(replayed: Iterable[Replayed]) -> list[date]:
    """Every evening in which some game finished, newest first."""
    return sorted({evening_of(at) for r in replayed for at, _ in r.results}, reverse=True)


def standings(replayed: Iterable[Replayed], evening: date) -> list[Standing]:
    """Each player's games of ``evening``, per game; by game, then most won, fewest lost."""
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for game in replayed:
        if game.setup is None:
            continue
        for at, outcome in game.results:
            if evening_of(at) != evening:
                continue
            loser = getattr(outcome, "loser", None)   # Schocken: one loser, no winner
            for party, players in enumerate(game.setup.parties):
                if loser is not None:
                    column = 2 if party == loser else None
                elif outcome.winner is None:
                    column = 3
                else:
                    column = 1 if party == outcome.winner else 2
                for player in players:
                    row = counts[(game.setup.game, player)]
                    row[0] += 1
                    if column is not None:
                        row[column] += 1
    rows = [Standing(player, game, *row) for (game, player), row in counts.items()]
    return sorted(rows, key=lambda s: (s.game, -s.won, s.lost, -s.drawn, s.player))
