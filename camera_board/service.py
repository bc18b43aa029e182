"""The camera board as the composition root builds it from the configuration
(``[board] kind = "camera"``): the lens, the source, the game's board, a saved
calibration; started on its own thread, its port handed to the board link.

``tablegame simulate --board camera`` builds it over the simulated table instead
(camera_sim/rendered.py): the hands' world drawn by the renderer, read by the camera board."""
from __future__ import annotations

import logging
import os

import numpy as np

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


def open_camera_board(config, board, folder: str, game: str | None = None) -> CameraBoard:
    """Built and started: ``board`` is the game's (``session.play.board``); the pty lives
    in ``folder``. CameraBoardError in words when the camera cannot be opened."""
    saved = config["camera.homography"]
    lens = lens_of(config)
    camera = CameraBoard.for_game(game_of(board, game), board, lens, link_path=os.path.join(folder, "board"),
                                  homography=np.array(saved, float).reshape(3, 3) if saved else None)
    try:
        frames = open_source(config["camera.source"], lens.size)
    except SourceError as error:
        camera.close()
        raise CameraBoardError(str(error)) from None
    camera.start(frames)
    log.info("the camera board reads %s at %dx%d", config["camera.source"], *lens.size)
    return camera
