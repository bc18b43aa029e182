"""Draws a Scene as a camera above the table sees it: perspective from the camera's
pose and lens, barrel distortion, the pieces' tops at their height (so they show the
parallax a real camera sees), drop shadows, a specular highlight on each piece, a
guest's shadow, a hand reaching in, warm light, exposure, blur and sensor noise; a piece
that moves (its velocity) smears over the lens's shutter time, as a real camera's does.

Every random choice comes from the ``numpy.random.Generator`` passed in, so a seed
gives the same picture on every machine (OpenCV's drawing is deterministic)."""
from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass

import cv2
import numpy as np

from camera_board.camera import Lens, Pose, lens_maps, plane_homography
from camera_sim.dice_render import dice_shadows, draw_dice
from camera_board.layout import PIECE_COLOURS, SKIN, TABLE, Layout
from camera_board.reference import SHIFT, TEXTURE_SCALE, board_picture
from camera_sim import faults, textures
from camera_sim.drawing import circle, fill, patch_round
from camera_sim.looks import CLASSIC, Look
from camera_sim.scene import Scene

MAX_STEPS = 96        # moments drawn of a moving piece's exposure (a pixel apart, up to this many)


@dataclass(frozen=True)
class Light:
    exposure: float = 1.0                 # overall gain (0.25: a dim pub)
    warmth: float = 0.0                   # 0 neutral, 1 a warm tungsten lamp
    noise: float = 2.0                    # sensor noise, grey levels (sigma)
    blur: float = 0.6                     # defocus, pixels (sigma)
    lamp: tuple[float, float, float] = (0.0, 0.0, 1500.0)   # board mm: highlights and shadows
    specular: float = 0.8                 # strength of the highlight on each piece
    guest_shadow: tuple[float, float, float, float] | None = None   # x, y, radius mm, depth 0..1
    hand: tuple[float, float, float] | None = None   # x, y of the fingertips (mm), angle in degrees
    # guests' shadows across the board: x, y (the middle, mm), length, width (mm), angle (degrees), depth 0..1
    shadows: tuple[tuple[float, float, float, float, float, float], ...] = ()
    # more lamps: x, y, z (mm) and each one's share of the light against the main lamp's 1
    others: tuple[tuple[float, float, float, float], ...] = ()


@dataclass(frozen=True)
class Shot:
    """One picture: what, from where, in what light, in which look (camera_sim/looks.py)."""
    scene: Scene
    lens: Lens
    pose: Pose
    light: Light
    look: Look = CLASSIC


