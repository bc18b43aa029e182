"""Every text the table shows, in German and English.

This module holds the texts all games share (the session's events, the board link,
the name editor); each game family's own texts are in its module under
``tablegame/texts/`` and merged in below, so ``text``/``say`` find every text.
A text is a template (``str.format`` with the note's values; a tuple of beds reads
"2, 5") or, where the sentence depends on the values, a function of them."""
from __future__ import annotations

import functools
from typing import Callable

from tablegame.words.phrase import Phrase, said
from tablegame.words.notes import Note
from tablegame.words.grammar import format_words

LANGUAGES = ("de", "en")


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


TEXTS: dict[str, dict[str, str | Callable[..., str]]] = {
    "de": {
        # the last event
        "new_game": "Neues Spiel",
        "resumed": "Spiel fortgesetzt",
        "undone": "Letzte Aktion zurückgenommen",
        "history_action": "Aktion ({name})",
        "nothing_to_undo": "Nichts zum Zurücknehmen",
        "nothing_to_replay": "Noch nichts zum Nachspielen: erst nach einem Zug",
        "no_answer": "Der Tisch hat nicht rechtzeitig geantwortet",
        "calibrating": "Sensortest: kein Spiel, der Tisch zeigt nur, was das Brett meldet",
        "calibration_over": "Sensortest beendet",
        "hold_menu": "Spiel läuft: MENÜ lange drücken für ein neues Spiel",
        # simulate --board camera, while the camera works (table_app/camera_watch.py)
        "camera_reading": "Die Kamera liest das Brett … (Bild {pictures})",
        # the footer: what each rail button does now (``buttons_now``)
        "button_ok": "OK", "button_back": "ZURÜCK", "button_menu": "MENÜ",
        "button_pressed": "{button}: {does}", "button_held": "{button} lang: {does}",
        "button_both": "{button}: {does} (lang: {held})",
        # the staff page's last presses (table_app.service.Presses)
        "press_short": "{button} kurz", "press_held": "{button} lang",
        "does_new_game": "neues Spiel", "does_undo": "rückgängig", "does_choose": "Spielwahl",
        "does_staff_page": "Personalseite",
        "illegal": "Nicht erlaubt: {reason}",
        "bad_setup": "Spiel nicht gestartet: {reason}",
        # the reason (SQLite's or Python's own words) goes to the log, not to the guests
        "replay_failed": "Protokoll ab Eintrag {seq} nicht lesbar: bitte Personal rufen",
        "store_failed": "Speichern fehlgeschlagen, nichts wurde gezählt: bitte Personal rufen",
        "wrong_reading": _wrong_reading("de", "Das Brett meldet {kind}, das passt nicht zu diesem Spiel"),
        # the board link, on every game's screen
        "link_missing": "Brett fehlt: Kabel prüfen",
        "link_handshake": "Brett verbindet …",
        "link_operational": "Brett verbunden",
        # beside the screen (Home Assistant, the venue view): no board at all, no result yet
        "link_none": "Kein Brett angeschlossen",
        "link_no_news": "Noch keine Nachricht vom Brett",
        "result_none": "Noch kein Ergebnis",
        # the name editor of the desktop window (N)
        "names_title": "Wer spielt?",
        "names_party": "Partei {number}",
        "names_player": "Spieler {number}",
        # Enter and Esc first: what a guest needs most is never the part that is cut
        "names_keys_parties": "Enter: neues Spiel · Esc: abbrechen · Tab/Pfeile: andere "
                              "Partei · Namen mit Komma trennen",
        "names_keys_players": "Enter: neues Spiel · Esc: abbrechen · Tab/Pfeile: anderer Spieler",
        "names_keys_seats": "Enter: neues Spiel · Esc: abbrechen · Tab/Pfeile: anderer "
                            "Spieler · Strg+N: Spieler dazu · Strg+D: Spieler weg",
        "names_empty": "{label}: ein Name fehlt",
        "names_one_player": "{label}: nur ein Name, ohne Komma",
        "names_twice": "{label}: {name} spielt schon mit",
        "names_too_long": "{label}: höchstens {most} Zeichen",
        "names_name_long": "{label}: ein Name hat höchstens {most} Zeichen",
        "names_unprintable": "{label}: ein Name enthält ein unsichtbares Steuerzeichen",
        "names_invisible": "{label}: ein Name braucht ein sichtbares Zeichen",
        "names_most": "Höchstens {count} Spieler",
        "names_fewest": "Mindestens {count} Spieler",
        "names_fixed": "Dieses Spiel hat genau {count} Parteien",
        "names_after_start": "Namen nur vor dem ersten Zug: MENÜ lange drücken für ein "
                             "neues Spiel, dann N",
        "names_after_end": "Namen nur vor dem ersten Zug: OK für ein neues Spiel, dann N",
        "names_dismiss": "Eine Taste schließt diesen Hinweis",
    },
    "en": {
        "new_game": "New game",
        "resumed": "Game resumed",
        "undone": "Last action taken back",
        "history_action": "Action ({name})",
        "nothing_to_undo": "Nothing to undo",
        "nothing_to_replay": "Nothing to replay yet: only after a move",
        "no_answer": "The table did not answer in time",
        "calibrating": "Sensor test: no game, the table only shows what the board reports",
        "calibration_over": "Sensor test over",
        "hold_menu": "Game in progress: hold MENU for a new game",
        "camera_reading": "The camera is reading the board … (picture {pictures})",
        "button_ok": "OK", "button_back": "BACK", "button_menu": "MENU",
        "button_pressed": "{button}: {does}", "button_held": "hold {button}: {does}",
        "button_both": "{button}: {does} (hold: {held})",
        "press_short": "{button} short", "press_held": "{button} long",
        "does_new_game": "new game", "does_undo": "undo", "does_choose": "choose the game",
        "does_staff_page": "staff page",
        "illegal": "Not allowed: {reason}",
        "bad_setup": "Game not started: {reason}",
        "replay_failed": "The log cannot be read from entry {seq}: please call the staff",
        "store_failed": "Could not save, nothing was counted: please call the staff",
        "wrong_reading": _wrong_reading("en", "The board reports {kind}, which does not fit this game"),
        "link_missing": "Board missing: check the cable",
        "link_handshake": "Board connecting …",
        "link_operational": "Board connected",
        "link_none": "No board attached",
        "link_no_news": "no news from the board yet",
        "result_none": "No result yet",
        "names_title": "Who is playing?",
        "names_party": "Party {number}",
        "names_player": "Player {number}",
        "names_keys_parties": "Enter: new game · Esc: cancel · Tab/arrows: other party · "
                              "commas between names",
        "names_keys_players": "Enter: new game · Esc: cancel · Tab/arrows: other player",
        "names_keys_seats": "Enter: new game · Esc: cancel · Tab/arrows: other player · "
                            "Ctrl+N: add a player · Ctrl+D: remove this player",
        "names_empty": "{label}: a name is missing",
        "names_one_player": "{label}: one name only, no comma",
        "names_twice": "{label}: {name} is playing already",
        "names_too_long": "{label}: at most {most} characters",
        "names_name_long": "{label}: a name has at most {most} characters",
        "names_unprintable": "{label}: a name holds an invisible control character",
        "names_invisible": "{label}: a name needs a character that shows",
        "names_most": "At most {count} players",
        "names_fewest": "At least {count} players",
        "names_fixed": "This game has exactly {count} parties",
        "names_after_start": "Names only before the first move: hold MENU for a new game, then N",
        "names_after_end": "Names only before the first move: OK for a new game, then N",
        "names_dismiss": "Any key closes this note",
    },
}


