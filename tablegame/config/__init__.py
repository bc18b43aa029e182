"""The installer's one configuration file (TOML), checked key by key.

Every setting has a default, so an empty file (or none) is a working table. Each
bad value is reported with its key and what was expected, all of them at once."""
from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, NamedTuple

from tablegame.config.games import SECTIONS_OF_TABLES, key_lines, table_problems
from tablegame.config.words import phrase
from tablegame.registry import Option, families, playable_games
from tablegame.texts import LANGUAGES
from tablegame.core.games import make_play
from tablegame.core.names import MAX_NAME, parties_problem
from tablegame.words.phrase import Phrase, phrase_of, said
from tablegame.core.play import GameSetup
from tablegame.core.text_file import FileProblem, read_utf8

LOG_LEVELS = ("debug", "info", "warning", "error")   # logging.level's choices
LOG_DEFAULT = "info"


class Given(NamedTuple):
    """A setting the command line gave: how it was typed ("--party A"), and what that
    option takes in the command line's words ("": the setting's own words)."""
    flag: str
    takes: str = ""


class ConfigError(ValueError):
    """Every problem of a configuration: as text each is English (check-config's and the
    command line's words); ``said(language)`` says them all in another language."""
    def __init__(self, problems: list[str], source: str):
        self.problems = problems
        self.source = source
        super().__init__(f"{source}: " + "; ".join(problems))

    def said(self, language: str, separator: str = "; ") -> str:
        return separator.join(said(language, p) for p in self.problems)


@dataclass(frozen=True)
class Setting:
    key: str            # dotted: "serial.baudrate"
    default: Any
    check: Callable[[Any], Phrase | None]  # None when fine, else what was expected
    doc: str


def _is(kind, what):
    def check(v):
        ok = isinstance(v, kind) and not (kind is not bool and isinstance(v, bool))
        return None if ok else phrase(what)
    return check


def _choice(*options):
    return lambda v: None if v in options else phrase("one_of", options=", ".join(map(repr, options)))


def _number(lo, hi, kind=(int, float)):
    def check(v):
        if isinstance(v, bool) or not isinstance(v, kind) or not lo <= v <= hi:
            return phrase("a_number", low=lo, high=hi)
        return None
    return check


def _pin(v):
    return None if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 27 \
        else phrase("a_pin")


def _parties(v):
    if (isinstance(v, list) and 2 <= len(v) <= 10   # how many the game takes: _check_games
            and all(isinstance(p, list) and p and all(isinstance(n, str) for n in p) for p in v)
            and parties_problem(v) is None):        # the one rule for a name (core.names)
        return None
    return phrase("parties", most=MAX_NAME)


def _camera_size(v):
    ok = (isinstance(v, list) and len(v) == 2
          and all(isinstance(n, int) and not isinstance(n, bool) and 160 <= n <= 8192 for n in v))
    return None if ok else phrase("camera_size")


def _marker_mm(v):
    ok = isinstance(v, (int, float)) and not isinstance(v, bool) and (v == 0 or 20 <= v <= 300)
    return None if ok else phrase("marker_mm")


def _homography(v):
    ok = isinstance(v, list) and (v == [] or (len(v) == 9 and all(
        isinstance(n, (int, float)) and not isinstance(n, bool) for n in v)))
    return None if ok else phrase("homography")

# The largest window the table opens: an 8K screen. SDL asks for a surface of width x
# height x 4 bytes at once; [99999, 99999] (40 GB) ended in "out of memory" and a blank
# screen, a size past 64 bits in a TypeError at start.
LARGEST_SCREEN = (7680, 4320)

# The smallest screen the table draws on (QVGA, the smallest panel made for the Pi): every
# screen draws there (tests/test_display_floor.py), and its smallest text is 12 px. Smaller
# windows only hold unreadable text, so check-config refuses them.
SMALLEST_SCREEN = (320, 240)


def _size(v):
    whole = isinstance(v, list) and len(v) == 2 and all(
        isinstance(n, int) and not isinstance(n, bool) for n in v)
    if whole and (v == [0, 0] or all(least <= n <= most for n, least, most
                                     in zip(v, SMALLEST_SCREEN, LARGEST_SCREEN))):
        return None
    return phrase("size", smallest=list(SMALLEST_SCREEN), largest=list(LARGEST_SCREEN))


def _path(what):
    """A path the table opens: text, not empty, no NUL (the OS refuses it), not a folder."""
    def check(v):
        if isinstance(v, str) and v.strip() and "\0" not in v and not v.endswith("/"):
            return None
        return phrase(what)
    return check


# Ports below 1024 are the system's: the service runs as its own user, and a desktop as the
# person's, so the page could never listen there ("Permission denied" at start).
LOWEST_PORT = 1024


