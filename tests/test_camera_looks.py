"""The corpus of looks (camera_sim/looks.py, installs.py): tables drawn in many materials
and colours, split into tuning and held-out families of different materials, each installed
with its camera, lens and light and taught as the staff page asks, then played on."""
import math

import cv2
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from camera_board.calibrate import Calibration
from camera_sim.corpus import HELD_OUT
from camera_sim.installs import GAMES, HEIGHTS, NEAR_BOARD_SEEDS, installation, teaching_steps
from camera_sim.looks import CLASSIC, FINISHES, FRAMES, NEAR_BOARD, SURFACES, TRAYS, look_for
from camera_sim.render import Shot, render

SIZE = (640, 480)


def test_held_out_looks_are_other_materials_and_colours_not_just_other_seeds():
    def materials(family):
        every = [m for game in GAMES for m in SURFACES[family][game]] + list(FRAMES[family]) + list(TRAYS[family])
        return {m.name for m in every} | {m.colour for m in every}
    assert not materials("tuning") & materials("held-out")
    for kind in ("coin", "white", "black", "queen", "striker", "die", "neunfeld"):
        assert not {f.colour for f in FINISHES["tuning"][kind]} & {f.colour for f in FINISHES["held-out"][kind]}, kind
    near = {m.name for m, _ in NEAR_BOARD} | {m.colour for m, _ in NEAR_BOARD}      # the tuning near-board looks
    assert not near & materials("held-out")
    assert not {f.colour for _, f in NEAR_BOARD} & {f.colour for f in FINISHES["held-out"]["coin"]}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2 * HELD_OUT))
def test_an_installation_takes_its_family_from_its_seed_and_hangs_its_camera_in_the_range(game, seed):
    inst = installation(game, seed, SIZE)
    assert inst.family == ("held-out" if seed >= HELD_OUT else "tuning")
    near = [m for m, _ in NEAR_BOARD] if game == "shove" and seed in NEAR_BOARD_SEEDS else []
    assert inst.look.surface.name in {m.name for m in [*SURFACES[inst.family][game], *near]}
    low, high = HEIGHTS[game]
    x0, y0, x1, y1 = inst.layout.extent(margin=10.0)
    half = math.tan(math.radians(inst.lens.fov) / 2)
    fills = max((x1 - x0) / 2 / half, (y1 - y0) / 2 / (half * SIZE[1] / SIZE[0]))
    assert low * fills <= inst.pose.z <= high * fills
    assert installation(game, seed, SIZE) == inst                      # a seed, a look


def test_a_look_is_drawn_the_same_from_the_same_seed():
    case = installation("carrom", HELD_OUT + 3, SIZE).board(1)
    a, b = (render(case.shot, np.random.default_rng(5)) for _ in range(2))
    assert np.array_equal(a, b)


