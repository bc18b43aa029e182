"""What the installer's teaching asks for and says (camera_board/learn.py learns from it,
camera_board/dice_learn.py for the dice tables): the words in German and English, a step and
the pieces it lays, what was learned or what stops it, and the frames of a step seen straight
down. Apart from learn.py so that the dice's learning and the board's share it without
importing each other."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import cv2
import numpy as np

from camera_board.appearance import Appearance
from camera_board.calibrate import Calibration
from camera_board.words import KINDS, spoken
from tablegame.words.grammar import number

WORDS = {
    "de": {"empty": "Das Brett leer: alles herunternehmen, auch Hände und Gläser.",
           "shove": "Fünf Münzen auf die gezeichneten Stellen: je eine mitten in Feld 1, 5 und 9, "
                    "eine in Feld 3 nahe der linken und eine in Feld 7 nahe der rechten Seitenlinie.",
           "carrom": "Die Steine wie zum Anstoß (die Königin in der Mitte, sechs um sie, zwölf darum, "
                     "Weiß und Schwarz wie gezeichnet) und den Striker mitten auf die eigene Grundlinie.",
           "schocken": "Drei Würfel auf die gezeichneten Stellen, sie zeigen 1, 2 und 3 (von links).",
           "schocken-2": "Dieselben drei Würfel, jetzt zeigen sie 4, 5 und 6 (von links).",
           "neunfeld": "Die Würfel III (blau), IV (rot) und V (schwarz) auf die gezeichneten Stellen, "
                       "sie zeigen 1, 4 und 2; die zwei Figuren auf Feld 3 und Feld 7.",
           "learned": "{kind}: {n} gelernt, {apart} mm neben ihren Stellen",
           "no_frames": "Keine Bilder für den Schritt „{step}“.",
           "no_mapping": "Die Marken des Bretts sind auf den Bildern von „{step}“ nicht zu sehen: Licht "
                         "prüfen oder die vier Ecken des Bretts angeben.",
           "dark": "Die Bilder von „{step}“ sind zu dunkel: mehr Licht.",
           "not_found": "{kind} bei {x:.0f}, {y:.0f} mm nicht gefunden (Schritt „{step}“): auf die Stelle legen.",
           "faint": "{kind} bei {x:.0f}, {y:.0f} mm ist kaum vom Brett zu unterscheiden (Schritt „{step}“): falls "
                    "richtig gelegt, kann die Kamera {kind} dort nicht sicher vom Brett unterscheiden. Steine in einer "
                    "Farbe fern von der des Bretts (hellere am besten), sonst ein Brett oder Tuch in anderer Farbe. "
                    "Mehr Licht hilft nur an manchen Tischen.",
           "far": "{kind} liegt {mm:.0f} mm neben der Stelle bei {x:.0f}, {y:.0f} mm: genau auf die Stelle legen.",
           "like_board": "{kind} sieht auf {share:.0f} % des Bretts wie das Brett aus: die Kamera kann "
                         "{kind} dort nicht vom Brett unterscheiden. Mehr Licht, ein Brett oder Tuch in "
                         "anderer Farbe oder andere Steine.",
           "unseen": "{kind}: von allen {n} ist nichts zu sehen: auf die gezeichneten Stellen legen. Liegen sie dort, "
                     "kann die Kamera {kind} nicht vom Brett unterscheiden: Steine in einer Farbe fern von der des "
                     "Bretts, sonst ein Brett oder Tuch in anderer Farbe. Mehr Licht hilft nur an manchen Tischen.",
           "alike": "{a} und {b} sehen für die Kamera gleich aus: mehr oder weißeres Licht, oder "
                    "Steine in deutlicher verschiedenen Farben.",
           "swapped": "Die weißen Steine sehen dunkler aus als die schwarzen: wie gezeichnet legen "
                      "(Weiß auf die hellen Stellen).",
           "coins_too_loose": "Beim Lernen lagen die Münzen im Mittel {apart:.1f} mm neben ihren Plätzen: diese "
                              "Kamera liest sie nicht auf 1 mm genau. Schärfe prüfen (oder die Kamera tiefer "
                              "hängen), dann neu lernen.",
           "read_again": "Mit dem Gelernten gelesen zeigt „{step}“ nicht, was dort liegt ({what}): "
                         "Licht prüfen, nichts anderes auf dem Brett.",
           "half_found": "{kind} ist mit dem Gelernten gelesen nur unsicher zu finden (Schritt „{step}“: „{kind}?“): "
                         "{kind} und {other} sehen sich zu ähnlich. Steine in deutlicher verschiedenen Farben.",
           "half_found_board": "{kind} ist mit dem Gelernten gelesen nur unsicher zu finden (Schritt „{step}“: "
                               "„{kind}?“): {kind} sieht dem Brett zu ähnlich. Steine in einer Farbe, die nicht die "
                               "des Bretts ist, oder ein Brett oder Tuch in anderer Farbe.",
           "read_like_board": "{kind} sieht mit dem Gelernten gelesen aus wie das Brett (Schritt „{step}“): die "
                              "Kamera kann nicht sicher sagen, wo {kind} liegt. Steine in einer Farbe fern von der "
                              "des Bretts (hellere am besten), sonst ein Brett oder Tuch in anderer Farbe. Mehr Licht "
                              "hilft nur an manchen Tischen.",
           "like_shadow": "{kind} sieht mit dem Gelernten gelesen aus wie das Brett im Schatten (Schritt „{step}“): "
                          "die Kamera kann nicht sagen, wo {kind} endet und der Schatten beginnt. Mehr Licht hilft "
                          "nicht (der Schatten bleibt gleich tief): Steine in einer Farbe, die nicht die des Bretts "
                          "ist, oder ein Brett oder Tuch in anderer Farbe.",
           "like_shadow_taught": "Mit dem Gelernten gelesen sieht {kind} stellenweise aus wie das Brett im Schatten "
                                 "(Schritt „{step}“): ein Brett, auf dem die Kamera nicht sagen kann, wo {kind} endet "
                                 "und der Schatten beginnt, wird nicht gelesen, {kind} dort genannt. Damit auch diese "
                                 "Bretter gelesen werden: Steine in einer Farbe, die nicht die des Bretts ist, oder ein "
                                 "Brett oder Tuch in anderer Farbe (mehr Licht hilft nicht: der Schatten bleibt gleich "
                                 "tief).",
           "corners_points": "Die Ecken des Bretts sind vier Punkte x, y im Kamerabild.",
           "corners_crossed": "Die vier Punkte überkreuzen sich oder knicken nach innen: Punkt 1 auf die Ecke "
                              "vorne links, 2 vorne rechts, 3 hinten rechts, 4 hinten links der Spielfläche.",
           "corners_small": "Die vier Punkte umschließen nur {share:.1f} % des Bilds, zu wenig für ein Brett "
                            "(mindestens {least:.0f} %): auf die Ecken der Spielfläche ziehen; ist das Brett so "
                            "klein im Bild, die Kamera tiefer hängen.",
           "corners_mirrored": "Die Punkte laufen falsch herum (das Brett stünde gespiegelt): 1 vorne links, "
                               "2 vorne rechts, 3 hinten rechts, 4 hinten links; vorne ist unten im Bild.",
           **KINDS["de"]},
    "en": {"empty": "The board empty: take everything off, hands and glasses too.",
           "shove": "Five coins on the spots drawn: one in the middle of bed 1, 5 and 9, one in bed 3 "
                    "near its left side line and one in bed 7 near its right.",
           "carrom": "The pieces as for the break (the queen in the centre, six round her, twelve round "
                     "them, white and black as drawn) and the striker on the middle of your base line.",
           "schocken": "Three dice on the spots drawn, showing 1, 2 and 3 (from the left).",
           "schocken-2": "The same three dice, now showing 4, 5 and 6 (from the left).",
           "neunfeld": "Dice III (blue), IV (red) and V (black) on the spots drawn, showing 1, 4 and 2; "
                       "the two pieces on squares 3 and 7.",
           "learned": "{kind}: {n} learned, {apart} mm apart from their spots",
           "no_frames": "No pictures for the step \"{step}\".",
           "no_mapping": "The board's markers cannot be seen in the pictures of \"{step}\": check the "
                         "light, or give the board's four corners.",
           "dark": "The pictures of \"{step}\" are too dark: more light.",
           "not_found": "{kind} at {x:.0f}, {y:.0f} mm not found (step \"{step}\"): lay it on its spot.",
           "faint": "{kind} at {x:.0f}, {y:.0f} mm is barely told from the board (step \"{step}\"): if it lies on "
                    "its spot, the camera cannot tell {kind} from the board there for sure. Pieces of a colour far "
                    "from the board's (lighter ones best), else a board or cloth of another colour. More light "
                    "helps on some tables only.",
           "far": "{kind} lies {mm:.0f} mm from its spot at {x:.0f}, {y:.0f} mm: lay it on the spot.",
           "like_board": "{kind} looks like the board on {share:.0f} % of it: the camera cannot tell "
                         "{kind} from the board there. More light, a board or cloth of another colour, "
                         "or other pieces.",
           "unseen": "{kind}: not one of the {n} is seen: lay them on the spots drawn. If they lie there, the "
                     "camera cannot tell {kind} from the board: pieces of a colour far from the board's, else a board "
                     "or cloth of another colour. More light helps on some tables only.",
           "alike": "{a} and {b} look alike to the camera: more or whiter light, or pieces of more "
                    "different colours.",
           "swapped": "The whites look darker than the blacks: lay them as drawn (white on the light spots).",
           "coins_too_loose": "While teaching, the coins read {apart:.1f} mm from their spots (the median): this "
                              "camera cannot place a coin to 1 mm. Check its focus (or hang it lower), then "
                              "teach again.",
           "read_again": "Read with what it learned, \"{step}\" does not show what lies there ({what}): "
                         "check the light, nothing else on the board.",
           "half_found": "Read with what it learned, {kind} is found only unsurely (step \"{step}\": \"{kind}?\"): "
                         "{kind} and {other} look too alike. Pieces of more different colours.",
           "half_found_board": "Read with what it learned, {kind} is found only unsurely (step \"{step}\": "
                               "\"{kind}?\"): {kind} looks too like the board. Pieces of a colour that is not the "
                               "board's, or a board or cloth of another colour.",
           "read_like_board": "Read with what it learned, {kind} looks like the board (step \"{step}\"): the camera "
                              "cannot tell where {kind} lies for sure. Pieces of a colour far from the board's "
                              "(lighter ones best), else a board or cloth of another colour. More light helps on "
                              "some tables only.",
           "like_shadow": "Read with what it learned, {kind} looks like the board in shadow (step \"{step}\"): the "
                          "camera cannot tell where {kind} ends and its shadow begins. More light does not help (the "
                          "shadow stays as deep): pieces of a colour that is not the board's, or a board or cloth of "
                          "another colour.",
           "like_shadow_taught": "Read with what it learned, {kind} looks like the board in shadow in places (step "
                                 "\"{step}\"): a board where the camera cannot tell where a {kind} ends and its shadow "
                                 "begins is not read, the {kind} named. To have those boards read too: pieces of a "
                                 "colour that is not the board's, or a board or cloth of another colour (more light "
                                 "does not help: the shadow stays as deep).",
           "corners_points": "The board's corners are four points x, y in the camera's picture.",
           "corners_crossed": "The four points cross or bend inwards: point 1 on the playing surface's front "
                              "left corner, 2 front right, 3 back right, 4 back left.",
           "corners_small": "The four points enclose only {share:.1f} % of the picture, too little for a board "
                            "(at least {least:.0f} %): drag them onto the playing surface's corners; if the board "
                            "is that small in the picture, hang the camera lower.",
           "corners_mirrored": "The points go round the wrong way (the board would be mirrored): 1 front left, "
                               "2 front right, 3 back right, 4 back left; the front is at the picture's bottom.",
           **KINDS["en"]},
}


def say(language: str, key: str, **values) -> str:
    words = WORDS.get(language, WORDS["en"])
    return words[key].format(**{k: spoken(language, k, v) for k, v in values.items()})


def tenths(mm: float, language: str) -> str:
    """``mm`` to a tenth, with the language's decimal mark (0,4 in German)."""
    return format(number(language, mm), ".1f")


