"""Shove ha'penny and Shove piecepack."""
from tablegame.families import Family, Game, Option

_BEDS = Option("beds", 7, int, {"de": "Anzahl der Betten", "en": "number of beds"}, low=2, high=7)
_PROGRESSIVE = Option("progressive", False, bool, {"de": "progressive Wertung", "en": "progressive scoring"})
_FLICK = Option("flick", False, bool, {"de": "Schnippen erlaubt", "en": "flicking allowed"})

FAMILY = Family(
    name="shove",
    games=(Game("shove-hapenny", {"de": "Shove Ha'penny", "en": "Shove ha'penny"},
                "tablegame.games.shove:hapenny"),
           Game("shove-piecepack", {"de": "Shove Piecepack", "en": "Shove piecepack"},
                "tablegame.games.shove:piecepack", options=(_BEDS, _PROGRESSIVE, _FLICK))),
    play="tablegame.play.shove:ShovePlay",
    menu=(("shove-hapenny", {}), ("shove-piecepack", {}), ("shove-piecepack", {"progressive": True}),
          ("shove-piecepack", {"flick": True}), ("shove-piecepack", {"beds": 5})),
    solo=False,
    screen="hardware.display.shove:ShoveScreen",
    view_type="tablegame.views.shove:ShoveView",
    hands="tablegame.desktop.shove:ShoveHands",
    script="tablegame.script:run_script",
    texts="tablegame.texts",
)
