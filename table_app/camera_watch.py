"""``simulate --board camera`` in a window: what the camera board is doing, over the game,
while it works. Drawing and reading a stroke take 20-60 s on a loaded machine; the table's
screen changes only once the camera has reported, so without this the window showed
nothing all that while (issue 30, item 7). While the rendered world is not at rest the
window shows the latest picture the camera read (the coin or the striker on its way) and
"Die Kamera liest das Brett … (Bild 14)"; it is redrawn with each new picture."""
from __future__ import annotations

from tablegame.texts import text
from tablegame.views.watching import CameraAtWork


class CameraWatch:
    """``dress(view, language)`` for the main loop; ``redraw()``: a new picture was read
    (or the camera came to rest) since the last frame."""

    def __init__(self, board) -> None:
        self._board = board          # camera_sim.rendered.RenderedBoard
        self._shown = None           # (busy, pictures read) last drawn

    def _now(self):
        busy = not self._board.source.idle()
        return busy, self._board.source.drawn if busy else 0

    def redraw(self) -> bool:
        return self._now() != self._shown

    def dress(self, view, language: str):
        self._shown = now = self._now()
        busy, drawn = now
        if not busy:
            return view
        seen = getattr(self._board.camera, "latest", None)
        picture, size = b"", (0, 0)
        if seen is not None and getattr(seen.frame, "ndim", 0) == 3:
            frame = seen.frame[:, :, ::-1]            # the camera's BGR, as RGB
            picture, size = frame.tobytes(), (frame.shape[1], frame.shape[0])
        return CameraAtWork(view, text(language, "camera_reading", pictures=drawn), picture, size)
