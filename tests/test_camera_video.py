"""The documented video-file path, end to end (docs/camera.md, "Turning it on"): a game of
Shove recorded on an installation's table (camera_sim/video.py: the physics' shots, each
frame drawn with the pieces smeared over a 1/60 s shutter) is written to a video file; a
configuration file says ``[board] kind = "camera"``, ``[camera] source = "<file>"`` and the
lens; the table's composition root starts the camera board on it as ``tablegame run`` does,
and the real link reads every settled board: each where the pieces came to rest."""
import dataclasses

import pytest

from benchmarks.camera_video_figures import config_file, judged, replay, taught, through_the_table
from camera_sim.installs import installation
from camera_sim.looks import CLASSIC
from camera_sim.render import render
from camera_sim.video import recording, write


@pytest.mark.parametrize("suffix", [".avi"])
def test_a_recorded_game_replayed_from_the_configured_video_file_settles_where_the_coins_lie(tmp_path, suffix):
    inst = dataclasses.replace(installation("shove", 1, (960, 720)), look=CLASSIC)
    take = recording(inst, shots=2, seed=1, draw=render)
    video = write(str(tmp_path / f"game{suffix}"), take.frames, take.rate)
    config = config_file(str(tmp_path), "shove", video, inst.lens)
    assert f'source = "{video}"' in open(config).read()
    assert taught(inst, render, str(tmp_path), config, suffix)     # tablegame camera-learn, as the docs say
    settled = replay(config, str(tmp_path), last=(len(take.frames) - 1) / take.rate)
    n = judged(take.rests, settled, "shove")
    assert n["rests"] == 3 and (n["right"], n["missed"], n["wrong"]) == (3, 0, 0)


def test_an_installation_taught_from_videos_with_camera_learn_reads_its_recorded_game(tmp_path):
    """As an installer without a browser (docs/camera.md, "Calibration"): a video of each step
    (the empty board, the coins on their spots), ``tablegame camera-learn --config FILE``,
    which saves what it learned beside the configuration; then the game's video as
    ``[camera] source``: every board at rest settled where its coins lie, none wrong."""
    import os
    inst = installation("shove", 2, (960, 720))
    n = through_the_table(inst, 2, 2, render, str(tmp_path), ".avi")
    assert os.path.exists(tmp_path / "camera-learned.npz"), "camera-learn saved beside the configuration"
    assert n["refused"] == 0 and n["rests"] == 3 and (n["right"], n["missed"], n["wrong"]) == (3, 0, 0)


def test_a_video_file_is_avi_or_mp4(tmp_path):
    with pytest.raises(ValueError, match="avi or .mp4"):
        write(str(tmp_path / "game.mkv"), [], 10.0)