@dataclass(frozen=True)
class Placed:
    """A piece the installer lays for a step: its kind, where (board mm, protocol
    coordinates) and, for a die, the face it shows."""
    kind: str
    x: float
    y: float
    value: int | None = None


@dataclass(frozen=True)
class Step:
    name: str                         # "empty", "pieces", "pieces-2"
    pieces: tuple[Placed, ...]
    words: str                        # the key of its instruction in WORDS

    def said(self, language: str) -> str:
        return say(language, self.words)


class LearnError(ValueError):
    """What stops the learning, in words (``said(language)``)."""

    def __init__(self, key: str, **values):
        self.key, self.values = key, values
        super().__init__(say("en", key, **values))

    def said(self, language: str) -> str:
        return say(language, self.key, **self.values)


@dataclass
class Learned:
    appearance: Appearance
    kinds: dict[str, tuple[int, float]]             # kind -> (pieces learned, median mm from the spots)
    problems: list[tuple[str, dict]] = field(default_factory=list)   # (key in WORDS, values)
    homography: np.ndarray | None = None            # the mapping it learned with
    # what the installer should know beside what was learned or is wrong, with what to change (key in WORDS,
    # values): said at the teaching with what was learned, not saved with it (the boards it concerns
    # say it again each, in their doubt's words)
    warnings: list[tuple[str, dict]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def said(self, language: str) -> list[str]:
        """What it learned and what is wrong, a line each, in ``language``."""
        lines = [say(language, "learned", kind=k, n=n, apart=tenths(a, language)) for k, (n, a) in self.kinds.items()]
        return lines + [say(language, key, **values) for key, values in self.problems]

    def warned(self, language: str) -> list[str]:
        """What the installer should know besides, with what to change, a line each, in ``language``."""
        return [say(language, key, **values) for key, values in self.warnings]


def rectified(calibration: Calibration, frames: Sequence[np.ndarray], step: str) -> list[np.ndarray]:
    """The frames seen straight down (the markers followed frame by frame)."""
    views = []
    for frame in frames:
        calibration.update(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY))
        if calibration.mapping is None:
            raise LearnError("no_mapping", step=step)
        views.append(calibration.rectify(frame))
    return views


