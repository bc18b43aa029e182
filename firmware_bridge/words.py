"""What the board link says to staff, in German and English: its state's details (the
staff page's "link" line) and its health facts. The log says the same in English: a
Phrase is its English as a str. Numbers get the language's decimal mark; a port's name
and the operating system's own error text are said as they are."""
from __future__ import annotations

from tablegame.words.grammar import number, plural
from tablegame.words.phrase import phrasebook


def _de(template):
    """A German template (text, or a function of the values) whose numbers are said with a
    decimal comma."""
    def words(**values) -> str:
        values = {k: number("de", v) for k, v in values.items()}
        return template(**values) if callable(template) else template.format(**values)
    return words


WORDS = {
    "de": {key: _de(template) for key, template in {
        "board_error": "das Brett meldet Fehler {code}: {text}",
        "looking": "suche das Brett an {port}",
        "cannot_open": "{port} lässt sich nicht öffnen: {error}",
        "retrying": "{why}; nächster Versuch in {seconds:.2f} s",
        "waiting_hello": "{port} offen, warte auf die Antwort des Bretts auf HELLO",
        "no_hello": "keine Antwort auf HELLO von {port} binnen {seconds:.1f} s",
        "operational": "Brett {board_id}, Firmware {firmware}, Protokoll {protocol}, an {port}",
        "no_frame": "seit {seconds:.1f} s kein Rahmen vom Brett an {port}",
        "went_away": "{port} ist weg: {error}",
        "link_failed": "Verbindung gestört: {error}",
        "at_port": "{port}: {what}",
        "version_mismatch": lambda board, host: (
            f"das Brett spricht Protokollversion {board}, diese Steuerung Version {host}: "
            f"{'die Firmware des Bretts' if board < host else 'die Software des Tisches'} aktualisieren"),
        # the health facts
        "searching": "sucht das Brett", "handshake": "begrüßt das Brett",
        "operational_state": "in Betrieb", "lost": "verloren",
        "no_frame_yet": "noch keiner", "frame_at": "{time} (vor {ago:.1f} s)",
        "board_unseen": "noch nicht gesehen",
        "board_seen": "{board_id}, Firmware {firmware}, Protokoll {protocol}",
        "bad_frames": plural("messages", "{bad} ({crc} CRC, {resyncs} neu synchronisiert, {messages} ungültige Nachricht)",
                             "{bad} ({crc} CRC, {resyncs} neu synchronisiert, {messages} ungültige Nachrichten)"),
    }.items()},
    "en": {
        "board_error": "the board reports error {code}: {text}",
        "looking": "looking for the board at {port}",
        "cannot_open": "cannot open {port}: {error}",
        "retrying": "{why}; retrying in {seconds:.2f} s",
        "waiting_hello": "{port} open, waiting for the board to answer HELLO",
        "no_hello": "no answer to HELLO from {port} within {seconds:.1f} s",
        "operational": "board {board_id}, firmware {firmware}, protocol {protocol}, on {port}",
        "no_frame": "no frame from the board at {port} for {seconds:.1f} s",
        "went_away": "{port} went away: {error}",
        "link_failed": "link failed: {error}",
        "at_port": "{port}: {what}",
        "version_mismatch": lambda board, host: (
            f"the board speaks protocol version {board}, this controller speaks version {host}: "
            f"update the {'firmware' if board < host else 'table software'}"),
        "searching": "searching", "handshake": "handshake",
        "operational_state": "operational", "lost": "lost",
        "no_frame_yet": "none yet", "frame_at": "{time} ({ago:.1f} s ago)",
        "board_unseen": "not seen yet",
        "board_seen": "{board_id}, firmware {firmware}, protocol {protocol}",
        "bad_frames": "{bad} ({crc} CRC, {resyncs} resync, {messages} bad message)",
    },
}
phrase = phrasebook(WORDS)

# A link state's name on the health page (the guests' words for it are tablegame.texts')
STATE_WORDS = {"searching": "searching", "handshake": "handshake", "operational": "operational_state",
               "lost": "lost"}
