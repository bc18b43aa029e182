"""What the table answers on ``.../reply`` in its own words, German and English: a
reply carries ``reason`` in the table's language and ``reasons`` in both, so a venue
page shows it in its reader's."""
from __future__ import annotations

LANGUAGES = ("de", "en")

WORDS = {
    "refused": {"de": "Dieser Tisch nimmt keine Befehle an ([mqtt] accept_commands = false)",
                "en": "this table takes no commands ([mqtt] accept_commands = false)"},
    "not_json": {"de": "Der Befehl ist kein JSON-Objekt: {error}",
                 "en": "the command is not a JSON object: {error}"},
    "unknown": {"de": "Unbekannter Befehl; bekannt sind: {known}",
                "en": "unknown command; known: {known}"},
}


def refusal(language: str, key: str, **values) -> dict:
    """``{"reason": …, "reasons": {"de": …, "en": …}}`` of one of WORDS."""
    return reasons(language, {lang: WORDS[key][lang].format(**values) for lang in LANGUAGES})


def reasons(language: str, said: dict[str, str]) -> dict:
    return {"reason": said.get(language, said["en"]), "reasons": said}
