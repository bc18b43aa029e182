"""Carrom by the ICF laws: singles (two sides of one) or doubles (two sides of two, partners
opposite), chosen by the parties; no options."""
from tablegame.registry import Command, Correction, Family, Game, Option


def _mm(name, default, de, en, low, high) -> Option:
    return Option(name, default, float, {"de": de, "en": en}, low=low, high=high)


# [boards.carrom]: the ICF board's sizes (docs/rules.md §5), masses and the simulation's surface
_BOARD = (
    _mm("size", 740.0, "Spielfläche (mm)", "playing surface (mm)", 300.0, 1200.0),
    _mm("pocket_diameter", 44.5, "Loch (mm)", "pocket diameter (mm)", 10.0, 100.0),
    _mm("centre_circle", 31.8, "Mittelkreis (mm)", "centre circle (mm)", 5.0, 200.0),
    _mm("outer_circle", 170.0, "äußerer Kreis (mm)", "outer circle (mm)", 20.0, 600.0),
    _mm("base_line_length", 470.0, "Grundlinie (mm)", "base line length (mm)", 50.0, 1000.0),
    _mm("base_line_distance", 101.5, "Grundlinie vom Rand (mm)", "base line from the cushion (mm)",
        10.0, 400.0),
    _mm("base_circle", 31.8, "Grundkreis (mm)", "base circle (mm)", 5.0, 100.0),
    _mm("man_diameter", 31.0, "Stein (mm)", "man diameter (mm)", 5.0, 100.0),
    _mm("man_mass", 5.3, "Stein (g)", "man mass (g)", 0.5, 50.0),
    _mm("striker_diameter", 41.3, "Striker (mm)", "striker diameter (mm)", 5.0, 100.0),
    _mm("striker_mass", 15.0, "Striker (g)", "striker mass (g)", 0.5, 100.0),
    _mm("friction", 0.15, "Gleitreibung", "sliding friction", 0.01, 2.0),
    _mm("restitution", 0.85, "Stoßzahl Stein an Stein", "restitution piece on piece", 0.0, 1.0),
    _mm("cushion_restitution", 0.65, "Stoßzahl an der Bande", "restitution at the cushion", 0.0, 1.0),
)

FAMILY = Family(
    name="carrom",
    games=(Game("carrom", {"de": "Carrom", "en": "Carrom"}, "tablegame.families.carrom.rules:CarromRules",
                board=_BOARD),),
    play="tablegame.families.carrom.play:carrom_play",
    menu=(("carrom", {}),),
    solo=False,
    screen="tablegame.families.carrom.screen:CarromScreen",
    view_type="tablegame.families.carrom.view:CarromView",
    hands="tablegame.families.carrom.hands:CarromHands",
    script="tablegame.families.carrom.script",
    texts="tablegame.families.carrom.texts",
    calibration="tablegame.families.carrom.calibration:calibration",
    # the fouls the sensors cannot see (the rail buttons' foul menu has them too), and
    # confirming that what a ruling sent back is on the board
    corrections=(
        Correction("technical_foul", {"de": "Technisches Foul des Spielers am Zug",
                                      "en": "Technical foul by the player on turn"},
                   (), "tablegame.families.carrom.corrections:technical_foul"),
        Correction("technical_foul_other", {"de": "Technisches Foul der Seite nicht am Zug",
                                            "en": "Technical foul by the side not on turn"},
                   (), "tablegame.families.carrom.corrections:technical_foul_other"),
        Correction("foul_during_turn", {"de": "Foul während des Zuges", "en": "Foul during the turn"},
                   (), "tablegame.families.carrom.corrections:foul_during_turn"),
        Correction("left_seat", {"de": "Platz verlassen", "en": "Left the seat"},
                   (Option("party", 1, int, {"de": "Partei (1 oder 2)", "en": "Party (1 or 2)"}),),
                   "tablegame.families.carrom.corrections:left_seat"),
        Correction("placed", {"de": "Zurückgelegt: bestätigen", "en": "Put back: confirm"},
                   (), "tablegame.families.carrom.corrections:placed"),
    ),
    commands=(Command("carrom-ruling", "apply strokes and fouls to a described Carrom position and print "
                                        "the rulings (docs/carrom-positions.md)",
                      (("path", {"metavar": "FILE.json", "help": "the position and its strokes, as "
                                                                    "docs/carrom-positions.md describes"}),
                       ("--language", {"choices": ("de", "en"),
                                       "help": "the rulings' language (default: the file's, else de)"})),
                      "tablegame.families.carrom.position:command"),),
    order=4,
)
