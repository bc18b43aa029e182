"""Carrom's state, actions and rulings (docs/rules.md section 5): frozen dataclasses that
round-trip through ``tablegame.core.jsoncodec``. Sides are 0 and 1 (the two parties);
seats are the turn order, going round the table to the right: singles 0, 1; doubles
0, 1, 2, 3 with partners opposite, so seat ``s`` plays for side ``s % 2``. Where a seat
sits at the board (``at_board``: 0 south, 1 east, 2 north, 3 west, docs/protocol.md):
in singles the two players sit opposite, 0 and 2 (ICF: "In singles, the players shall
sit opposite to each other"); in doubles seat and place are the same."""
from __future__ import annotations

from dataclasses import dataclass

from tablegame.words.grammar import party_name

MEN = 9  # per colour
WHITE, BLACK = 0, 1
COLOURS = ("white", "black")
QUEEN_ON_BOARD, QUEEN_PENDING, QUEEN_COVERED = "board", "pending", "covered"
QUEEN_STATES = (QUEEN_ON_BOARD, QUEEN_PENDING, QUEEN_COVERED)
# where a piece goes back: anywhere inside the outer circle without covering the centre
# circle (a due, a man that came back), into the centre circle (queen, jumped pieces),
# or the whole set-up for a new board
OUTER, CENTRE, SETUP = "outer", "centre", "setup"
WIN_POINTS, BOARDS, NO_QUEEN_FROM, QUEEN_POINTS, MOST_PER_BOARD = 25, 8, 22, 3, 12


# -- actions -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Stroke:
    """A finished stroke: what went through the pockets and what jumped off the board.
    ``touched`` matters only at the break (did the striker touch a man);
    ``improper`` is a pushed stroke or an elbow beyond the arrow (76)."""

    white: int = 0
    black: int = 0
    queen: bool = False
    striker: bool = False
    off_white: int = 0
    off_black: int = 0
    off_queen: bool = False
    touched: bool = True
    improper: bool = False

    def pocketed(self, colour: int) -> int:
        return (self.white, self.black)[colour]

    def off(self, colour: int) -> int:
        return (self.off_white, self.off_black)[colour]


@dataclass(frozen=True)
class TechnicalFoul:
    """Touching a man before one's first stroke (63a), or by a player not on turn (63b,
    charged to the side not on turn)."""

    by_player_on_turn: bool = True


@dataclass(frozen=True)
class FoulDuringTurn:
    """Touching a man between strokes (64a)."""


@dataclass(frozen=True)
class LeftSeat:
    """A player of ``side`` left his seat during the board (91)."""

    side: int


@dataclass(frozen=True)
class CoinToss:
    """The coin decided that ``side`` breaks the tie board."""

    side: int


@dataclass(frozen=True)
class Placed:
    """What the last ruling sent back is on the board again (or the board is set up)."""


ACTIONS = (Stroke, TechnicalFoul, FoulDuringTurn, LeftSeat, CoinToss, Placed)


# -- state -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """``count`` pieces of ``piece`` (white, black, queen, or all for a set-up) go ``where``."""

    piece: str
    count: int
    where: str


@dataclass(frozen=True)
class BoardState:
    """One board (a deal, in other games) between the break and its last piece."""

    men: tuple[int, int] = (MEN, MEN)  # white and black men on the board
    white_side: int = 0  # the side that broke, as the board began
    queen: str = QUEEN_ON_BOARD
    queen_side: int | None = None  # who pocketed her, while pending or covered
    owed: tuple[int, int] = (0, 0)  # dues each side owes, not yet taken out
    pocketed_own: tuple[bool, bool] = (False, False)  # each side pocketed an own man (95c)
    break_made: bool = False
    attempts: int = 0  # failed attempts of the side now breaking (45a)
    breaker: int = 0  # the side breaking now (the other side after three failures or a lost break, 45)
    first_stroke: bool = True  # the next stroke is the first of the turn

    def colour(self, side: int) -> int:
        return WHITE if side == self.white_side else BLACK


@dataclass(frozen=True)
class BoardResult:
    winner: int
    points: int
    case: str  # how it ended: all_men (54), left_seat (91), or a last-piece case (102-112)


@dataclass(frozen=True)
class Ruling:
    """What the referee decided on the last action, for the display and scripts."""

    action: str  # the action's type name
    side: int  # whose stroke or foul
    laws: tuple[str, ...] = ()  # the ICF laws applied, e.g. ("72",)
    pocketed: tuple[int, int] = (0, 0)  # white and black men that stay down
    queen: str = ""  # what became of the queen: pending, covered, back, or ""
    returned: tuple[Placement, ...] = ()  # what goes back, and where
    placed_by: int | None = None  # the seat that puts men inside the outer circle
    dues: int = 0  # dues charged by this action
    paid: int = 0  # men taken out as dues now (charged now or owed before)
    owed: int = 0  # dues the side owes afterwards
    turn: str = ""  # kept, passed, attempt, break_passes, break_lost, board_over
    board: BoardResult | None = None
    game_winner: int | None = None
    # the other side's men pocketed on this stroke that go back at once as the dues that side
    # owed (72b, 78a); the striker places them himself (78b.ii)
    opponent_paid: int = 0
    opponent_placed_by: int | None = None


@dataclass(frozen=True)
class CarromState:
    players: tuple[tuple[str, ...], ...]  # the two sides' players
    board: BoardState = BoardState()
    seat: int = 0  # whose turn
    scores: tuple[int, int] = (0, 0)
    boards_played: int = 0
    results: tuple[BoardResult, ...] = ()
    to_place: tuple[Placement, ...] = ()  # the table waits until these are put back
    toss_pending: bool = False  # a tie after the eighth board: a coin decides the break
    over: bool = False
    ruling: Ruling | None = None

    @property
    def seats(self) -> int:
        return 2 * len(self.players[0])

    @property
    def doubles(self) -> bool:
        return self.seats == 4

    @property
    def side(self) -> int:
        return self.seat % 2

    def player(self, seat: int) -> str:
        return self.players[seat % 2][seat // 2]

    def at_board(self, seat: int) -> int:
        """Where ``seat`` sits at the board, 0 to 3 round to the right from the south:
        the base line its player strikes from (singles: 0 and 2, opposite)."""
        return seat * 4 // self.seats

    def party_name(self, side: int) -> str:
        return party_name(self.players[side])
