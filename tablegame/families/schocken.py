"""Schocken."""
from tablegame.families import Family, Game, Option

FAMILY = Family(
    name="schocken",
    games=(Game("schocken", {"de": "Schocken", "en": "Schocken"}, "tablegame.games.schocken:SchockenRules",
                options=(Option("ranking", "standard", str, {"de": "Rangfolge", "en": "ranking"},
                                choices=("standard", "value-first")),
                         Option("assembled", True, bool, {"de": "zusammengesetzte Würfe zählen",
                                                          "en": "assembled throws count"}))),),
    play="tablegame.play.schocken:SchockenPlay",
    menu=(("schocken", {}), ("schocken", {"ranking": "value-first"}), ("schocken", {"assembled": False})),
    solo=True,
    screen="hardware.display.schocken:SchockenScreen",
    view_type="tablegame.views.schocken:SchockenView",
    hands="tablegame.desktop.schocken:SchockenHands",
    script="tablegame.script_schocken",
    texts="tablegame.texts.schocken",
)
