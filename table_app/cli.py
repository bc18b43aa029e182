"""``tablegame run`` (the Pi service), ``tablegame simulate`` (the same table on a
simulated board), each family's own commands (its registration's ``commands``), and for
the installer ``tablegame check-config``, ``tablegame doctor``, ``tablegame config-template``
and ``tablegame camera-learn``."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from tablegame import registry
from table_app import logs
from tablegame.config import SMALLEST_SCREEN, ConfigError, Given, load, setup_for
from tablegame.texts import LANGUAGES
from tablegame.core.games import playable_games
from tablegame.core.store import LogError

DEFAULT_CONFIG = "/etc/tablegame/config.toml"
SIMULATED_STORE = "var/simulated-table.sqlite"
# Without --config, simulate reads (and the staff page saves) this file beside its log.
SIMULATED_CONFIG = "simulated-config.toml"


def simulated_config(db: str | None) -> Path:
    """The settings file ``simulate`` reads without --config: beside its event log."""
    return Path(db or SIMULATED_STORE).parent / SIMULATED_CONFIG
# What --help says, as a terminal shows it (the docstring above is for developers).
DESCRIPTION = """The controller of a pub game table: it referees and scores the game played on it.

  tablegame run             the table service on the Pi (serial board, GPIO buttons, screen)
  tablegame simulate        the same table on a simulated board, in a window
  tablegame check-config    check a configuration file and name every bad key
  tablegame <family command> a family's own command (tablegame carrom-ruling: a Carrom position)
  tablegame doctor          check this site, one line per check (exit status 0: all is well)
  tablegame config-template the configuration file with every setting and its default
  tablegame camera-learn    teach the camera board the board and its pieces from videos or pictures
  tablegame reset-password NAME  set a staff page account's password again (a forgotten admin's)
  tablegame new-admin NAME       make an admin account for the staff page (its admin is gone)
  tablegame venue           the venue's view of its tables on MQTT (docs/mqtt.md)

Each command's own help: tablegame COMMAND --help"""


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no banner in our output
    args = _parser().parse_args(argv)
    logs.setup(getattr(args, "log_level", None) or logs.DEFAULT)
    try:
        return args.command(args)
    except ConfigError as error:
        said = ("Command-line error" if error.source == "command line"
                else f"Configuration error in {error.source}")
        # one problem on the header's line; several each on its own, under the header
        print(f"{said}: {error.problems[0]}" if len(error.problems) == 1 else
              f"{said}:\n  " + "\n  ".join(error.problems), file=sys.stderr)
        return 2
    except LogError as error:   # --db or table.store: nothing was written
        print(f"event log: {error}", file=sys.stderr)
        return 2


def _run(args) -> int:
    from table_app import supervised
    path = args.config if args.config or not Path(DEFAULT_CONFIG).exists() else DEFAULT_CONFIG
    if path is None:
        print(f"no {DEFAULT_CONFIG}: running with the documented defaults", file=sys.stderr)
    return supervised.run(path, args.log_level)


# What the options that feed the configuration take, in the command line's words (a
# bad value is said with the option as typed: "--party A: expected ...").
PARTIES_TAKE = ('two parties or more (up to ten for Schocken): --party once for each, its '
                'players\' names comma separated (none empty, none twice, each at most 40 '
                'characters), e.g. --party "Anna,Carl" --party Ben')
SIZE_TAKES = ("WIDTHxHEIGHT of at least {0}x{1} (the smallest screen the table draws on), such as "
              "1280x800, or 0x0 for the screen's own size").format(*SMALLEST_SCREEN)


