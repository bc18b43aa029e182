"""A corpus of genuine Shove shots from the simulation, and the same shots with one coin
moved by hand: the yardstick of the plausibility check (docs/physics-check.md).

``python -m tablegame.families.shove.corpus [SHOTS [SEED]] [--gentle] [--physics independent] [--budget N] [--tolerances T,...]``
prints false alarms and catches (a coin moved by hand far from the shot, and near its
path) for several tolerances, then by kind of shot and by coins knocked on. Noise, as
issue 12 asks: every reading off by up to ±1 mm, each coin with its own friction (±20 %)
and restitution (±10 %), a little spin at the launch (±``SPIN`` rad/s). Boards as a pub
plays them (:mod:`~tablegame.families.shove.pub_boards`, issue 21: coins in beds, on
lines, against the side, touching; hard shots, chains); ``--gentle`` is the first
corpus (boards played from empty by 1 to 6 gentle shots), kept for the figures of
its time. Seeded: the same size, seed and mode give the same corpus. The check's
allowances were chosen on seed 12 (the default), and since issue 31's fourth round on seed
5150 beside it; ``HELD_OUT_SEED`` (and 7777, 9091) is run once with the final check
(docs/physics-check.md)."""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass

from tablegame.families.shove import hand_moves, pub_boards
from tablegame.families.shove.board import Lie, ShoveBoard, hapenny_board
from tablegame.families.shove.independent_physics import IndependentTable
from tablegame.physics import plausibility
from tablegame.families.shove.physics import (DEFAULT_FRICTION, DEFAULT_RESTITUTION, Shot, ShoveTable,
                                     speed_to_reach, start_y)

Point = tuple[float, float]

SPIN = 10.0         # rad/s at most at the launch: a flick puts the rim at up to 130 mm/s
TUNING_SEED = 12    # the corpus the check's allowances were chosen on
HELD_OUT_SEED = 2126  # the pub corpus never looked at while tuning: its figures are quoted
MODES = ("pub", "gentle")
# The model the shots are simulated with: the check's own (pymunk), or one written apart
# from it (independent_physics: exact hits one at a time, slide and spin coupled, a board
# not evenly polished), so that the check is also measured outside its own model.
PHYSICS = ("pymunk", "independent")


@dataclass(frozen=True)
class Sample:
    before: tuple[Point, ...]   # played coins seen before the shot (noisy)
    after: tuple[Point, ...]    # played coins seen after it (noisy)
    knocked: int                # coins the shot moved
    cheat: tuple[Point, ...] | None  # ``after`` with one far coin moved by hand, if one could be
    shot: Shot | None = None    # the shot taken (each coin with its own friction and restitution)
    near: tuple[Point, ...] | None = None  # ``after`` with a coin near the shot's path moved
    kind: str = "plain"         # plain, aimed or hard (pub_boards.shot)
    cheat_kind: str = "lift"    # how the hand moved the far coin (hand_moves.KINDS)
    near_kind: str = "lift"     # and the coin near the path


def played(board: ShoveBoard, coins) -> list[Point]:
    return [(c.x, c.y) for c in coins if board.place(c.x, c.y).lie is not Lie.SHORT]


def generate(count: int, seed: int = TUNING_SEED, board: ShoveBoard | None = None,
             mode: str = "pub", physics: str = "pymunk") -> list[Sample]:
    if mode not in MODES:
        raise ValueError(f"corpus mode must be one of {', '.join(MODES)}, not {mode!r}")
    if physics not in PHYSICS:
        raise ValueError(f"corpus physics must be one of {', '.join(PHYSICS)}, not {physics!r}")
    board = board or hapenny_board()
    rng = random.Random(seed)
    one = _pub if mode == "pub" else _one
    samples: list[Sample] = []
    while len(samples) < count:
        sample = one(board, rng, physics)
        if sample is not None:
            samples.append(sample)
    return samples


