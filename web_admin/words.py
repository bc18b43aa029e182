"""The page's own words in German and English (the table's texts come from
tablegame.texts). The language is the switch's choice, else the browser's first."""
from __future__ import annotations

from flask import request, session

from tablegame.texts import LANGUAGES

WORDS = {
    "de": {
        "title": "Spieltisch", "live": "Live", "control": "Spiel", "health": "Brett",
        "settings": "Einstellungen", "history": "Verlauf", "accounts": "Konten",
        "logout": "Abmelden", "login": "Anmelden", "name": "Name", "password": "Passwort",
        "setup": "Erster Start: Admin-Passwort festlegen", "set_password": "Passwort festlegen",
        "bad_login": "Name oder Passwort falsch", "slow_down": "Zu viele Fehlversuche: bitte {s} s warten",
        "new_game": "Neues Spiel", "game": "Spiel", "parties": "Parteien (eine Zeile je Partei, Namen mit Komma)",
        "options": "Optionen", "start": "Starten", "undo": "Letzte Aktion zurücknehmen",
        "abandon": "Spiel abbrechen", "calibrate_on": "Sensortest starten", "calibrate_off": "Sensortest beenden",
        "save": "Speichern", "saved": "Gespeichert", "restart_needed": "Wird erst nach einem Neustart wirksam: {keys}",
        "running_now": "Der Tisch läuft bis zum Neustart mit {value}",
        "restart": "Tisch neu starten", "restarting": "Der Tisch startet neu",
        "restart_wait": "diese Seite lädt in ein paar Sekunden neu",
        "at_once": "wirkt sofort", "next_game": "wirkt ab dem nächsten Spiel",
        "readings": "Messwerte", "calibrate": "Kalibrieren",
        "calibrating_now": "Sensortest läuft: der Tisch spielt nicht, Münzen oder Steine hinlegen und "
                           "sehen, wo das Brett sie sieht.",
        "calibrate_hint": "Für Messwerte ohne Spiel den Sensortest starten.",
        "no_board": "Dieses Spiel hat keine Brettmaße.",
        "health_link": "Verbindung", "health_live_streams": "offene Live-Ansichten",
        "health_mqtt": "MQTT", "health_mqtt_acknowledged": "vom Broker bestätigt",
        "health_last_presses": "letzte Tastendrücke", "health_link_state": "Zustand",
        "health_port": "Schnittstelle", "health_board": "Brett", "health_frames": "Rahmen empfangen",
        "health_bad_frames": "fehlerhafte Rahmen", "health_resends": "wiederholt gesendet",
        "health_reconnects": "neu verbunden", "health_last_frame": "letzter Rahmen",
        "restart_how": "Neustart: der Tisch beendet sich sauber und startet wieder (auf dem Pi "
                       "durch systemd, auf einem Desktop startet sich das Programm selbst); "
                       "das Spiel geht danach weiter, wo es war.",
        "key": "Einstellung", "value": "Wert", "default": "Standard", "meaning": "Bedeutung",
        "started": "Beginn", "duration": "Dauer", "result": "Ergebnis", "export": "Exportieren",
        "events": "Ereignisse", "by": "von", "accepted": "Angenommen", "refused": "Abgelehnt",
        "role": "Rolle", "add": "Anlegen", "change_password": "Passwort ändern",
        "connection_lost": "Verbindung unterbrochen – verbinde neu …", "last_event": "Letztes Ereignis",
        "language": "Sprache", "turn": "Am Zug", "problem": "Problem",
        "standings": "Stand des Abends", "player": "Spieler", "played": "gespielt",
        "won": "gewonnen", "lost": "verloren", "drawn": "unentschieden", "games": "Spiele",
        "no_results": "An diesem Abend ist noch kein Spiel zu Ende gegangen.",
        "evenings": "Abende",
        "runs_instead": "Der Tisch läuft mit {value}: {why}",
        "why_simulated_store": "simuliert (--db oder var/simulated-table.sqlite)",
        "why_virtual_board": "simuliert: das virtuelle Brett an einem Pseudo-Terminal",
        "why_rendered_camera": "simuliert: der Tisch gezeichnet, Bild für Bild von der Kamera gelesen",
        "why_simulated_host": "simuliert: die Seite nur für diesen Rechner",
        "why_free_port": "der eingestellte Port war belegt oder 0: ein freier",
        "why_window": "simuliert: die Fenstergröße",
        "board": "Brett", "skip": "Zum Inhalt springen", "back": "Zurück", "error": "Nicht möglich",
        "password_again": "Passwort wiederholen", "passwords_differ": "Die beiden Passwörter sind verschieden.",
        "remove": "Konto löschen", "set_role": "Rolle ändern", "really": "Wirklich?",
        "abandon_confirm": "Ja, Spiel abbrechen", "abandon_ask": "Das Spiel wird abgebrochen und neu begonnen. "
                           "Es bleibt im Verlauf und lässt sich dort fortsetzen.",
        "resume": "Dieses Spiel fortsetzen", "resumed": "Spiel fortgesetzt",
        "err_setup_first": "Zuerst das Admin-Passwort festlegen.", "err_login_first": "Bitte zuerst anmelden.",
        "err_admin_only": "Das darf nur ein Admin.", "err_languages": "Die Seite spricht {languages}.",
        "err_csrf": "Das Formular ist abgelaufen oder stammt nicht von dieser Seite; bitte die Seite neu laden und noch einmal versuchen.",
        "err_404": "Diese Seite gibt es nicht.", "err_405": "So lässt sich diese Seite nicht aufrufen.",
        "err_413": "Zu viele Daten für ein Formular.", "err_http": "Die Anfrage ging nicht ({code}).",
        "err_500": "Auf dem Tisch ist etwas schiefgegangen; es steht im Protokoll.",
        "err_stale": "Der Tisch hat sich geändert, seit diese Seite geladen wurde (ein neues Spiel oder ein neuer Zug); nichts wurde getan. Bitte nachsehen und wenn nötig wiederholen.",
        "err_unknown_game": "Unbekanntes Spiel „{game}“; der Tisch spielt {games}.",
        "err_parties": "Bitte 2 bis {most} Parteien angeben, eine je Zeile.",
        "err_options": "Optionen sind Zeilen wie „beds = 5“ oder „strict = true“: {error}",
        "err_unknown_options": "Unbekannte Option(en) {names}; dieses Spiel kennt: {takes}",
        "err_option_values": "Optionen sind einzelne Werte (eine Zahl, true/false oder ein Wort in Anführungszeichen).",
        "err_on": "on=1 (Sensortest starten) oder on=0 (beenden).",
        "err_no_correction": "{game} hat keine Korrektur „{name}“.",
        "err_missing": "{field}: fehlt", "err_whole_number": "{field}: eine ganze Zahl erwartet, nicht „{value}“",
        "err_evening": "Ein Abend ist ein Datum wie 2026-11-23.", "err_no_game": "Im Protokoll gibt es kein Spiel {seq}.",
        "err_export_name": "Ein Export heißt wie games.csv oder games.json (nur Buchstaben, Ziffern, - und _).",
        "err_export_table": "Export mit table=games oder table=standings, dazu evening=JJJJ-MM-TT.",
        "err_streams": "Zu viele Live-Ansichten sind offen ({count}); bitte eine schließen und neu laden.",
        "err_stopping": "Die Seite wird gerade beendet.", "err_unknown_setting": "{key}: diese Einstellung gibt es nicht",
        "err_no_value": "{key}: kein Wert angegeben", "err_expected": "{key}: erwartet wird {expected}, nicht {value}",
        "err_not_saved": "Nicht gespeichert: {error}",
        "err_account_exists": "Das Konto „{name}“ gibt es schon.", "err_no_account": "Es gibt kein Konto „{name}“.",
        "err_role": "Die Rolle ist staff oder admin.", "err_last_admin": "Der Tisch behält mindestens einen Admin.",
        "err_account_name": "Ein Name hat 1 bis {most} Zeichen, davon eines sichtbar, und kein Steuerzeichen.",
        "err_password_short": "Ein Passwort hat mindestens {least} Zeichen.",
        "err_not_resumable": "Spiel {seq} lässt sich nicht fortsetzen: es ist zu Ende oder nicht mehr lesbar.",
    },
    "en": {
        "title": "Game table", "live": "Live", "control": "Game", "health": "Board",
        "settings": "Settings", "history": "History", "accounts": "Accounts",
        "logout": "Log out", "login": "Log in", "name": "Name", "password": "Password",
        "setup": "First start: set the admin password", "set_password": "Set password",
        "bad_login": "Wrong name or password", "slow_down": "Too many failed tries: wait {s} s",
        "new_game": "New game", "game": "Game", "parties": "Parties (one line per party, names separated by commas)",
        "options": "Options", "start": "Start", "undo": "Undo the last action",
        "abandon": "Abandon the game", "calibrate_on": "Start the sensor test", "calibrate_off": "End the sensor test",
        "save": "Save", "saved": "Saved", "restart_needed": "Takes effect after a restart: {keys}",
        "running_now": "The table runs with {value} until the restart",
        "restart": "Restart the table", "restarting": "The table is restarting",
        "restart_wait": "this page reloads in a few seconds",
        "at_once": "takes effect at once", "next_game": "takes effect from the next game",
        "readings": "Readings", "calibrate": "Calibrate",
        "calibrating_now": "Sensor test on: the table plays no game; put coins or pieces down and "
                           "see where the board sees them.",
        "calibrate_hint": "For readings without a game, start the sensor test.",
        "no_board": "This game has no board sizes.",
        "health_mqtt": "MQTT", "health_mqtt_acknowledged": "acknowledged by the broker",
        "health_link": "Link", "health_live_streams": "live views open",
        "health_last_presses": "last button presses", "health_link_state": "state",
        "health_port": "port", "health_board": "board", "health_frames": "frames received",
        "health_bad_frames": "bad frames", "health_resends": "resends",
        "health_reconnects": "reconnects", "health_last_frame": "last frame",
        "restart_how": "A restart ends the table cleanly and starts it again (on the Pi systemd "
                       "does, on a desktop the program starts itself again); the game goes on "
                       "where it was.",
        "key": "Setting", "value": "Value", "default": "Default", "meaning": "Meaning",
        "started": "Started", "duration": "Duration", "result": "Result", "export": "Export",
        "events": "Events", "by": "by", "accepted": "Accepted", "refused": "Refused",
        "role": "Role", "add": "Add", "change_password": "Change password",
        "connection_lost": "Connection lost – reconnecting …", "last_event": "Last event",
        "language": "Language", "turn": "At turn", "problem": "Problem",
        "standings": "Standings of the evening", "player": "Player", "played": "played",
        "won": "won", "lost": "lost", "drawn": "drawn", "games": "Games",
        "no_results": "No game has ended this evening yet.",
        "evenings": "Evenings",
        "runs_instead": "The table runs with {value}: {why}",
        "why_simulated_store": "simulated (--db or var/simulated-table.sqlite)",
        "why_virtual_board": "simulated: the virtual board on a pseudo-terminal",
        "why_rendered_camera": "simulated: the table drawn, read frame by frame by the camera board",
        "why_simulated_host": "simulated: the page for this computer only",
        "why_free_port": "the port set was taken or 0: a free one",
        "why_window": "simulated: the window's size",
        "board": "Board", "skip": "Skip to the content", "back": "Back", "error": "Not possible",
        "password_again": "Password again", "passwords_differ": "The two passwords differ.",
        "remove": "Delete account", "set_role": "Change role", "really": "Really?",
        "abandon_confirm": "Yes, abandon the game", "abandon_ask": "The game is abandoned and starts afresh. "
                           "It stays in the history and can be resumed there.",
        "resume": "Resume this game", "resumed": "Game resumed",
        "err_setup_first": "Set the admin password first.", "err_login_first": "Log in first.",
        "err_admin_only": "Only an admin may do this.", "err_languages": "The page speaks {languages}.",
        "err_csrf": "The form has expired or is not from this page; reload the page and try again.",
        "err_404": "There is no such page.", "err_405": "This page cannot be asked for that way.",
        "err_413": "Too much data for a form.", "err_http": "The request did not work ({code}).",
        "err_500": "Something went wrong on the table; it is in the log.",
        "err_stale": "The table has changed since this page was loaded (a new game or a new move); nothing was done. Look again and repeat if still needed.",
        "err_unknown_game": "Unknown game '{game}'; the table plays {games}.",
        "err_parties": "Give from 2 to {most} parties, one line each.",
        "err_options": "Options are lines like 'beds = 5' or 'strict = true': {error}",
        "err_unknown_options": "Unknown option(s) {names}; this game takes: {takes}",
        "err_option_values": "Options are single values (a number, true/false or a quoted word).",
        "err_on": "Say on=1 (start the sensor test) or on=0 (end it).",
        "err_no_correction": "{game} has no correction '{name}'.",
        "err_missing": "{field}: missing", "err_whole_number": "{field}: expected a whole number, got '{value}'",
        "err_evening": "An evening is a date like 2026-11-23.", "err_no_game": "There is no game {seq} in the log.",
        "err_export_name": "An export is named like games.csv or games.json (letters, digits, - and _ only).",
        "err_export_table": "Export table=games or table=standings, with evening=YYYY-MM-DD.",
        "err_streams": "Too many live views are open ({count}); close one and reload.",
        "err_stopping": "The page is stopping.", "err_unknown_setting": "{key}: unknown setting",
        "err_no_value": "{key}: no value given", "err_expected": "{key}: expected {expected}, got {value}",
        "err_not_saved": "Not saved: {error}",
        "err_account_exists": "The account '{name}' exists already.", "err_no_account": "There is no account '{name}'.",
        "err_role": "The role is staff or admin.", "err_last_admin": "The table keeps at least one admin.",
        "err_account_name": "A name has 1 to {most} characters, one of them visible, and no control character.",
        "err_password_short": "A password has at least {least} characters.",
        "err_not_resumable": "Game {seq} cannot be resumed: it has ended or no longer reads.",
    },
}


def language() -> str:
    chosen = session.get("language")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "de"


def word(_key: str, /, **values) -> str:
    return WORDS[language()][_key].format(**values)


def label(key: str) -> str:
    """A fact of the board's health in the page's language (a new fact: its own name)."""
    return WORDS[language()].get(f"health_{key}", key)
