"""Shove ha'penny and Shove piecepack (docs/rules.md §1 and §2)."""
from tablegame.registry import Correction, Family, Game, Option


def _opt(name, default, kind, de, en, **more) -> Option:
    return Option(name, default, kind, {"de": de, "en": en}, **more)


def _options(beds: int, most_beds: int, target: int, equal_turns: bool) -> tuple[Option, ...]:
    """The rules options of a Shove game, with that game's defaults."""
    return (
        _opt("beds", beds, int, "Anzahl der Betten", "number of beds", low=2, high=most_beds),
        _opt("target", target, int, "Striche je Bett zum Sieg", "marks needed in every bed",
             low=1, high=9),
        _opt("coins_per_turn", 5, int, "Münzen je Zug", "coins per turn", low=1, high=10),
        _opt("equal_turns", equal_turns, bool, "gleich viele Züge", "equal turns"),
        _opt("tie_break", "play-off", str, "bei Gleichstand", "when both complete",
             choices=("play-off", "draw")),
        _opt("progressive", False, bool, "progressive Wertung", "progressive scoring"),
        _opt("flick", False, bool, "Schnippen erlaubt", "flicking allowed"),
    )


_MM = dict(low=0.0, high=2000.0)
_COINS = _opt("coins", 10, int, "Münzen auf dem Brett", "coins on the board", low=2, high=20)
_FRAME = _opt("frame", 60.0, float, "Rahmen (mm)", "frame (mm)", **_MM)

FAMILY = Family(
    name="shove",
    games=(Game("shove-hapenny", {"de": "Shove ha'penny", "en": "Shove ha'penny"},
                "tablegame.families.shove.rules:hapenny", options=_options(9, 9, 3, True),
                board=(_opt("width", 356.0, float, "Breite (mm)", "width (mm)", low=50.0, high=2000.0),
                       _opt("length", 508.0, float, "Länge (mm)", "length (mm)", low=50.0, high=3000.0),
                       _opt("first_line", 101.6, float, "erste Linie (mm)", "first line (mm)", **_MM),
                       _opt("line_spacing", 31.75, float, "Linienabstand (mm)", "line spacing (mm)",
                            low=1.0, high=500.0),
                       _opt("line_width", 0.8, float, "Linienbreite (mm)", "line width (mm)",
                            low=0.0, high=20.0),
                       _opt("side_line", 31.75, float, "Seitenlinie (mm)", "side line (mm)", **_MM),
                       _opt("coin_diameter", 25.4, float, "Münze (mm)", "coin diameter (mm)",
                            low=1.0, high=100.0),
                       _FRAME, _COINS)),
           Game("shove-piecepack", {"de": "Shove piecepack", "en": "Shove piecepack"},
                "tablegame.families.shove.rules:piecepack", options=_options(7, 7, 1, False),
                board=(_opt("tile", 50.8, float, "Kachel (mm)", "tile (mm)", low=5.0, high=500.0),
                       _opt("gap", 3.0, float, "Spalt (mm)", "gap (mm)", low=0.0, high=50.0),
                       _opt("coin_diameter", 19.0, float, "Münze (mm)", "coin diameter (mm)",
                            low=1.0, high=100.0),
                       _FRAME, _COINS))),
    play="tablegame.families.shove.play:shove_play",
    menu=(("shove-hapenny", {}), ("shove-piecepack", {}), ("shove-piecepack", {"progressive": True}),
          ("shove-piecepack", {"flick": True}), ("shove-piecepack", {"beds": 5})),
    solo=False,
    screen="tablegame.families.shove.screen:ShoveScreen",
    view_type="tablegame.families.shove.view:ShoveView",
    hands="tablegame.families.shove.hands:ShoveHands",
    script="tablegame.families.shove.script",
    texts="tablegame.families.shove.texts",
    calibration="tablegame.families.shove.calibration:calibration",
    settings=(_opt("moved_coin", "warn", str, "eine Münze bewegt, die nichts getroffen hat: warn (die Wertung "
                   "gilt) oder restore (warten, bis sie zurückliegt)",
                   "a coin moved that nothing hit: warn (the score stands) or restore (wait "
                   "until it is back)", choices=("warn", "restore")),),
    corrections=(Correction("marks", {"de": "Striche eines Betts", "en": "A bed's marks"},
                            (_opt("party", 1, int, "Partei (1 oder 2)", "Party (1 or 2)"),
                             _opt("bed", 1, int, "Bett", "Bed"),
                             _opt("marks", 0, int, "Striche", "Marks")),
                            "tablegame.families.shove.corrections:marks"),),
    order=1,
)
