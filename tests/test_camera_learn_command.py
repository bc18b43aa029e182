"""``tablegame camera-learn`` (docs/camera.md, "Calibration"): the installer teaches the
camera the board from a video or pictures for each step, drawn by the renderer here; it
says what it learned or what to change (no traceback), saves it beside the configuration
through the one settings writer, and the camera board starts with it. ``--corners`` for a
board without markers."""
import dataclasses
import logging
import tomllib

import cv2
import numpy as np
import pytest

from camera_board.appearance import Appearance
from camera_board.calibrate import Calibration
from camera_board.camera import Lens
from camera_board.layout import PIECE_COLOURS
from camera_board.game_layout import layout_of
from camera_board.learn import learn, steps
from camera_board.overlay import surface_corners
from camera_board.service import learned_appearance, open_camera_board
from camera_sim.laid import step_scene
from camera_sim.render import Light, Shot, render
from camera_sim.video import write
from camera_sim.worlds import pose_over
from table_app.cli import main
from tablegame.config import load
from tablegame.config.file import beside
from tablegame.families.shove.board import hapenny_board

LENS = Lens((640, 480))
POSE = pose_over(layout_of("shove"), LENS.fov, 0.75)
FRAMES = 4


def _drawn(markers: bool = True) -> list[list[np.ndarray]]:
    """Each step's frames (the empty board, the five coins on their spots), markers or none."""
    rng = np.random.default_rng(7)
    out = []
    for step in steps("shove"):
        scene = step_scene("shove", step)
        if not markers:       # a board without markers: printed 1 mm wide, nothing the camera finds
            scene = dataclasses.replace(scene, layout=dataclasses.replace(scene.layout, marker_size=1.0))
        out.append([render(Shot(scene, LENS, POSE, Light()), rng) for _ in range(FRAMES)])
    return out


@pytest.fixture(scope="module")
def drawn():
    return _drawn()


def _config(folder, **camera) -> str:
    path = folder / "config.toml"
    extra = "".join(f"{k} = {v}\n" for k, v in camera.items())
    path.write_text(f'[table]\ngame = "shove-hapenny"\nlanguage = "en"\n\n[board]\nkind = "camera"\n\n'
                    f'[camera]\nsize = [{LENS.size[0]}, {LENS.size[1]}]\nfov = {LENS.fov}\nk1 = {LENS.k1}\nk2 = {LENS.k2}\n'
                    f'{extra}', encoding="utf-8")
    return str(path)


def _files(folder, frames, kind=".avi") -> list[str]:
    out = []
    for n, step in enumerate(frames):
        if kind == ".avi":
            out.append(write(str(folder / f"step{n}.avi"), step, 5.0))
        else:
            (folder / f"step{n}").mkdir()
            for k, frame in enumerate(step):
                cv2.imwrite(str(folder / f"step{n}" / f"{k}.png"), frame)
            out.append(str(folder / f"step{n}"))
    return out


def test_learned_from_videos_said_saved_beside_the_configuration_and_read_at_start(tmp_path, drawn, capsys):
    files = _files(tmp_path, drawn)
    config = _config(tmp_path, source=f'"{files[1]}"')
    assert main(["camera-learn", "--config", config, *files]) == 0
    said = capsys.readouterr().out
    assert "empty: 4 pictures from" in said and "coin: 5 learned, " in said
    assert f"Saved: {tmp_path / 'camera-learned.npz'} (camera.learned)" in said
    assert tomllib.loads(open(config).read())["camera"]["learned"] == "camera-learned.npz"
    loaded = load(config)
    learned = Appearance.load(beside(config, loaded["camera.learned"]))
    assert learned.learned and learned.colours["coin"].learned == 5 and learned.colours["coin"].apart < 1.0
    # the camera board starts with it and reads the coins on their spots
    camera = open_camera_board(loaded, hapenny_board(), str(tmp_path), "shove-hapenny",
                               beside(config, loaded["camera.learned"]))
    camera.close()
    assert camera.detector.appearance.learned
    sighting = camera.detector.see(drawn[1][0])
    spots = steps("shove")[1].pieces
    assert sighting.problem is None and len(sighting.pieces) == 5
    assert all(min(np.hypot(p.x - s.x, p.y - s.y) for p in sighting.pieces) < 1.0 for s in spots)