def _simulate(args) -> int:
    overrides = {"table.language": args.language} if args.language else {}
    given = {}   # the overrides' options as typed, for what a bad one is called
    if args.party:
        overrides["table.parties"] = [[n.strip() for n in p.split(",")] for p in args.party]
        given["table.parties"] = Given(" ".join(f"--party {_quoted(p)}" for p in args.party),
                                       PARTIES_TAKE)
    if args.game:
        overrides["table.game"] = args.game
        given["table.game"] = Given(f"--game {args.game}")
    overrides["display.fullscreen"] = args.fullscreen
    if args.size:
        overrides["display.size"] = _size(args.size)
        given["display.size"] = Given(f"--size {args.size}", SIZE_TAKES)
    if args.instant:
        overrides["simulation.realtime"] = False
    if args.board:
        overrides["board.kind"] = args.board
    # Without --config, the staff page saves its settings beside the simulated log.
    path = args.config or simulated_config(args.db)
    # A file named with --config must be there (as for run and check-config); only the
    # staff page's own file beside the log may not be written yet.
    read = path if args.config or Path(path).exists() else None
    config = load(read, overrides, given)
    if not args.log_level:
        logs.set_level(config["logging.level"])
    if args.option:
        game = config["table.game"]
        config.games.setdefault(game, {}).update(_options(args.option))
        config = load_checked(config, {f"games.{game}.{pair.partition('=')[0]}":
                                       Given(f"--option {pair}") for pair in args.option})
    # which file the settings come from, said before anything runs (a setting saved on
    # the staff page earlier changes every later run: not a silent one)
    print(f"settings: {read} (delete it for the defaults)" if read and not args.config else
          f"settings: {read}" if read else
          f"settings: the defaults (the staff page saves them to {path})",
          file=sys.stderr if args.headless else sys.stdout, flush=True)
    if args.headless:
        from table_app.headless import ScriptError, load_script, run_script
        try:
            result = run_script(load_script(args.headless, config), config, args.db,
                                config_path=path if args.config or Path(path).exists() else None)
        except ScriptError as error:
            print(f"script error: {error}", file=sys.stderr)
            return 2
        json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    from table_app import service
    explicit = bool(args.game or args.party or args.option)
    try:
        again = service.simulate(config, args.db or SIMULATED_STORE, setup_for(config) if explicit else None, path)
    except service.MissingHardware as error:   # the camera board cannot read this game
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    return service.start_again() if again else 0   # the staff page's restart


def load_checked(config, given: dict[str, Given] | None = None):
    """Check options given on the command line as if they were in the file
    (``given``: each as typed, by its key)."""
    from tablegame.config import parse
    raw: dict = {"games": config.games, "boards": config.boards}
    return parse(raw, "command line", config.values, given=given)


def _quoted(word: str) -> str:
    """A word as a shell would need it typed (a name with a space or comma quoted)."""
    return word if word and all(c.isalnum() or c in "-_.," for c in word) else f'"{word}"'


def _check_config(args) -> int:
    load(args.path)
    print(f"{args.path}: fine")
    return 0


def _config_template(args) -> int:
    from tablegame.config import parse
    from tablegame.config.template import template
    chosen = _options(args.set or [], "--set")
    # a bad value is refused in check-config's words, named as typed
    parse({}, "--set", chosen, given={pair.partition("=")[0]: Given(f"--set {pair}")
                                      for pair in args.set or []})
    print(template(chosen), end="")
    return 0


def _accounts_folder(args) -> Path:
    """The folder of the staff page's accounts: beside the event log."""
    path = args.config or (DEFAULT_CONFIG if Path(DEFAULT_CONFIG).exists() else None)
    store = args.db or (load(path)["table.store"] if path else SIMULATED_STORE)
    return Path(store).parent


def _reset_password(args) -> int:
    from web_admin.recover import reset_password
    return reset_password(_accounts_folder(args), args.name)


def _new_admin(args) -> int:
    from web_admin.recover import new_admin
    return new_admin(_accounts_folder(args), args.name)


def _doctor(args) -> int:
    import shutil
    import subprocess
    from table_app import doctor
    path = args.config or (DEFAULT_CONFIG if Path(DEFAULT_CONFIG).exists() else None)
    pi = doctor.on_a_pi()
    simulated = path is None and not pi
    if simulated and simulated_config(None).exists():   # what simulate would read
        path = str(simulated_config(None))
    running = bool(shutil.which("systemctl")) and subprocess.run(
        ["systemctl", "is-active", "--quiet", "tablegame"], capture_output=True).returncode == 0
    setup = (f"{pi}: checking the installed setup" if pi else
             f"not a Raspberry Pi: checking the simulated setup (tablegame simulate, with "
             f"{path or 'the defaults'})" if simulated
             else f"not a Raspberry Pi: checking the setup {path} describes")
    text, status = doctor.report(doctor.run(path, simulated, running,
                                            SIMULATED_STORE if simulated else None), setup)
    print(text)
    return status