def _table(board: ShoveBoard, rng: random.Random,
           physics: str = "pymunk") -> ShoveTable | IndependentTable:
    def coin() -> tuple[float, float]:   # every coin set on the board is one with its own
        return (DEFAULT_FRICTION * rng.uniform(0.8, 1.2),
                min(1.0, DEFAULT_RESTITUTION * rng.uniform(0.9, 1.1)))
    if physics == "independent":   # each board worn in its own way
        return IndependentTable(board, coin_properties=coin, wear=rng.randrange(2 ** 32))
    return ShoveTable(board, coin_properties=coin)


def _pub(board: ShoveBoard, rng: random.Random, physics: str = "pymunk") -> Sample | None:
    """A pub board (pub_boards.lay), now and then one shove on it first, then the shot."""
    table = _table(board, rng, physics)
    try:
        pub_boards.lay(table, rng, pub_boards.down_count(rng))
        table.pick_up_short()
        if rng.random() < 0.3:
            table.settle(_random_shot(table, rng, aim=rng.random() < 0.6))
            table.pick_up_short()
        before = played(board, table.positions())
        kind, shot = pub_boards.shot(table, rng)
        after = played(board, table.settle(shot))
    except ValueError:
        return None
    if len(after) != len(before) + 1:
        return None  # the new coin fell short: not a counted shove
    moved_idx, _ = plausibility._unmatched(before, after, 0.5)
    after_n = _noisy(after, rng)
    far_kind, near_kind = rng.choice(hand_moves.KINDS), rng.choice(hand_moves.KINDS)
    cheat = _cheat(board, before, after, moved_idx, shot, after_n, rng, kind=far_kind)
    near = _cheat(board, before, after, moved_idx, shot, after_n, rng, near=True,
                  kind=near_kind)
    return Sample(_noisy(before, rng), after_n, len(moved_idx), cheat, shot, near, kind,
                  far_kind, near_kind)


def _noisy(ps, rng: random.Random) -> tuple[Point, ...]:
    return tuple((x + rng.uniform(-1, 1), y + rng.uniform(-1, 1)) for x, y in ps)


def _one(board: ShoveBoard, rng: random.Random, physics: str = "pymunk") -> Sample | None:
    """The first corpus's shot (``--gentle``): a board played from empty by 1 to 6
    shots, then one more (the same draws as before issue 21: the same corpus)."""
    table = _table(board, rng, physics)
    try:
        for _ in range(rng.randint(1, 6)):
            table.pick_up_short()
            table.settle(_random_shot(table, rng, aim=rng.random() < 0.6))
        table.pick_up_short()
        before = played(board, table.positions())
        shot = _random_shot(table, rng, aim=rng.random() < 0.7)
        after = played(board, table.settle(shot))
    except ValueError:
        return None
    if len(after) != len(before) + 1:
        return None  # the new coin fell short or off: not a counted shove
    moved_idx, _ = plausibility._unmatched(before, after, 0.5)
    after_n = _noisy(after, rng)
    cheat = _cheat(board, before, after, moved_idx, shot, after_n, rng)
    before_n = _noisy(before, rng)
    # its own draws, so that the first corpus's samples stay as they were
    near = _cheat(board, before, after, moved_idx, shot, after_n, random.Random(repr(after_n)),
                  near=True)
    return Sample(before_n, after_n, len(moved_idx), cheat, shot, near, "gentle")


def _random_shot(table: ShoveTable, rng: random.Random, aim: bool) -> Shot:
    board = table.board
    r = board.coin_radius
    coins = played(board, table.positions())
    y0 = start_y(board)
    if aim and coins:
        tx, ty = rng.choice(coins)
        tx += rng.uniform(-1.5, 1.5) * r
        x = min(max(tx + rng.uniform(-40, 40), r), board.width - r)
        dist = math.hypot(tx - x, ty - y0) + rng.uniform(0, 120)
        angle = math.degrees(math.atan2(tx - x, ty - y0))
    else:
        x = rng.uniform(board.lane[0] + r, board.lane[1] - r)
        angle = rng.uniform(-6, 6)
        dist = rng.uniform(board.lines[0][1] + r, board.lines[-1][0]) - y0
    return Shot(x, angle, speed_to_reach(table, dist), rng.uniform(-SPIN, SPIN))


