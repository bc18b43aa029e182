"""The venue page's own words in German and English; the login's come from the staff
page (web_admin.words), whose language switch it shares."""
from __future__ import annotations

from web_admin.words import language

WORDS = {
    "de": {
        "title": "Lokal", "tables": "Tische", "tv": "TV", "standings": "Stand des Abends",
        "player": "Spieler", "played": "gespielt", "won": "gewonnen", "lost": "verloren",
        "games": "Spiele", "offline": "offline", "online": "online", "no_tables":
        "Noch hat kein Tisch etwas gemeldet: ist [mqtt] am Tisch eingeschaltet?",
        "staff_page": "Zur Tischseite", "board": "Brett", "new_game": "Neues Spiel",
        "nobody": "Heute hat noch niemand ein Spiel beendet.", "over": "Spiel vorbei",
        "heard": "zuletzt gehört", "sent": "An den Tisch geschickt; seine Antwort kommt über MQTT.",
        "no_commands": "Befehle nur für Admins.", "accepted": "angenommen", "refused": "abgelehnt",
        "offline_since": "Tisch offline, zuletzt gehört um", "show_address": "Adresse zeigen",
        "bad_command": "Ein Befehl ist einer von {known}, für einen Tisch, den die Seite zeigt.",
        "no_broker": "Diese Seite hört keinem Broker zu.",
    },
    "en": {
        "title": "Venue", "tables": "Tables", "tv": "TV", "standings": "Standings of the evening",
        "player": "Player", "played": "played", "won": "won", "lost": "lost",
        "games": "games", "offline": "offline", "online": "online", "no_tables":
        "No table has reported yet: is [mqtt] enabled at the tables?",
        "staff_page": "Table's staff page", "board": "Board", "new_game": "New game",
        "nobody": "Nobody has finished a game tonight yet.", "over": "Game over",
        "heard": "last heard", "sent": "Sent to the table; its answer comes over MQTT.",
        "no_commands": "Commands are for admins only.", "accepted": "accepted", "refused": "refused",
        "offline_since": "Table offline, last heard at", "show_address": "Show the address",
        "bad_command": "A command is one of {known}, for a table the page shows.",
        "no_broker": "This venue page listens to no broker.",
    },
}


def vword(key: str, **values) -> str:
    return WORDS[language()][key].format(**values)