def _port(v):
    if isinstance(v, int) and not isinstance(v, bool) and (v == 0 or LOWEST_PORT <= v <= 65535):
        return None
    return phrase("port", lowest=LOWEST_PORT)


def _host(v):
    """An address to listen on: an IP address (v4 or v6, without brackets) or a host name."""
    import ipaddress
    import re
    if not isinstance(v, str):
        return phrase("host")
    try:
        ipaddress.ip_address(v)
        return None
    except ValueError:
        pass
    label = r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)"
    return None if len(v) <= 253 and re.fullmatch(rf"{label}(\.{label})*", v) else phrase("host")


SETTINGS = [
    Setting("table.language", "de", _choice(*LANGUAGES), "language of the screen texts"),
    Setting("table.game", playable_games()[0], _is(str, "a_game_name"),
            "the game a fresh table starts with"),
    Setting("table.parties", [["Team A"], ["Team B"]], _parties,
            "the parties of a fresh table, each a list of players in turn order"),
    Setting("table.store", "/var/lib/tablegame/table.sqlite", _path("a_file_path_not_empty"),
            "the SQLite event log (created if missing)"),
    Setting("serial.port", "/dev/ttyACM0", _path("a_device_path"),
            "the board's serial port, e.g. /dev/ttyACM0 or socket://10.0.0.5:7000"),
    Setting("serial.baudrate", 115200, _number(1200, 4_000_000, int), "serial speed in baud"),
    Setting("board.kind", "serial", _choice("serial", "camera"),
            "what senses the board: the microcontroller on serial.port, or a camera above it"),
    Setting("camera.source", "picamera2", _is(str, "a_camera_source"),
            "the camera board's frames: picamera2 (the Pi's camera), usb:0, or a video file to replay"),
    Setting("camera.size", [1280, 960], _camera_size, "the camera's picture size in pixels"),
    Setting("camera.fov", 66.0, _number(20, 160), "the lens's horizontal field of view, degrees"),
    Setting("camera.k1", 0.0, _number(-1, 1), "the lens's radial distortion k1 (a lens calibration's)"),
    Setting("camera.k2", 0.0, _number(-1, 1), "the lens's radial distortion k2"),
    Setting("camera.marker_mm", 0, _marker_mm,
            "the printed markers' side in mm (0: the board's own, 48 Shove, 55 Carrom); larger markers "
            "are found from higher up (docs/camera.md)"),
    Setting("camera.homography", [], _homography,
            "the board's place in the picture, saved by the staff page's calibration ([]: from the markers)"),
    Setting("camera.learned", "camera-learned.npz", _path("a_file_path_not_empty"),
            "what the camera learned of the board and pieces (the installer's calibration), a file "
            "beside this one; read at start"),
    Setting("buttons.ok", 17, _pin, "GPIO (BCM) of the green OK button"),
    Setting("buttons.back", 27, _pin, "GPIO (BCM) of the red BACK button (hold: undo)"),
    Setting("buttons.menu", 22, _pin, "GPIO (BCM) of the MENU button"),
    Setting("buttons.debounce", 0.03, _number(0, 0.5), "seconds an edge must follow the last one"),
    Setting("buttons.long_press", 1.0, _number(0.2, 10), "seconds held that make a long press"),
    Setting("display.fullscreen", True, _is(bool, "true_or_false"), "full screen (the Pi)"),
    Setting("display.size", [0, 0], _size,
            "window size in pixels, at least [320, 240]; [0, 0]: the screen's own"),
    Setting("simulation.realtime", True, _is(bool, "true_or_false"),
            "simulated coins slide in real time (false: results at once)"),
    Setting("simulation.friction", 0.25, _number(0.01, 2), "sliding friction of a simulated coin"),
    Setting("web.host", "0.0.0.0", _host,
            "where the staff page listens (0.0.0.0: every network of the Pi)"),
    Setting("web.port", 8080, _port,
            "the staff page's TCP port, from 1024 (0: any free one)"),
    Setting("web.threads", 32, _number(2, 256, int),
            "waitress worker threads of the staff page (each open live view holds one)"),
    Setting("web.max_streams", 24, _number(1, 250, int),
            "live views open at once (fewer than web.threads, so pages still load)"),
    Setting("logging.level", LOG_DEFAULT, _choice(*LOG_LEVELS),
            "what goes to the journal (stderr on a desktop); --log-level overrides it"),
]


def _topic_name(v):
    """A venue's or a table's name: one MQTT topic level (docs/mqtt.md)."""
    ok = isinstance(v, str) and 0 < len(v) <= 40 and all(c.isalnum() or c in "-_" for c in v)
    return None if ok else phrase("topic_name")


