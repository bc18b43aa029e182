"""What a simulated board senses: its *world*. The virtual board (firmware_bridge/), the
camera's renderer (camera_sim/) and the desktop's hands (each family's ``hands.py``) share
this face, so a family's simulated world needs nothing of the serial link's package."""
from __future__ import annotations

from typing import Any, Iterator, Protocol

from tablegame.core.sensors import CoinReading


class World(Protocol):
    """What the board senses. A coin world (Shove) has these three; ``clear()`` and
    ``shoot()`` are only called through the board's verbs of the same names.

    A world may also have ``readings() -> Iterable[DiceReading | SquaresReading |
    BoardSnapshot]`` (settled snapshots only): its whole current state, one reading
    per kind. When it has, the board answers REQUEST_SNAPSHOT with those readings
    instead of a coin snapshot of ``positions()``, and so reports a hand's change.

    A frame of ``shoot()`` is the coins' positions, or an object whose
    ``messages(settled)`` lists what one scan sends (a pocket board's stroke events and
    its pieces: the Carrom family's simulated stroke frames)."""

    def positions(self) -> tuple[CoinReading, ...]: ...
    def shoot(self, shot: Any) -> Iterator[tuple[CoinReading, ...]]: ...
    def clear(self) -> None: ...


class NoCoins:
    """The coin verbs of a world with no coins (a dice or a squares board, or an empty one,
    as the doctor's handshake uses): a board that is asked for its coins finds none."""

    def positions(self) -> tuple[CoinReading, ...]:
        return ()

    def shoot(self, shot: Any) -> Iterator[tuple[CoinReading, ...]]:
        return iter(())

    def clear(self) -> None:
        pass
