"""Every text the table shows, in German and English.

A text is a template (``str.format`` with the note's values; a tuple of beds reads
"2, 5") or, where the sentence depends on the values, a function of them."""
from __future__ import annotations

from typing import Callable

from tablegame.notes import Note
from tablegame.texts import format_words, plural

LANGUAGES = ("de", "en")


_SCORING_WORDS = {
    "de": {"tiebreak": plural("count", "{party}: {count} Münze im Stechen",
                              "{party}: {count} Münzen im Stechen"),
           "own": plural("count", "{party}: 1 Strich in {where}", "{party}: {count} Striche in {where}"),
           "none": "{party}: kein Strich", "given": "{other} bekommt {where}",
           "lost": "verfallen: {where}", "sergeant": "Sergeant in Bett {bed}!",
           "gold_watch": "Goldene Uhr!", "beds": plural("count", "Bett {beds}", "Betten {beds}")},
    "en": {"tiebreak": plural("count", "{party}: {count} coin in the play-off",
                              "{party}: {count} coins in the play-off"),
           "own": plural("count", "{party}: 1 mark in {where}", "{party}: {count} marks in {where}"),
           "none": "{party}: no mark", "given": "{other} gets {where}",
           "lost": "lost: {where}", "sergeant": "Sergeant in bed {bed}!",
           "gold_watch": "Gold watch!", "beds": plural("count", "bed {beds}", "beds {beds}")},
}


# what a sensor reading is about, by its type's name, for "the board reports dice"
_READINGS = {
    "de": {"BoardSnapshot": "Münzen", "DiceReading": "Würfel", "SquaresReading": "Felder",
           "PiecesSnapshot": "Carrom-Steine", "StrokeStarted": "einen Carrom-Stoß",
           "PiecePocketed": "einen versenkten Stein", "PieceOffBoard": "einen Stein neben dem Brett"},
    "en": {"BoardSnapshot": "coins", "DiceReading": "dice", "SquaresReading": "squares",
           "PiecesSnapshot": "carrom men", "StrokeStarted": "a carrom stroke",
           "PiecePocketed": "a pocketed man", "PieceOffBoard": "a man off the board"},
}


def _wrong_reading(language: str, sentence: str):
    def words(kind):
        return sentence.format(kind=_READINGS[language].get(kind, kind))
    return words


def _scoring(language):
    """The sentence for a scored turn: own marks, give-aways, lost marks, the names."""
    w = _SCORING_WORDS[language]

    def where(beds) -> str:  # "Bett 3" / "Betten 2, 5": each bed once
        beds = tuple(sorted(set(beds)))
        return w["beds"](count=len(beds), beds=beds)

    def say_scoring(party, other, own=(), given=(), lost=(), sergeants=(), gold_watch=False,
                    tiebreak=False, count=0):
        if tiebreak:
            return w["tiebreak"](party=party, count=count)
        parts = [w["own"](party=party, count=len(own), where=where(own)) if own
                 else w["none"].format(party=party)]
        if given:
            parts.append(w["given"].format(other=other, where=where(given)))
        if lost:
            parts.append(w["lost"].format(where=where(lost)))
        parts += [w["sergeant"].format(bed=b) for b in sergeants]
        if gold_watch:
            parts.append(w["gold_watch"])
        return " · ".join(parts)
    return say_scoring