def empty_board(views: list[np.ndarray]) -> tuple[np.ndarray, float]:
    """The empty board from its views (the median of three or more: a hand passing in one
    frame is not kept), and the sensor's noise on it (grey levels, from frame to frame)."""
    stack = np.stack([v.astype(np.float32) for v in views])
    reference = median(views) if len(views) >= 3 else stack.mean(axis=0)
    if len(views) < 2:
        return reference.astype(np.float32), 3.0
    spread = stack.std(axis=0) * math.sqrt(len(views) / (len(views) - 1))
    return reference.astype(np.float32), float(max(1.0, np.median(spread)))


def median(views: Sequence[np.ndarray]) -> np.ndarray:
    """The views' median pixel by pixel, as float32: ``np.median`` of their stack to the bit.
    8-bit views are sorted whole, a network of minima and maxima over the pictures (np.median
    sorts each pixel's few values apart: 1.7 s for a step's six views of a Carrom board,
    rectified, against 0.05 s); the middle two's mean is exact in float32 (at most 510 / 2)."""
    if any(v.dtype != np.uint8 for v in views):
        return np.median(np.stack([v.astype(np.float32) for v in views]), axis=0)
    ordered, n = list(views), len(views)
    for sweep in range(n):          # odd-even transposition: n sweeps sort n values
        for i in range(sweep % 2, n - 1, 2):
            ordered[i], ordered[i + 1] = np.minimum(ordered[i], ordered[i + 1]), np.maximum(ordered[i], ordered[i + 1])
    if n % 2:
        return ordered[n // 2].astype(np.float32)
    return (ordered[n // 2 - 1].astype(np.float32) + ordered[n // 2]) / np.float32(2)
