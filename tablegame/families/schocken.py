"""Schocken (RULES.md §4), the whole evening."""
from tablegame.families import Family, Game, Option

FAMILY = Family(
    name="schocken",
    games=(Game("schocken", {"de": "Schocken", "en": "Schocken"}, "tablegame.games.schocken:SchockenRules",
                options=(Option("deckel", 13, int, {"de": "Deckel im Spiel", "en": "Deckel in play"},
                                low=13, high=17),
                         Option("ranking", "schock-beats-general", str,
                                {"de": "Rangfolge", "en": "ranking"},
                                choices=("schock-beats-general", "value-first")),
                         Option("assembled", True, bool, {"de": "zusammengesetzte Würfe zählen",
                                                          "en": "assembled throws count"}))),),
    play="tablegame.play.schocken:schocken_play",
    menu=(("schocken", {}), ("schocken", {"ranking": "value-first"}), ("schocken", {"assembled": False})),
    solo=True,
    screen="hardware.display.schocken:SchockenScreen",
    view_type="tablegame.views.schocken:SchockenView",
    hands="tablegame.desktop.schocken:SchockenHands",
    script="tablegame.script_schocken",
    texts="tablegame.texts.schocken",
    settings=(Option("dice", "table", str,
                     {"de": "Würfel: die eigenen des Tischs (der Pi würfelt) oder der Würfelleser des Bretts",
                      "en": "Schocken's dice: the table's own (rolled by the Pi) or the board's dice reader"},
                     choices=("table", "reader")),),
    order=3,
)