TEXTS: dict[str, dict[str, str | Callable[..., str]]] = {
    "de": {
        # the last event
        "new_game": "Neues Spiel",
        "resumed": "Spiel fortgesetzt",
        "undone": "Letzte Aktion zurückgenommen",
        "nothing_to_undo": "Nichts zum Zurücknehmen",
        "no_answer": "Der Tisch hat nicht rechtzeitig geantwortet",
        "calibrating": "Sensortest: kein Spiel, der Tisch zeigt nur, was das Brett meldet",
        "calibration_over": "Sensortest beendet",
        "coin_toss": "Münzwurf: {party} beginnt",
        "coin_counted": "Münze gezählt – noch {left}",
        "marks_corrected": plural("marks", "Korrigiert: {party} hat {marks} Strich in Bett {bed}",
                                  "Korrigiert: {party} hat {marks} Striche in Bett {bed}"),
        "turn_scored": _scoring("de"),
        "short_of_first_line": "Münze vor der ersten Linie: zählt nicht, noch einmal schieben",
        "toss_first": "Erst die Münze werfen: OK drücken",
        "game_over": "Spiel vorbei: OK für ein neues Spiel",
        "hold_menu": "Spiel läuft: MENÜ lange drücken für ein neues Spiel",
        "illegal": "Nicht erlaubt: {reason}",
        "bad_setup": "Spiel nicht gestartet: {reason}",
        # what is wrong with the board (the game waits)
        "coins_overlap_in_bed": "Zwei Münzen überlappen in Bett {bed}: bitte das Brett prüfen",
        "coin_moved_unhit_bed": "Die Münze in Bett {bed} hat sich bewegt, ohne getroffen zu werden",
        "coin_moved_unhit": "Die Münze bei x {x} mm, y {y} mm hat sich bewegt, ohne getroffen zu werden",
        "coin_put_back_bed": "Die Münze in Bett {bed} hat sich bewegt, ohne getroffen zu werden: "
                             "bitte zurücklegen (x {x} mm, y {y} mm)",
        "coin_put_back": "Eine Münze hat sich bewegt, ohne getroffen zu werden: bitte zurücklegen "
                         "(x {x} mm, y {y} mm)",
        "coins_overlap": "Zwei Münzen überlappen: bitte das Brett prüfen",
        "outside_frame": "Messung außerhalb des Rahmens (x {x} mm, y {y} mm): Sensoren prüfen",
        "more_coins_than_exist": "{seen} Münzen erkannt, es gibt aber nur {exist}: Brett prüfen",
        "coins_missing": "Es fehlen Münzen: {expected} erwartet, {seen} erkannt",
        "too_many_new_coins": "{new} neue Münzen auf einmal: bitte nur eine Münze schieben",
        # the reason (SQLite's or Python's own words) goes to the log, not to the guests
        "replay_failed": "Protokoll ab Eintrag {seq} nicht lesbar: bitte Personal rufen",
        "store_failed": "Speichern fehlgeschlagen, nichts wurde gezählt: bitte Personal rufen",
        "wrong_reading": _wrong_reading("de", "Das Brett meldet {kind}, das passt nicht zu diesem Spiel"),
        # screen texts
        "status_toss": "OK drücken: Münzwurf entscheidet, wer beginnt",
        "status_clear": plural("coins", "Bitte das Brett abräumen ({coins} Münze liegt noch)",
                               "Bitte das Brett abräumen ({coins} Münzen liegen noch)"),
        "status_turn": plural("left", "{who} schiebt – noch {left} Münze", "{who} schiebt – noch {left} Münzen"),
        "status_turn_flick": plural("left", "{who} schnippt – noch {left} Münze",
                                    "{who} schnippt – noch {left} Münzen"),
        "status_playoff": plural("left", "Stechen: {who} – noch {left} Münze", "Stechen: {who} – noch {left} Münzen"),
        "status_over": "Spiel vorbei",
        "winner": "{party} gewinnt!",
        "draw": "Unentschieden!",
        "playoff_score": "Stechen: {count}",
        "link_missing": "Brett fehlt: Kabel prüfen",
        "link_handshake": "Brett verbindet …",
        "link_operational": "Brett verbunden",
        "hint_shove": "ZURÜCK lang: rückgängig · MENÜ: Spielwahl",
        "hint_shove_over": "OK: neues Spiel · MENÜ: Spielwahl",
        "title_progressive": "Progressive",
        "title_flick": "Flick",
        "title_short": "Short, {beds} Betten",
        # the name editor of the desktop window (N)
        "names_title": "Wer spielt?",
        "names_party": "Partei {number}",
        "names_player": "Spieler {number}",
        "names_keys_parties": "Namen mit Komma trennen · Tab/Pfeile: andere Partei · "
                              "Enter: neues Spiel · Esc: abbrechen",
        "names_keys_players": "Tab/Pfeile: anderer Spieler · Enter: neues Spiel · Esc: abbrechen",
        "names_keys_seats": "Tab/Pfeile: anderer Spieler · Strg+N: Spieler dazu · "
                            "Strg+D: Spieler weg · Enter: neues Spiel · Esc: abbrechen",
        "names_empty": "{label}: ein Name fehlt",
        "names_one_player": "{label}: nur ein Name, ohne Komma",
        "names_twice": "{label}: {name} spielt schon mit",
        "names_too_long": "{label}: höchstens {most} Zeichen",
        "names_most": "Höchstens {count} Spieler",
        "names_fewest": "Mindestens {count} Spieler",
        "names_fixed": "Dieses Spiel hat genau {count} Parteien",
        "names_after_start": "Namen nur vor dem ersten Zug: MENÜ lange drücken für ein neues Spiel",
        "names_dismiss": "Eine Taste schließt diesen Hinweis",
    },
    "en": {
        "new_game": "New game",
        "resumed": "Game resumed",
        "undone": "Last action taken back",
        "nothing_to_undo": "Nothing to undo",
        "no_answer": "The table did not answer in time",
        "calibrating": "Sensor test: no game, the table only shows what the board reports",
        "calibration_over": "Sensor test over",
        "coin_toss": "Coin toss: {party} starts",
        "coin_counted": "Coin counted – {left} left",
        "marks_corrected": plural("marks", "Corrected: {party} has {marks} mark in bed {bed}",
                                  "Corrected: {party} has {marks} marks in bed {bed}"),
        "turn_scored": _scoring("en"),
        "short_of_first_line": "Coin short of the first line: not counted, shove it again",
        "toss_first": "Toss the coin first: press OK",
        "game_over": "Game over: press OK for a new game",
        "hold_menu": "Game in progress: hold MENU for a new game",
        "illegal": "Not allowed: {reason}",
        "bad_setup": "Game not started: {reason}",
        "coins_overlap_in_bed": "Two coins overlap in bed {bed}: check the board",
        "coin_moved_unhit_bed": "The coin in bed {bed} moved without being hit",
        "coin_moved_unhit": "The coin at x {x} mm, y {y} mm moved without being hit",
        "coin_put_back_bed": "The coin in bed {bed} moved without being hit: "
                             "put it back (x {x} mm, y {y} mm)",
        "coin_put_back": "A coin moved without being hit: put it back (x {x} mm, y {y} mm)",
        "coins_overlap": "Two coins overlap: check the board",
        "outside_frame": "A reading outside the frame (x {x} mm, y {y} mm): check the sensors",
        "more_coins_than_exist": "{seen} coins seen, but only {exist} exist: check the board",
        "coins_missing": "Coins missing: {expected} expected, {seen} seen",
        "too_many_new_coins": "{new} new coins at once: shove one coin at a time",
        "replay_failed": "The log cannot be read from entry {seq}: please call the staff",
        "store_failed": "Could not save, nothing was counted: please call the staff",
        "wrong_reading": _wrong_reading("en", "The board reports {kind}, which does not fit this game"),
        "status_toss": "Press OK: a coin toss decides who starts",
        "status_clear": plural("coins", "Please clear the board ({coins} coin still on it)",
                               "Please clear the board ({coins} coins still on it)"),
        "status_turn": plural("left", "{who} to shove – {left} coin left", "{who} to shove – {left} coins left"),
        "status_turn_flick": plural("left", "{who} to flick – {left} coin left", "{who} to flick – {left} coins left"),
        "status_playoff": plural("left", "Play-off: {who} – {left} coin left", "Play-off: {who} – {left} coins left"),
        "status_over": "Game over",
        "winner": "{party} wins!",
        "draw": "A draw!",
        "playoff_score": "Play-off: {count}",
        "link_missing": "Board missing: check the cable",
        "link_handshake": "Board connecting …",
        "link_operational": "Board connected",
        "hint_shove": "hold BACK: undo · MENU: choose the game",
        "hint_shove_over": "OK: a new game · MENU: choose the game",
        "title_progressive": "Progressive",
        "title_flick": "Flick",
        "title_short": "Short, {beds} beds",
        "names_title": "Who is playing?",
        "names_party": "Party {number}",
        "names_player": "Player {number}",
        "names_keys_parties": "Commas between names · Tab/arrows: other party · "
                              "Enter: new game · Esc: cancel",
        "names_keys_players": "Tab/arrows: other player · Enter: new game · Esc: cancel",
        "names_keys_seats": "Tab/arrows: other player · Ctrl+N: add a player · "
                            "Ctrl+D: remove this player · Enter: new game · Esc: cancel",
        "names_empty": "{label}: a name is missing",
        "names_one_player": "{label}: one name only, no comma",
        "names_twice": "{label}: {name} is playing already",
        "names_too_long": "{label}: at most {most} characters",
        "names_most": "At most {count} players",
        "names_fewest": "At least {count} players",
        "names_fixed": "This game has exactly {count} parties",
        "names_after_start": "Names only before the first move: hold MENU for a new game",
        "names_dismiss": "Any key closes this note",
    },
}