def _camera_learn(args) -> int:
    from table_app import camera_learn
    path = args.config or (DEFAULT_CONFIG if Path(DEFAULT_CONFIG).exists() else None)
    if path is None:
        print(f"camera-learn saves what it learned beside the configuration: give --config FILE "
              f"(no {DEFAULT_CONFIG})", file=sys.stderr)
        return 2
    given = {"table.game": Given(f"--game {args.game}")} if args.game else None
    config = load(path, {"table.game": args.game} if args.game else None, given)
    logs.set_level("warning")     # what it learned and what is wrong is said in words; not the camera's log
    return camera_learn.run(args, config, path)


def _venue(args) -> int:
    from venue.serve import serve
    config = load(args.config)
    name = args.venue or config["mqtt.venue"]
    if name != "+" and not all(c.isalnum() or c in "-_" for c in name):
        print(f"--venue {name!r}: a venue's name (letters, digits, - or _) or +", file=sys.stderr)
        return 2
    return serve(config, name, args.data, args.host, args.port)


def _family_command(run: str):
    def command(args) -> int:
        return registry.load(run)(args)
    return command


def _size(text: str) -> list[int]:
    try:
        w, h = text.lower().split("x")
        return [int(w), int(h)]
    except ValueError:
        raise ConfigError([f"--size: expected WIDTHxHEIGHT such as 1280x800, got {text!r}"],
                          "command line") from None


def _options(pairs: list[str], flag: str = "--option") -> dict:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ConfigError([f"{flag}: expected KEY=VALUE, got {pair!r}"], "command line")
        try:
            options[key] = json.loads(value)  # numbers, true/false
        except json.JSONDecodeError:
            options[key] = value
    return options


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tablegame", description=DESCRIPTION,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(required=True, metavar="COMMAND")
    logging_ = argparse.ArgumentParser(add_help=False)
    logging_.add_argument("--log-level", choices=logs.LEVELS,
                          help="what to log (default: logging.level of the configuration, info)")
    _table_commands(sub, logging_)
    for family in registry.families():
        for own in family.commands:
            command = _command(sub, own.name, own.help)
            for name, keywords in own.arguments:
                command.add_argument(name, **keywords)
            command.set_defaults(command=_family_command(own.run))
    _installer_commands(sub)
    _venue_command(sub, logging_)
    return parser


def _command(sub, name: str, does: str, **kwargs) -> argparse.ArgumentParser:
    """A subcommand whose own --help starts with what it does, as the list of commands says it."""
    return sub.add_parser(name, help=does, description=does, **kwargs)


def _table_commands(sub, logging_) -> None:
    """``run`` and ``simulate``: the table itself."""
    run = _command(sub, "run", "the table service on the Pi (serial board, GPIO, screen)",
                   parents=[logging_])
    run.add_argument("--config", help=f"configuration file (default {DEFAULT_CONFIG})")
    run.set_defaults(command=_run)

    sim = _command(sub, "simulate", "the same table on a simulated board, in a window", parents=[logging_])
    sim.add_argument("--config", help=f"configuration file (default: {SIMULATED_STORE.rsplit('/', 1)[0]}/"
                     f"{SIMULATED_CONFIG} beside the log, which the staff page saves, when it is "
                     "there; else the documented defaults)")
    sim.add_argument("--game", choices=playable_games(), help="start this game")
    sim.add_argument("--option", action="append", metavar="KEY=VALUE",
                     help="a game option, e.g. progressive=true or beds=5 (repeatable)")
    sim.add_argument("--party", action="append", metavar="NAMES",
                     help='a party\'s players, comma separated; give it twice: --party "Anna,Carl" --party Ben')
    sim.add_argument("--language", choices=LANGUAGES)
    sim.add_argument("--db", help=f"the event log (default {SIMULATED_STORE}; the game resumes from it)")
    sim.add_argument("--size", help="window size, e.g. 800x480")
    sim.add_argument("--fullscreen", action="store_true")
    sim.add_argument("--instant", action="store_true", help="no sliding animation")
    sim.add_argument("--board", choices=("serial", "camera"),
                     help="camera: the simulated table drawn frame by frame and read by the camera board "
                          "(docs/camera.md); serial (the default): the virtual board")
    sim.add_argument("--headless", metavar="SCRIPT",
                     help="run a script of shots and presses, print the state as JSON (docs/headless.md)")
    sim.set_defaults(command=_simulate)


