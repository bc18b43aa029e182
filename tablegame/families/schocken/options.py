"""The house-rule options of Schocken (docs/rules.md §4), checked once."""
from __future__ import annotations

from dataclasses import dataclass

from tablegame.families.schocken.ranking import (DEFAULT_DECKEL, DEFAULT_RANKING, RANKINGS,
                                              Evaluation, evaluate)


@dataclass(frozen=True)
class SchockenOptions:
    deckel: int = DEFAULT_DECKEL        # Deckel in play, 13 to 17
    ranking: str = DEFAULT_RANKING      # "schock-beats-general" or "value-first"
    assembled: bool = True              # False: Straße/General only "auf Hand"

    @classmethod
    def parse(cls, **options) -> "SchockenOptions":
        """The options given by name; ValueError names an unknown or bad option."""
        known = {"deckel", "ranking", "assembled"}
        for name in options:
            if name not in known:
                raise ValueError(f"unknown Schocken option {name!r}; "
                                 f"known: {', '.join(sorted(known))}")
        result = cls(**options)
        if type(result.deckel) is not int or not 13 <= result.deckel <= 17:
            raise ValueError(f"option 'deckel' must be a whole number from 13 to 17, "
                             f"got {result.deckel!r}")
        if result.ranking not in RANKINGS:
            raise ValueError(f"option 'ranking' must be one of {', '.join(RANKINGS)}, "
                             f"got {result.ranking!r}")
        if type(result.assembled) is not bool:
            raise ValueError(f"option 'assembled' must be True or False, "
                             f"got {result.assembled!r}")
        return result

    def evaluate(self, dice, at_once: bool, throws: int) -> Evaluation:
        return evaluate(dice, at_once=at_once, throws=throws, ranking=self.ranking,
                        assembled=self.assembled, deckel_total=self.deckel)
