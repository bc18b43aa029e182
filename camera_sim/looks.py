"""How a table looks to the camera: the board's material, its markings' ink, each kind of
piece's colour and finish, and the faults of the camera that films it. The project's own
colours (camera_board/layout.py) are one look, ``CLASSIC``; real boards and sets differ far
more (issue 27), so the corpora draw each installation in a look chosen from its seed.

The looks come in two **families** of different materials and colours, not only other
seeds (docs/camera.md, "Looks"):

- ``TUNING``: what the camera may be tuned on (oak, light plywood, a painted board, green
  felt; brass and bronze coins; ivory and natural-wood men, black men, a red queen, pale
  strikers; white dice with black pips).
- ``HELD_OUT``: what the figures are quoted on, never looked at while tuning (mahogany,
  slate, dark plywood, walnut, blue and red cloth; silver and dark coins; brown-wood men
  with printed labels, dark-stained men, a pinkish queen, orange and yellow strikers with
  rings; ivory and red dice).

A look is drawn from a family's *materials* with each colour shifted a little (no two sets
alike); the camera's faults (JPEG, white balance, vignetting, defocus, noise, a rolling
shutter) are drawn from one range for both families: they are the camera's, not the set's.
Every choice comes from the ``numpy.random.Generator`` passed in: a seed, a look."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from camera_board.dice_layout import DARK_PIP, MIWIN_BODIES, NEUNFELD_PIECE, WHITE_DIE, WHITE_PIP
from camera_board.layout import FRAME_SHOVE, INK, PIECE_COLOURS, RED_INK, WOOD_SHOVE

BGR = tuple[int, int, int]
FAMILIES = ("tuning", "held-out")


@dataclass(frozen=True)
class Material:
    """A surface seen straight down under neutral light: its mean colour and its texture."""
    name: str
    colour: BGR
    grain: float = 0.0        # wood grain's contrast (0: none, 0.3: strong)
    grain_mm: float = 2.5     # the grain's line spacing
    figure: float = 0.0       # broad mottling (slate's cloudiness, a cloth's wear, stain): contrast
    fibre: float = 0.0        # fine speckle (felt, slate's grit): contrast
    gloss: float = 0.0        # a lacquered board's sheen under the lamp (0 to 1)


@dataclass(frozen=True)
class Finish:
    """One kind of piece: the colour of its top, its side wall, and what is on its top."""
    name: str
    colour: BGR
    rim: BGR | None = None          # the side wall (None: the top's colour, shaded)
    pattern: str = "plain"          # plain, grain, label, rings, emboss, patina
    ink: BGR = (30, 30, 30)         # the pattern's colour (label print, rings)
    gloss: float = 1.0              # the lamp's highlight, a share of the light's specular
    texture: float = 0.0            # the pattern's strength (grain, emboss, patina)


@dataclass(frozen=True)
class Faults:
    """A real camera's faults, applied to the picture after the light (camera_sim/faults.py)."""
    jpeg: int = 0                   # JPEG quality the frames went through (0: none)
    white_balance: tuple[float, float, float] = (1.0, 1.0, 1.0)   # gains on B, G, R (±15 %: off)
    vignetting: float = 0.0         # how much darker the picture's corners are (0.3: 30 %)
    defocus: float = 0.0            # a defocused lens's blur disc, radius in pixels
    bayer: bool = False             # the sensor's colour mosaic, demosaiced
    rolling_shutter: float = 0.0    # s from the picture's top row to its bottom (a moving piece leans)


@dataclass(frozen=True)
class Look:
    """One installation's table as the camera sees it. ``pieces``: (kind, Finish) pairs
    (kinds of camera_sim/scene.py's pieces, and ``die``/``pip``/``miwin III``.. for dice)."""
    name: str
    family: str                     # classic, tuning or held-out
    surface: Material
    frame: Material
    ink: BGR = INK
    red_ink: BGR = RED_INK
    tray: Material | None = None    # Schocken's set-aside tray
    pieces: tuple[tuple[str, Finish], ...] = ()
    powder: float = 0.0             # boric powder dusted on a Carrom board (0 to 1)
    faults: Faults = field(default_factory=Faults)
    heights: tuple[tuple[str, float], ...] = ()   # (kind, mm): how thick this set's pieces are

    def finish(self, kind: str) -> Finish:
        return dict(self.pieces)[kind]

    @property
    def classic(self) -> bool:
        return self.family == "classic"


def _plain(name: str, colour: BGR) -> Material:
    return Material(name, colour)


