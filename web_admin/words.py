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
    },
}


def language() -> str:
    chosen = session.get("language")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "de"


def word(key: str, **values) -> str:
    return WORDS[language()][key].format(**values)


def label(key: str) -> str:
    """A fact of the board's health in the page's language (a new fact: its own name)."""
    return WORDS[language()].get(f"health_{key}", key)
