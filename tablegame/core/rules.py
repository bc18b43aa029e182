"""What every game's rules engine offers: one interface, so the session, the
conformance tests and the display treat all games alike (after OpenSpiel).

A rules engine is pure: immutable, JSON-serialisable state; no I/O, no clock,
no randomness (chance enters as an action carrying its result)."""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from tablegame.texts import say
from tablegame.words.notes import Note


class IllegalAction(ValueError):
    """An action the rules forbid in this state; the message says why in words, and
    ``note`` (where the engine gives one) says the same as a key and values, so the
    table can show it in any language."""

    def __init__(self, message: str, note: Note | None = None) -> None:
        super().__init__(message)
        self.note = note

    @classmethod
    def because(cls, note: Note, language: str) -> IllegalAction:
        """Refused for ``note``; the message is the note in ``language``, the engine's own."""
        return cls(say(language, note), note)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winner`` is a party index, None for a draw."""

    winner: int | None
    reason: str = ""          # in the engine's words (for logs and scripts)
    note: Note | None = None  # the same as a note, said in the table's language (texts.say)

    @property
    def is_draw(self) -> bool:
        return self.winner is None


class Rules(ABC):
    """One game with its options. Instances are cheap and stateless."""

    name: ClassVar[str]
    state_type: ClassVar[type]
    action_types: ClassVar[tuple[type, ...]]
    min_parties: ClassVar[int] = 2
    max_parties: ClassVar[int] = 2
    max_actions: ClassVar[int]  # a random playout that long has surely ended
    # Actions that record what the sensors or the table observed, not what a player did
    # (Shove's board seen empty, a coin moved unhit): they do not start a game, so names
    # and the game may still change; an undo takes them back with the move before them.
    observations: ClassVar[tuple[type, ...]] = ()

    @abstractmethod
    def initial_state(self, parties: Sequence[Sequence[str]]) -> Any:
        """The state before the first action; ``parties`` lists each party's players."""

    @abstractmethod
    def apply(self, state: Any, action: Any) -> Any:
        """The state after ``action``; raises IllegalAction and leaves ``state`` as it was."""

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """None while the game goes on."""

    def legal_actions(self, state: Any) -> Sequence[Any] | None:
        """Every legal action, where they can be listed; None where they cannot."""
        return None

    @abstractmethod
    def random_action(self, state: Any, rng: random.Random) -> Any:
        """A legal action drawn with ``rng``: drives random playouts and simulations."""

    def is_over(self, state: Any) -> bool:
        return self.outcome(state) is not None

    # A game whose parties can play it at two tables, each its own turns (a league match
    # between two pubs, tablegame.core.match): every move is one party's, and nothing
    # of the other party's lies on this table's board. Such rules say whose turn it is.
    split_over_tables: ClassVar[bool] = False

    def on_turn(self, state: Any) -> int | None:
        """The party whose move comes next; None when nobody's (over, or not known)."""
        return None
