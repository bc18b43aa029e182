"""The staff page's address on the table's screen, as plain data: a QR code to scan
with a phone (so nobody types an IP address), the address in words, and what to do.

It is shown over the game, which stays as it was: the session's status says when
(``TableStatus.showing_address``: MENU during a game or at the end of the menu's
games, and on the first start until the admin password is set); the next press of
any rail button takes it away and does nothing else."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import segno

QUIET_ZONE = 4   # light modules around the code, as the QR standard asks for scanning

WORDS = {
    "de": {"title": "Personal-Seite", "scan": "Mit dem Telefon scannen und anmelden",
           "setup": "Erster Start: dort das Admin-Passwort festlegen",
           "back": "Eine Taste: zurück zum Spiel",
           "no_page": "Die Personal-Seite läuft nicht (siehe Protokoll)"},
    "en": {"title": "Staff page", "scan": "Scan with a phone and log in",
           "setup": "First start: set the admin password there",
           "back": "Any button: back to the game",
           "no_page": "The staff page is not running (see the log)"},
}


@dataclass(frozen=True)
class AddressView:
    under: Any                   # the game's own view: the game goes on beneath, untouched
    title: str                   # "Personal-Seite"
    address: str                 # "http://192.168.1.20:8080/"
    modules: tuple[str, ...]     # the QR code with its quiet zone, a row each: "1" dark, "0" light
    lines: tuple[str, ...]       # what to do, one line each


@lru_cache(maxsize=4)
def qr_modules(address: str) -> tuple[str, ...]:
    """The QR code of ``address`` as rows of "0"/"1", quiet zone included."""
    code = segno.make_qr(address, error="m")
    return tuple("".join("1" if dark else "0" for dark in row)
                 for row in code.matrix_iter(scale=1, border=QUIET_ZONE))


def address_view(under: Any, address: str, language: str, why: str) -> AddressView:
    """``why``: "setup" on the first start (no admin password yet), else "asked"."""
    words = WORDS.get(language, WORDS["en"])
    if not address:
        return AddressView(under, words["title"], "", (), (words["no_page"], words["back"]))
    first = words["setup"] if why == "setup" else words["scan"]
    return AddressView(under, words["title"], address, qr_modules(address),
                       (first, words["back"]))
