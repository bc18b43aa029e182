"""Neunfeld with Miwin's dice (docs/rules.md §3)."""
from tablegame.registry import Correction, Family, Game, Option

FAMILY = Family(
    name="neunfeld",
    games=(Game("neunfeld", {"de": "Neunfeld", "en": "Neunfeld"}, "tablegame.families.neunfeld.rules:NeunfeldRules",
                options=(Option("strict", False, bool, {"de": "strenge Regeln", "en": "strict rules"}),),
                play_options=(Option("table_plays", None, int, {"de": "der Tisch spielt Partei",
                                                                "en": "the table plays party"},
                                     low=0, high=1),)),),
    play="tablegame.families.neunfeld.play:neunfeld_play",
    menu=(("neunfeld", {}), ("neunfeld", {"strict": True}), ("neunfeld", {"table_plays": 1})),
    solo=True,
    screen="tablegame.families.neunfeld.screen:NeunfeldScreen",
    view_type="tablegame.families.neunfeld.view:NeunfeldView",
    hands="tablegame.families.neunfeld.hands:NeunfeldHands",
    script="tablegame.families.neunfeld.script",
    texts="tablegame.families.neunfeld.texts",
    corrections=(
        Correction("take_back", {"de": "Zurücknehmen bis zu einem Zug", "en": "Take back to a move"},
                   (Option("move", 0, int, {"de": "zurück bis Zug (0: die Anfangsstellung)",
                                            "en": "back to move (0: the start position)"}, low=0),),
                   "tablegame.families.neunfeld.corrections:take_back"),
    ),
    settings=(Option("solver_cache", "", str,
                     {"de": "Neunfelds gelöste Stellungen; leer: neunfeld-solution.bin neben dem Protokoll",
                      "en": "Neunfeld's solved positions; empty: neunfeld-solution.bin beside the event log"}),),
    order=2,
)