def test_pictures_in_german_and_a_step_that_does_not_show_what_it_asks_is_refused_in_words(tmp_path, drawn, capsys):
    config = _config(tmp_path)
    empty = _files(tmp_path, [drawn[0]], kind="pictures")[0]
    assert main(["camera-learn", "--config", config, "--language", "de", empty, empty]) == 1
    said = capsys.readouterr()
    assert "empty: 4 Bilder aus" in said.out
    assert "Münze: von allen 5 ist nichts zu sehen: auf die gezeichneten Stellen legen." in said.err
    assert "Nichts gespeichert" in said.err


def test_coins_the_camera_cannot_tell_from_the_board_are_refused_with_what_to_change(tmp_path, capsys):
    """A board the coins' own colour: not one coin stands out, said once (not five times
    "lay it on its spot"), with what to change, in German and English; nothing saved."""
    rng = np.random.default_rng(3)
    frames = []
    for step in steps("shove"):
        scene = step_scene("shove", step)
        scene = dataclasses.replace(scene, layout=dataclasses.replace(scene.layout, wood=PIECE_COLOURS["coin"]))
        frames.append([render(Shot(scene, LENS, POSE, Light()), rng) for _ in range(FRAMES)])
    config = _config(tmp_path)
    assert main(["camera-learn", "--config", config, "--language", "de", *_files(tmp_path, frames)]) == 1
    err = capsys.readouterr().err
    assert "kann die Kamera Münze nicht vom Brett unterscheiden: Steine in einer Farbe fern von der des Bretts" in err
    assert "nicht gefunden" not in err and not (tmp_path / "camera-learned.npz").exists()
    said = learn("shove", LENS, frames).said("en")
    assert said == ["coin: not one of the 5 is seen: lay them on the spots drawn. If they lie there, the camera "
                    "cannot tell coin from the board: pieces of a colour far from the board's, else a board or cloth of "
                    "another colour. More light helps on some tables only."]
    assert not (tmp_path / "camera-learned.npz").exists()


def test_the_files_are_checked_before_anything_is_learned(tmp_path, drawn, capsys):
    config = _config(tmp_path)
    assert main(["camera-learn", "--config", config]) == 0      # what each file is to show
    assert "2 files, one for each step" in capsys.readouterr().out
    empty, pieces = _files(tmp_path, drawn)
    assert main(["camera-learn", "--config", config, empty]) == 2
    err = capsys.readouterr().err
    assert "is learned from 2 files (one a step), not from 1" in err and "Five coins on the spots drawn" in err
    assert main(["camera-learn", "--config", config, empty, str(tmp_path / "none.mp4")]) == 2
    assert "none.mp4: neither a picture nor a video that can be opened" in capsys.readouterr().err
    small = write(str(tmp_path / "small.avi"), [cv2.resize(f, (320, 240)) for f in drawn[1]], 5.0)
    assert main(["camera-learn", "--config", config, empty, small]) == 2
    assert "its pictures are 320×240 pixels, the camera's are 640×480 (camera.size)" in capsys.readouterr().err
    assert main(["camera-learn", "--config", config, "--corners", "1,2", "3,4", "5", "6,7", empty, pieces]) == 2
    assert "--corners: four points x,y" in capsys.readouterr().err
    assert not (tmp_path / "camera-learned.npz").exists()


