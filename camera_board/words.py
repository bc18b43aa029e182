"""What the camera board says to a person while it reads (what it doubts on a board, why it
cannot see it, ERROR 4), in German and English; the teaching's own words are teaching.py's.

Each sentence is a ``Phrase`` (tablegame/words/phrase.py) made where it is found, a key of
``WORDS`` and its values, and said where it is shown, in that place's language: the staff
page's camera view in the page's, ``said(language, sighting.problem)``. As text a phrase is its
English, exactly what the journal, the protocol's ERROR 4 and the bench's tallies have always
had. A new doubt: ``unsure.append(doubt("<key>", kind=kind, x=x, y=y))`` in detect.py and its
key in both languages below (tests/test_camera_words.py checks that every key has both, with
the same values). A value named ``kind`` or ``other`` is a piece's kind ("white": "Weiß"), a
number is said with the language's decimal mark (German 1,5 mm), a list is joined, and a
phrase within a phrase is said in the same language."""
from __future__ import annotations

import threading
from typing import Any

from tablegame.words.grammar import number
from tablegame.words.phrase import Phrase, said

# The pieces' names, as the teaching and the Carrom texts name them
KINDS = {
    "de": {"coin": "Münze", "white": "Weiß", "black": "Schwarz", "queen": "Königin", "striker": "Striker",
           "die": "Würfel", "die III": "Würfel III", "die IV": "Würfel IV", "die V": "Würfel V",
           "piece": "Figur"},
    "en": {"coin": "coin", "white": "white", "black": "black", "queen": "queen", "striker": "striker",
           "die": "die", "die III": "die III", "die IV": "die IV", "die V": "die V", "piece": "piece"},
}
NAMED = ("kind", "other", "a", "b")   # the values that are a piece's kind
LIST = {"de": "; ", "en": ", "}    # between the doubts of one frame (a doubt has a comma: "12, 34 mm")