# Each game family keeps its texts in a module of its own (its registration's
# ``texts``), with TEXTS shaped like the table above, and so do parts of the table
# that are no game's; they are merged in here, so one lookup serves every screen.
_TABLE_TEXTS = ("tablegame.texts.unattended",)


def _merge_game_texts() -> None:
    import importlib
    from tablegame.families import families
    for name in _TABLE_TEXTS + tuple(family.texts for family in families()):
        for language, texts in importlib.import_module(name).TEXTS.items():
            TEXTS[language].update(texts)


def text(language: str, key: str, **values) -> str:
    """The text ``key`` in ``language``; a key missing there falls back to English.
    A value that is itself a Note (an engine's reason) is said in ``language`` first."""
    template = TEXTS.get(language, TEXTS["en"]).get(key) or TEXTS["en"][key]
    values = {k: say(language, v) if isinstance(v, Note) else v for k, v in values.items()}
    if callable(template):
        return template(**values)
    return format_words(template, values)



# What guests need to know of the board link; the details (port, firmware, the error)
# are for staff: the staff page's health and the log show them (``link_details``).
_LINK_WORDS = {"searching": "link_missing", "lost": "link_missing",
               "handshake": "link_handshake", "operational": "link_operational"}


def link_text(link, language: str) -> str:
    """The board link's state in a guest's words: "Brett verbunden", "Brett fehlt: Kabel prüfen"."""
    return "" if link is None else text(language, _LINK_WORDS[link.state.value])


def link_details(link, language: str) -> str:
    """The state with its detail, for staff: "Board connected (virtual-1.0 on /dev/pts/3)"."""
    words = link_text(link, language)
    return f"{words} ({link.detail})" if words and link.detail else words


def say(language: str, note: Note | None) -> str:
    return "" if note is None else text(language, note.key, **note.kwargs)


_merge_game_texts()
