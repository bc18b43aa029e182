"""Shove's correction as an engine action: a bed's marks. Staff count parties from 1, the
engine from 0."""
from tablegame.families.shove.rules import SetMarks


def marks(party: int, bed: int, marks: int) -> SetMarks:
    return SetMarks(party - 1, bed, marks)
