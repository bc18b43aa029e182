"""The evening's tally of lost Schocken games: a small pure structure beside the game.

A game state covers one game (so a game ends and replays on its own); the session
keeps one ``Evening`` for the table sheet, records each finished game and asks it who
starts the next one: player 1 of the sheet starts the first game, the next player
on the sheet each following game (seed: "Nach dem Endkampf oder Blattschuss beginnt
Spieler zwei")."""
from __future__ import annotations

from dataclasses import dataclass

from tablegame.families.schocken.state import SchockenState


@dataclass(frozen=True)
class Evening:
    names: tuple[str, ...]
    lost: tuple[int, ...]       # games lost per seat
    games: int = 0              # games finished

    @classmethod
    def start(cls, names) -> "Evening":
        names = tuple(names)
        return cls(names=names, lost=(0,) * len(names))

    @property
    def next_starter(self) -> int:
        """The seat that starts the next game."""
        return self.games % len(self.names)

    def record(self, game: SchockenState) -> "Evening":
        """The tally after ``game``, which must be over and played by this sheet."""
        if game.names != self.names:
            raise ValueError(f"that game was played by {', '.join(game.names)}, "
                             f"not by this sheet ({', '.join(self.names)})")
        if not game.over:
            raise ValueError("the game is not over yet")
        lost = list(self.lost)
        lost[game.loser] += 1
        return Evening(self.names, tuple(lost), self.games + 1)
