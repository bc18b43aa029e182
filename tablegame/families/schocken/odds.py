"""Exact odds for the current Schocken player: the chance to beat the best result so
far with the throws he has left, for each choice he can make now, best first.

Exact enumeration, no sampling: every throw of k dice is taken as a multiset with its
number of orderings out of 6**k, and the player is assumed to choose best at every
later decision too (set aside, turn sixes, stop). To stay exact and fast, a
probability after t of T throws is an integer numerator over 6**(3*(T - t)); the
answer is a ``Fraction``.

Beating means a strictly better rank (dice, then fewer throws): the current player
throws after the best player, so an equal result is not enough ("Mit ist Schitt")."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import factorial, prod

from tablegame.families.schocken.flow import ranked
from tablegame.families.schocken.options import SchockenOptions
from tablegame.families.schocken.ranking import all_throws, evaluate
from tablegame.families.schocken.state import (Result, SchockenState, SetAside, Stop, Turn,
                                            TurnSixes)


@dataclass(frozen=True)
class Choice:
    """What the player does now: stop, or turn sixes and/or set dice aside, then throw."""

    stop: bool = False
    turn_sixes: int = 0                 # 0, or the ``ones`` of TurnSixes
    set_aside: tuple[int, ...] = ()     # values of lying dice to set aside (after turning)

    @property
    def actions(self) -> tuple:
        """The actions that make this choice; a Throw (chance) follows unless it stops."""
        if self.stop:
            return (Stop(),)
        return ((TurnSixes(self.turn_sixes),) if self.turn_sixes else ()) + \
            ((SetAside(self.set_aside),) if self.set_aside else ())

    def describe(self) -> str:
        if self.stop:
            return "stop"
        parts = []
        if self.turn_sixes:
            parts.append("turn " + ("two 6s into a 1" if self.turn_sixes == 1
                                    else "three 6s into two 1s"))
        if self.set_aside:
            parts.append("set aside " + "-".join(map(str, self.set_aside)))
        return ", ".join(parts + ["throw"])


@dataclass(frozen=True)
class Odds:
    to_beat: Result                                  # the best result so far
    choices: tuple[tuple[Choice, Fraction], ...]     # every choice now, best first

    @property
    def best(self) -> Choice:
        return self.choices[0][0]

    @property
    def probability(self) -> Fraction:
        return self.choices[0][1]


def odds(state: SchockenState, options: SchockenOptions = SchockenOptions()) -> Odds | None:
    """The current player's odds; None when the game is over or nobody has a result yet
    (the round's starter has nothing to beat)."""
    if state.over or not state.results:
        return None
    target = ranked(state.results, options)[0]
    solver = _Solver(options, options.evaluate(target.dice, target.at_once, target.throws).rank,
                     state.throws_allowed)
    return Odds(to_beat=target, choices=tuple(solver.choices(state.turn)))


def _orderings(dice: tuple[int, ...]) -> int:
    return factorial(len(dice)) // prod(factorial(v) for v in Counter(dice).values())


# Each throw of k dice as (multiset high to low, number of orderings), for k = 1, 2, 3.
_OUTCOMES = {k: tuple((tuple(sorted(c, reverse=True)), _orderings(c))
                      for c in combinations_with_replacement(range(1, 7), k))
             for k in (1, 2, 3)}


class _Solver:
    """One decision's enumeration; the tables it reads are shared and target-free."""

    def __init__(self, options: SchockenOptions, to_beat: tuple[int, int], allowed: int):
        self.strength = _strengths(options.ranking, options.assembled)
        self.to_beat = to_beat
        self.allowed = allowed
        self._w: dict = {}
        self._v: dict = {}

    def scale(self, throws: int) -> int:
        return 6 ** (3 * (self.allowed - throws))

    def beats(self, dice: tuple[int, ...], at_once: bool, throws: int) -> bool:
        return (self.strength[dice, at_once], -throws) > self.to_beat

    def choices(self, turn: Turn) -> list[tuple[Choice, Fraction]]:
        t = turn.throws
        if t == 0 or turn.in_cup and not turn.lying and t < self.allowed:
            aside = tuple(sorted(turn.aside))
            found = [(Choice(), Fraction(self.throw(aside, t), self.scale(t)))]
        else:
            found = []
            if not turn.in_cup:
                dice = tuple(sorted(turn.aside + turn.lying, reverse=True))
                found.append((Choice(stop=True), Fraction(int(self.beats(dice, turn.at_once, t)))))
            if t < self.allowed:
                for ones, kept, aside in _moves(turn.aside, turn.lying):
                    found.append((Choice(turn_sixes=ones, set_aside=kept),
                                  Fraction(self.throw(aside, t), self.scale(t))))
        found.sort(key=lambda pair: pair[1], reverse=True)  # stable: stop first on a tie
        return found

    def throw(self, aside: tuple[int, ...], t: int) -> int:
        """Numerator (over scale(t)) of beating when the dice not in ``aside`` are thrown."""
        key = (aside, t)
        value = self._w.get(key)
        if value is None:
            n = 3 - len(aside)
            t1 = t + 1
            total = 0
            if t1 == self.allowed:              # the last throw: beat it or not
                strength, at_once, bar = self.strength, n == 3, self.to_beat
                for thrown, count in _OUTCOMES[n]:
                    if (strength[_after_throw(aside, thrown)[0], at_once], -t1) > bar:
                        total += count
                total *= self.scale(t1)
            else:
                for thrown, count in _OUTCOMES[n]:
                    total += count * self.decide(aside, thrown, t1)
            value = total * 6 ** (3 - n)
            self._w[key] = value
        return value

    def decide(self, aside: tuple[int, ...], lying: tuple[int, ...], t: int) -> int:
        """Numerator (over scale(t)) after throw t (not the last), choosing best."""
        key = (aside, lying, t)
        value = self._v.get(key)
        if value is None:
            dice, nexts = _after_throw(aside, lying)
            full = self.scale(t)
            value = full if self.beats(dice, not aside, t) else 0
            for after in nexts:
                if value == full:
                    break
                value = max(value, self.throw(after, t))
            self._v[key] = value
        return value


@cache
def _strengths(ranking: str, assembled: bool) -> dict:
    """Strength of every throw, thrown at once or assembled, for these options."""
    return {(dice, at_once): evaluate(dice, at_once=at_once, ranking=ranking,
                                      assembled=assembled).strength
            for dice in all_throws() for at_once in (True, False)}


@cache
def _after_throw(aside: tuple[int, ...], lying: tuple[int, ...]):
    """The dice high to low, and every distinct aside the player may throw from next."""
    dice = tuple(sorted(aside + lying, reverse=True))
    return dice, tuple(sorted({a for _, _, a in _moves(aside, lying)}))


def _moves(aside: tuple[int, ...], lying: tuple[int, ...]):
    """Every (ones turned, dice set aside, new aside sorted) that leaves a die to throw."""
    options = [(0, lying)]
    sixes = lying.count(6)
    if sixes >= 2:
        options.append((1, _without(lying, (6, 6))))
    if sixes >= 3:
        options.append((2, _without(lying, (6, 6, 6))))
    seen = set()
    for ones, rest in options:
        base = aside + (1,) * ones
        for k in range(0, min(len(rest), 2 - len(base)) + 1):
            for kept in combinations(sorted(rest, reverse=True), k):
                if (ones, kept) not in seen:
                    seen.add((ones, kept))
                    yield ones, kept, tuple(sorted(base + kept))


def _without(values: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(values)
    for v in taken:
        rest.remove(v)
    return tuple(rest)
