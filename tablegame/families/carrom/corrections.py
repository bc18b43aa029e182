"""Carrom's corrections as engine actions: the fouls the sensors cannot see (ICF 63, 64, 91),
entered on the staff page or from the rail buttons' foul menu, and confirming that what a
ruling sent back is on the board. Staff count parties from 1, the engine's sides from 0."""
from tablegame.families.carrom.state import FoulDuringTurn, LeftSeat, Placed, TechnicalFoul


def technical_foul() -> TechnicalFoul:
    return TechnicalFoul(True)


def technical_foul_other() -> TechnicalFoul:
    return TechnicalFoul(False)


def foul_during_turn() -> FoulDuringTurn:
    return FoulDuringTurn()


def left_seat(party: int) -> LeftSeat:
    return LeftSeat(party - 1)


def placed() -> Placed:
    return Placed()
