"""The Carrom screen as plain data, already in the chosen language: the play builds it
from the game state and the board's last reading; the display only draws it."""
from __future__ import annotations

from dataclasses import dataclass

from tablegame.core.sensors import PieceReading


@dataclass(frozen=True)
class BoardGeometry:
    """What the screen needs to draw an ICF board (mm), read from the physics' board."""

    size: float
    pocket_diameter: float
    centre_circle: float
    outer_circle: float
    base_line_length: float
    base_line_distance: float
    base_circle: float
    man_diameter: float
    striker_diameter: float

    def seen_from(self, seat: int, along: float, ahead: float) -> tuple[float, float]:
        """Board coordinates of a point ``along`` seat ``seat``'s cushion to the player's
        right of its middle and ``ahead`` of it (seats go round to the right, as in the
        physics: seat k sees seat 0's view turned k quarter turns anticlockwise)."""
        x, y = self.size / 2 + along, ahead
        for _ in range(seat % 4):
            x, y = self.size - y, x
        return x, y

    def seat_view(self, seat: int, x: float, y: float) -> tuple[float, float]:
        """(along, ahead) of board point (x, y) as seat ``seat`` sees it: ``seen_from`` undone."""
        for _ in range(seat % 4):
            x, y = y, self.size - x
        return x - self.size / 2, y


@dataclass(frozen=True)
class SideView:
    name: str                  # "Anna" or "Anna & Carl"
    colour: int                # 0 white, 1 black (this board)
    men: str                   # "Weiß · 7 Steine auf dem Brett"
    owed: str                  # "schuldet 1", or ""
    score: int                 # game points
    score_text: str            # "12 Punkte"
    boards: str                # "Boards: 5, 7" (points of each board won)
    at_turn: bool
    player: str = ""           # in doubles: who of the side strikes next, with the seat
    men_count: int = 9         # its men on the board (the screen writes it on a man)


@dataclass(frozen=True)
class CarromView:
    title: str                          # "Carrom – Einzel"
    board: BoardGeometry
    pieces: tuple[PieceReading, ...]    # as the board last reported them, moving or not
    parties: tuple[SideView, SideView]    # side 0 and side 1 (the staff page reads "parties")
    board_number: str                   # "Board 3 von 8" / "Entscheidungsboard"
    queen: str                          # the queen's state in words
    queen_side: int | None              # whose she is (pending or covered), for the colour
    status: str                         # the big line: who strikes, or what the table waits for
    to_place: tuple[str, ...]           # "Weiß: 2 Steine in den äußeren Kreis setzen", ...
    ruling: tuple[str, ...]             # the last ruling, line by line
    message: str                        # the last event in words
    problem: str | None = None          # what is wrong; the table waits
    board_winner: str | None = None     # "Anna gewinnt das Board: 5 Punkte (...)"
    winner: str | None = None           # the game's result banner
    menu: tuple[str, ...] = ()          # the foul menu's entries while it is open
    menu_index: int = -1                # the highlighted entry
    menu_title: str = ""
    improper: str = ""                  # "Nächster Stoß: unsauber" while armed
    seat: int = 0                       # the seat on turn (0 south, 1 east, 2 north, 3 west)
    aim: tuple[float, float, float, float] | None = None  # desktop: striker (x, y) -> aimed at (x, y), mm
    link: str = ""
    hint: str = ""