WORDS = {
    "de": {
        # why a frame is not read (shown alone: on the staff page's camera view, after ERROR 4's words)
        "too_dark": "Das Brett ist zu dunkel für die Kamera",
        "hand": "Eine Hand über dem Brett",
        "not_a_piece": "Etwas auf dem Brett ist kein Spielstein ({what})",
        "markers_unseen": "Die Marken an den Ecken des Bretts sind nicht zu sehen: Licht und Kamera prüfen",
        "marker_hidden": "Marke {hidden} an den Ecken des Bretts ist nicht zu sehen, dort liegt das Brett nicht "
                         "sicher: freilegen",
        "differ": "Die verfolgten und die ganz gelesenen Steine weichen voneinander ab",
        # what it doubts on a settled board (in "not_a_piece"'s list)
        "like_board": "{kind} bei {x:.0f}, {y:.0f} mm sieht aus wie das Brett",
        "like_board_in_shadow": "{kind} bei {x:.0f}, {y:.0f} mm sieht aus wie das Brett im Schatten",
        "one_sided_rim": "{kind} bei {x:.0f}, {y:.0f} mm: der Rand ist nur auf einer Seite vom Brett zu "
                         "unterscheiden",
        "by_marker": "{kind} bei {x:.0f}, {y:.0f} mm an einer Marke, die Lage nicht sicher",
        "edge_apart": "{kind} bei {x:.0f}, {y:.0f} mm über der Kante des Bretts, die Lage nicht sicher",
        "like_frame": "{kind} bei {x:.0f}, {y:.0f} mm in der Rinne sieht aus wie der Rahmen, die Lage nicht sicher",
        "only_just": "{kind} bei {x:.0f}, {y:.0f} mm: das gelernte Aussehen passt nur knapp",
        "top_and_outline": "{kind} bei {x:.0f}, {y:.0f} mm: Oberseite und Umriss passen nicht zusammen",
        "edge_in_shadow": "{kind} bei {x:.0f}, {y:.0f} mm: der Rand sieht aus wie das Brett im Schatten",
        "clipped_round": "{kind} bei {x:.0f}, {y:.0f} mm im Licht heller, als die Kamera fasst: sein Schatten nicht "
                         "vom Brett zu trennen",
        "loose_not_placed": "{kind} bei {x:.0f}, {y:.0f} mm, vom gelernten Aussehen nicht platziert (beim Lernen: "
                            "{kind} im Mittel {apart:.1f} mm neben den Stellen: die Schärfe der Kamera prüfen)",
        "kind_doubt": "{kind} oder {other} bei {x:.0f}, {y:.0f} mm?",
        "too_many": "{n}-mal {kind} (das Spiel hat {most})",
        "overlap": "{kind} und {other} überlappen bei {x:.0f}, {y:.0f} mm",
        "maybe": "{kind}? bei {x:.0f}, {y:.0f} mm",
        "over_pocket": "{kind} über dem Loch bei {x:.0f}, {y:.0f} mm?",
        "light_shape": "das Licht hat bei {x:.0f}, {y:.0f} mm die Form eines Steins",
        "patch": "ein Fleck bei {x:.0f}, {y:.0f} mm",
        # the dice tables
        "table_too_dark": "Der Tisch ist zu dunkel für die Kamera",
        "hand_over_table": "Eine Hand über dem Tisch",
        "table_unexplained": "Etwas auf dem Tisch, das die Kamera nicht erklären kann",
        "dice_touching": "Würfel berühren sich, die Kamera kann sie nicht auseinanderhalten",
        "die_top_unseen": "Die Oberseite eines Würfels ist nicht zu sehen",
        "dice_blob": "Ein Haufen Würfel, den die Kamera nicht auseinanderhalten kann ({fit:.2f} eines "
                     "Würfelumrisses)",
        "pair_pips": "Zwei Würfel berühren sich, ihre Augen sind nicht auseinanderzuhalten",
        "pips_no_face": "Die Augen eines Würfels liegen nicht wie auf einer Seite",
        "pips_uncounted": "Die Augen eines Würfels lassen sich nicht zählen",
        "same_colour": "Zwei Würfel derselben Farbe",
        "die_in_shadow": "Ein Würfel wie der Tisch im Schatten nicht gesehen",
        "dice_count": "Die Kamera sieht {n} Würfel, nicht {count}",
        # the teaching's pictures read again with what it learned (teaching.py's "read_again")
        "not_read_at": "{kind} bei {x:.0f}, {y:.0f} mm nicht gelesen",
        "pieces_count": "{n} Spielsteine gelesen, nicht {of}",
        "dice_shown": "die Würfel zeigen {dice}, nicht {values}",
        "squares_and_dice": "Felder {squares} und Würfel {dice}, nicht {laid} und {values}",
        # ERROR 4 (the table's journal and the staff page's board health)
        "cannot_see": "Die Kamera sieht das Brett nicht: {doubt}",
        "not_taught": "Die Kamera kennt dieses Brett noch nicht („nicht eingelernt“): sie meldet kein Brett, bis "
                      "der Installateur es ihr auf der Personalseite (Kalibrieren → Kamera) oder mit "
                      "tablegame camera-learn beibringt",
        "not_settled": "Die Kamera hat das Brett noch nicht ruhen sehen; sie meldet es, sobald es {seconds:.1f} s "
                       "still lag",
        "frame_failed": "Ein Kamerabild ließ sich nicht lesen: {error}",
        "stopped": "Die Kamera ist stehen geblieben: {error}",
    },
    "en": {
        "too_dark": "the board is too dark to see",
        "hand": "a hand over the board",
        "not_a_piece": "something on the board is not a piece ({what})",
        "markers_unseen": "the markers at the board's corners cannot be seen: check the light and the camera",
        "marker_hidden": "marker {hidden} at the board's corners is not seen, so the board's place there is not "
                         "sure: uncover it",
        "differ": "the pieces followed and the pieces read in full differ",
        "like_board": "a {kind} at {x:.0f}, {y:.0f} mm that looks like the board",
        "like_board_in_shadow": "a {kind} at {x:.0f}, {y:.0f} mm that looks like the board in shadow",
        "one_sided_rim": "a {kind} at {x:.0f}, {y:.0f} mm whose rim is told from the board on one side only",
        "by_marker": "a {kind} at {x:.0f}, {y:.0f} mm by a marker, its place not sure",
        "edge_apart": "a {kind} at {x:.0f}, {y:.0f} mm across the board's edge, its place not sure",
        "like_frame": "a {kind} at {x:.0f}, {y:.0f} mm in the gutter that looks like the frame, its place not sure",
        "only_just": "a {kind} at {x:.0f}, {y:.0f} mm its look fits only just",
        "top_and_outline": "a {kind} at {x:.0f}, {y:.0f} mm whose top and outline disagree",
        "edge_in_shadow": "a {kind} at {x:.0f}, {y:.0f} mm whose edge looks like the board in shadow",
        "clipped_round": "a {kind} at {x:.0f}, {y:.0f} mm in light brighter than the camera holds: his shadow "
                         "not told from the board",
        "loose_not_placed": "a {kind} at {x:.0f}, {y:.0f} mm its look does not place (this camera's teaching "
                            "found {kind}s {apart:.1f} mm from their spots: check its focus)",
        "kind_doubt": "a {kind} or a {other} at {x:.0f}, {y:.0f} mm?",
        "too_many": "{n} {kind} pieces (the game has {most})",
        "overlap": "a {kind} and a {other} overlap at {x:.0f}, {y:.0f} mm",
        "maybe": "{kind}? at {x:.0f}, {y:.0f} mm",
        "over_pocket": "a {kind} over the pocket at {x:.0f}, {y:.0f} mm?",
        "light_shape": "the light has a piece's shape at {x:.0f}, {y:.0f} mm",
        "patch": "a patch at {x:.0f}, {y:.0f} mm",
        "table_too_dark": "the table is too dark to see",
        "hand_over_table": "a hand over the table",
        "table_unexplained": "something on the table the camera cannot explain",
        "dice_touching": "dice touching, the camera cannot tell them apart",
        "die_top_unseen": "a die's top cannot be seen",
        "dice_blob": "a blob of dice the camera cannot tell apart ({fit:.2f} of a die's outline)",
        "pair_pips": "two touching dice whose pips cannot be told apart",
        "pips_no_face": "a die's pips do not lie as a face",
        "pips_uncounted": "a die's pips cannot be counted",
        "same_colour": "two dice of one colour",
        "die_in_shadow": "a die like the table in shadow not seen",
        "dice_count": "the camera sees {n} dice, not {count}",
        "not_read_at": "no {kind} at {x:.0f}, {y:.0f} mm",
        "pieces_count": "{n} pieces, not {of}",
        "dice_shown": "the dice show {dice}, not {values}",
        "squares_and_dice": "squares {squares} and the dice {dice}, not {laid} and {values}",
        "cannot_see": "camera cannot see the board: {doubt}",
        "not_taught": "the camera has not been taught this board (not taught): it reports no board until the "
                      "installer teaches it on the staff page (Calibrate -> camera) or with tablegame camera-learn",
        "not_settled": "the camera has not seen the board settle yet; it reports it once it has seen it still "
                       "for {seconds:.1f} s",
        "frame_failed": "camera frame failed: {error}",
        "stopped": "camera stopped: {error}",
    },
}


