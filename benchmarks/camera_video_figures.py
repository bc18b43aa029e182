"""The documented video-file path, end to end (docs/camera.md, "Turning it on"): a game
recorded on an installation's table (camera_sim/video.py) written to a video file, a
configuration file that says ``[board] kind = "camera"`` and ``[camera] source = "<file>"``
with the lens, and the table's composition root (table_app/service.py, ``_board_port``:
what ``tablegame run`` does) starting the camera board on it; the real BoardLink reads its
pty. Each settled report is held against where the pieces came to rest.

For bench_camera (CAMERA_PARTS=video) and tests/test_camera_video.py."""
from __future__ import annotations

import contextlib
import os
import queue
import random
import time
from collections import Counter

from camera_sim.video import agrees, recording, write

TOLERANCE = {"shove": 1.0, "carrom": 2.0}
GAME = {"shove": "shove-hapenny", "carrom": "carrom"}


def config_file(folder: str, game: str, video: str, lens) -> str:
    """The configuration an installer writes for a camera board replaying ``video``."""
    path = os.path.join(folder, "tablegame.toml")
    with open(path, "w") as out:
        out.write(f'[table]\ngame = "{GAME[game]}"\n\n[board]\nkind = "camera"\n\n'
                  f'[camera]\nsource = "{video}"\nsize = [{lens.size[0]}, {lens.size[1]}]\n'
                  f"fov = {lens.fov!r}\nk1 = {lens.k1!r}\nk2 = {lens.k2!r}\n")
    return path


def replay(config_path: str, folder: str, last: float, timeout: float = 300.0) -> list:
    """The settled reports (BoardSnapshot or PiecesSnapshot) the table's link receives while
    the configured camera board reads its video file to the end (its frame at ``last`` s)."""
    from firmware_bridge.link import BoardLink
    from table_app.service import _board_port, open_session
    from tablegame.config import load
    from tablegame.core.sensors import LinkState
    config = load(config_path)
    session = open_session(config, os.path.join(folder, "table.sqlite"), rng=random.Random(0))
    readings: queue.Queue = queue.Queue()
    settled = []
    try:
        with contextlib.ExitStack() as stack:
            port, camera = _board_port(config, session, stack, config_path)
            link = BoardLink(port, readings.put, heartbeat=0.2)
            stack.callback(link.close)
            link.start()
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                try:
                    reading = readings.get(timeout=0.05)
                except queue.Empty:
                    done = camera.latest is not None and camera.latest.seconds >= last - 1e-6
                    if done and link.state is LinkState.OPERATIONAL and camera.wait_idle(0):
                        break
                    continue
                if getattr(reading, "settled", False):
                    settled.append(reading)
    finally:
        session.close()
    return settled


def judged(rests, settled, game: str) -> Counter:
    """Each rest (the board before a shot, after each shot) against the settled reports in
    their order: "right" (the report that came for it agrees), "missed" (no report for it:
    the camera never settled, or refused), "wrong" (a report that agrees with no rest, or
    one reported out of its place); same boards in a row count once (the camera reports a
    board once)."""
    tolerance = TOLERANCE[game]
    kept = [r for k, r in enumerate(rests) if k == 0 or not _same(r.pieces, rests[k - 1].pieces)]
    n: Counter = Counter()
    i = 0
    for report in settled:
        seen = getattr(report, "coins", None) if game == "shove" else report.pieces
        match = next((j for j in range(i, len(kept)) if agrees(kept[j].pieces, seen, tolerance)), None)
        if match is None:
            n["wrong"] += 1
            continue
        n["missed"] += match - i
        n["right"] += 1
        i = match + 1
    n["missed"] += len(kept) - i
    n["rests"] = len(kept)
    return n


def _same(a, b) -> bool:
    return agrees(a, b, 0.05)


def teaching_videos(inst, draw, folder: str, suffix: str, frames: int = 6) -> list[str]:
    """A short video of each step the staff page asks the installer for (the empty board,
    then the pieces), in the installation's look, light and pose, drawn by ``draw``."""
    return [write(os.path.join(folder, f"teach-{k}-{taught.step.name}{suffix}"), taught.frames, 5.0)
            for k, taught in enumerate(inst.teach(frames, draw))]


def taught(inst, draw, folder: str, config_path: str, suffix: str) -> bool:
    """The installer's calibration of the configured camera board, from videos of the steps
    the staff page asks for (``teaching_videos``) through ``tablegame camera-learn`` as
    docs/camera.md says: what it learned saved beside the configuration (camera.learned).
    False when the learning refused: nothing saved, and the untaught camera reports no board."""
    import contextlib
    import io
    from table_app.cli import main
    files = teaching_videos(inst, draw, folder, suffix)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(["camera-learn", "--config", config_path, "--language", "en", *files]) == 0


def through_the_table(inst, shots: int, seed: int, draw, folder: str, suffix: str = ".mp4") -> Counter:
    """One recorded game on ``inst``'s table, replayed from a video file as docs/camera.md says,
    after the installer's calibration (``taught``; "refused" counts the installations whose
    teaching was refused: read with the starting values)."""
    take = recording(inst, shots, seed, draw)
    video = write(os.path.join(folder, f"game{suffix}"), take.frames, take.rate)
    config = config_file(folder, inst.game, video, inst.lens)
    learned = taught(inst, draw, folder, config, suffix)
    settled = replay(config, folder, (len(take.frames) - 1) / take.rate)
    return judged(take.rests, settled, inst.game) + Counter(refused=0 if learned else 1)


def figures(game: str, installs: int, shots: int, first: int, draw, name: str, suffix: str) -> list[str]:
    """Right / missed / WRONG settled boards over ``installs`` recorded games from seed ``first``."""
    import logging
    import tempfile
    from camera_sim.installs import installation
    for logger in ("camera_board", "firmware_bridge"):    # each refused frame's ERROR 4 is counted, not logged
        logging.getLogger(logger).setLevel(logging.ERROR)
    total: Counter = Counter()
    for seed in range(first, first + installs):
        with tempfile.TemporaryDirectory(prefix="camera-video-") as folder:
            total += through_the_table(installation(game, seed), shots, seed, draw, folder, suffix)
    rests = max(total["rests"], 1)
    return [f"  {game}, {name}, {suffix} files: {installs} recorded games of {shots} shots from seed {first:,} "
            f"({total['rests']} boards at rest): settled right {total['right']} ({100 * total['right'] / rests:.0f} %), "
            f"never settled {total['missed']}, WRONG settled reports {total['wrong']}; taught with tablegame "
            f"camera-learn from videos, {total['refused']} of {installs} teachings refused"]
