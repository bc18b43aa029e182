"""The texts of each game family (one module each, merged into ``tablegame.texts``), and
the grammar they share: numbers with nouns, and lists of beds."""
from __future__ import annotations

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


def format_words(template: str, values: dict) -> str:
    """``template`` filled with ``values``; a tuple reads "2, 5"."""
    return template.format(**{k: beds_words(v) if isinstance(v, tuple) else v
                              for k, v in values.items()})