# [mqtt]: the table publishes its status, state and events to a broker (docs/mqtt.md); off
# by default, and nothing of it is imported unless it is on.
SETTINGS += [
    Setting("mqtt.enabled", False, _is(bool, "true_or_false"), "publish to an MQTT broker"),
    Setting("mqtt.host", "localhost", _is(str, "a_host"), "the broker's host"),
    Setting("mqtt.port", 1883, _number(1, 65535, int), "the broker's port (8883 with TLS)"),
    Setting("mqtt.tls", False, _is(bool, "true_or_false"), "talk to the broker over TLS"),
    Setting("mqtt.ca_file", "", _is(str, "a_file_path"),
            "with TLS: the CA certificate that signed the broker's (\"\": the system's)"),
    Setting("mqtt.cert_file", "", _is(str, "a_file_path"),
            "with TLS: this table's client certificate (\"\": none, use the password)"),
    Setting("mqtt.key_file", "", _is(str, "a_file_path"), "with TLS: the client certificate's key"),
    Setting("mqtt.username", "", _is(str, "a_user_name"), "the broker's user for this table"),
    Setting("mqtt.password", "", _is(str, "a_password"), "that user's password"),
    Setting("mqtt.venue", "pub", _topic_name, "the venue's name in the topics"),
    Setting("mqtt.table", "table-1", _topic_name, "this table's name in the topics (unique in the venue)"),
    Setting("mqtt.keepalive", 10, _number(5, 600, int),
            "seconds between pings: a table without power shows offline within 1.5 times this"),
    Setting("mqtt.accept_commands", False, _is(bool, "true_or_false"),
            "take commands (new game, pause) from the venue view through .../cmd/ topics"),
    Setting("mqtt.staff_url", "", _is(str, "a_staff_url"),
            "the staff page's address the venue view links to (\"\": the address it is served on)"),
]


def _partner(v):
    return None if v == "" else _topic_name(v)


# [league]: the venue view's line to the other pub of a league match (docs/competitions.md):
# its broker over TLS, with this pub's login there. Only the pub that dials sets it.
SETTINGS += [
    Setting("league.partner", "", _partner,
            "the other pub of a league match, whose broker this venue view dials (\"\": none)"),
    Setting("league.host", "", _is(str, "a_host"), "that pub's broker, as reached from here"),
    Setting("league.port", 8883, _number(1, 65535, int), "that broker's TLS port"),
    Setting("league.ca_file", "", _is(str, "a_file_path"),
            "the CA certificate that signed that broker's (\"\": the system's)"),
    Setting("league.username", "", _is(str, "a_user_name"),
            "this pub's login at that broker (league-<this venue>)"),
    Setting("league.password", "", _is(str, "a_password"), "that login's password"),
]


def _family_setting(family: str, option: Option) -> Setting:
    """A family's table setting (its registration's ``settings``) as a row of the table."""
    return Setting(f"{family}.{option.name}", option.default,
                   lambda v: None if option.allows(v) else option.allowed(), option.doc["en"])


# the families' own settings ([shove] moved_coin = ...), from their registrations
SETTINGS += [_family_setting(f.name, o) for f in families() for o in f.settings]


@dataclass(frozen=True)
class Config:
    values: dict[str, Any]
    games: dict[str, dict] = field(default_factory=dict)    # options per game
    boards: dict[str, dict] = field(default_factory=dict)   # board sizes per game

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


def load(path: str | Path | None, overrides: dict[str, Any] | None = None,
         given: dict[str, Given] | None = None) -> Config:
    """The configuration in ``path`` (None: all defaults), with ``overrides`` on top
    (``given``: those the command line gave, see ``parse``)."""
    source = str(path) if path else "defaults"
    raw: dict = {}
    lines: dict[str, int] = {}
    if path is not None:
        try:
            text = read_utf8(path)
            raw = tomllib.loads(text)
        except FileProblem as problem:
            raise ConfigError([str(problem)], source) from None
        except tomllib.TOMLDecodeError as error:
            raise ConfigError([f"not valid TOML: {error}"], source) from None
        lines = key_lines(text)
    return parse(raw, source, overrides or {}, lines, given)