def _surface_colour(inst, picture) -> np.ndarray:
    """The median colour of the middle of the board's surface in ``picture`` (rectified from
    the markers, as the camera board does)."""
    calibration = Calibration(inst.layout, inst.lens, 1.0)
    assert calibration.update(cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)) is None
    view = calibration.rectify(picture)
    h, w = view.shape[:2]
    return np.median(view[h // 3:2 * h // 3, w // 3:2 * w // 3].reshape(-1, 3), axis=0)


@pytest.mark.parametrize("game", ["shove", "carrom"])
def test_the_board_in_the_picture_has_the_looks_colour_not_the_projects(game):
    """Rendered without the camera's colour faults and light, the empty board's surface shows
    the look's material: what the camera must learn, not the layout's constants."""
    import dataclasses
    from camera_sim.looks import Faults
    from camera_sim.render import Light
    inst = installation(game, HELD_OUT + 11, SIZE)
    look = dataclasses.replace(inst.look, faults=Faults())
    step = teaching_steps(game)[0]
    shot = Shot(step.scene, inst.lens, inst.pose, Light(noise=0.5, specular=0.0), look)
    seen = _surface_colour(inst, render(shot, np.random.default_rng(0)))
    classic = np.array(inst.layout.wood, float)
    assert np.abs(seen - look.surface.colour).max() < 25
    assert np.abs(seen - classic).max() > 25


def test_the_classic_look_is_the_renderers_own_picture():
    """A shot without a look is drawn in the project's colours, as before looks existed."""
    case = installation("shove", 4, SIZE).board(0)
    import dataclasses
    shot = dataclasses.replace(case.shot, look=CLASSIC)
    plain = Shot(shot.scene, shot.lens, shot.pose, shot.light)
    assert np.array_equal(render(shot, np.random.default_rng(1)), render(plain, np.random.default_rng(1)))


def test_the_installer_shows_the_empty_board_then_the_pieces_the_staff_page_asks_for():
    from camera_board.learn import steps as asked
    steps = {game: teaching_steps(game) for game in GAMES}
    assert all(s[0].name == "empty" and not s[0].scene.pieces for s in steps.values())
    shove = steps["shove"][1].scene.pieces
    assert [(c.x, c.y) for c in shove] == [(p.x, p.y) for p in asked("shove")[1].pieces] and len(shove) == 5
    carrom = [p.kind for p in steps["carrom"][1].scene.pieces]
    assert (carrom.count("white"), carrom.count("black"), carrom.count("queen"), carrom.count("striker")) == (9, 9, 1, 1)
    faces = sorted(d.value for s in steps["schocken"][1:] for d in s.scene.dice)
    assert faces == [1, 2, 3, 4, 5, 6]
    neunfeld = steps["neunfeld"][1].scene
    assert len(neunfeld.pieces) == 2 and len(neunfeld.dice) == 3


def test_teaching_frames_are_in_the_installations_look_light_and_pose():
    inst = installation("schocken", HELD_OUT, SIZE)
    taught = list(inst.teach(frames=2))
    assert [t.step.name for t in taught] == ["empty", "pieces", "pieces-2"]
    assert all(len(t.frames) == 2 and t.frames[0].shape == (SIZE[1], SIZE[0], 3) for t in taught)
    assert not np.array_equal(*taught[0].frames)            # each frame its own sensor noise
    board = inst.board(0)
    assert (board.shot.look, board.shot.pose, board.shot.lens) == (inst.look, inst.pose, inst.lens)
    assert board.shot.light.lamp == inst.light.lamp


def test_a_real_cameras_faults_are_drawn_from_the_issues_ranges():
    rng = np.random.default_rng(0)
    looks = [look_for("carrom", rng, "held-out") for _ in range(200)]
    assert {f.faults.jpeg for f in looks} >= {0, 70}
    gains = np.array([f.faults.white_balance for f in looks])
    assert gains.min() >= 0.85 and gains.max() <= 1.15
    assert max(f.faults.vignetting for f in looks) > 0.28 and any(f.faults.defocus for f in looks)
    assert any(f.faults.bayer for f in looks) and any(f.faults.rolling_shutter for f in looks)
    assert any(f.powder > 0 for f in looks)


@pytest.mark.parametrize("renderer", ["render", "raycast"])
def test_a_rolling_shutter_draws_a_moving_piece_where_its_rows_were_exposed(renderer):
    """A striker at 6 m/s across the lower half of the picture, its rows read 1/30 s after the
    top's: it is drawn some 15 to 20 px further on than with a global shutter (as its rows are
    exposed later), in both renderers."""
    import dataclasses
    from camera_sim import raycast
    from camera_sim.looks import Faults
    from camera_sim.render import Light
    from camera_sim.scene import Piece, Scene
    draw = render if renderer == "render" else raycast.render
    inst = installation("carrom", 5, SIZE)
    lens = dataclasses.replace(inst.lens, shutter=1 / 2000)
    striker = Piece("striker", 200, 600, inst.layout.piece_radii["striker"], 7.0, 5000.0, 0.0)
    cam = raycast._Camera.of(lens, inst.pose)
    (u0, v0), = cam.pixels(np.array([[striker.x, striker.y, 3.5]]))
    ahead = cam.pixels(np.array([[striker.x + 5.0, striker.y, 3.5]]))[0][0] - u0     # px per ms

    def centre(readout):
        look = dataclasses.replace(inst.look, faults=Faults(rolling_shutter=readout))
        light = Light(noise=0, specular=0)
        empty, seen = (draw(Shot(Scene(inst.layout, pieces), lens, inst.pose, light, look), np.random.default_rng(0))
                       for pieces in ((), (striker,)))
        d = np.abs(seen.astype(float) - empty).sum(-1)
        d[d < 20] = 0
        window = np.zeros_like(d)
        window[int(v0) - 40:int(v0) + 40, int(u0) - 40:int(u0) + 40] = 1
        d *= window
        return (np.arange(d.shape[1]) * d.sum(0)).sum() / d.sum()

    expected = ahead * 1000 * (v0 / SIZE[1] - 0.5) / 30
    shift = centre(1 / 30) - centre(0.0)
    assert abs(expected) > 5 and 0.6 <= shift / expected <= 1.3


@pytest.mark.parametrize("renderer", ["render", "raycast"])
def test_a_second_lamp_gives_each_piece_a_second_shadow(renderer):
    """A Carrom man under a lamp straight above and a second lamp low to his left: just right of
    him, where the second lamp's shadow falls, the board is darker than just above him (lit by
    both); with the one lamp the two spots are alike. In both renderers."""
    import dataclasses
    from camera_board.camera import Lens, Pose
    from camera_sim import raycast
    from camera_sim.render import Light
    from camera_sim.scene import Piece, Scene
    draw = render if renderer == "render" else raycast.render
    inst = installation("carrom", 5, SIZE)
    man = Piece("white", 372, 372, 15.5, 8.0)
    pose, lens = Pose(372, 372, 1300, 372, 372), Lens(SIZE, 66.0, 0.0, 0.0)
    one = Light(noise=0, specular=0, lamp=(372, 372, 1500))
    two = dataclasses.replace(one, others=((0, 372, 400, 1.0),))      # low: a long shadow to the right
    look = dataclasses.replace(inst.look, powder=0.0)
    cam = raycast._Camera.of(lens, pose)

    def right_and_above(light):
        picture = draw(Shot(Scene(inst.layout, (man,)), lens, pose, light, look), np.random.default_rng(0)).astype(float)
        spots = cam.pixels(np.array([[372.0 + 15.5 + 4, 372.0, 0.0], [372.0, 372.0 + 15.5 + 4, 0.0]]))
        return [picture[int(round(v)), int(round(u))].mean() for u, v in spots]

    right, above = right_and_above(two)
    assert right < 0.93 * above
    right, above = right_and_above(one)
    assert abs(right - above) < 0.06 * above
