"""Rounds, halves and the game: who gets the Deckel, who is out, who starts, who pays.

A round ends when every player of it has a result, or when a player takes the
Deckel voluntarily. The worst player receives what the best result is worth:
from the pot while it holds any (capped at what is left), then from the best
player (capped at what he holds). Once the pot is empty, a player holding no
Deckel is out of the half. A Schock-Out gives the worst player every Deckel.
Whoever holds them all has lost the half."""
from __future__ import annotations

from dataclasses import replace

from tablegame.families.schocken.options import SchockenOptions
from tablegame.families.schocken.ranking import ThrowClass
from tablegame.families.schocken.state import (FINAL, FIRST_HALF, SECOND_HALF, Result,
                                            RoundReport, SchockenState, Turn)


def seat_order(seats: tuple[int, ...], starter: int, n: int) -> tuple[int, ...]:
    """``seats`` in seat order, beginning with ``starter``."""
    return tuple(sorted(seats, key=lambda s: (s - starter) % n))


def new_game(names: tuple[str, ...], starter: int, options: SchockenOptions) -> SchockenState:
    n = len(names)
    everyone = tuple(range(n))
    return SchockenState(names=names, game_starter=starter, half=FIRST_HALF, half_losers=(),
                         pot=options.deckel, deckel=(0,) * n, active=everyone,
                         order=seat_order(everyone, starter, n))


def ranked(results: tuple[Result, ...], options: SchockenOptions) -> list[Result]:
    """The round's results, best first: dice, then fewer throws, then the earlier player."""
    keyed = [(options.evaluate(r.dice, r.at_once, r.throws).rank, -i, r)
             for i, r in enumerate(results)]
    keyed.sort(key=lambda k: k[:2], reverse=True)
    return [r for _, _, r in keyed]


def finish_turn(state: SchockenState, options: SchockenOptions) -> SchockenState:
    """The current player stops: record his result; settle the round after the last."""
    turn = state.turn
    result = Result(state.current, turn.dice, turn.at_once, turn.throws)
    results = state.results + (result,)
    max_throws = state.max_throws if state.results else turn.throws
    if len(results) < len(state.order):
        return replace(state, results=results, max_throws=max_throws, turn=Turn())
    order = ranked(results, options)
    return settle(state, order[0], order[-1].player, taken=False, options=options)


def take(state: SchockenState, options: SchockenOptions) -> SchockenState:
    """The current player takes what the best result so far is worth (seed 3.07)."""
    best = ranked(state.results, options)[0]
    return settle(state, best, state.current, taken=True, options=options)


def settle(state: SchockenState, best: Result, worst: int, taken: bool,
           options: SchockenOptions) -> SchockenState:
    value = options.evaluate(best.dice, best.at_once, best.throws)
    deckel, pot, giver = list(state.deckel), state.pot, None
    schock_out = value.throw_class is ThrowClass.SCHOCK_OUT
    if schock_out:
        received = options.deckel - deckel[worst]
        deckel = [0] * len(deckel)
        deckel[worst], pot = options.deckel, 0
    elif pot > 0:
        received = min(value.deckel, pot)
        pot -= received
        deckel[worst] += received
    else:
        giver = best.player
        received = min(value.deckel, deckel[giver])
        deckel[giver] -= received
        deckel[worst] += received
    dropped = tuple(p for p in state.active if pot == 0 and deckel[p] == 0)
    report = RoundReport(best=best.player, worst=worst, result=value.name, deckel=received,
                         giver=giver, taken=taken, schock_out=schock_out, dropped_out=dropped)
    state = replace(state, pot=pot, deckel=tuple(deckel), last_round=report,
                    active=tuple(p for p in state.active if p not in dropped))
    if deckel[worst] == options.deckel:
        return end_half(state, worst, options)
    return replace(state, order=seat_order(state.active, worst, len(state.names)),
                   results=(), max_throws=3, turn=Turn())


def end_half(state: SchockenState, loser: int, options: SchockenOptions) -> SchockenState:
    """``loser`` holds every Deckel: the next half, the final, or the end of the game."""
    n = len(state.names)
    losers = state.half_losers + (loser,)
    if state.half == FIRST_HALF:
        everyone = tuple(range(n))
        return replace(state, half=SECOND_HALF, half_losers=losers, pot=options.deckel,
                       deckel=(0,) * n, active=everyone, order=seat_order(everyone, loser, n),
                       results=(), max_throws=3, turn=Turn())
    if state.half == SECOND_HALF and loser != losers[0]:
        first = losers[0]
        return replace(state, half=FINAL, half_losers=losers, pot=options.deckel,
                       deckel=(0,) * n, active=tuple(sorted((first, loser))),
                       order=(first, loser), results=(), max_throws=3, turn=Turn())
    return replace(state, half_losers=losers, order=(), results=(), max_throws=3, turn=Turn(),
                   loser=loser, blattschuss=state.half == SECOND_HALF)
