"""Schocken (docs/rules.md §4, seed 003): the rules engine the table referees with.

Pieces: ``schocken_ranking`` (the throw ranking, usable alone), ``schocken_state``
(actions and state), ``schocken_turn`` (one player with the cup), ``schocken_flow``
(rounds, Deckel, halves, the game), ``schocken_odds`` (exact odds for a decision),
``schocken_evening`` (the evening's tally of lost games).

Chance: dice values enter as ``Throw(dice)`` actions. ``legal_actions`` lists the
player's decisions only (SetAside, TurnSixes, Stop, Take); a ``Throw`` is legal
whenever ``dice_to_throw(state)`` is above 0 and must carry exactly that many values
(from the table's random source or the dice reader). ``Tuermchen()`` is legal right
after a throw, before anything is set aside. ``random_action`` draws both."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, Sequence

from tablegame.core.rules import Outcome, Rules
from tablegame.families.schocken import flow
from tablegame.families.schocken import turn as turns
from tablegame.families.schocken.odds import Odds, odds
from tablegame.families.schocken.options import SchockenOptions
from tablegame.families.schocken.state import (ACTION_TYPES, HALF_NAMES, HalfLost,
                                            SchockenState, SetAside, SetDeckel, Stop, Take,
                                            Throw, Tuermchen, TurnSixes)
from tablegame.words.notes import Note
from tablegame.families.schocken.texts import refused


@dataclass(frozen=True)
class SchockenOutcome(Outcome):
    """Schocken has a loser, not a winner: ``winner`` is None, ``loser`` pays."""

    loser: int | None = None
    blattschuss: bool = False


class SchockenRules(Rules):
    name = "schocken"
    state_type = SchockenState
    action_types = ACTION_TYPES
    min_parties = 2
    max_parties = 10
    max_actions = 20_000

    def __init__(self, **options: Any) -> None:
        self.options = SchockenOptions.parse(**options)

    # -- the game ---------------------------------------------------------------------

    def initial_state(self, parties: Sequence[Sequence[str]], starter: int = 0) -> SchockenState:
        """``parties`` are one-player lists in seat order; ``starter`` the seat that
        begins the game (the evening's ``next_starter``)."""
        if not self.min_parties <= len(parties) <= self.max_parties:
            raise ValueError(refused("players", count=len(parties)))
        names = []
        for party in parties:
            if len(party) != 1 or not isinstance(party[0], str) or not party[0].strip():
                raise ValueError(f"each Schocken party is one named player, got {party!r}")
            names.append(party[0].strip())
        if type(starter) is not int or not 0 <= starter < len(names):
            raise ValueError(f"starter must be a seat from 0 to {len(names) - 1}, got {starter!r}")
        return flow.new_game(tuple(names), starter, self.options)

    def apply(self, state: SchockenState, action: Any) -> SchockenState:
        if state.over:
            raise turns.refused(Note.of("schocken_is_over", who=state.names[state.loser]))
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise turns.refused(Note.of("schocken_no_action", action=repr(action)))
        return handler(self, state, action)

    def outcome(self, state: SchockenState) -> SchockenOutcome | None:
        if not state.over:
            return None
        how = "Blattschuss: lost both halves" if state.blattschuss else "lost the final"
        return SchockenOutcome(winner=None, loser=state.loser, blattschuss=state.blattschuss,
                               reason=f"{state.names[state.loser]} {how} and pays")

    # -- what may happen now ------------------------------------------------------------

    def dice_to_throw(self, state: SchockenState) -> int:
        """How many die values a Throw must carry now; 0 when no throw is allowed."""
        if state.over or state.turn.throws >= state.throws_allowed:
            return 0
        return 3 - len(state.turn.aside)

    def legal_actions(self, state: SchockenState) -> list[Any]:
        """The current player's decisions (not Throw or Tuermchen: see the module)."""
        if state.over:
            return []
        turn, actions = state.turn, []
        if turn.throws == 0 and not turn.aside and not turn.again and state.results:
            actions.append(Take())
        if turn.throws and not turn.in_cup:
            actions.append(Stop())
        if turn.throws and turn.throws < state.throws_allowed:
            room = 2 - len(turn.aside)
            subsets = {tuple(sorted(c, reverse=True))
                       for k in range(1, min(room, len(turn.lying)) + 1)
                       for c in combinations(turn.lying, k)}
            actions.extend(SetAside(s) for s in sorted(subsets))
            sixes = turn.lying.count(6)
            actions.extend(TurnSixes(ones) for ones, need in ((1, 2), (2, 3)) if sixes >= need)
        return actions

    def random_action(self, state: SchockenState, rng: random.Random) -> Any:
        count = self.dice_to_throw(state)
        if state.turn.fresh and rng.random() < 0.02:
            return Tuermchen()
        choices = self.legal_actions(state)
        if count and (not choices or rng.random() < 0.5):
            return Throw(tuple(rng.randint(1, 6) for _ in range(count)))
        return rng.choice(choices)

    def odds(self, state: SchockenState) -> Odds | None:
        """The current player's exact odds to beat the best result so far, every choice
        best first; None for the round's starter and after the game."""
        return odds(state, self.options)

    # -- handlers -----------------------------------------------------------------------

    def _who(self, state: SchockenState) -> str:
        return state.names[state.current]

    def _turn_args(self, state: SchockenState) -> tuple[str, int, bool]:
        return self._who(state), state.throws_allowed, not state.results

    def _throw(self, state: SchockenState, action: Throw) -> SchockenState:
        return replace(state, turn=turns.throw(state.turn, action.dice, *self._turn_args(state)))

    def _set_aside(self, state: SchockenState, action: SetAside) -> SchockenState:
        return replace(state, turn=turns.set_aside(state.turn, action.dice,
                                                   *self._turn_args(state)))

    def _turn_sixes(self, state: SchockenState, action: TurnSixes) -> SchockenState:
        return replace(state, turn=turns.turn_sixes(state.turn, action.ones,
                                                    *self._turn_args(state)))

    def _tuermchen(self, state: SchockenState, action: Tuermchen) -> SchockenState:
        return replace(state, turn=turns.tuermchen(state.turn, self._who(state)))

    def _stop(self, state: SchockenState, action: Stop) -> SchockenState:
        turns.check_stop(state.turn, self._who(state))
        return flow.finish_turn(state, self.options)

    def _take(self, state: SchockenState, action: Take) -> SchockenState:
        who = self._who(state)
        if not state.results:
            raise turns.refused(Note.of("schocken_take_nothing", who=who))
        if state.turn.throws or state.turn.aside:
            raise turns.refused(Note.of("schocken_take_late", who=who))
        if state.turn.again:   # seed 3.05: the throw "muss noch einmal gewürfelt werden"
            raise turns.refused(Note.of("schocken_take_again", who=who))
        return flow.take(state, self.options)

    # -- staff corrections ----------------------------------------------------------------

    def _player_in_half(self, state: SchockenState, player: Any) -> str:
        """The name of ``player`` (a seat) if he plays in this half; else refused."""
        if type(player) is not int or not 0 <= player < len(state.names):
            number = player + 1 if type(player) is int else player   # as staff count: from 1
            raise turns.refused(Note.of("schocken_no_player", number=number,
                                        count=len(state.names)))
        if player not in state.active:
            raise turns.refused(Note.of("schocken_not_in_half", who=state.names[player],
                                        half=state.half))
        return state.names[player]

    def _set_deckel(self, state: SchockenState, action: SetDeckel) -> SchockenState:
        who, total = self._player_in_half(state, action.player), self.options.deckel
        if type(action.deckel) is not int or not 0 <= action.deckel < total:
            raise turns.refused(Note.of("schocken_deckel_range", who=who, deckel=action.deckel,
                                        most=total - 1, total=total))
        change = action.deckel - state.deckel[action.player]
        if change == 0:
            raise turns.refused(Note.of("schocken_deckel_same", who=who, deckel=action.deckel))
        if change > state.pot:
            raise turns.refused(Note.of("schocken_pot_short", who=who, change=change,
                                        pot=state.pot))
        deckel = tuple(action.deckel if seat == action.player else n
                       for seat, n in enumerate(state.deckel))
        return replace(state, deckel=deckel, pot=state.pot - change)

    def _half_lost(self, state: SchockenState, action: HalfLost) -> SchockenState:
        self._player_in_half(state, action.player)
        return flow.end_half(state, action.player, self.options)


_HANDLERS = {
    Throw: SchockenRules._throw,
    SetAside: SchockenRules._set_aside,
    TurnSixes: SchockenRules._turn_sixes,
    Tuermchen: SchockenRules._tuermchen,
    Stop: SchockenRules._stop,
    Take: SchockenRules._take,
    SetDeckel: SchockenRules._set_deckel,
    HalfLost: SchockenRules._half_lost,
}


def describe(state: SchockenState) -> str:
    """One line for logs and the staff page: which half, who throws, the Deckel."""
    if state.over:
        return f"game over: {state.names[state.loser]} pays"
    holders = ", ".join(f"{state.names[p]} {state.deckel[p]}" for p in state.active)
    return f"{HALF_NAMES[state.half]}: {state.names[state.current]} throws; pot {state.pot}; {holders}"


__all__ = ["SchockenRules", "SchockenOutcome", "SchockenState", "Throw", "SetAside",
           "TurnSixes", "Stop", "Take", "Tuermchen", "SetDeckel", "HalfLost", "describe"]
