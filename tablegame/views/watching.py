"""What the camera board is doing, shown over the game on the desktop while it works
(``simulate --board camera``): on a loaded machine drawing and reading a stroke takes
many seconds, and the table's own screen changes only once the camera has reported."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CameraAtWork:
    under: Any                          # the game's view, drawn beneath
    words: str                          # "Die Kamera liest das Brett … (Bild 14)"
    picture: bytes = b""                # the latest picture it read, RGB, row by row
    size: tuple[int, int] = (0, 0)      # its width and height in pixels
