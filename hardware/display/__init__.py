"""The table's screen (pygame-ce): ``Display`` owns the window, one screen class
per kind of view draws it."""
from hardware.display.display import Display
from hardware.display.shove import ShoveLayout, ShoveScreen

__all__ = ["Display", "ShoveLayout", "ShoveScreen"]
