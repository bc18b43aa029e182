"""The texts of each game family (one module each, merged into ``tablegame.texts``), and
the grammar they share: numbers with nouns, lists of beds, and the verb after a party's
name ("Anna wins", "Anna & Carl win")."""
from __future__ import annotations

import functools
import numbers
from typing import Callable


def plural(count: str, one: str, other: str) -> Callable[..., str]:
    """A template that reads ``one`` when the value named ``count`` is 1 and ``other``
    for every other number: German and English both say "1 Münze"/"1 coin" and
    "0 Münzen"/"2 coins". Each template is formatted as a plain one."""
    def words(**values) -> str:
        return format_words(one if values[count] == 1 else other, values)
    return words


def amount(n: int, one: str, other: str) -> str:
    """``n`` with its noun: "1 Wurf", "3 Würfe"; for texts that build a sentence in code."""
    return f"{n} {one if n == 1 else other}"


def beds_words(beds) -> str:
    """A tuple of beds (or faces) as it reads in a sentence: "2, 5"."""
    return ", ".join(str(b) for b in beds)


# How every game names a party of several players ("Anna & Carl"): a name with it is "they".
SEVERAL = " & "


def party_name(players) -> str:
    """A party as the games name it: its one player, or its players joined ("Anna & Carl")."""
    return SEVERAL.join(players)


def several(name) -> bool:
    """Whether ``name`` names a party of several players (the verb after it is plural)."""
    return isinstance(name, str) and SEVERAL in name


class _Name(str):
    """A name in a template that agrees with it: "{party:wins|win}" is the word for one
    player, or after the bar for a party of several."""

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return format(str(self), spec)
        one, many = spec.split("|", 1)
        return many if several(self) else one


def format_words(template: str, values: dict) -> str:
    """``template`` filled with ``values``; a tuple reads "2, 5"; "{party:gewinnt|gewinnen}"
    is the verb as it agrees with the party's name: "Anna gewinnt", "Anna & Carl gewinnen"."""
    agree = "|" in template
    return template.format(**{k: beds_words(v) if isinstance(v, tuple) else
                              _Name(v) if agree and isinstance(v, str) else v
                              for k, v in values.items()})


def number(language: str, value):
    """``value`` as a template says it in ``language``: a German number (any real, int or numpy
    alike, not a bool) with its decimal comma, everything else as it is."""
    if language == "de" and isinstance(value, numbers.Real) and not isinstance(value, bool):
        return Comma(value)
    return value


@functools.total_ordering
class Comma:
    """A number said in German: its decimal mark a comma (0,4 %; an int stays one: 10). It
    compares as its number, so a template may still ask "one or more?" of it."""

    def __init__(self, number) -> None:
        self.number = number

    def __format__(self, spec: str) -> str:
        return format(self.number, spec).replace(".", ",")

    def __str__(self) -> str:    # (a number in a list of values is said through str)
        return format(self, "")

    def __eq__(self, other) -> bool:
        return self.number == getattr(other, "number", other)

    def __lt__(self, other) -> bool:
        return self.number < getattr(other, "number", other)

    def __hash__(self) -> int:
        return hash(self.number)