# Each game family keeps its texts in a module of its own (its registration's
# ``texts``), with TEXTS shaped like the table above, and so do parts of the table
# that are no game's; they are merged in here, so one lookup serves every screen.
_TABLE_TEXTS = ("tablegame.texts.unattended", "tablegame.texts.match")


def _merge_game_texts() -> None:
    import importlib
    from tablegame.registry import families
    for name in _TABLE_TEXTS + tuple(family.texts for family in families()):
        for language, texts in importlib.import_module(name).TEXTS.items():
            TEXTS[language].update(texts)


def text(language: str, key: str, **values) -> str:
    """The text ``key`` in ``language``; a key missing there falls back to English.
    A value that is itself a Note (an engine's reason) or a Phrase (a check's words) is
    said in ``language`` first."""
    template = TEXTS.get(language, TEXTS["en"]).get(key) or TEXTS["en"][key]
    if values:   # most texts have none; each value's type asked once (every frame says some)
        values = {k: say(language, v) if isinstance(v, Note) else
                  v.said(language) if isinstance(v, Phrase) else v for k, v in values.items()}
    if callable(template):
        return template(**values)
    if not values and "{" not in template:   # most screen texts: nothing to fill in
        return template
    return format_words(template, values)



def buttons_now(language: str, status, over: bool, *, ok: str | None = None,
                ok_held: str | None = None, back: str | None = None, menu: str | None = None,
                menu_held: str | None = None) -> str:
    """A game's footer: what each rail button does now, pressed and held ("OK: Tipp ·
    ZURÜCK lang: rückgängig · MENÜ: Personalseite (lang: neues Spiel)"); a button that does
    nothing now is not named. What the session does for every game is filled in here
    from ``status`` (a TableStatus; tablegame/core/session.py, ``_press``): once the game
    is over OK starts a new one; held, BACK undoes once a move was made; MENU steps through
    the games until the first move (after the menu's last, the address), then shows the
    staff page's address, and held starts a new game. The
    game gives what its own buttons do now (``ok``, Schocken's ``back``, Carrom's fouls
    on ``menu``); the game's own come first, so a line cut short keeps them."""
    return _buttons(language, bool(status.moves), status.menu_steps, over, ok, ok_held, back,
                    menu, menu_held)


