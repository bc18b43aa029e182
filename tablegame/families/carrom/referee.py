"""The Carrom referee: what the pocket board reports between "stroke started" and
"settled" becomes one ``Stroke``; a settled board while the table waits for pieces to
be put back becomes ``Placed``.

Pure functions over immutable values: the play (``tablegame.families.carrom.play``) keeps the
stroke in progress. Every event is checked against the board as the rules know it
before it is taken into the stroke: a second queen, a tenth white, a pocket event with
no stroke, a piece of no known kind are refused in words and change nothing."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from tablegame.families.carrom.state import (
    COLOURS, MEN, QUEEN_ON_BOARD, BoardState, CarromState, Placement, Stroke,
)
from tablegame.words.notes import Note
from tablegame.core.sensors import PIECE_KINDS, PieceOffBoard, PiecePocketed, PiecesSnapshot

POCKETS = 4
QUEEN, STRIKER = "queen", "striker"
TOUCH_MM = 3.0  # a man that moved more than this between the settled boards was touched
LIMITS = {"white": MEN, "black": MEN, QUEEN: 1, STRIKER: 1}


@dataclass(frozen=True)
class StrokeSoFar:
    """What the board reported since the striker left the base line."""

    before: PiecesSnapshot | None = None   # the settled board the stroke began from
    pocketed: tuple[str, ...] = ()         # kinds, in the order they went down
    off: tuple[str, ...] = ()              # kinds that jumped off the surface
    improper: bool = False                 # entered from the foul menu during the stroke

    def count(self, kind: str) -> int:
        return self.pocketed.count(kind) + self.off.count(kind)


def _left(board: BoardState, kind: str) -> int:
    """How many pieces of ``kind`` may still leave the surface in this stroke."""
    if kind in COLOURS:
        return board.men[COLOURS.index(kind)]
    if kind == QUEEN:
        return 1 if board.queen == QUEEN_ON_BOARD else 0
    return 1


def take(stroke: StrokeSoFar | None, board: BoardState,
         event: PiecePocketed | PieceOffBoard) -> tuple[StrokeSoFar | None, Note | None]:
    """The stroke with ``event`` taken in, or the stroke unchanged and why not."""
    if stroke is None:
        return None, Note.of("cr_event_without_stroke", kind=event.kind)
    if event.kind not in PIECE_KINDS:
        return stroke, Note.of("cr_unknown_kind", kind=str(event.kind))
    if isinstance(event, PiecePocketed) and event.pocket not in range(POCKETS):
        return stroke, Note.of("cr_no_pocket", pocket=event.pocket)
    if stroke.count(event.kind) >= _left(board, event.kind):
        return stroke, _too_many(board, event.kind, stroke.count(event.kind) + 1)
    if isinstance(event, PiecePocketed):
        return replace(stroke, pocketed=stroke.pocketed + (event.kind,)), None
    return replace(stroke, off=stroke.off + (event.kind,)), None


def _too_many(board: BoardState, kind: str, count: int) -> Note:
    if kind == QUEEN:
        return Note.of("cr_second_queen")
    if kind == STRIKER:
        return Note.of("cr_second_striker")
    return Note.of("cr_too_many_men", kind=kind, count=count, left=_left(board, kind))


def snapshot_problem(snapshot: PiecesSnapshot) -> Note | None:
    """A reading no real board can give: an unknown kind, more pieces of a kind than exist."""
    for piece in snapshot.pieces:
        if piece.kind not in PIECE_KINDS:
            return Note.of("cr_unknown_kind", kind=str(piece.kind))
    seen_of = counts(snapshot)
    for kind, most in LIMITS.items():
        seen = seen_of[kind]
        if seen > most:
            return Note.of("cr_more_than_exist", kind=kind, seen=seen, most=most)
    return None


def counts(snapshot: PiecesSnapshot) -> dict[str, int]:
    found = dict.fromkeys(PIECE_KINDS, 0)
    for piece in snapshot.pieces:
        if piece.kind in found:
            found[piece.kind] += 1
    return found


def close(stroke: StrokeSoFar, board: BoardState, after: PiecesSnapshot) -> tuple[Stroke | None, Note | None]:
    """The finished stroke, once the settled board agrees with what went down; else
    None and what disagrees (the stroke stays open for a board that agrees)."""
    seen = counts(after)
    for colour in COLOURS:
        expected = _left(board, colour) - stroke.count(colour)
        if seen[colour] != expected:
            return None, Note.of("cr_count_mismatch", kind=colour, seen=seen[colour],
                                 expected=expected)
    queen_expected = _left(board, QUEEN) - stroke.count(QUEEN)
    if seen[QUEEN] != queen_expected:
        return None, Note.of("cr_queen_mismatch", seen=seen[QUEEN], expected=queen_expected)
    return _stroke(stroke, after), None


def as_the_board_shows(stroke: StrokeSoFar, board: BoardState, after: PiecesSnapshot) -> Stroke:
    """The stroke as the settled board shows it, when it disagrees with the pockets
    and people confirm the board (OK): a piece missing from the board went down through
    a pocket unreported (unless it was reported off the board); a piece reported down
    that still lies there did not go down."""
    seen = counts(after)
    pocketed = list(stroke.pocketed)
    for kind in (*COLOURS, QUEEN):
        down = max(0, _left(board, kind) - stroke.off.count(kind) - seen[kind])
        pocketed = [k for k in pocketed if k != kind] + [kind] * down
    return _stroke(replace(stroke, pocketed=tuple(pocketed)), after)


def _stroke(stroke: StrokeSoFar, after: PiecesSnapshot) -> Stroke:
    return Stroke(
        white=stroke.pocketed.count("white"), black=stroke.pocketed.count("black"),
        queen=QUEEN in stroke.pocketed, striker=STRIKER in stroke.pocketed,
        off_white=stroke.off.count("white"), off_black=stroke.off.count("black"),
        off_queen=QUEEN in stroke.off, touched=touched(stroke, after),
        improper=stroke.improper)


def touched(stroke: StrokeSoFar, after: PiecesSnapshot) -> bool:
    """Whether the striker touched a man (it matters at the break, 44): a man or the
    queen went down, jumped off, or lies more than TOUCH_MM from where any piece of its
    kind lay before. Without the board before the stroke, it counts as touched."""
    if stroke.before is None or any(k != STRIKER for k in stroke.pocketed + stroke.off):
        return True
    before = stroke.before.pieces
    for i, piece in enumerate(after.pieces):
        if piece.kind == STRIKER:
            continue
        # A board reports its pieces in the same order stroke after stroke, so the piece
        # at the same place in the list is nearly always the one within reach: checked
        # first, it spares the search of every piece of the kind (the same answer).
        if i < len(before) and before[i].kind == piece.kind and \
                math.hypot(piece.x - before[i].x, piece.y - before[i].y) <= TOUCH_MM:
            continue
        nearest = min((math.hypot(piece.x - p.x, piece.y - p.y) for p in before
                       if p.kind == piece.kind), default=math.inf)
        if nearest > TOUCH_MM:
            return True
    return False


def expected_on_board(state: CarromState) -> dict[str, int]:
    """What the board must show once everything the ruling sent back is in place."""
    board = state.board
    return {"white": board.men[0], "black": board.men[1],
            QUEEN: 1 if board.queen == QUEEN_ON_BOARD else 0}


def placement(state: CarromState, snapshot: PiecesSnapshot, reference: PiecesSnapshot | None,
              board) -> tuple[bool, Note | None]:
    """(done, problem): whether the settled board shows what ``state.to_place`` asked
    for. A board with more pieces than can be there is a problem, and so is a piece put
    back outside the outer circle: a piece lying where none of its kind lay on
    ``reference`` (the board before anything was put back) is one put back. ``board``
    gives the circles (``centre``, ``outer_circle``, ``man_diameter``)."""
    seen, wanted = counts(snapshot), expected_on_board(state)
    for kind, count in wanted.items():
        if seen[kind] > count:
            return False, Note.of("cr_too_many_placed", kind=kind, seen=seen[kind], expected=count)
    if reference is not None and not any(p.piece == "all" for p in state.to_place):
        for piece in put_back(reference, snapshot):
            if not inside_outer_circle(board, piece):
                return False, Note.of("cr_outside_outer_circle", kind=piece.kind, x=round(piece.x),
                                      y=round(piece.y))
    return all(seen[k] == n for k, n in wanted.items()), None


def put_back(reference: PiecesSnapshot, snapshot: PiecesSnapshot) -> list:
    """The pieces (not the striker) of ``snapshot`` lying where none of their kind lay on
    ``reference``."""
    return [p for p in snapshot.pieces if p.kind != STRIKER and
            min((math.hypot(p.x - q.x, p.y - q.y) for q in reference.pieces if q.kind == p.kind),
                default=math.inf) > TOUCH_MM]


def inside_outer_circle(board, piece) -> bool:
    cx, cy = board.centre
    return math.hypot(piece.x - cx, piece.y - cy) + board.man_diameter / 2 <= board.outer_circle / 2 + TOUCH_MM


def still_to_place(state: CarromState, snapshot: PiecesSnapshot | None) -> tuple[Placement, ...]:
    """What is still missing of ``state.to_place``, by the board's last reading."""
    if snapshot is None:
        return state.to_place
    seen, wanted = counts(snapshot), expected_on_board(state)
    missing = []
    for p in state.to_place:
        if p.piece == "all":
            short = sum(max(0, wanted[k] - seen[k]) for k in wanted)
            missing += [replace(p, count=short)] if short else []
        elif p.piece in wanted:
            short = min(p.count, max(0, wanted[p.piece] - seen[p.piece]))
            missing += [replace(p, count=short)] if short else []
    return tuple(missing)
