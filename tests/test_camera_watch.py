"""``simulate --board camera`` in a window shows what the camera is doing while it works
(issue 30, item 7): drawing and reading a shove took 20-60 s on a loaded machine, and the
window showed nothing new all that while. While the rendered table is not at rest the
game's screen gets the latest picture the camera read and "… reading the board …"."""
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from camera_sim.rendered import open_rendered_board  # noqa: E402
from table_app.camera_watch import CameraWatch  # noqa: E402
from tablegame.config import load  # noqa: E402
from tablegame.display import Display  # noqa: E402
from tablegame.display import palette as P  # noqa: E402
from tablegame.display.watching import SCREENS_OF_THE_CAMERA, CameraAtWorkScreen  # noqa: E402
from tablegame.families.shove.board import hapenny_board  # noqa: E402
from tablegame.families.shove.physics import Shot  # noqa: E402
from tablegame.families.shove.simulation import SimulatedTable  # noqa: E402
from tablegame.views.watching import CameraAtWork  # noqa: E402
from test_screens_readable import shove  # noqa: E402

SMALL = load(None, {"camera.size": [640, 480]})


def until(done, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if done():
            return True
        time.sleep(0.01)
    return False


def test_while_the_camera_reads_a_shove_the_window_shows_its_picture_and_says_so(tmp_path):
    board = open_rendered_board(SMALL, SimulatedTable(hapenny_board(), 0.25), str(tmp_path), "shove",
                                realtime=False)
    watch = CameraWatch(board)
    play, status = shove("shove-hapenny")
    game = play.view(status, "en")
    board.start()
    try:
        assert until(lambda: board.source.idle() and board.camera.latest is not None)
        assert watch.dress(game, "en") is game and not watch.redraw()   # at rest: the game alone
        board.shoot(Shot(x=178.0, angle=0.0, speed=900.0))
        assert until(lambda: not board.source.idle())
        assert until(watch.redraw)                      # a new picture: the window redraws
        shown = watch.dress(game, "en")
        assert isinstance(shown, CameraAtWork) and shown.under is game
        assert shown.words.startswith("The camera is reading the board … (picture ")
        assert shown.size == (640, 480) and len(shown.picture) == 640 * 480 * 3
        assert "Die Kamera liest das Brett" in watch.dress(game, "de").words
        with Display((800, 480), screens=SCREENS_OF_THE_CAMERA) as display:
            display.show(shown)
            assert isinstance(display.screen, CameraAtWorkScreen)
            corner = display.surface.subsurface(pygame.Rect(530, 0, 270, 240))
            assert pygame.mask.from_threshold(corner, P.WINNER, (1, 1, 1, 255)).count() > 50
        assert until(lambda: board.source.idle())
        assert watch.redraw() and watch.dress(game, "en") is game       # and it goes again
    finally:
        board.close()
