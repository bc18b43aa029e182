"""Schocken (RULES.md §4), the whole evening."""
from tablegame.families import Correction, Family, Game, Option

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
    corrections=(
        Correction("deckel", {"de": "Deckel eines Spielers", "en": "A player's Deckel"},
                   (Option("player", 1, int, {"de": "Spieler (Nummer auf dem Zettel)",
                                              "en": "Player (number on the sheet)"}, low=1, high=10),
                    Option("deckel", 0, int, {"de": "Deckel", "en": "Deckel"}, low=0, high=17)),
                   "tablegame.families.schocken:set_deckel"),
        Correction("half", {"de": "Hälfte verloren", "en": "Half lost"},
                   (Option("player", 1, int, {"de": "verloren hat Spieler (Nummer auf dem Zettel)",
                                              "en": "Lost by player (number on the sheet)"},
                           low=1, high=10),),
                   "tablegame.families.schocken:half_lost"),
    ),
    settings=(Option("dice", "table", str,
                     {"de": "Würfel: die eigenen des Tischs (der Pi würfelt) oder der Würfelleser des Bretts",
                      "en": "Schocken's dice: the table's own (rolled by the Pi) or the board's dice reader"},
                     choices=("table", "reader")),),
    order=3,
)


# The corrections' actions: staff count players from 1, the engine's seats from 0.
def set_deckel(player: int, deckel: int):
    from tablegame.games.schocken import SetDeckel
    return SetDeckel(player - 1, deckel)


def half_lost(player: int):
    from tablegame.games.schocken import HalfLost
    return HalfLost(player - 1)
