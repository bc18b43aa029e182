"""A screen that draws something over the game's own: the view beneath is drawn whole by
its own screen first (the names panel, the camera at work on the desktop), so nothing of
the last frame is left over when the game's screen takes the window back."""
from __future__ import annotations

import pygame

from tablegame.display.display import SCREENS, Screen, registered_screen
from tablegame.display.text import TextCache

Point = tuple[float, float]


class OverScreen:
    """The view beneath (``view.under``) with its own screen; a subclass draws over it."""

    def __init__(self, screens: dict[type, type[Screen]] | None = None,
                 text: TextCache | None = None) -> None:
        self._factories = {**SCREENS, **(screens or {})}
        self._screens: dict[type, Screen] = {}
        self._beneath: Screen | None = None
        self.text = text or TextCache()

    def to_screen(self, pos: Point) -> tuple[int, int]:
        if self._beneath is None:
            raise RuntimeError("nothing drawn yet: to_screen needs a view")
        return self._beneath.to_screen(pos)

    def to_board(self, pixel: tuple[float, float]) -> Point | None:
        return None   # what is drawn over it is in front of the board

    def draw_beneath(self, surface: pygame.Surface, under) -> None:
        beneath = self._screens.get(type(under))
        if beneath is None:
            factory = self._factories.get(type(under)) or registered_screen(type(under))
            beneath = self._screens[type(under)] = factory()
        if hasattr(beneath, "invalidate"):
            beneath.invalidate()       # what is drawn over it covered part of its last frame
        beneath.draw(surface, under)
        self._beneath = beneath
