"""The table sheet: a Schocken *evening* as the session's one game.

The engine's ``SchockenState`` covers one game. At the table, the evening goes on:
when a game is over, OK starts the next one on the same sheet, started by the next
player (``Evening.next_starter``), and the tally of lost games grows. So the play
hands the session these rules, which wrap the engine:

- the state is ``SheetState(game, evening)``: the current game and the tally of the
  games finished before it;
- every engine action applies to ``game``; one more action, ``NextGame()``, records
  the finished game in the tally and deals the next one;
- the evening never ends by itself (``is_over`` is always false, so the session
  hands OK to the play); ``outcome`` reports the current game once it is over.

The tally is therefore folded from the session's log like everything else: it
replays after a restart, and undo takes back a ``NextGame`` too. Holding MENU
starts a new evening (a new sheet, the tally at zero)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from tablegame.core.rules import IllegalAction, Rules
from tablegame.families.schocken.rules import SchockenOutcome, SchockenRules, SchockenState
from tablegame.families.schocken.evening import Evening
from tablegame.words.notes import Note


@dataclass(frozen=True)
class NextGame:
    """The game is over and paid for: deal the next one on the same sheet."""


@dataclass(frozen=True)
class SheetState:
    game: SchockenState
    evening: Evening    # the games finished before ``game``

    @property
    def tally(self) -> tuple[int, ...]:
        """Games lost per seat, counting the current game once it is over."""
        if not self.game.over:
            return self.evening.lost
        return tuple(n + (seat == self.game.loser) for seat, n in enumerate(self.evening.lost))


class SheetRules(Rules):
    """An evening of Schocken on one sheet; ``game`` holds the engine's rules."""

    name = "schocken"
    state_type = SheetState
    min_parties = SchockenRules.min_parties
    max_parties = SchockenRules.max_parties
    max_actions = SchockenRules.max_actions

    def __init__(self, game: SchockenRules) -> None:
        self.game = game
        self.action_types = game.action_types + (NextGame,)

    @property
    def options(self):
        return self.game.options

    def initial_state(self, parties: Sequence[Sequence[str]]) -> SheetState:
        first = self.game.initial_state(parties)
        return SheetState(first, Evening.start(first.names))

    def apply(self, state: SheetState, action: Any) -> SheetState:
        if type(action) is NextGame:
            if not state.game.over:
                raise IllegalAction.because(Note.of("schocken_still_on"), "en")
            evening = state.evening.record(state.game)
            return SheetState(self.game.initial_state([[n] for n in evening.names],
                                                      starter=evening.next_starter), evening)
        return SheetState(self.game.apply(state.game, action), state.evening)

    def outcome(self, state: SheetState) -> SchockenOutcome | None:
        return self.game.outcome(state.game)

    def is_over(self, state: SheetState) -> bool:
        return False   # an evening goes on: OK deals the next game, MENU held a new sheet

    # each player throws with the table's own dice on his own turn: the players of a
    # league match can sit at two pubs' tables (tablegame.core.match)
    split_over_tables = True

    def on_turn(self, state: SheetState) -> int | None:
        return state.game.current   # a seat is a party (each is one player)

    def legal_actions(self, state: SheetState) -> list[Any]:
        return [NextGame()] if state.game.over else self.game.legal_actions(state.game)

    def random_action(self, state: SheetState, rng: random.Random) -> Any:
        if state.game.over:
            return NextGame()
        return self.game.random_action(state.game, rng)

    def dice_to_throw(self, state: SheetState) -> int:
        return self.game.dice_to_throw(state.game)
