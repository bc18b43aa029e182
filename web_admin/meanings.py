"""What each setting of the configuration file means, in German, for the staff page's
settings form. The English meaning is the setting's own ``doc`` in
``tablegame.config.SETTINGS`` (one place each); a new setting needs its line here too
(tests/test_settings_words.py says which is missing), unless it is a game family's own
setting, whose registration says it in both languages."""
from __future__ import annotations

from tablegame.registry import families

MEANINGS_DE = {
    "table.language": "Sprache der Texte auf dem Bildschirm",
    "table.game": "das Spiel, mit dem ein frischer Tisch beginnt",
    "table.parties": "die Parteien eines frischen Tisches, je eine Liste der Spieler in "
                     "Zugreihenfolge",
    "table.store": "das Ereignisprotokoll (SQLite; wird angelegt, wenn es fehlt)",
    "serial.port": "die serielle Schnittstelle des Bretts, z. B. /dev/ttyACM0 oder "
                   "socket://10.0.0.5:7000",
    "serial.baudrate": "Geschwindigkeit der seriellen Verbindung in Baud",
    "board.kind": "was das Brett abtastet: der Mikrocontroller an serial.port oder eine Kamera darüber",
    "camera.source": "die Bilder der Kamera: picamera2 (die Kamera des Pi), usb:0 oder eine Videodatei "
                     "zum Abspielen",
    "camera.size": "die Bildgröße der Kamera in Pixeln",
    "camera.fov": "der waagrechte Bildwinkel des Objektivs in Grad",
    "camera.k1": "die radiale Verzeichnung k1 des Objektivs (aus einer Objektiv-Kalibrierung)",
    "camera.k2": "die radiale Verzeichnung k2 des Objektivs",
    "camera.marker_mm": ("die Seite der gedruckten Marker in mm (0: die des Bretts, 48 Shove, 55 Carrom); "
                         "größere Marker werden von weiter oben gefunden"),
    "camera.homography": "wo das Brett im Bild liegt, gespeichert von der Kalibrierung der "
                         "Personal-Seite ([]: aus den Markern)",
    "camera.learned": "was die Kamera vom Brett und den Steinen gelernt hat (die Kalibrierung bei der "
                      "Aufstellung), eine Datei neben dieser; beim Start gelesen",
    "buttons.ok": "GPIO (BCM) der grünen OK-Taste",
    "buttons.back": "GPIO (BCM) der roten ZURÜCK-Taste (lang: rückgängig)",
    "buttons.menu": "GPIO (BCM) der MENÜ-Taste",
    "buttons.debounce": "Sekunden, die eine Flanke nach der letzten folgen muss (Entprellen)",
    "buttons.long_press": "Sekunden gedrückt, ab denen ein Druck lang ist",
    "display.fullscreen": "Vollbild (der Pi)",
    "display.size": "Fenstergröße in Pixeln, mindestens [320, 240]; [0, 0]: die des Bildschirms",
    "simulation.realtime": "simulierte Münzen gleiten in Echtzeit (false: Ergebnis sofort)",
    "simulation.friction": "Gleitreibung einer simulierten Münze",
    "web.host": "wo die Personal-Seite lauscht (0.0.0.0: in jedem Netz des Pi)",
    "web.port": "TCP-Port der Personal-Seite (0: irgendein freier)",
    "web.threads": "Arbeits-Threads (waitress) der Personal-Seite (jede offene Live-Ansicht "
                   "belegt einen)",
    "web.max_streams": "gleichzeitig offene Live-Ansichten (weniger als web.threads, damit "
                       "Seiten noch laden)",
    "logging.level": "was ins Journal geht (auf einem Desktop nach stderr); --log-level geht vor",
    "mqtt.enabled": "an einen MQTT-Broker senden",
    "mqtt.host": "Rechnername oder Adresse des Brokers",
    "mqtt.port": "Port des Brokers (8883 mit TLS)",
    "mqtt.tls": "mit dem Broker über TLS sprechen",
    "mqtt.ca_file": "mit TLS: das CA-Zertifikat, das das des Brokers unterschrieben hat (\"\": das des "
                    "Systems)",
    "mqtt.cert_file": "mit TLS: das Client-Zertifikat dieses Tischs (\"\": keins, das Passwort gilt)",
    "mqtt.key_file": "mit TLS: der Schlüssel des Client-Zertifikats",
    "mqtt.username": "der Benutzer dieses Tischs beim Broker",
    "mqtt.password": "das Passwort dieses Benutzers",
    "mqtt.venue": "der Name des Lokals in den Topics",
    "mqtt.table": "der Name dieses Tischs in den Topics (im Lokal nur einmal)",
    "mqtt.keepalive": "Sekunden zwischen zwei Pings: ein Tisch ohne Strom erscheint nach dem "
                      "Anderthalbfachen als offline",
    "mqtt.accept_commands": "Befehle (neues Spiel, Pause) der Lokal-Ansicht über .../cmd/-Topics annehmen",
    "mqtt.staff_url": "die Adresse der Personal-Seite, auf die die Lokal-Ansicht verweist (\"\": die, "
                      "unter der sie erreichbar ist)",
    "league.partner": "das andere Lokal eines Ligaspiels, dessen Broker diese Lokal-Ansicht anwählt "
                      "(\"\": keins)",
    "league.host": "der Broker des anderen Lokals, wie er von hier erreichbar ist",
    "league.port": "der TLS-Port dieses Brokers",
    "league.ca_file": "das CA-Zertifikat, das das dieses Brokers unterschrieben hat (\"\": das des "
                      "Systems)",
    "league.username": "die Anmeldung dieses Lokals bei diesem Broker (league-<dieses Lokal>)",
    "league.password": "das Passwort dieser Anmeldung",
}


def meaning(setting, language: str) -> str:
    """The setting's meaning in ``language`` (English: its own doc; a family's own setting
    in German: its registration's words, where it declares them)."""
    if language != "de":
        return setting.doc
    return MEANINGS_DE.get(setting.key) or _family_words(setting.key) or setting.doc


def _family_words(key: str) -> str | None:
    section, _, name = key.partition(".")
    for family in families():
        if family.name == section:
            option = next((o for o in getattr(family, "settings", ()) if o.name == name), None)
            return option.doc.get("de") if option else None
    return None