def doubt(key: str, /, **values) -> Phrase:
    """The camera's sentence ``key`` with ``values``: English as a str, ``said(language)`` in any;
    ``.key`` and ``.values`` kept (the teaching's read again tells a frame's doubts apart by them:
    learn._read_again)."""
    phrase = Phrase(lambda language: WORDS[language][key].format(
        **{name: spoken(language, name, value) for name, value in values.items()}))
    phrase.key, phrase.values = key, values
    return phrase


def spoken(language: str, name: str, value: Any) -> Any:
    """A sentence's value ``name`` as said in ``language`` (this module's and the teaching's
    sentences alike): a piece's kind by its name, a number with the decimal mark, a list
    joined, a phrase said."""
    if name in NAMED:
        return KINDS.get(language, KINDS["en"]).get(value, value)
    if isinstance(value, (list, tuple)):
        return LIST.get(language, LIST["en"]).join(str(spoken(language, "", v)) for v in value)
    return number(language, said(language, value))


class Told:
    """What a camera board told the table (ERROR 4), by its English: the board link hears it as
    text off the pseudo-terminal, and ``said_as`` gives the words back for the staff page to say
    in its language (``BoardLink(words=...)``). The latest ``KEPT`` only: a doubt names places,
    so they differ from frame to frame."""
    KEPT = 32

    def __init__(self) -> None:
        self._words: dict[str, Phrase] = {}
        self._lock = threading.Lock()   # told from the camera's thread and the board's own

    def __call__(self, words: Phrase) -> Phrase:
        """``words``, remembered as the newest (the camera's thread, the simulated board's)."""
        key = str(words)
        with self._lock:
            self._words.pop(key, None)
            self._words[key] = words
            if len(self._words) > self.KEPT:
                del self._words[next(iter(self._words))]
        return words

    def said_as(self, text: str) -> Any:
        """The words the board's ``text`` was told in (any thread), else the text itself."""
        with self._lock:
            return self._words.get(text, text)