@functools.lru_cache(maxsize=512)   # a frame asks again and again for the same few footers
def _buttons(language: str, moves: bool, menu_steps: bool, over: bool, ok: str | None,
             ok_held: str | None, back: str | None, menu: str | None,
             menu_held: str | None) -> str:
    t = lambda key: text(language, key)  # noqa: E731
    if over:
        ok = t("does_new_game")
    back_held = t("does_undo") if moves else None
    menu = menu or t("does_choose" if not moves and menu_steps else "does_staff_page")
    if not moves or over:
        menu_held = None          # nothing to abandon, or OK starts the next game already
    else:
        menu_held = menu_held or t("does_new_game")
    said = []
    for button, does, held in (("ok", ok, ok_held), ("back", back, back_held),
                               ("menu", menu, menu_held)):
        name = t(f"button_{button}")
        if does and held:
            said.append(text(language, "button_both", button=name, does=does, held=held))
        elif does or held:
            said.append(text(language, "button_pressed" if does else "button_held", button=name,
                             does=does or held))
    return " · ".join(said)


# What guests need to know of the board link; the details (port, firmware, the error)
# are for staff: the staff page's health and the log show them (``link_details``).
_LINK_WORDS = {"searching": "link_missing", "lost": "link_missing",
               "handshake": "link_handshake", "operational": "link_operational"}


def link_text(link, language: str) -> str:
    """The board link's state in a guest's words: "Brett verbunden", "Brett fehlt: Kabel prüfen"
    ("" without a board: the screen says nothing of one)."""
    return "" if link is None else text(language, _LINK_WORDS[link.state.value])


def link_details(link, language: str) -> str:
    """The state with its detail, for staff: "Board connected (virtual-1.0 on /dev/pts/3)"; a
    detail in words (a Phrase: a camera board's error) said in ``language`` too."""
    words = link_text(link, language)
    return f"{words} ({said(language, link.detail)})" if words and link.detail else words


def say(language: str, note: Note | None) -> str:
    """``note`` in ``language``. The screen's view says the same note every frame (the
    status' note is the same object until the state changes): the words said for a note
    object are remembered while it lives here (the bench's turn note: 13 us said, 0.4 us
    looked up). By identity, not equality: True == 1 and 1.0 == 1, yet they are said
    differently; and with the template, which a game's texts merged later may replace."""
    if note is None:
        return ""
    template = TEXTS.get(language, TEXTS["en"]).get(note.key)
    said = _SAID.get((language, id(note)))
    if said is not None and said[0] is note and said[1] is template:
        return said[2]
    words = text(language, note.key, **note.kwargs)
    if len(_SAID) >= 256:
        _SAID.clear()
    _SAID[language, id(note)] = (note, template, words)   # the note held: its id stays its own
    return words


_SAID: dict[tuple[str, int], tuple[Note, object, str]] = {}


_merge_game_texts()
