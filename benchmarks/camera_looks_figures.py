"""The camera board on the corpus of looks (camera_sim/installs.py) for bench_camera
(CAMERA_PARTS=looks): held-out installations, each calibrated as an installer would
(``calibrated``: the seam where the camera learns the board), then its play boards drawn
by each renderer and read one frame each.

A board is read **right** (every piece found, of its kind, within 1 mm for a coin, 2 mm for
a Carrom piece; every die's face and tray, Neunfeld's squares), **refused** (the camera said
it cannot be sure: nothing reported) or **WRONG** (anything else: a piece missed, added, of
another kind or too far off, reported as if sure)."""
from __future__ import annotations

import math
import os
from collections import Counter, defaultdict

import numpy as np

from camera_sim.corpus import HELD_OUT, score
from camera_sim.dice_corpus import TABLES
from camera_sim.installs import HEIGHTS as HUNG, installation

TOLERANCE = {"shove": 1.0, "carrom": 2.0}     # mm: a piece farther off is read wrong (issue 27)


def renderers() -> dict:
    """The ways of drawing a frame the bench reads (CAMERA_RENDERERS picks some)."""
    from camera_sim.render import render
    every = {"raster": render}
    try:
        from camera_sim.raycast import render as raycast
        every["raycast"] = raycast
    except ImportError:
        pass
    wanted = os.environ.get("CAMERA_RENDERERS")
    return {k: v for k, v in every.items() if not wanted or k in wanted.split(",")}


def calibrated(inst, draw, frames: int = 6):
    """The camera board's reader after the installer's calibration: the steps the staff page
    asks for (``inst.teach``: the empty board, then the pieces), ``frames`` pictures each
    drawn by ``draw``, learned (camera_board/learn.py) with the markers. (the reader, what the
    learning said is wrong: [] when it is content; when it refused, the reader is None: the
    product saves nothing and an untaught camera reports no board (camera_board/board.py,
    NOT_TAUGHT), so each of its boards counts as refused)."""
    from camera_board.learn import LearnError, learn, reader
    shown = [list(taught.frames) for taught in inst.teach(frames, draw)]
    try:
        learned = learn(inst.game, inst.lens, shown)
    except LearnError as error:
        return None, [error.said("en")]
    said = learned.said("en")[len(learned.kinds):]
    return (None if said else reader(inst.game, inst.lens, learned.appearance)), said


def judge(game: str, case, sighting) -> tuple[str, list[float]]:
    """("right" | "refused" | "wrong", the position errors of the pieces found, mm)."""
    if sighting.problem is not None:
        return "refused", []
    if game in TABLES:
        from benchmarks.camera_dice_figures import _visible, _wrong_faces
        seen = [d for d in sighting.dice if d.value]
        unread = len(seen) < len(sighting.dice)
        truth = [d for d in _visible(case) if not (unread and d.base > 0)]
        wrong = _wrong_faces(truth, seen, TABLES[game]) or len(seen) > len(truth)
        wrong = wrong or (game == "neunfeld" and sighting.squares != case.squares)
        errors = [min(math.hypot(d.x - t.x, d.y - t.y) for d in seen) for t in truth if seen]
        return ("wrong" if wrong else "right"), errors
    s = score(case, sighting)
    errors = [e for _, e in s.errors]
    bad = s.missed or s.extra or s.wrong_kind or max(errors, default=0.0) > TOLERANCE[game]
    return ("wrong" if bad else "right"), errors


def _what_was_wrong(game: str, case, sighting) -> str:
    """A WRONG board in a few words: the truth and what was read (for finding its cause)."""
    if game in TABLES:
        truth = ", ".join(f"{d.value}@{d.x:.0f},{d.y:.0f}" for d in case.shot.scene.dice)
        read = ", ".join(f"{d.value}@{d.x:.0f},{d.y:.0f}" for d in sighting.dice)
        squares = "" if game != "neunfeld" else f"; squares {case.squares} read {sighting.squares}"
        return f"dice {truth}; read {read}{squares}"
    s = score(case, sighting)
    far = [f"{kind} {e:.1f} mm off" for kind, e in s.errors if e > TOLERANCE[game]]
    return (f"missed {s.missed}, extra {s.extra}, of another kind {s.wrong_kind}; {', '.join(far)}; truth "
            + " ".join(f"{t.kind}@{t.x:.0f},{t.y:.0f}" for t in case.truth)
            + "; read " + " ".join(f"{f.kind}@{f.x:.0f},{f.y:.0f}" for f in sighting.pieces))