def _cheat(board, before, after, moved_idx, shot: Shot, after_n, rng,
           near: bool = False, kind: str = "lift") -> tuple[Point, ...] | None:
    """Move one coin the shot did not touch, lying more than three diameters from every
    path of the shot (``near``: within three diameters of one), as a hand moves it
    (``kind``, hand_moves.KINDS) to a free spot on the board."""
    d = board.coin_diameter
    paths = [(before[i], _nearest(before[i], after)) for i in moved_idx]
    y0 = start_y(board)
    new = [p for p in after if min((math.dist(p, b) for b in before), default=1e9) > 0.5]
    if new:
        paths.append(((shot.x, y0), new[0]))
    candidates = [i for i, p in enumerate(after)
                  if p in before
                  and near == any(plausibility.segment_distance(p, a, b) <= 3 * d
                                  for a, b in paths)]
    if not candidates:
        return None
    i = rng.choice(candidates)
    to = hand_moves.place(kind, board, after[i], [p for j, p in enumerate(after) if j != i], rng)
    if to is None:
        return None
    moved = list(after_n)
    moved[i] = (to[0] + rng.uniform(-1, 1), to[1] + rng.uniform(-1, 1))
    return tuple(moved)


def _nearest(p: Point, ps) -> Point:
    return min(ps, key=lambda q: math.dist(p, q))


def rates(samples: list[Sample], board: ShoveBoard, tolerance: float) -> tuple[float, float, int]:
    """(false alarms among genuine shots, catches among far cheats, far cheats) at ``tolerance``."""
    judged = judge(samples, board, tolerance)
    cheats = [j.far for j in judged if j.far is not None]
    return (sum(j.alarm for j in judged) / len(judged), sum(cheats) / max(1, len(cheats)),
            len(cheats))


@dataclass(frozen=True)
class Judged:
    """The check's verdicts on one sample: a false alarm on the genuine shot, the hand
    move far from the shot caught, the one near its path caught (None: no such move),
    and the CPU seconds of each check."""

    sample: Sample
    alarm: bool
    far: bool | None
    near: bool | None
    cpu: tuple[float, ...]


def judge(samples: list[Sample], board: ShoveBoard, tolerance: float,
          budget: int | None = None) -> list[Judged]:
    from tablegame.families.shove import moved  # the referee's own check (it imports physics)
    from tablegame.families.shove import search
    budget = search.MAX_SHOTS if budget is None else budget
    out = []
    for s in samples:
        verdicts, cpu = [], []
        for after in (s.after, s.cheat, s.near):
            if after is None:
                verdicts.append(None)
                continue
            start = time.process_time()
            verdicts.append(not moved.check_shove(board, s.before, after, tolerance,
                                                  budget).plausible)
            cpu.append(time.process_time() - start)
        out.append(Judged(s, verdicts[0], verdicts[1], verdicts[2], tuple(cpu)))
    return out


def _share(flags) -> str:
    flags = [f for f in flags if f is not None]
    return f"{sum(flags) / len(flags):.2%} ({sum(flags)}/{len(flags)})" if flags else "-"


def _p99(judged: list[Judged]) -> float:
    cpu = sorted(t for j in judged for t in j.cpu)
    return cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))] * 1000 if cpu else 0.0


def figures(judged: list[Judged], label: str) -> str:
    """One row: false alarms, caught far, caught near, check p99 (CPU ms)."""
    return (f"| {label} | {_share(j.alarm for j in judged)} | {_share(j.far for j in judged)} "
            f"| {_share(j.near for j in judged)} | {_p99(judged):.0f} ms |")


