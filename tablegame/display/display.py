"""The table's screen: one pygame window, one screen class per kind of view.

Full screen on the Pi, a window on a desktop, the dummy driver in tests: which
one is up to ``fullscreen`` and ``SDL_VIDEODRIVER``, never to this code. pygame
wants its window on the main thread: create, show and close it there."""
from __future__ import annotations

from typing import Protocol

import pygame

from tablegame.display.address import AddressScreen
from tablegame.display.notice import NoticeScreen
from tablegame.registry import families, installed, load
from tablegame.views.address import AddressView
from tablegame.views.notice import NoticeView

Point = tuple[float, float]


class Screen(Protocol):
    def draw(self, surface: pygame.Surface, view) -> list[pygame.Rect] | None:
        """Draw ``view``; the rectangles that changed, or None after a full redraw."""
    def to_screen(self, pos: Point) -> tuple[int, int]: ...
    def to_board(self, pixel: tuple[float, float]) -> Point | None: ...


def registered_screen(view_type: type) -> type[Screen] | None:
    """The screen the family registrations name for views of ``view_type`` (imported
    only now, when such a view is first shown); None when no family draws it."""
    name = f"{view_type.__module__}:{view_type.__qualname__}"
    family = next((f for f in families() if f.view_type == name), None)
    return load(family.screen) if family is not None and installed(family.screen) else None


# The table's own screens, beside the games' (which the family registrations name).
SCREENS: dict[type, type[Screen]] = {
    NoticeView: NoticeScreen,
    AddressView: AddressScreen,     # the staff page's address, over any game
}


class Display:
    """``Display((1920, 1080), fullscreen=True).show(view)``.

    ``size=None`` with ``fullscreen`` takes the screen's own resolution."""

    def __init__(self, size: tuple[int, int] | None = (1280, 720), fullscreen: bool = False,
                 caption: str = "Table", screens: dict[type, type[Screen]] | None = None) -> None:
        """``screens``: screens for views beside the games' own (which the family
        registrations name), or in their place."""
        pygame.display.init()
        pygame.font.init()
        flags = pygame.FULLSCREEN if fullscreen else 0
        self.surface = pygame.display.set_mode(size or (0, 0), flags)
        pygame.display.set_caption(caption)
        if fullscreen:
            pygame.mouse.set_visible(False)   # no pointer on the table's own screen
        self._factories = {**SCREENS, **(screens or {})}
        self._screens: dict[type, Screen] = {}
        self.screen: Screen | None = None     # the one that drew last
        self._open = True

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def show(self, view) -> None:
        """Draw ``view`` with the screen for its type, then put it on the screen.

        A screen's ``draw`` may answer the rectangles it changed (None: all of it);
        a screen taking over from another first hears ``invalidate()``, if it has
        one. Small changes update just their rectangles; the whole surface is
        flipped when most of it changed, and when nothing did (a redraw after a
        window event wants the whole picture back on the screen)."""
        if not self._open:
            raise RuntimeError("the display is closed")
        screen = self._screens.get(type(view))
        if screen is None:
            factory = self._factories.get(type(view)) or registered_screen(type(view))
            if factory is None:
                raise TypeError(f"no screen draws a {type(view).__name__}")
            screen = self._screens[type(view)] = factory()
        if screen is not self.screen and hasattr(screen, "invalidate"):
            screen.invalidate()
        dirty = screen.draw(self.surface, view)
        self.screen = screen
        width, height = self.size
        if dirty and sum(r.width * r.height for r in dirty) * 2 < width * height:
            pygame.display.update(dirty)
        else:
            pygame.display.flip()

    def idle(self) -> bool:
        """Let the screen that drew last do a step of its work ahead (glyphs it will
        draw, loaded while nothing else is to do); False when it has none left. The
        table's loop calls this when a pass brought nothing to draw."""
        idle = getattr(self.screen, "idle", None)
        return bool(idle()) if idle is not None else False

    @property
    def animating(self) -> bool:
        """The screen that drew last shows something that moves by itself (Shove's replay
        of the last shove): the table's loop draws again every frame until it is done."""
        return bool(getattr(self.screen, "animating", False))

    def to_board(self, pixel: tuple[float, float]) -> Point | None:
        """Board millimetres under a window pixel; None off the board or before a view."""
        return None if self.screen is None else self.screen.to_board(pixel)

    def to_screen(self, pos: Point) -> tuple[int, int]:
        if self.screen is None:
            raise RuntimeError("nothing shown yet: to_screen needs a view")
        return self.screen.to_screen(pos)

    def close(self) -> None:
        if self._open:
            self._open = False
            self.screen = None
            self._screens.clear()
            pygame.display.quit()

    def __enter__(self) -> Display:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
