"""A table whose camera was never taught (no learned board saved, or the learning refused)
reports no board: the starting colours are not the pub's, and reading with them gave wrong
settled boards on the held-out looks (docs/camera.md, "Figures"). It answers ERROR 4 "not
taught" in words, the journal and the staff page say what to do, and it reads once taught.
The simulated table's camera is taught from the renderer's own pictures at its start."""
import logging

from camera_board.board import CameraBoard
from camera_board.detect import starting
from camera_board.service import open_camera_board
from tablegame.config import load
from tablegame.core.sensors import BoardSnapshot, LinkStatus
from tests.test_camera_board import BOARD, LENS, _video, connected, drain, picture


def test_an_untaught_camera_reports_no_board_and_says_error_4_not_taught_until_it_is_taught(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="camera_board")
    with CameraBoard.for_game("shove", BOARD, LENS, link_path=str(tmp_path / "board"), taught=False) as camera:
        camera.open()
        link, readings = connected(camera)
        try:
            for k in range(12):
                camera.feed(k / 30, picture(seed=k))
            got = drain(readings, lambda r: isinstance(r, LinkStatus) and "not taught" in r.detail, timeout=3)
            assert not [r for r in got if isinstance(r, BoardSnapshot)]
            said = [r.detail for r in got if isinstance(r, LinkStatus) and "error 4" in r.detail]
            assert said and "not taught" in said[-1] and "tablegame camera-learn" in said[-1]
            assert "not taught" in caplog.text and "staff page" in caplog.text
            assert camera.latest is not None and camera.latest.sighting.problem is None   # the page still sees it
            camera.learned(starting(camera.layout))           # as the staff page does after teaching
            for k in range(12):
                camera.feed(1 + k / 30, picture(seed=k))
            snapshot = drain(readings, lambda r: isinstance(r, BoardSnapshot) and r.settled)[-1]
            assert snapshot.settled and len(snapshot.coins) == 2
        finally:
            link.close()


def test_a_table_without_a_learned_board_starts_its_camera_untaught(tmp_path):
    config = load(None, {"board.kind": "camera", "camera.source": _video(tmp_path / "shot.avi"),
                         "camera.size": list(LENS.size)})
    camera = open_camera_board(config, BOARD, str(tmp_path), "shove-hapenny", str(tmp_path / "none.npz"))
    camera.close()
    assert not camera.taught
    starting(camera.layout).save(tmp_path / "taught.npz")
    camera = open_camera_board(config, BOARD, str(tmp_path), "shove-hapenny", str(tmp_path / "taught.npz"))
    camera.close()
    assert camera.taught


def test_the_bench_counts_an_installation_whose_learning_refused_as_refused_boards(monkeypatch):
    from benchmarks import camera_looks_figures as looks
    monkeypatch.setattr(looks, "calibrated", lambda inst, draw: (None, ["coin: not one of the 5 is seen"]))
    lines = looks.accuracy("shove", 1, 3, 1_000_000, None, "raster")
    assert "right 0 (0.0 %), refused 3, WRONG 0" in lines[0]
    assert any("not taught" in line for line in lines)


def test_the_simulated_carrom_table_is_taught_from_its_own_pictures():
    """The renderer's own set (a pale blue striker with rings, ivory whites) is told apart:
    judged on the pieces' pixels, not on the means and spreads alone (the striker's rings
    widen its spread, and the old test called it like the whites)."""
    from camera_board.layout import carrom_layout
    from camera_sim.rendered import taught_by_renderer
    from camera_sim.worlds import pose_over
    from tablegame.families.carrom.physics import CarromBoard
    board = CarromBoard()
    layout = carrom_layout(board)
    lens = LENS.__class__((960, 720), 66.0)
    appearance = taught_by_renderer("carrom", layout, lens, pose_over(layout, lens.fov, 0.75), board)
    assert appearance is not None and appearance.learned
    assert {k for k, c in appearance.colours.items() if c.learned} == {"white", "black", "queen", "striker"}
