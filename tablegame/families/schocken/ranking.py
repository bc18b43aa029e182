"""The Schocken throw ranking (docs/rules.md §4), usable on its own.

A *throw* here is a final result: three dice, whether all three were thrown at
once (the last throw threw all three dice) and with how many throws it was made.
``evaluate`` gives its class, its worth in Deckel and a comparable ``rank``:
a higher rank is a better result. Equal ranks are broken by the round, not here:
with equal dice and equal throws the earlier player is better ("Mit ist Schitt").

Order, best first (default ranking "schock-beats-general"):
    Schock-Out 1-1-1 (all Deckel) > Schock 6 ... Schock 2 "Schock doof" (N)
    > General 6-6-6 ... 2-2-2 (3) > Straße 4-5-6 ... 1-2-3 (2)
    > Hausnummer 665 ... 221 (1).
Option "value-first": the worth in Deckel decides first, then the order above;
the only change is that Schock doof (worth 2) falls below every General (worth 3).
Option ``assembled=False`` ("auf Hand"): a Straße or General counts only when
thrown at once, otherwise it is read as a Hausnummer worth 1.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

RANKINGS = ("schock-beats-general", "value-first")
DEFAULT_RANKING = "schock-beats-general"
DEFAULT_DECKEL = 13


class ThrowClass(enum.IntEnum):
    """The classes of throws, worst first so that a larger value is better."""

    HAUSNUMMER = 1
    STRASSE = 2
    GENERAL = 3
    SCHOCK = 4
    SCHOCK_OUT = 5


@dataclass(frozen=True)
class Evaluation:
    """What a final throw is worth. ``rank`` compares results: higher is better."""

    dice: tuple[int, int, int]  # high to low
    throw_class: ThrowClass
    deckel: int                 # what the worst player of the round receives
    strength: int               # the dice alone (class and height), higher is better
    throws: int
    at_once: bool
    name: str

    @property
    def rank(self) -> tuple[int, int]:
        """Dice first, then fewer throws is better."""
        return (self.strength, -self.throws)


def normalise(dice) -> tuple[int, int, int]:
    """Three die values sorted high to low; ValueError for anything else."""
    values = tuple(dice)
    if len(values) != 3 or any(type(d) is not int or not 1 <= d <= 6 for d in values):
        raise ValueError(f"a Schocken throw is three dice from 1 to 6, got {dice!r}")
    return tuple(sorted(values, reverse=True))  # type: ignore[return-value]


def classify(dice, *, at_once: bool = True, assembled: bool = True) -> tuple[ThrowClass, int]:
    """The class of three dice and its height inside the class (higher is better)."""
    high, mid, low = normalise(dice)
    if (high, mid, low) == (1, 1, 1):
        return ThrowClass.SCHOCK_OUT, 0
    if mid == 1 and low == 1:
        return ThrowClass.SCHOCK, high
    counts = assembled or at_once
    if counts and high == mid == low:
        return ThrowClass.GENERAL, high
    if counts and high - mid == 1 and mid - low == 1:
        return ThrowClass.STRASSE, high
    return ThrowClass.HAUSNUMMER, 100 * high + 10 * mid + low


def evaluate(dice, *, at_once: bool = True, throws: int = 1,
             ranking: str = DEFAULT_RANKING, assembled: bool = True,
             deckel_total: int = DEFAULT_DECKEL) -> Evaluation:
    """Class, worth in Deckel and rank of a final result."""
    if ranking not in RANKINGS:
        raise ValueError(f"ranking must be one of {', '.join(RANKINGS)}, got {ranking!r}")
    if type(throws) is not int or not 1 <= throws <= 3:
        raise ValueError(f"a result is made with 1 to 3 throws, got {throws!r}")
    return _evaluate(normalise(dice), bool(at_once), throws, ranking, bool(assembled),
                     deckel_total)


@cache
def _evaluate(dice, at_once, throws, ranking, assembled, deckel_total) -> Evaluation:
    throw_class, height = classify(dice, at_once=at_once, assembled=assembled)
    deckel = {
        ThrowClass.SCHOCK_OUT: deckel_total,
        ThrowClass.SCHOCK: height,
        ThrowClass.GENERAL: 3,
        ThrowClass.STRASSE: 2,
        ThrowClass.HAUSNUMMER: 1,
    }[throw_class]
    strength = 1000 * int(throw_class) + height
    if ranking == "value-first":
        strength += 10_000 * deckel
    return Evaluation(dice, throw_class, deckel, strength, throws, at_once,
                      _name(throw_class, height, dice))


def _name(throw_class: ThrowClass, height: int, dice) -> str:
    if throw_class is ThrowClass.SCHOCK_OUT:
        return "Schock-Out"
    if throw_class is ThrowClass.SCHOCK:
        return "Schock doof" if height == 2 else f"Schock {height}"
    if throw_class is ThrowClass.GENERAL:
        return f"General {height}"
    if throw_class is ThrowClass.STRASSE:
        return f"Straße {height - 2}-{height - 1}-{height}"
    return f"Hausnummer {height}"


def all_throws() -> tuple[tuple[int, int, int], ...]:
    """The 56 distinct throws of three dice, each high to low."""
    return tuple(tuple(sorted(c, reverse=True))
                 for c in combinations_with_replacement(range(1, 7), 3))


def ranked_throws(*, at_once: bool = True, ranking: str = DEFAULT_RANKING,
                  assembled: bool = True) -> list[Evaluation]:
    """All 56 throws (made with one throw), best first."""
    evaluations = [evaluate(d, at_once=at_once, ranking=ranking, assembled=assembled)
                   for d in all_throws()]
    return sorted(evaluations, key=lambda e: e.rank, reverse=True)