def _installer_commands(sub) -> None:
    """What the installer and staff run on the Pi's shell: check-config, doctor,
    reset-password, config-template."""
    check = _command(sub, "check-config", "check a configuration file and say what is wrong")
    check.add_argument("path", help="the configuration file, e.g. /etc/tablegame/config.toml")
    check.set_defaults(command=_check_config)

    doctor = _command(sub, "doctor", "check this site and say, one line per check, what is "
                            "right and what is wrong (exit status 0: all is well)")
    doctor.add_argument("--config", help=f"configuration file (default {DEFAULT_CONFIG} if there; "
                        "else the simulated setup)")
    doctor.set_defaults(command=_doctor)

    for name, does, command in (
            ("reset-password", "set the password of a staff page account that exists again, e.g. a "
             "forgotten admin's (asks twice; the account becomes an admin; a name that does not "
             "exist is refused, naming the accounts)", _reset_password),
            ("new-admin", "make a new admin account for the staff page, e.g. when no admin can "
             "log in (asks for its password twice; a name that exists is refused)", _new_admin)):
        accounts = _command(sub, name, does)
        accounts.add_argument("name", help="the account's name on the staff page")
        accounts.add_argument("--config", help=f"configuration file (default {DEFAULT_CONFIG} if "
                              "there; else the simulated table's)")
        accounts.add_argument("--db", help="the event log whose folder holds staff.sqlite")
        accounts.set_defaults(command=command)

    config_template = _command(sub, "config-template", "print the configuration file with "
                                     "every setting, its default and its meaning (the installer's)")
    config_template.add_argument("--set", action="append", metavar="KEY=VALUE",
                                 help="write this setting active, e.g. serial.port=/dev/tablegame-board")
    config_template.set_defaults(command=_config_template)

    learn = _command(sub, "camera-learn", "teach the camera board the board and its pieces from a video "
                           "or pictures for each step of the calibration (docs/camera.md, Calibration); "
                           "without files: what each step shows")
    learn.add_argument("files", nargs="*", metavar="STEP",
                       help="a video, a picture or a folder of pictures for each step: the empty board first, "
                            "then the pieces as the step asks")
    learn.add_argument("--config", help=f"configuration file to save beside (default {DEFAULT_CONFIG})")
    learn.add_argument("--game", choices=playable_games(), help="the board of this game (default: table.game)")
    learn.add_argument("--corners", nargs=4, metavar="X,Y",
                       help="a board without markers: the playing surface's corners in the picture, in pixels: "
                            "front left, front right, back right, back left")
    learn.add_argument("--language", choices=LANGUAGES, help="the words' language (default: table.language)")
    learn.set_defaults(command=_camera_learn)


def _venue_command(sub, logging_) -> None:
    """``venue``: the venue's view of its tables on MQTT."""
    venue = _command(sub, "venue", "the venue's view of its tables on MQTT: every table live, the "
                     "evening's standings, a TV mode (docs/mqtt.md)", parents=[logging_])
    venue.add_argument("--config", help="configuration file whose [mqtt] names the broker")
    venue.add_argument("--venue", help="the venue to show (default: mqtt.venue; + for every "
                       "venue, at a head office)")
    venue.add_argument("--data", default="var/venue", help="folder of the venue's own SQLite "
                       "and its staff accounts (default var/venue)")
    venue.add_argument("--host", default="0.0.0.0", help="where the page listens")
    venue.add_argument("--port", type=int, default=8090, help="the page's port (default 8090)")
    venue.set_defaults(command=_venue)


if __name__ == "__main__":
    sys.exit(main())
