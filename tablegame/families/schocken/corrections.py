"""Schocken's corrections as engine actions: a player's Deckel, and who lost a half.
Staff count players from 1 (their number on the sheet), the engine's seats from 0."""
from tablegame.families.schocken.rules import HalfLost, SetDeckel


def set_deckel(player: int, deckel: int) -> SetDeckel:
    return SetDeckel(player - 1, deckel)


def half_lost(player: int) -> HalfLost:
    return HalfLost(player - 1)
