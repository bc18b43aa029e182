"""The camera board as the composition root builds it from the configuration
(``[board] kind = "camera"``): the lens, the source, the game's board, a saved
calibration and what the installer taught it (camera.learned); started on its own
thread, its port handed to the board link.

``tablegame simulate --board camera`` builds it over the simulated table instead
(camera_sim/rendered.py): the hands' world drawn by the renderer, read by the camera board."""
from __future__ import annotations

import logging
import os

import numpy as np

from camera_board.appearance import Appearance
from camera_board.board import CameraBoard
from camera_board.camera import Lens
from camera_board.sources import SourceError, open_source

log = logging.getLogger(__name__)


class CameraBoardError(ValueError):
    """The configuration asks for a camera board the table cannot build, in words."""


def game_of(board, game: str | None = None) -> str:
    """Which layout the camera reads for the play's board (Shove's coins, Carrom's pieces)
    or game (Schocken's and Neunfeld's dice tables)."""
    if game in ("schocken", "neunfeld"):
        return game
    if hasattr(board, "coin_radius"):
        return "shove"
    if hasattr(board, "pockets"):
        return "carrom"
    raise CameraBoardError("the camera board reads Shove, Carrom, Schocken and Neunfeld; for this game use the "
                           "serial board (board.kind = \"serial\")")


def lens_of(config) -> Lens:
    width, height = config["camera.size"]
    return Lens((width, height), float(config["camera.fov"]), float(config["camera.k1"]),
                float(config["camera.k2"]))


def saved_homography(config) -> np.ndarray | None:
    """The board's place in the picture as the calibration saved it (None: from the markers)."""
    saved = config["camera.homography"]
    return np.array(saved, float).reshape(3, 3) if saved else None


def learned_appearance(path, game: str) -> Appearance | None:
    """What the installer taught the camera (camera.learned, beside the configuration), or
    None: not taught, said in the log with why (not learned yet, learned for another game's
    board, a file that is not one) and what to do; the camera board then reports no board."""
    if path is None or not os.path.exists(path):
        log.warning("the camera has not been taught this board yet (no %s): it reports no board (ERROR 4, not "
                    "taught) until it is; teach it on the staff page (Calibrate -> camera) or with tablegame "
                    "camera-learn (docs/camera.md, Calibration)", path)
        return None
    try:
        appearance = Appearance.load(path)
    except (OSError, ValueError) as error:
        log.warning("the camera's learned board %s cannot be read (%s): it reports no board (ERROR 4, not taught); "
                    "teach it again on the staff page (Calibrate -> camera) or with tablegame camera-learn",
                    path, error)
        return None
    if appearance.game != game:
        log.warning("the camera's learned board %s is %s's, the table plays %s: it reports no board (ERROR 4, not "
                    "taught); teach it this board on the staff page (Calibrate -> camera) or with tablegame "
                    "camera-learn", path, appearance.game, game)
        return None
    log.info("the camera reads with what it learned of the board (%s)", path)
    return appearance


def open_camera_board(config, board, folder: str, game: str | None = None, learned=None) -> CameraBoard:
    """Built and started: ``board`` is the game's (``session.play.board``); the pty lives
    in ``folder``; ``learned``: the file camera.learned names (what the installer taught the
    camera). CameraBoardError in words when the camera cannot be opened."""
    lens = lens_of(config)
    game = game_of(board, game)
    appearance = learned_appearance(learned, game)
    camera = CameraBoard.for_game(game, board, lens, marker_mm=config["camera.marker_mm"],
                                  link_path=os.path.join(folder, "board"),
                                  homography=saved_homography(config), appearance=appearance,
                                  taught=appearance is not None)
    try:
        frames = open_source(config["camera.source"], lens.size)
    except SourceError as error:
        camera.close()
        raise CameraBoardError(str(error)) from None
    camera.start(frames)
    log.info("the camera board reads %s at %dx%d", config["camera.source"], *lens.size)
    return camera
