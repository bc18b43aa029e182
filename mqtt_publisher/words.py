"""What the table answers on ``.../reply`` in its own words, German and English: a
reply carries ``reason`` in the table's language and ``reasons`` in both, so a venue
page shows it in its reader's. And how its publishing goes, for the staff page's health
view in the page's language."""
from __future__ import annotations

from tablegame.words.phrase import phrasebook

LANGUAGES = ("de", "en")

WORDS = {
    "refused": {"de": "Dieser Tisch nimmt keine Befehle an ([mqtt] accept_commands = false)",
                "en": "this table takes no commands ([mqtt] accept_commands = false)"},
    "not_json": {"de": "Der Befehl ist kein JSON-Objekt: {error}",
                 "en": "the command is not a JSON object: {error}"},
    "unknown": {"de": "Unbekannter Befehl; bekannt sind: {known}",
                "en": "unknown command; known: {known}"},
    # a venue's match (new_game with a match) and a league's relayed moves (relay)
    "bad_setup": {"de": "Kein Spiel, wie es ein Tisch spielt ({{game, parties, options}}): {error}",
                  "en": "not a game's setup ({{game, parties, options}}): {error}"},
    "bad_match": {"de": "Kein Spiel eines Turniers: {error}", "en": "not a match: {error}"},
    "playing": {"de": "Der Tisch spielt dieses Spiel schon", "en": "playing this match already"},
    "played": {"de": "Der Tisch hat dieses Spiel schon gespielt",
               "en": "this table has played this match already"},
    "relay_moves": {"de": "Züge: eine Liste von 1 bis {most}",
                    "en": "actions: a list of 1 to {most} moves"},
    "not_that_match": {"de": "Der Tisch spielt dieses Spiel nicht",
                       "en": "this table is not playing that match"},
    "at_move": {"de": "Der Tisch ist bei Zug {moves}, nicht {at}",
                "en": "the table is at move {moves}, not {at}"},
    "bad_move": {"de": "Kein Zug dieses Spiels: {error}", "en": "not a move of this game: {error}"},
    # the staff page's health view
    "stopped": {"de": "nach einem Fehler angehalten (im Protokoll): den Tisch neu starten, um wieder "
                      "zu senden",
                "en": "stopped after an error (in the log): restart the table to publish again"},
    "connected": {"de": "verbunden mit {broker}", "en": "connected to {broker}"},
    "no_broker": {"de": "kein Broker an {broker}: neuer Versuch läuft, das Protokoll behält jedes "
                        "Ereignis",
                  "en": "no broker at {broker}: trying again, the log keeps every event"},
    "acknowledged": {"de": "bis Ereignis {seq}", "en": "up to event {seq}"},
}


# One of WORDS as a Phrase: English as text (the log), said in the staff page's language
phrase = phrasebook({language: {key: said[language] for key, said in WORDS.items()} for language in LANGUAGES})


def refusal(language: str, key: str, **values) -> dict:
    """``{"reason": …, "reasons": {"de": …, "en": …}}`` of one of WORDS."""
    return reasons(language, {lang: WORDS[key][lang].format(**values) for lang in LANGUAGES})


def reasons(language: str, said: dict[str, str]) -> dict:
    return {"reason": said.get(language, said["en"]), "reasons": said}
