"""Schocken on the desktop: a simulated dice tray under the virtual board's dice
reader, and the player's hands on the keyboard.

With ``schocken.dice = "reader"`` the keys act on the physical dice, which the
virtual board reports like the real reader:
- T: throw the dice in the cup (every die not in the tray), faces from the RNG;
- 1, 2, 3: move die 1, 2 or 3 (left to right) into the tray;
- S: turn sixes: a lying 6 turned to 1 goes into the tray (two 6s lying: the other
  goes back into the cup; three 6s: press S twice);
- K: knock a die over (the throw lands as a Türmchen);
  (A player's first T throws all three dice: he takes them out of the tray first.)
The rail buttons (Enter = OK, Backspace = BACK, M = MENU) stop, take the Deckel,
show the odds. With the table's own dice the rail buttons do everything and these
keys do nothing."""
from __future__ import annotations

import random
import threading

from tablegame.core.world import NoCoins
from tablegame.core.sensors import DiceReading
from tablegame.core.lay_out import lay_out


class DiceTray(NoCoins):
    """Three dice as they lie: faces, which are in the set-aside tray, flat or not.
    ``readings()`` is what the board reports after a (re)connect."""

    def __init__(self, values=(1, 2, 3), rng: random.Random | None = None):
        self._lock = threading.Lock()
        self._rng = rng or random.SystemRandom()
        self._reading = DiceReading(tuple(values), (False, False, False), True)

    @property
    def reading(self) -> DiceReading:
        with self._lock:
            return self._reading

    def readings(self) -> list[DiceReading]:
        return [self.reading]

    def put_back(self, readings) -> None:
        """The dice lie as the dice reading in ``readings`` says."""
        for reading in readings:
            if isinstance(reading, DiceReading):
                self.lay(reading.values, reading.aside, reading.flat)

    def lay(self, values, aside=(False, False, False), flat: bool = True) -> DiceReading:
        """The dice now lie like this (a script's step, a test)."""
        with self._lock:
            self._reading = DiceReading(tuple(values), tuple(bool(a) for a in aside), flat)
            return self._reading

    def throw(self, flat: bool = True, all_dice: bool = False) -> DiceReading:
        """Throw every die not in the tray (``all_dice``: the tray emptied first)."""
        with self._lock:
            r = self._reading
            aside = (False,) * len(r.aside) if all_dice else r.aside
            values = tuple(v if a else self._rng.randint(1, 6) for v, a in zip(r.values, aside))
            self._reading = DiceReading(values, aside, flat)
            return self._reading

    def set_aside(self, die: int) -> DiceReading:
        with self._lock:
            r = self._reading
            aside = tuple(a or i == die for i, a in enumerate(r.aside))
            self._reading = DiceReading(r.values, aside, True)
            return self._reading

    def turn_six(self) -> DiceReading:
        """The first lying 6 becomes a 1 in the tray."""
        with self._lock:
            r = self._reading
            six = next((i for i, (v, a) in enumerate(zip(r.values, r.aside)) if v == 6 and not a),
                       None)
            if six is None:
                return r
            values = tuple(1 if i == six else v for i, v in enumerate(r.values))
            aside = tuple(a or i == six for i, a in enumerate(r.aside))
            self._reading = DiceReading(values, aside, True)
            return self._reading


class SchockenHands:
    def __init__(self, session, config, rng: random.Random | None = None):
        self._session = session
        self.reader = config["schocken.dice"] == "reader"
        self.world = DiceTray(rng=rng)
        self._board = None
        self._laid = lay_out(self.world, session.status)   # the dice as the game left them

    def attach(self, board, display):
        import pygame
        self._board = board

        tray = self.world

        def first_throw() -> bool:
            return self._session.status.state.game.turn.throws == 0

        keys = {
            pygame.K_t: lambda: tray.throw(all_dice=first_throw()),
            pygame.K_1: lambda: tray.set_aside(0),
            pygame.K_2: lambda: tray.set_aside(1),
            pygame.K_3: lambda: tray.set_aside(2),
            pygame.K_s: tray.turn_six,
            pygame.K_k: lambda: tray.throw(flat=False, all_dice=first_throw()),
        }

        def handle(event) -> None:
            if not self.reader or event.type != pygame.KEYDOWN or event.key not in keys:
                return
            before = tray.reading
            after = keys[event.key]()
            if after != before or event.key in (pygame.K_t, pygame.K_k):
                board.report(after)
        return [handle]

    def after_change(self) -> None:
        self._laid = lay_out(self.world, self._session.status, self._board, self._laid)