# The project's own colours: the renderer draws exactly what it always drew with this look.
CLASSIC = Look(
    "classic", "classic", _plain("classic wood", WOOD_SHOVE), _plain("classic frame", FRAME_SHOVE),
    pieces=(*((k, Finish("classic", c)) for k, c in PIECE_COLOURS.items()),
            ("die", Finish("classic", WHITE_DIE)), ("pip", Finish("classic", DARK_PIP))))

# -- the materials, by family -------------------------------------------------------------------
# (game, part) -> materials. Parts: surface, frame, tray.
SURFACES = {
    "tuning": {
        "shove": (Material("oak", (85, 130, 175), grain=0.22, grain_mm=2.2, figure=0.05, gloss=0.3),
                  Material("beech", (110, 160, 205), grain=0.12, grain_mm=1.6, figure=0.04, gloss=0.2),
                  Material("painted green", (55, 95, 50), figure=0.04, fibre=0.02, gloss=0.15)),
        "carrom": (Material("light plywood", (150, 198, 228), grain=0.12, grain_mm=3.0, figure=0.04, gloss=0.35),
                   Material("teak plywood", (105, 150, 195), grain=0.16, grain_mm=2.6, figure=0.05, gloss=0.3),
                   Material("painted cream", (175, 215, 230), figure=0.03, fibre=0.02, gloss=0.2)),
        "schocken": (Material("green felt", (50, 100, 42), figure=0.05, fibre=0.08),
                     Material("olive felt", (60, 110, 85), figure=0.05, fibre=0.08)),
        "neunfeld": (Material("pale plywood", (140, 192, 225), grain=0.12, grain_mm=3.0, figure=0.04, gloss=0.2),
                     Material("painted grey", (150, 155, 150), figure=0.03, fibre=0.02)),
    },
    "held-out": {
        "shove": (Material("mahogany", (45, 62, 118), grain=0.25, grain_mm=1.8, figure=0.08, gloss=0.4),
                  Material("slate", (82, 78, 72), figure=0.12, fibre=0.06, gloss=0.1),
                  Material("walnut", (50, 72, 98), grain=0.2, grain_mm=2.0, figure=0.08, gloss=0.3)),
        "carrom": (Material("dark plywood", (85, 125, 170), grain=0.16, grain_mm=2.4, figure=0.07, gloss=0.35),
                   Material("honey plywood", (95, 165, 215), grain=0.14, grain_mm=2.8, figure=0.05, gloss=0.4),
                   Material("painted white", (210, 220, 222), figure=0.03, fibre=0.02, gloss=0.25)),
        "schocken": (Material("blue cloth", (115, 62, 28), figure=0.05, fibre=0.1),
                     Material("red cloth", (40, 36, 125), figure=0.05, fibre=0.1),
                     Material("beige cloth", (150, 175, 190), figure=0.05, fibre=0.08)),
        "neunfeld": (Material("cherry", (60, 95, 150), grain=0.18, grain_mm=2.0, figure=0.05, gloss=0.3),
                     Material("slate", (82, 78, 72), figure=0.12, fibre=0.06)),
    },
}
FRAMES = {
    "tuning": (Material("dark wood", (35, 55, 85), grain=0.15, grain_mm=2.0),
               Material("black lacquer", (28, 28, 32), gloss=0.5),
               Material("stained oak", (45, 75, 110), grain=0.18, grain_mm=2.2)),
    "held-out": (Material("mahogany frame", (35, 45, 90), grain=0.2, grain_mm=1.8),
                 Material("natural frame", (95, 140, 180), grain=0.18, grain_mm=2.2),
                 Material("grey frame", (70, 70, 70), figure=0.05)),
}
TRAYS = {"tuning": (Material("tray oak", (70, 105, 150), grain=0.2, grain_mm=2.0),),
         "held-out": (Material("tray walnut", (45, 65, 90), grain=0.2, grain_mm=1.8),
                      Material("tray black", (35, 35, 38)))}
INKS = {"tuning": ((25, 25, 25), (40, 40, 170)),
        "held-out": ((30, 40, 60), (45, 30, 120))}    # burnt-brown lines, maroon circles