def breakdown(judged: list[Judged]) -> list[str]:
    """The table by kind of shot, by coins knocked on and by coins on the board before
    the shot; then the hand moves caught, by kind of move."""
    rows = ["| shots | false alarms | caught far | caught near the path | check p99 (CPU) |",
            "|---|---|---|---|---|", figures(judged, f"all {len(judged)}")]
    for kind in ("plain", "aimed", "hard", "gentle"):
        part = [j for j in judged if j.sample.kind == kind]
        if part:
            rows.append(figures(part, f"{kind}, {len(part)}"))
    for low, high, name in ((0, 0, "none knocked on"), (1, 1, "one knocked on"),
                            (2, 2, "two knocked on"), (3, 99, "three or more knocked on")):
        part = [j for j in judged if low <= j.sample.knocked <= high]
        if part:
            rows.append(figures(part, f"{name}, {len(part)}"))
    for down in range(max((len(j.sample.before) for j in judged), default=0) + 1):
        part = [j for j in judged if len(j.sample.before) == down]
        if part:
            rows.append(figures(part, f"{down} on the board, {len(part)}"))
    rows += ["", "| hand move | caught far | caught near the path |", "|---|---|---|"]
    for kind in hand_moves.KINDS:
        far = [j.far for j in judged if j.sample.cheat_kind == kind]
        near = [j.near for j in judged if j.sample.near_kind == kind]
        if any(f is not None for f in far + near):
            rows.append(f"| {kind.replace('_', ' ')} | {_share(far)} | {_share(near)} |")
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablegame.families.shove.corpus")
    parser.add_argument("shots", nargs="?", type=int, default=1000)
    parser.add_argument("seed", nargs="?", type=int, default=TUNING_SEED)
    parser.add_argument("--gentle", action="store_true",
                        help="the first corpus (boards played from empty, gentle shots)")
    parser.add_argument("--physics", choices=PHYSICS, default="pymunk",
                        help="the model the corpus's shots are simulated with (the check "
                             "always searches with pymunk's)")
    parser.add_argument("--budget", type=int, default=None,
                        help="simulations per check (default: search.MAX_SHOTS)")
    parser.add_argument("--tolerances", default="0.5,1.0,1.5,2.0",
                        help="sensor tolerances (mm) to try, the table's (1.0) broken down")
    args = parser.parse_args(argv)   # a bad argument: usage and exit status 2, in words
    try:
        tolerances = [float(t) for t in args.tolerances.split(",")]
        if args.shots < 1 or (args.budget is not None and args.budget < 1):
            raise ValueError
    except ValueError:
        parser.print_usage(sys.stderr)
        print("SHOTS and --budget must be whole numbers of at least 1, --tolerances "
              "numbers with commas between", file=sys.stderr)
        return 2
    board = hapenny_board()
    samples = generate(args.shots, seed=args.seed, board=board,
                       mode="gentle" if args.gentle else "pub", physics=args.physics)
    print(f"seed {args.seed} ({'gentle' if args.gentle else 'pub'} corpus, {args.physics} "
          "physics): "
          f"{len(samples)} genuine shots ({sum(s.knocked > 0 for s in samples)} with "
          f"knock-ons, {sum(s.knocked > 1 for s in samples)} with two or more), "
          f"{sum(s.cheat is not None for s in samples)} with a coin moved by hand far from the "
          f"shot, {sum(s.near is not None for s in samples)} near its path")
    print("| sensor tolerance (mm) | false alarms | caught far | caught near the path "
          "| check p99 (CPU) |")
    print("|---|---|---|---|---|")
    table = None
    for tol in tolerances:
        judged = judge(samples, board, tol, args.budget)
        print(figures(judged, f"{tol:.1f}"), flush=True)
        if tol == plausibility.SENSOR_ERROR:
            table = judged
    if table is not None:
        print(f"\nat the table's tolerance ({plausibility.SENSOR_ERROR} mm):")
        print("\n".join(breakdown(table)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
