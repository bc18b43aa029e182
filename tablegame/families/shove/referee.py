"""The Shove referee: from what the board's sensors saw to a game action.

Coins carry no identity, so the referee counts. After every scoring the board
must be seen with no played coin on it (``Cleared``) before anything counts:
guests clearing it by hand must not leave one coin that passes for a new shove.
Every coin that has reached the first line has been played; the rules engine
knows how many counted coins lie on the board (``state.on_board``). A settled
snapshot with exactly one more played coin than that is a counted shove; the same number means nothing new was played
(a coin short of the line is shoved again, or the board was cleared). Anything
else, or a reading no real board can give, is not scored: the note says what is
wrong, and the game waits for a reading that makes sense."""
from __future__ import annotations

import itertools
import math

from tablegame.families.shove.board import Lie, ShoveBoard
from tablegame.families.shove.rules import Cleared, Shove, ShoveState
from tablegame.words.notes import Note
from tablegame.core.play import Verdict
from tablegame.core.sensors import BoardSnapshot

OVERLAP_TOLERANCE = 0.9  # centres closer than 90 % of a diameter cannot be two flat coins


def judge(board: ShoveBoard, state: ShoveState, snapshot: BoardSnapshot) -> Verdict:
    if not snapshot.settled:
        return Verdict()
    problems = impossibilities(board, snapshot)
    if problems:
        return Verdict(note=problems[0], problem=True)
    placements = [board.place(c.x, c.y) for c in snapshot.coins]
    played = sum(p.lie is not Lie.SHORT for p in placements)
    short = len(placements) - played
    if state.over:
        return Verdict(note=Note.of("game_over")) if played else Verdict()
    if not state.cleared:
        # until the board is seen empty, the status line asks to clear it
        return Verdict(action=Cleared()) if played == 0 else Verdict()
    if state.starter is None:
        return Verdict(note=Note.of("toss_first")) if played else Verdict()
    expected = state.on_board
    if played == expected + 1:
        beds = tuple(sorted(p.bed for p in placements if p.lie is Lie.IN_BED))
        return Verdict(action=Shove(beds))
    if played == expected:
        return Verdict(note=Note.of("short_of_first_line")) if short else Verdict()
    if played < expected:
        return Verdict(note=Note.of("coins_missing", seen=played, expected=expected), problem=True)
    return Verdict(note=Note.of("too_many_new_coins", new=played - expected), problem=True)


def coins_to_clear(board: ShoveBoard, state: ShoveState, snapshot: BoardSnapshot | None) -> int:
    """Coins of a finished round still lying on the board (0 when it is ready)."""
    if snapshot is None or state.over or state.cleared:
        return 0
    return sum(board.place(c.x, c.y).lie is not Lie.SHORT for c in snapshot.coins)


def impossibilities(board: ShoveBoard, snapshot: BoardSnapshot) -> list[Note]:
    """Every reason why no real board can look like ``snapshot`` (empty if it can)."""
    notes = []
    if len(snapshot.coins) > board.coins:
        notes.append(Note.of("more_coins_than_exist", seen=len(snapshot.coins), exist=board.coins))
    for coin in snapshot.coins:
        if board.place(coin.x, coin.y).lie is Lie.OUTSIDE_FRAME:
            notes.append(Note.of("outside_frame", x=round(coin.x), y=round(coin.y)))
    limit = board.coin_diameter * OVERLAP_TOLERANCE
    for a, b in itertools.combinations(snapshot.coins, 2):
        if math.hypot(a.x - b.x, a.y - b.y) < limit:
            bed = bed_at(board, (a.y + b.y) / 2)
            notes.append(Note.of("coins_overlap_in_bed", bed=bed) if bed
                         else Note.of("coins_overlap"))
    return notes


def bed_at(board: ShoveBoard, y: float) -> int | None:
    """The bed whose stretch of the board (line included) contains ``y``."""
    for bed in range(1, board.beds + 1):
        if board.lines[bed - 1][0] <= y <= board.lines[bed][0]:
            return bed
    return None


def touching_lines(board: ShoveBoard, snapshot: BoardSnapshot) -> tuple[int, ...]:
    """The beds of the coins that look inside a bed (the centre between its lines and the
    side lines) but touch a line, and so do not score: guests see a coin "in bed 1" and
    ask why it did not count."""
    left, right = board.lane
    beds = []
    for coin in snapshot.coins:
        if board.place(coin.x, coin.y).lie is not Lie.ON_LINE or not left < coin.x < right:
            continue
        bed = board.open_bed(coin.y)
        if bed is not None:
            beds.append(bed)
    return tuple(sorted(beds))
