"""Sample views for benches, screenshots and a look in a window:
``python -m tablegame.families.shove.screen_demo [WxH] [out.png]``."""
from __future__ import annotations

import sys

from tablegame.families.shove.board import ShoveBoard, hapenny_board
from tablegame.core.sensors import CoinReading
from tablegame.families.shove.view import PartyView, ShoveView


def busiest_shove_view(board: ShoveBoard | None = None) -> ShoveView:
    """Ten coins (on beds, on lines, in the gutter, off the board), many marks,
    a long message, the problem and the winner banner: the most a frame draws."""
    board = board or hapenny_board()
    coins = (CoinReading(120.0, 150.0), CoinReading(200.0, 185.0), CoinReading(250.0, 230.0),
             CoinReading(178.0, 133.35), CoinReading(90.0, 300.0), CoinReading(160.0, 345.0),
             CoinReading(15.0, 260.0), CoinReading(300.0, 420.0), CoinReading(-30.0, 200.0),
             CoinReading(178.0, -10.0))
    beds = board.beds
    return ShoveView(
        title="Shove ha'penny",
        board=board,
        coins=coins,
        parties=(PartyView("Stammtisch", "Anna", tuple((3, 2, 3, 1, 3, 0, 2, 3, 1)[:beds]),
                           at_turn=True, score_line="Stechen: 3"),
                 PartyView("Die Gäste aus Köln", "Jürgen", tuple((1, 3, 0, 2, 3, 3, 1, 0, 2)[:beds]),
                           at_turn=False)),
        target=3,
        status="Stammtisch: Anna schiebt, noch 3 Münzen",
        message="Sergeant! Drei Münzen in Feld 5 – eine Markierung geht an Die Gäste aus Köln, "
                "weil Feld 5 schon voll ist",
        problem="Zwei Münzen überlappen in Feld 3: bitte das Brett prüfen",
        winner="Stammtisch gewinnt!",
        link="Brett verbunden",
        hint="OK: weiter · Zurück: rückgängig · Menü: lang drücken",
    )


def quiet_shove_view(board: ShoveBoard | None = None) -> ShoveView:
    """The start of a game: no coins, no marks, no banners."""
    board = board or hapenny_board()
    empty = (0,) * board.beds
    return ShoveView(title="Shove ha'penny", board=board, coins=(),
                     parties=(PartyView("Team A", "", empty, at_turn=True),
                              PartyView("Team B", "", empty, at_turn=False)),
                     target=3, status="Team A beginnt", message="", link="Board connected")


def main(argv: list[str]) -> None:
    import pygame

    from tablegame.display import Display

    size = tuple(int(v) for v in (argv[0] if argv else "1280x720").split("x"))
    with Display(size, caption="Shove demo") as display:
        display.show(busiest_shove_view())
        if len(argv) > 1:
            pygame.image.save(display.surface, argv[1])
            return
        while not any(e.type == pygame.QUIT for e in pygame.event.get()):
            pygame.time.wait(50)


if __name__ == "__main__":
    main(sys.argv[1:])
