"""What the table says of a match the venue started (``tablegame.core.match``), in German
and English, merged into ``tablegame.texts.TEXTS``; the venue's pages say the same."""
from __future__ import annotations

TEXTS = {
    "de": {
        "match_final": "Finale",
        "match_semi_final": "Halbfinale",
        "match_quarter_final": "Viertelfinale",
        "match_last_16": "Achtelfinale",
        "match_round": "Runde {number}",
        "match_board": "Brett {number}",
        "match_versus": "{a} gegen {b}",
        "match_title": "{stage}: {sides}",
        # a league match between two pubs: a move of a party that plays elsewhere
        "match_elsewhere_turn": "{name} ist am Zug und spielt im {where}",
        "match_here_turn": "{name} ist am Zug, hier an diesem Tisch",
        "match_own_board": "Was ein Brett sieht, zählt nur an seinem eigenen Tisch",
    },
    "en": {
        "match_final": "Final",
        "match_semi_final": "Semi-final",
        "match_quarter_final": "Quarter-final",
        "match_last_16": "Last 16",
        "match_round": "Round {number}",
        "match_board": "Board {number}",
        "match_versus": "{a} v {b}",
        "match_title": "{stage}: {sides}",
        "match_elsewhere_turn": "{name} is on turn, playing at {where}",
        "match_here_turn": "{name} is on turn, here at this table",
        "match_own_board": "What a board sees counts at its own table only",
    },
}