def parse(raw: dict, source: str = "config", overrides: dict[str, Any] | None = None,
          lines: dict[str, int] | None = None, given: dict[str, Given] | None = None) -> Config:
    """``raw`` (a parsed file) checked key by key; ConfigError names every bad key at
    once, with its line in the file where ``lines`` knows it, and what it takes. A bad
    key the command line gave (``given``) is the command line's problem: said with its
    option as typed, and with "command line" as the source when all problems are such."""
    bad: set[str] = set()
    overrides, typed = overrides or {}, given or {}

    placed: list[tuple[int, int, str]] = []   # (line, order, problem): said in the file's order

    def say(key: str, words: str) -> None:
        line = (lines or {}).get(key) if key not in overrides else None
        where = typed[key].flag if key in typed else key
        placed.append((line or 0, len(placed),   # the command line's first, then by line
                       phrase("at", where=where, words=words) if line is None
                       else phrase("at_line", line=line, where=where, words=words)))
        bad.add(key)

    known = {s.key for s in SETTINGS}
    flat = _flatten({k: v for k, v in raw.items() if k not in SECTIONS_OF_TABLES})
    for key in sorted(set(flat) - known):
        mean = difflib.get_close_matches(key, known, n=1, cutoff=0.75)
        say(key, phrase("unknown_setting_mean", mean=mean[0]) if mean else phrase("unknown_setting"))
    values = {}
    for s in SETTINGS:
        value = overrides.get(s.key, flat.get(s.key, s.default))
        expected = s.check(value)
        if expected and s.key in typed:   # the option as typed shows the value
            say(s.key, phrase("expected", expected=typed[s.key].takes or expected))
        elif expected:
            say(s.key, phrase("expected_got", expected=expected, value=repr(value)))
        values[s.key] = value
    tables, unbuilt = {}, set()
    for section in SECTIONS_OF_TABLES:
        given = raw.get(section, {})
        unbuilt |= table_problems(section, given, say)
        tables[section] = given if isinstance(given, dict) and all(
            isinstance(v, dict) for v in given.values()) else {}
    pins = [values[f"buttons.{b}"] for b in ("ok", "back", "menu")]
    if len(set(pins)) < len(pins):
        say("buttons", phrase("own_gpio", pins=pins))
    if values["web.max_streams"] >= values["web.threads"]:
        say("web", phrase("fewer_streams", streams=values["web.max_streams"],
                          threads=values["web.threads"]))
    if values["mqtt.cert_file"] and not (values["mqtt.tls"] and values["mqtt.key_file"]):
        say("mqtt", phrase("client_cert"))
    config = Config(values, games=tables["games"], boards=tables["boards"])
    if "table.game" not in bad:   # built with defaults for the bad keys
        defaults = {s.key: s.default for s in SETTINGS}
        _check_games(Config({k: defaults[k] if k in bad else v for k, v in values.items()},
                            games=config.games, boards=config.boards), unbuilt, say,
                     parties="table.parties" not in bad)
    problems = [problem for _, _, problem in sorted(placed, key=lambda p: p[:2])]
    if problems:
        raise ConfigError(problems, "command line" if bad <= set(typed) else source)
    return config


def _check_games(config: Config, unbuilt: set[str], say, parties: bool = True) -> None:
    """Build the configured game and every game with a table once (those whose keys
    were each fine), so what only the rules or the board can tell (a combination of
    options, a board's sizes that do not fit together) is named with its table.
    ``parties``: the parties were fine on their own, so the game's count is checked."""
    if config["table.game"] not in playable_games():
        say("table.game", phrase("expected_got", expected=phrase("one_of", options=", ".join(
            playable_games())), value=repr(config["table.game"])))
    settings = play_settings(config)
    if config["table.game"] in playable_games() and config["table.game"] not in unbuilt:
        try:   # as many parties as the game takes (a bad option or board is named below)
            rules = make_play(setup_for(config), settings).rules
        except (ValueError, TypeError):
            rules = None
        try:
            if rules is not None and parties:
                rules.initial_state(config["table.parties"])
        except ValueError as error:
            say("table.parties", phrase_of(error))
    for name in sorted((set(config.games) | set(config.boards)) - unbuilt):
        key = f"games.{name}" if name in config.games else f"boards.{name}"
        try:
            make_play(setup_for(config, name), settings)
        except (ValueError, TypeError) as error:
            say(key, phrase_of(error))


def play_settings(config: Config) -> dict[str, dict]:
    """The table settings of every playable game, by game name, for ``make_play``: its
    family's settings (the default where the table has no row for one) and its own
    board settings."""
    return {game.name: {**{o.name: config.values.get(f"{family.name}.{o.name}", o.default)
                           for o in family.settings},
                        **config.boards.get(game.name, {})}
            for family in families() for game in family.games}


def setup_for(config: Config, game: str | None = None) -> GameSetup:
    """The configured game (or ``game``) with its options and the configured parties."""
    game = game or config["table.game"]
    return GameSetup(game, tuple(tuple(p) for p in config["table.parties"]),
                     tuple(sorted(config.games.get(game, {}).items())))


def _flatten(raw: dict, prefix: str = "") -> dict[str, Any]:
    flat = {}
    for key, value in raw.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def lenient(path: str | Path | None) -> Config:
    """What safe mode runs with: each setting of ``path`` that is fine on its own, the
    default for every other (and for a file that is missing or not TOML at all), no
    game options or boards. Never raises."""
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8")) if path else {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        raw = {}
    flat = _flatten({k: v for k, v in raw.items() if k not in SECTIONS_OF_TABLES})
    return Config({s.key: flat[s.key] if s.key in flat and s.check(flat[s.key]) is None
                   else s.default for s in SETTINGS})
