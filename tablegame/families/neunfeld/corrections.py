"""Neunfeld's correction as an engine action: take the game back to a move (0: the start)."""
from tablegame.families.neunfeld.rules import TakeBack


def take_back(move: int) -> TakeBack:
    return TakeBack(move)
