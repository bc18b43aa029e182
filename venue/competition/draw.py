"""The matches of a competition, from its sides in their drawn order: a knockout with
byes, a round robin, or a Schocken evening (rounds of table sheets). Pure: the random
part (the order of the sides, the Schocken tables) is drawn once, when the competition
is made, and logged with it."""
from __future__ import annotations

import math
import random
from typing import Sequence

from venue.competition.model import From, Planned, Setup

STAGE_FROM_END = {0: "final", 1: "semi_final", 2: "quarter_final", 3: "last_16"}


def plan(setup: Setup) -> tuple[Planned, ...]:
    if setup.format == "knockout":
        return knockout(len(setup.sides))
    if setup.format == "round_robin":
        return round_robin(len(setup.sides))
    return schocken_evening(setup.groups)


def seed_order(size: int) -> list[int]:
    """The seeds (1-based) in bracket order, so that the best two can meet only in the
    final: 1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight."""
    order = [1]
    while len(order) < size:
        order = [s for seed in order for s in (seed, 2 * len(order) + 1 - seed)]
    return order


def knockout(count: int) -> tuple[Planned, ...]:
    """Rounds of two-side matches up to the final; with a number of sides that is not a
    power of two, the first sides of the draw get a bye in round 1 (never two byes
    meet: there are fewer byes than matches)."""
    if count < 2:
        raise ValueError("a knockout needs two sides at least")
    rounds = max(1, math.ceil(math.log2(count)))
    order = seed_order(2 ** rounds)
    matches = []
    for number in range(1, 2 ** (rounds - 1) + 1):
        a, b = order[2 * number - 2], order[2 * number - 1]
        matches.append(Planned(f"R1M{number}", 1, number, _stage(1, rounds),
                               tuple(From(side=s - 1) if s <= count else From(bye=True)
                                     for s in (a, b))))
    for round_ in range(2, rounds + 1):
        for number in range(1, 2 ** (rounds - round_) + 1):
            matches.append(Planned(f"R{round_}M{number}", round_, number, _stage(round_, rounds),
                                   (From(winner_of=f"R{round_ - 1}M{2 * number - 1}"),
                                    From(winner_of=f"R{round_ - 1}M{2 * number}"))))
    return tuple(matches)


def _stage(round_: int, rounds: int) -> str:
    return STAGE_FROM_END.get(rounds - round_, "round")


def round_robin(count: int) -> tuple[Planned, ...]:
    """Everyone meets everyone once (the circle method: one side stays, the others turn
    round it); with an odd number one side rests each round."""
    if count < 2:
        raise ValueError("a round robin needs two sides at least")
    seats: list[int | None] = list(range(count)) + ([None] if count % 2 else [])
    size, matches = len(seats), []
    for round_ in range(1, size):
        number = 0
        for i in range(size // 2):
            a, b = seats[i], seats[size - 1 - i]
            if a is None or b is None:
                continue
            number += 1
            pair = (a, b) if round_ % 2 or i else (b, a)   # the fixed side not always first
            matches.append(Planned(f"R{round_}M{number}", round_, number, "round",
                                   tuple(From(side=s) for s in pair)))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return tuple(matches)


def schocken_groups(count: int, rounds: int, size: int, rng: random.Random
                    ) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Each round the players drawn afresh onto table sheets of about ``size`` players
    (as equal as they come, two at least), so that everyone meets others."""
    if count < 2:
        raise ValueError("a Schocken evening needs two players at least")
    tables = max(1, min(count // 2, math.ceil(count / size)))
    drawn = []
    for _ in range(rounds):
        players = list(range(count))
        rng.shuffle(players)
        drawn.append(tuple(tuple(players[t::tables]) for t in range(tables)))
    return tuple(drawn)


def schocken_evening(groups: Sequence[Sequence[Sequence[int]]]) -> tuple[Planned, ...]:
    """One match per table sheet and round: one game of Schocken; its loser loses one."""
    return tuple(Planned(f"R{r}T{t}", r, t, "round", tuple(From(side=s) for s in sheet))
                 for r, sheets in enumerate(groups, 1) for t, sheet in enumerate(sheets, 1))
