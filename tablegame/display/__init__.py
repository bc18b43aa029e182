"""The table's screen (pygame-ce): ``Display`` owns the window; each family's screen class
(``tablegame/families/<name>/screen.py``) draws its views with the shared parts here."""
from tablegame.display.display import Display

__all__ = ["Display"]