# kind -> finishes
FINISHES = {
    "tuning": {
        "coin": (Finish("brass", (60, 150, 200), (40, 110, 160), "emboss", gloss=1.0, texture=0.5),      # brass
                 Finish("worn bronze", (55, 95, 140), (40, 70, 105), "patina", gloss=0.5, texture=0.5)),      # worn bronze
        "white": (Finish("ivory", (215, 235, 245), (170, 195, 210), "rings", (180, 200, 215), gloss=0.8, texture=0.3),
                  Finish("natural wood", (150, 195, 225), (110, 150, 185), "grain", gloss=0.5, texture=0.3)),   # natural wood
        "black": (Finish("black", (35, 35, 40), (25, 25, 28), "rings", (55, 55, 60), gloss=0.9, texture=0.3),),
        "queen": (Finish("red", (40, 40, 190), (30, 30, 140), "rings", (60, 60, 210), gloss=0.9, texture=0.3),),
        "striker": (Finish("pale blue", (225, 200, 160), (190, 165, 130), "plain", gloss=1.0),
                    Finish("white ringed", (235, 238, 238), (200, 205, 205), "rings", (150, 150, 150), gloss=1.0, texture=0.4)),
        "die": (Finish("white", WHITE_DIE),),
        "pip": (Finish("black", DARK_PIP),),
        "neunfeld": (Finish("yellow", NEUNFELD_PIECE, (20, 150, 180), "plain", gloss=0.8),),
        "miwin": (Finish("blue", MIWIN_BODIES[0]), Finish("red", MIWIN_BODIES[1]), Finish("black", MIWIN_BODIES[2]),
                  Finish("white", WHITE_PIP)),
    },
    "held-out": {
        "coin": (Finish("silver", (185, 185, 180), (140, 140, 138), "emboss", gloss=1.0, texture=0.6),   # silver
                 Finish("dark old penny", (40, 55, 75), (30, 40, 55), "patina", gloss=0.4, texture=0.6),        # a dark old penny
                 Finish("copper", (70, 110, 175), (50, 80, 130), "emboss", gloss=0.8, texture=0.5)),   # copper
        "white": (Finish("brown wood labelled", (95, 140, 185), (70, 105, 140), "label", (40, 40, 150), gloss=0.5, texture=0.3),  # brown wood
                  Finish("cream labelled", (175, 205, 220), (130, 160, 180), "label", (60, 60, 60), gloss=0.6, texture=0.3)),
        "black": (Finish("dark-stained", (35, 50, 70), (25, 35, 50), "grain", gloss=0.6, texture=0.3),           # dark-stained
                  Finish("black labelled", (45, 35, 35), (30, 25, 25), "label", (90, 90, 90), gloss=0.7, texture=0.3)),
        "queen": (Finish("pinkish", (140, 115, 215), (110, 90, 170), "rings", (120, 95, 195), gloss=0.8, texture=0.3),  # pinkish
                  Finish("dark red labelled", (50, 35, 140), (35, 25, 100), "label", (200, 200, 200), gloss=0.8, texture=0.3)),
        "striker": (Finish("orange ringed", (40, 125, 235), (30, 95, 180), "rings", (30, 40, 120), gloss=1.0, texture=0.5),   # orange
                    Finish("yellow ringed", (40, 210, 235), (30, 160, 180), "rings", (40, 90, 160), gloss=1.0, texture=0.5)),  # yellow
        "die": (Finish("ivory", (200, 225, 235)), Finish("red", (45, 45, 170))),
        "pip": (Finish("brown", (60, 40, 30)), Finish("white", (235, 235, 235))),                            # (by the die above)
        "neunfeld": (Finish("green", (60, 150, 60), (40, 110, 40), "plain", gloss=0.6),),
        "miwin": (Finish("light blue", (200, 120, 40)), Finish("dark red", (30, 30, 140)), Finish("black", (30, 30, 30)),
                  Finish("white", (225, 225, 225))),
    },
}

# A tuning striker kept out of FINISHES (the tuning looks drawn stay as they were): lime with
# darker rings, as bright as teak plywood at its bevelled edge, so its outline on teak is told
# by hue alone (camera_sim/installs.py, ``lime_striker``: as held-out 1,000,005's yellow ringed
# striker on honey plywood)
LIME_STRIKER = Finish("lime ringed", (60, 215, 170), (45, 161, 127), "rings", (36, 129, 102), gloss=1.0, texture=0.5)

# A tuning queen kept out of FINISHES as the lime striker is: a pale coral, glossy, whose
# colour the lamp's highlight (at full strength) takes out of the colour learned on part of
# her top (camera_sim/installs.py, ``coral_queen``: as held-out 1,000,026's pinkish queen)
CORAL_QUEEN = Finish("coral", (140, 150, 245), (109, 117, 191), "rings", (126, 135, 220), gloss=0.9, texture=0.3)

# A tuning black kept out of FINISHES as the lime striker is: stained walnut, its own grain, the
# colour of teak plywood at some 0.45 of its light (as held-out dark-stained blacks are of dark
# plywood): its core is "like the board in shadow" (camera_sim/installs.py, ``stained_blacks``)
STAINED_BLACK = Finish("stained walnut", (48, 68, 90), (34, 48, 64), "grain", gloss=0.6, texture=0.3)

