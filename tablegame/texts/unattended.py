"""The unattended table's texts in German and English, merged into
``tablegame.texts.TEXTS``: safe mode's maintenance screen, the short staff message
when a screen, a play or a referee fails, and refusals while in safe mode."""
from __future__ import annotations

TEXTS = {
    "de": {
        "maintenance_title": "Wartung",
        "maintenance_why": "Der Tisch ist {failed}-mal in Folge nicht gestartet und läuft ohne Spiel.",
        "maintenance_reason": "Grund: {reason}",
        "maintenance_fix": "Personal: Einstellungen prüfen unter {address} und dort neu starten",
        "maintenance_no_page": "Personal: die Personalseite ist nicht erreichbar, siehe journalctl -u tablegame",
        "maintenance_refused": "Wartung: der Tisch spielt erst nach einem Neustart wieder",
        "fault_title": "Störung",
        "fault_screen": "Die Anzeige konnte das Spiel nicht zeichnen: {reason}",
        "fault_staff": "Bitte das Personal rufen. Der Spielstand ist gesichert.",
        "internal_error": "Interner Fehler in {where}, nichts wurde geändert (Personal: siehe Protokoll)",
    },
    "en": {
        "maintenance_title": "Maintenance",
        "maintenance_why": "The table failed to start {failed} times in a row and runs without a game.",
        "maintenance_reason": "Reason: {reason}",
        "maintenance_fix": "Staff: check the settings at {address} and restart there",
        "maintenance_no_page": "Staff: the staff page is not up, see journalctl -u tablegame",
        "maintenance_refused": "Maintenance: the table plays again after a restart",
        "fault_title": "Fault",
        "fault_screen": "The screen could not draw the game: {reason}",
        "fault_staff": "Please call the staff. The score is saved.",
        "internal_error": "Internal error in {where}, nothing was changed (staff: see the log)",
    },
}