def test_a_board_without_markers_is_learned_from_its_corners_and_read_without_markers(tmp_path, drawn, capsys):
    bare = _drawn(markers=False)
    files = _files(tmp_path, bare)
    config = _config(tmp_path, source=f'"{files[1]}"')
    assert main(["camera-learn", "--config", config, *files]) == 1
    assert "markers cannot be seen" in capsys.readouterr().err
    marked = Calibration(layout_of("shove"), LENS, 2.0)
    marked.update(cv2.cvtColor(drawn[0][0], cv2.COLOR_BGR2GRAY))
    dragged = [f"{u + 2:.0f},{v - 2:.0f}" for u, v in surface_corners(marked)]    # a finger's few pixels off
    assert main(["camera-learn", "--config", config, "--language", "de", "--corners", *reversed(dragged), *files]) == 1
    assert "Nichts gespeichert: Die Punkte laufen falsch herum" in capsys.readouterr().err
    assert main(["camera-learn", "--config", config, "--corners", *dragged, *files]) == 0
    said = capsys.readouterr().out
    assert "coin: 5 learned" in said and "The board's corners saved (camera.homography)" in said
    loaded = load(config)
    assert len(loaded["camera.homography"]) == 9
    camera = open_camera_board(loaded, hapenny_board(), str(tmp_path), "shove-hapenny",
                               beside(config, "camera-learned.npz"))
    camera.close()
    sighting = camera.detector.see(bare[1][0])
    assert sighting.problem is None and len(sighting.pieces) == 5
    assert all(min(np.hypot(p.x - s.x, p.y - s.y) for p in sighting.pieces) < 1.0 for s in steps("shove")[1].pieces)


def test_a_learned_file_of_another_board_or_none_at_all_leaves_the_camera_untaught(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    assert learned_appearance(tmp_path / "none.npz", "shove") is None
    assert "has not been taught this board yet" in caplog.text
    assert "teach it on the staff page (Calibrate -> camera) or with tablegame camera-learn" in caplog.text
    (tmp_path / "broken.npz").write_bytes(b"not numpy")
    assert learned_appearance(tmp_path / "broken.npz", "shove") is None
    assert "cannot be read (not a camera board's learned board" in caplog.text
    from camera_board.detect import starting
    starting(layout_of("carrom")).save(tmp_path / "carrom.npz")
    assert learned_appearance(tmp_path / "carrom.npz", "shove") is None
    assert "is carrom's, the table plays shove" in caplog.text


def test_the_installers_whole_path_learned_from_videos_then_a_game_replayed_reads_right(tmp_path):
    """A held-out look (slate, silver coins) the starting colours do not know: taught from
    two videos as docs/camera.md says, then ``[camera] source = <a video of the game>`` read
    by the camera board as ``tablegame run`` starts it (with what it learned beside the
    configuration): every settled board right."""
    from benchmarks.camera_video_figures import config_file, replay
    from camera_sim.installs import installation
    from camera_sim.scene import shove_scene
    from camera_sim.video import agrees
    from tablegame.core.sensors import CoinReading
    inst = installation("shove", 1000001, (640, 480))
    rng = np.random.default_rng(1)
    files = [write(str(tmp_path / f"{step.name}.avi"),
                   [render(inst.shot(step_scene("shove", step)), rng) for _ in range(FRAMES)], 10.0)
             for step in steps("shove")]
    boards = [(), (CoinReading(120, 210), CoinReading(250, 300)),
              (CoinReading(120, 210), CoinReading(250, 300), CoinReading(178, 400))]
    frames = []
    for coins in boards:          # each board lies still 1.5 s, the last 3 s (pictures, each its own noise)
        looks = [render(inst.shot(shove_scene(hapenny_board(), coins)), rng) for _ in range(3)]
        frames += [looks[k % 3] for k in range(15 if coins != boards[-1] else 30)]
    config = config_file(str(tmp_path), "shove", write(str(tmp_path / "game.avi"), frames, 10.0), inst.lens)
    assert main(["camera-learn", "--config", config, *files]) == 0
    settled = replay(config, str(tmp_path), last=(len(frames) - 1) / 10.0)
    truth = [inst.shot(shove_scene(hapenny_board(), coins)).scene.pieces for coins in boards]
    assert len(settled) == 3 and all(agrees(t, s.coins, 1.0) for t, s in zip(truth, settled)), \
        [[(round(c.x), round(c.y)) for c in s.coins] for s in settled]