# A tuning look made to show one weakness (docs/camera.md, "Coins near the board's colour"):
# coins whose outer rim differs from the board only a little, as copper on walnut and dark
# old pennies on slate do in the held-out looks (their own materials and colours, not those).
# camera_sim/installs.py's ``near_board`` installations use them, one pair a seed in turn.
NEAR_BOARD = ((Material("smoked oak", (46, 70, 104), grain=0.2, grain_mm=2.1, figure=0.07, gloss=0.3),
               Finish("tarnished copper", (66, 104, 162), (46, 74, 118), "emboss", gloss=0.7, texture=0.5)),
              (Material("grey stone", (86, 84, 78), figure=0.1, fibre=0.05, gloss=0.1),
               Finish("blackened bronze", (40, 54, 74), (28, 38, 52), "patina", gloss=0.4, texture=0.6)))

# mm: how thick a set's pieces are (the camera sees their tops: parallax), a set's own
# (a set's men, whites, blacks and the queen, are alike)
THICKNESS = {"coin": (1.5, 2.3), "men": (6.0, 8.5), "striker": (5.5, 8.0)}
MEN = ("white", "black", "queen")


def _shifted(colour: BGR, rng, spread: float) -> BGR:
    """``colour`` a little other: no two sets (or boards) alike."""
    gain = rng.normal(1.0, spread) * rng.normal(1.0, spread / 2, 3)
    return tuple(int(np.clip(round(c * g), 0, 255)) for c, g in zip(colour, gain))


def _pick(rng, options):
    return options[int(rng.integers(len(options)))]


def faults(rng) -> Faults:
    """A real camera's faults, as the issue lists them: JPEG at about 70, white balance off
    up to ±15 %, up to some 30 % vignetting, slight defocus, a colour mosaic, a rolling shutter."""
    wb = tuple(float(g) for g in rng.uniform(0.85, 1.15, 3))
    return Faults(jpeg=int(rng.choice([0, 60, 70, 80, 90])), white_balance=wb,
                  vignetting=float(rng.uniform(0.0, 0.32)), defocus=float(rng.choice([0.0, 0.0, 0.8, 1.4])),
                  bayer=bool(rng.random() < 0.5), rolling_shutter=float(rng.choice([0.0, 1 / 60, 1 / 30])))


def look_for(game: str, rng, family: str) -> Look:
    """A look for a table of ``game`` (shove, carrom, schocken, neunfeld) from ``family``'s
    materials, each colour shifted a little, and a camera's faults."""
    if family not in FAMILIES:
        raise ValueError(f"a look's family is one of {', '.join(FAMILIES)}, not {family!r}")
    surface = _pick(rng, SURFACES[family][game])
    surface = replace(surface, colour=_shifted(surface.colour, rng, 0.06))
    frame = _pick(rng, FRAMES[family])
    frame = replace(frame, colour=_shifted(frame.colour, rng, 0.06))
    ink, red = INKS[family]
    finishes = FINISHES[family]
    pieces: list[tuple[str, Finish]] = []
    kinds = {"shove": ("coin",), "carrom": ("white", "black", "queen", "striker"),
             "schocken": (), "neunfeld": ("neunfeld",)}[game]
    for kind in kinds:
        finish = _pick(rng, finishes[kind])
        pieces.append((kind, replace(finish, colour=_shifted(finish.colour, rng, 0.05),
                                     rim=None if finish.rim is None else _shifted(finish.rim, rng, 0.05))))
    if game == "schocken":
        k = int(rng.integers(len(finishes["die"])))
        pieces += [("die", finishes["die"][k]), ("pip", finishes["pip"][k])]
    if game == "neunfeld":
        pieces += [(f"miwin {n}", f) for n, f in zip(("III", "IV", "V", "pip"), finishes["miwin"])]
    tray = None
    if game == "schocken":
        tray = _pick(rng, TRAYS[family])
        tray = replace(tray, colour=_shifted(tray.colour, rng, 0.05))
    powder = float(rng.uniform(0, 0.6)) if game == "carrom" and rng.random() < 0.6 else 0.0
    thickness = {part: float(rng.uniform(*span)) for part, span in THICKNESS.items()}
    heights = tuple((kind, thickness["men" if kind in MEN else kind]) for kind, _ in pieces
                    if kind in MEN or kind in thickness)
    name = f"{surface.name}, {frame.name}" + "".join(f", {f.name} {k}" for k, f in pieces[:4])
    return Look(name, family, surface, frame, ink, red, tray, tuple(pieces), powder, faults(rng), heights)