def _band(inst) -> str:
    """Which third of the heights the camera hangs in (HUNG: times the height that fills the picture)."""
    x0, y0, x1, y1 = inst.layout.extent(margin=10.0)
    half = math.tan(math.radians(inst.lens.fov) / 2)
    fills = max((x1 - x0) / 2 / half, (y1 - y0) / 2 / (half * inst.lens.size[1] / inst.lens.size[0]))
    low, high = HUNG[inst.game]
    k = min(2, int(3 * (inst.pose.z / fills - low) / (high - low)))
    edges = np.linspace(low, high, 4)
    return f"hung {edges[k]:.2f}-{edges[k + 1]:.2f}x"


def seen(reader, inst, draw, k: int):
    """Play board ``k`` of ``inst`` (its case) and what ``reader`` sees of it, drawn as the bench
    draws it. A reader's state follows the frames it saw: read the boards in turn, as the bench does."""
    case = inst.board(k)
    return case, reader.see(draw(case.shot, np.random.default_rng([inst.seed, 3, k])))


def read_in_turn(inst, draw, boards: int) -> list:
    """(case, sighting) of ``inst``'s first ``boards`` play boards, read in turn by one reader taught
    as the bench teaches (ValueError: its teaching refused), as the bench reads them."""
    reader, said = calibrated(inst, draw)
    if said:
        raise ValueError(f"installation {inst.seed} not taught: {said}")
    return [seen(reader, inst, draw, k) for k in range(boards)]


def accuracy(game: str, installs: int, boards: int, first: int, draw, name: str) -> list[str]:
    """Figures for ``installs`` installations from seed ``first``, ``boards`` play boards each."""
    total: Counter = Counter()
    refusals: list[str] = []              # installations whose learning said something is wrong
    reasons: Counter = Counter()
    by: dict[str, Counter] = defaultdict(Counter)
    errors: list[float] = []
    wrongs: list[str] = []                # each WRONG board: which, and what was read wrong
    for seed in range(first, first + installs):
        inst = installation(game, seed)
        reader, said = calibrated(inst, draw)
        if said:
            refusals.append(f"{seed}: {said[0]}")
        finish = dict(inst.look.pieces)
        groups = [f"board {inst.look.surface.name}", _band(inst), "learning said something is wrong" if said
                  else "learning content"]
        groups += [f"{kind} {finish[kind].name}" for kind in ("coin", "white", "black", "queen", "striker", "die")
                   if kind in finish]
        for k in range(boards):
            if reader is None:               # not taught: the camera reports no board
                verdict, e = "refused", []
                reasons["not taught (the learning refused)"] += 1
            else:
                case, sighting = seen(reader, inst, draw, k)
                verdict, e = judge(game, case, sighting)
                if verdict == "wrong":
                    wrongs.append(f"{seed} board {k}: {_what_was_wrong(game, case, sighting)}")
                if sighting.problem:
                    reasons[sighting.problem.split(" (")[0].split(":")[0]] += 1
            total[verdict] += 1
            for g in groups:
                by[g][verdict] += 1
            if verdict != "refused":
                errors += e
    n = max(sum(total.values()), 1)
    e = np.array(errors) if errors else np.zeros(1)
    lines = [f"  {game}, {name}: {installs} {'held-out' if first >= HELD_OUT else 'tuning'} installations from "
             f"seed {first:,}, {n} boards: right {total['right']} ({100 * total['right'] / n:.1f} %), refused "
             f"{total['refused']}, WRONG {total['wrong']}; position error p95 {np.percentile(e, 95):.2f} mm, "
             f"max {e.max():.2f} mm (boards not refused)"]
    lines += [f"    refused because {why}: {count}" for why, count in reasons.most_common(6)]
    lines += [f"    installation {text}" for text in refusals[:8]]
    lines += [f"    WRONG: installation {text}" for text in wrongs]
    for g in sorted(by):
        c = by[g]
        lines.append(f"    {g}: {sum(c.values())} boards, right {c['right']}, refused {c['refused']}, WRONG {c['wrong']}")
    return lines