def render(shot: Shot, rng: np.random.Generator) -> np.ndarray:
    """The camera's picture (BGR, uint8) of ``shot``."""
    layout, lens = shot.scene.layout, shot.lens
    rotation, translation = shot.pose.rotation_translation()
    project = _projector(lens.matrix, rotation, translation)
    look = shot.look
    readout = look.faults.rolling_shutter if lens.shutter > 0 else 0.0
    late = _row_time(project, lens.size[1], readout)
    texture, to_board = _texture(layout, shot.scene, shot.light, lens.shutter, look, late)
    board_to_ideal = plane_homography(lens.matrix, rotation, translation)
    ideal = cv2.warpPerspective(texture, board_to_ideal @ to_board, lens.size, flags=cv2.INTER_AREA,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=TABLE)
    ideal = ideal.astype(np.float32)
    if not look.classic:
        _sheen(ideal, look.surface.gloss * shot.light.specular, shot.light.lamp, shot.pose, board_to_ideal)
    shutter = lens.shutter
    draw = _draw_piece if look.classic else functools.partial(_draw_finished, look=look)
    for piece in sorted(shot.scene.pieces, key=lambda p: (moves(p, shutter), p.height)):
        if moves(piece, shutter):
            _smear(ideal, piece, project, shot.light, shutter, draw, readout)
        else:
            draw(ideal, piece, project, shot.light)
    draw_dice(ideal, _dressed(getattr(shot.scene, "dice", ()), look), project, shot.light)
    if shot.light.guest_shadow is not None:
        _guest_shadow(ideal, shot.light.guest_shadow, board_to_ideal)
    for shadow in shot.light.shadows:
        _long_shadow(ideal, shadow, board_to_ideal)
    if shot.light.hand is not None:
        _hand(ideal, shot.light.hand, project)
    picture = cv2.remap(ideal, *lens_maps(lens), cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    if look.classic:
        return _sensor(picture, shot.light, rng)
    return _faulty_sensor(picture, shot.light, look.faults, rng)


def _projector(matrix, rotation, translation):
    def project(points: np.ndarray, height: float) -> np.ndarray:
        h = plane_homography(matrix, rotation, translation, height)
        p = np.c_[points, np.ones(len(points))] @ h.T
        return p[:, :2] / p[:, 2:]
    return project


def _row_time(project, rows: int, readout: float):
    """piece -> when its row of the picture is exposed, s after the picture's moment (the
    middle row's), with a rolling shutter reading out the rows over ``readout`` s."""
    def late(piece) -> float:
        if not readout:
            return 0.0
        (_, v), = project(np.array([[piece.x, piece.y]]), 0.0)
        return (float(v) / rows - 0.5) * readout
    return late


def _texture(layout: Layout, scene: Scene, light: Light, shutter: float,
             look: Look = CLASSIC, late=lambda piece: 0.0) -> tuple[np.ndarray, np.ndarray]:
    """The board plane seen straight down, with the pieces' shadows, and the matrix from
    texture pixels to board mm."""
    empty, to_board = board_picture(layout) if look.classic else textures.board_texture(layout, look)
    tex = empty.copy()
    _drop_shadows(tex, scene, light, to_board, shutter, late)
    dice_shadows(tex, getattr(scene, "dice", ()), light, to_board, TEXTURE_SCALE)
    return tex, to_board


def _drop_shadows(tex, scene: Scene, light: Light, to_board: np.ndarray, shutter: float,
                  late=lambda piece: 0.0) -> None:
    """Each piece's shadow on the board, thrown away from the lamp (drawn in a patch round
    it); a moving piece's shadow is the mean of its shadows along its path (``late``: how
    much later than the picture's moment its rows are exposed, a rolling shutter's)."""
    total = 1.0 + sum(o[3] for o in light.others)
    for lamp, share in ((light.lamp, 1.0), *((o[:3], o[3]) for o in light.others)):
        _shadows_from(tex, scene, lamp, 0.45 * share / total, to_board, shutter, late)


def _shadows_from(tex, scene: Scene, lamp, depth: float, to_board: np.ndarray, shutter: float, late) -> None:
    """Each piece's shadow from one ``lamp``, ``depth`` dark where it is whole."""
    lx, ly, lz = lamp
    s = TEXTURE_SCALE
    x0, y1 = to_board[0, 2], to_board[1, 2]
    for p in scene.pieces:
        k = p.height / max(lz - p.height, 1.0)
        path = _path(p, shutter, 16) + np.array([p.vx, p.vy]) * late(p)
        u = (path[:, 0] + (path[:, 0] - lx) * k - x0) * s
        v = (y1 - (path[:, 1] + (path[:, 1] - ly) * k)) * s
        reach = int((p.radius + 1.0) * s + 5 * s)
        ua, va = max(0, int(u.min()) - reach), max(0, int(v.min()) - reach)
        ub, vb = min(tex.shape[1], int(u.max()) + reach), min(tex.shape[0], int(v.max()) + reach)
        if ua >= ub or va >= vb:
            continue
        shade = np.zeros((vb - va, ub - ua), np.float32)
        disc = np.zeros_like(shade)
        for pu, pv in zip(u, v):
            disc[:] = 0
            cv2.circle(disc, (int((pu - ua) * 16), int((pv - va) * 16)), int((p.radius + 1.0) * s * 16), 1.0,
                       -1, cv2.LINE_AA, SHIFT)
            shade += disc
        shade = cv2.GaussianBlur(shade / len(u), (0, 0), 1.5 * s)
        patch = tex[va:vb, ua:ub]
        patch[:] = (patch * (1 - depth * shade[..., None])).astype(np.uint8)


def moves(piece, shutter: float) -> bool:
    """Whether ``piece`` moves visibly (0.05 mm) while the shutter is open."""
    return shutter > 0 and math.hypot(piece.vx, piece.vy) * shutter > 0.05


def _path(piece, shutter: float, n: int) -> np.ndarray:
    """Where ``piece`` is at ``n`` moments spread evenly over the exposure, which is centred
    on the picture's moment (its x, y): a straight path along its velocity."""
    if not moves(piece, shutter):
        return np.array([[piece.x, piece.y]])
    t = ((np.arange(n) + 0.5) / n - 0.5) * shutter
    return np.c_[piece.x + piece.vx * t, piece.y + piece.vy * t]


def _smear(ideal: np.ndarray, piece, project, light: Light, shutter: float, draw=None, readout: float = 0.0) -> None:
    """A moving piece as the camera records it: the mean of the picture over the exposure,
    the piece drawn at each moment of its path (a step of a pixel or so) over what lies
    beneath, in a patch round the path. With a rolling shutter (``readout``: s from the
    picture's top row to its bottom) each row is exposed that much later than the one above:
    the piece's part of the patch is sheared along its motion, row by row."""
    travel = np.array([[piece.x, piece.y], [piece.x + piece.vx * shutter, piece.y + piece.vy * shutter]])
    across = project(travel, piece.height)
    rows = ideal.shape[0]
    lean = (across[1] - across[0]) / shutter * readout / rows       # pixels a row: the shear
    ring, half = circle(piece.x, piece.y, piece.radius * 1.3), (piece.vx * shutter / 2, piece.vy * shutter / 2)
    ends = np.r_[tuple(project(ring + sign * np.array(half), height) for sign in (1, -1)
                       for height in (piece.height, 0.0))]
    if readout:       # where the sheared rows reach
        ends = np.r_[ends, ends + np.outer(ends[:, 1] - rows / 2, lean)]
    box = patch_round(ends, ideal.shape, 4)
    if box is None:
        return
    ua, va, ub, vb = box
    n = int(min(MAX_STEPS, max(2, math.ceil(float(np.linalg.norm(across[1] - across[0]))))))   # a pixel a step
    beneath = ideal[va:vb, ua:ub].copy()
    mean = np.zeros_like(beneath)
    shifted = lambda points, height: project(points, height) - (ua, va)  # noqa: E731
    for x, y in _path(piece, shutter, n):
        layer = beneath.copy()
        (draw or _draw_piece)(layer, dataclasses.replace(piece, x=float(x), y=float(y)), shifted, light)
        mean += layer
    mean /= n
    if readout:
        _shear(mean, beneath, lean, va - rows / 2)
    ideal[va:vb, ua:ub] = mean


def _shear(mean: np.ndarray, beneath: np.ndarray, lean: np.ndarray, top: float) -> None:
    """The piece's part of a patch (``mean`` - ``beneath``) moved along the motion by ``lean``
    pixels a row, counted from the picture's middle row (the picture's moment); in place."""
    h, w = mean.shape[:2]
    v, u = np.mgrid[0:h, 0:w].astype(np.float32)
    offset = (v + np.float32(top))[..., None] * lean.astype(np.float32)
    piece = cv2.remap(mean - beneath, u - offset[..., 0], v - offset[..., 1], cv2.INTER_LINEAR,
                      borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    mean[:] = beneath + piece


def _draw_piece(ideal: np.ndarray, piece, project, light: Light) -> None:
    """The piece's side (darker), its top face, and the lamp's highlight on it."""
    colour = np.array(PIECE_COLOURS[piece.kind], np.float32)
    ring = circle(piece.x, piece.y, piece.radius)
    bottom, top = project(ring, 0.0), project(ring, piece.height)
    side = cv2.convexHull(np.r_[bottom, top].astype(np.float32)).reshape(-1, 2)
    fill(ideal, side, tuple(float(c) for c in colour * 0.55))
    fill(ideal, top, tuple(float(c) for c in colour * 0.85))
    fill(ideal, project(circle(piece.x, piece.y, piece.radius * 0.88), piece.height),
          tuple(float(c) for c in colour))
    if light.specular > 0:
        _highlight(ideal, piece, project, light)


def _draw_finished(ideal: np.ndarray, piece, project, light: Light, look: Look) -> None:
    """The piece in the look's finish: its side wall, its top (textures.face: a coin's
    relief, a man's grooves or label, a striker's rings) mapped onto the top's place in the
    picture, and the lamp's highlight as glossy as the finish."""
    finish = look.finish(piece.kind)
    colour = np.array(finish.colour, np.float32)
    rim = np.array(finish.rim, np.float32) if finish.rim is not None else colour * 0.7
    ring = circle(piece.x, piece.y, piece.radius)
    bottom, top = project(ring, 0.0), project(ring, piece.height)
    side = cv2.convexHull(np.r_[bottom, top].astype(np.float32)).reshape(-1, 2)
    fill(ideal, side, tuple(float(c) for c in rim * 0.8))
    lx, ly, _ = light.lamp
    d = math.hypot(lx - piece.x, ly - piece.y) or 1.0
    seed = textures._seed(piece.kind, round(piece.x, 1), round(piece.y, 1))
    picture, cover = textures.face(finish, piece.radius, seed, ((lx - piece.x) / d, (ly - piece.y) / d))
    n, s = picture.shape[0], textures.FACE_SCALE
    c = (n - 1) / 2
    corners = np.array([(0, 0), (n - 1, 0), (n - 1, n - 1), (0, n - 1)], np.float32)
    board = np.c_[piece.x + (corners[:, 0] - c) / s, piece.y - (corners[:, 1] - c) / s]
    seen = project(board, piece.height).astype(np.float32)
    box = patch_round(seen, ideal.shape, 2)
    if box is not None:
        ua, va, ub, vb = box
        h = cv2.getPerspectiveTransform(corners, seen - np.float32((ua, va)))
        size = (ub - ua, vb - va)
        face = cv2.warpPerspective(picture, h, size, flags=cv2.INTER_LINEAR)
        alpha = cv2.warpPerspective(cover, h, size, flags=cv2.INTER_LINEAR)[..., None]
        patch = ideal[va:vb, ua:ub]
        patch[:] = patch * (1 - alpha) + face * alpha
    if light.specular > 0 and finish.gloss > 0:
        _highlight(ideal, piece, project, dataclasses.replace(light, specular=light.specular * finish.gloss))


def _dressed(dice, look: Look):
    """The dice in the look's colours (the classic look: as the scene has them)."""
    if look.classic or not dice:
        return dice
    from camera_board.dice_layout import MIWIN_BODIES
    finishes = dict(look.pieces)
    out = []
    for die in dice:
        if die.body in MIWIN_BODIES and "miwin III" in finishes:
            name = ("miwin III", "miwin IV", "miwin V")[MIWIN_BODIES.index(die.body)]
            out.append(dataclasses.replace(die, body=finishes[name].colour, pip=finishes["miwin pip"].colour))
        elif "die" in finishes:
            out.append(dataclasses.replace(die, body=finishes["die"].colour, pip=finishes["pip"].colour))
        else:
            out.append(die)
    return tuple(out)


def _sheen(ideal: np.ndarray, gloss: float, lamp, pose, board_to_ideal) -> None:
    """A lacquered board's reflection of the lamp: a broad soft glare where the lamp's
    mirror image lies (seen from the camera), on the board plane."""
    if gloss <= 0:
        return
    lx, ly, lz = lamp
    k = pose.z / (pose.z + lz)                   # the ray from the camera to the lamp's mirror image meets z = 0
    x, y = pose.x + (lx - pose.x) * k, pose.y + (ly - pose.y) * k
    centre = board_to_ideal @ np.array([x, y, 1.0])
    edge = board_to_ideal @ np.array([x + 120.0, y, 1.0])
    c, e = centre[:2] / centre[2], edge[:2] / edge[2]
    h, w = ideal.shape[:2]
    r = float(np.linalg.norm(e - c))
    small = np.zeros(((h + 7) // 8, (w + 7) // 8), np.float32)
    yy, xx = np.mgrid[0:small.shape[0], 0:small.shape[1]].astype(np.float32) * 8
    small[:] = np.exp(-((xx - c[0]) ** 2 + (yy - c[1]) ** 2) / (2 * r * r))
    ideal += (45.0 * gloss * cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR))[..., None]


def _highlight(ideal: np.ndarray, piece, project, light: Light) -> None:
    """The lamp's reflection: a soft bright spot on the piece's top, towards the lamp."""
    lx, ly, lz = light.lamp
    k = min(0.45, 0.35 * math.hypot(piece.x - lx, piece.y - ly) / max(lz, 1.0) + 0.15)
    a = math.atan2(ly - piece.y, lx - piece.x)
    hx, hy = piece.x + k * piece.radius * math.cos(a), piece.y + k * piece.radius * math.sin(a)
    (cx, cy), = project(np.array([[hx, hy]]), piece.height)
    scale = float(np.linalg.norm(project(np.array([[hx + 1, hy]]), piece.height) - (cx, cy)))
    radius, sigma = piece.radius * 0.22 * scale, max(0.5, piece.radius * 0.08 * scale)
    reach = int(radius + 4 * sigma) + 2
    ua, va = max(0, int(cx) - reach), max(0, int(cy) - reach)
    ub, vb = min(ideal.shape[1], int(cx) + reach), min(ideal.shape[0], int(cy) + reach)
    if ua >= ub or va >= vb:
        return
    spot = np.zeros((vb - va, ub - ua), np.float32)
    cv2.circle(spot, (int((cx - ua) * 16), int((cy - va) * 16)), int(radius * 16), 1.0, -1, cv2.LINE_AA, SHIFT)
    spot = cv2.GaussianBlur(spot, (0, 0), sigma)
    ideal[va:vb, ua:ub] += (light.specular * 255 * spot)[..., None]


def _guest_shadow(ideal: np.ndarray, shadow, board_to_ideal) -> None:
    """A soft round shadow (drawn and blurred at an eighth of the size: it has no edges)."""
    x, y, radius, depth = shadow
    centre = board_to_ideal @ np.array([x, y, 1.0])
    edge = board_to_ideal @ np.array([x + radius, y, 1.0])
    c, e = centre[:2] / centre[2] / 8, edge[:2] / edge[2] / 8
    h, w = ideal.shape[:2]
    mask = np.zeros(((h + 7) // 8, (w + 7) // 8), np.float32)
    r = float(np.linalg.norm(e - c))
    cv2.circle(mask, (int(c[0] * 16), int(c[1] * 16)), int(r * 16), 1.0, -1, cv2.LINE_AA, SHIFT)
    mask = cv2.GaussianBlur(mask, (0, 0), max(0.5, r / 4))
    mask = cv2.resize(mask, (w, h), interpolation=cv2.INTER_LINEAR)
    ideal *= (1 - depth * mask)[..., None]


def _long_shadow(ideal: np.ndarray, shadow, board_to_ideal) -> None:
    """A guest's shadow across the board (an arm, a shoulder): a long soft ellipse, drawn and
    blurred at an eighth of the size."""
    x, y, length, width, angle, depth = shadow
    a = math.radians(angle)
    along, across = np.array([math.cos(a), math.sin(a)]) * length / 2, np.array([-math.sin(a), math.cos(a)]) * width / 2
    t = np.linspace(0, 2 * math.pi, 48, endpoint=False)
    outline = np.array([x, y]) + np.cos(t)[:, None] * along + np.sin(t)[:, None] * across
    p = np.c_[outline, np.ones(len(outline))] @ board_to_ideal.T
    p = p[:, :2] / p[:, 2:] / 8
    h, w = ideal.shape[:2]
    mask = np.zeros(((h + 7) // 8, (w + 7) // 8), np.float32)
    fill(mask, p, 1.0)
    soft = max(1.0, float(np.linalg.norm(p[12] - p[36])) / 4)     # a quarter of its width
    mask = cv2.GaussianBlur(mask, (0, 0), soft)
    mask = cv2.resize(mask, (w, h), interpolation=cv2.INTER_LINEAR)
    ideal *= (1 - depth * mask)[..., None]


def _hand(ideal: np.ndarray, hand, project) -> None:
    """A forearm and hand 60 mm above the board, reaching to the fingertips at (x, y)."""
    x, y, angle = hand
    a = math.radians(angle)
    back = np.array([-math.cos(a), -math.sin(a)])
    across = np.array([-back[1], back[0]])
    tip = np.array([x, y])
    outline = [tip + across * 30, tip + back * 180 + across * 45, tip + back * 700 + across * 60,
               tip + back * 700 - across * 60, tip + back * 180 - across * 45, tip - across * 30]
    fill(ideal, project(np.array(outline), 60.0), tuple(float(c) for c in SKIN))


def _sensor(picture: np.ndarray, light: Light, rng: np.random.Generator) -> np.ndarray:
    warm = np.array([1 - 0.35 * light.warmth, 1 - 0.05 * light.warmth, 1 + 0.15 * light.warmth],
                    np.float32)
    picture = picture * (warm * light.exposure)
    if light.blur > 0:
        picture = cv2.GaussianBlur(picture, (0, 0), light.blur)
    if light.noise > 0:
        picture = picture + rng.standard_normal(picture.shape, dtype=np.float32) * np.float32(light.noise)
    return np.clip(picture, 0, 255).astype(np.uint8)


def _faulty_sensor(picture: np.ndarray, light: Light, fault, rng: np.random.Generator) -> np.ndarray:
    """As ``_sensor``, through a real camera's faults (camera_sim/faults.py)."""
    warm = np.array([1 - 0.35 * light.warmth, 1 - 0.05 * light.warmth, 1 + 0.15 * light.warmth],
                    np.float32)
    picture = faults.optics(picture * (warm * light.exposure), fault)
    if light.blur > 0:
        picture = cv2.GaussianBlur(picture, (0, 0), light.blur)
    return faults.sensor(picture, fault, light.noise, rng)
