"""The configuration's refusals in German and English: what a setting takes and what is
wrong with a file. The English ones are check-config's and the command line's words, the
staff page says them in its own language (tablegame.words.phrase)."""
from __future__ import annotations

from tablegame.words.phrase import phrasebook

WORDS = {
    "de": {
        # what a setting takes
        "true_or_false": "true oder false",
        "a_game_name": "ein Spielname",
        "a_file_path": "ein Dateipfad",
        "a_file_path_not_empty": "ein Dateipfad, nicht leer",
        "a_device_path": "ein Gerätepfad oder eine pyserial-URL, nicht leer",
        "a_host": "ein Rechnername oder eine Adresse",
        "a_user_name": "ein Benutzername",
        "a_password": "ein Passwort",
        "a_staff_url": "eine Adresse wie http://10.0.0.21:8080/",
        "one_of": "einer der Werte {options}",
        "a_number": "eine Zahl von {low} bis {high}",
        "a_pin": "eine BCM-GPIO-Nummer von 0 bis 27",
        "a_camera_source": "picamera2, usb:N oder der Pfad einer Videodatei",
        "camera_size": "[Breite, Höhe] in Pixeln, jede von 160 bis 8192",
        "homography": "[] oder neun Zahlen (eine 3x3-Matrix, Zeile für Zeile)",
        "marker_mm": ("die Seite der gedruckten Marker in mm, von 20 bis 300, oder 0 für die des Bretts "
                      "(48 Shove, 55 Carrom)"),
        "parties": ('zwei Listen von Spielernamen (bis zu zehn bei Schocken), z. B. [["Anna", "Carl"], '
                    '["Ben"]]; jeder Name höchstens {most} Zeichen, davon eines sichtbar, kein '
                    'Steuerzeichen und kein Name doppelt'),
        "size": ("[Breite, Höhe] in Pixeln, mindestens {smallest} (der kleinste Bildschirm, auf dem "
                 "der Tisch zeichnet) und höchstens {largest}, oder [0, 0] für die Größe des "
                 "Bildschirms"),
        "port": ("0 (ein freier Port) oder ein Port von {lowest} bis 65535 (niedrigere brauchen "
                 "root), z. B. 8080"),
        "host": ("eine Adresse zum Lauschen: eine IP-Adresse (0.0.0.0, 127.0.0.1, ::) oder ein "
                 "Rechnername"),
        "topic_name": ("1 bis 40 Buchstaben, Ziffern, - oder _ (eine Topic-Ebene: kein / + # und "
                       "kein Leerzeichen)"),
        # what is wrong
        "at": "{where}: {words}",
        "at_line": "Zeile {line}: {where}: {words}",
        "unknown_setting": "diese Einstellung gibt es nicht",
        "unknown_setting_mean": "diese Einstellung gibt es nicht; gemeint ist wohl {mean}",
        "unknown_setting_at": "{key}: diese Einstellung gibt es nicht",
        "expected": "erwartet wird {expected}",
        "expected_got": "erwartet wird {expected}, nicht {value}",
        "own_gpio": "jede Taste braucht ihren eigenen GPIO, nicht {pins}",
        "fewer_streams": ("web.max_streams ({streams}) muss kleiner sein als web.threads ({threads}), "
                          "damit Seiten laden, während Live-Ansichten offen sind"),
        "client_cert": ("ein Client-Zertifikat (mqtt.cert_file) braucht mqtt.tls = true und seinen "
                        "mqtt.key_file"),
        "tables_like": "erwartet werden Tabellen wie [{section}.{game}]",
        "unknown_in_table": "{what} gibt es nicht; {known}",
        "unknown_in_table_mean": "{what} gibt es nicht; gemeint ist wohl {mean} ({known})",
        "option": "diese Option",
        "board_setting": "diese Brett-Einstellung",
    },
    "en": {
        "true_or_false": "true or false",
        "a_game_name": "a game name",
        "a_file_path": "a file path",
        "a_file_path_not_empty": "a file path, not empty",
        "a_device_path": "a device path or a pyserial URL, not empty",
        "a_host": "a host name or address",
        "a_user_name": "a user name",
        "a_password": "a password",
        "a_staff_url": "an address such as http://10.0.0.21:8080/",
        "one_of": "one of {options}",
        "a_number": "a number from {low} to {high}",
        "a_pin": "a BCM GPIO number from 0 to 27",
        "a_camera_source": "picamera2, usb:N or a video file's path",
        "camera_size": "[width, height] in pixels, each from 160 to 8192",
        "homography": "[] or nine numbers (a 3x3 matrix, row by row)",
        "marker_mm": "the printed markers' side in mm, from 20 to 300, or 0 for the board's own (48 Shove, 55 Carrom)",
        "parties": ('two lists of player names (up to ten for Schocken), e.g. [["Anna", "Carl"], '
                    '["Ben"]]; each name at most {most} characters, with one that shows, no control '
                    'character, and no name twice'),
        "size": ("[width, height] in pixels, at least {smallest} (the smallest screen the table "
                 "draws on) and at most {largest}, or [0, 0] for the screen's own size"),
        "port": "0 (any free port) or a port from {lowest} to 65535 (lower ones need root), e.g. 8080",
        "host": "an address to listen on: an IP address (0.0.0.0, 127.0.0.1, ::) or a host name",
        "topic_name": "1 to 40 letters, digits, - or _ (one topic level: no / + # or space)",
        "at": "{where}: {words}",
        "at_line": "line {line}: {where}: {words}",
        "unknown_setting": "unknown setting",
        "unknown_setting_mean": "unknown setting; did you mean {mean}?",
        "unknown_setting_at": "{key}: unknown setting",
        "expected": "expected {expected}",
        "expected_got": "expected {expected}, got {value}",
        "own_gpio": "each button needs its own GPIO, got {pins}",
        "fewer_streams": ("web.max_streams ({streams}) must be fewer than web.threads ({threads}), "
                          "so pages load while views are live"),
        "client_cert": "a client certificate (mqtt.cert_file) needs mqtt.tls = true and its mqtt.key_file",
        "tables_like": "expected tables like [{section}.{game}]",
        "unknown_in_table": "unknown {what}; {known}",
        "unknown_in_table_mean": "unknown {what}; did you mean {mean}? ({known})",
        "option": "option",
        "board_setting": "board setting",
    },
}

phrase = phrasebook(WORDS)
