"""The configuration file's one writer, shared by the staff page and check-config.

A change is checked by the same ``parse`` that ``check-config`` runs (so a bad value
is refused with the same words, and nothing changes), then written with tomli-w
atomically: a temporary file beside it, fsync, rename over the old one, fsync of the
folder. A power cut or a kill leaves the old file or the new one, never half of one.

``current()`` is the live configuration: parts that can change while the table runs
(the screen's language) read it there instead of keeping a copy from start-up."""
from __future__ import annotations

import os
import threading
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from tablegame.config import SETTINGS, Config, ConfigError, parse
from tablegame.config.words import phrase
from tablegame.core.atomic_file import remove_stale_temps, write_atomically
from tablegame.registry import families as registered

# Keys the running table takes at once (the screen reads the language on every frame, the
# rail buttons their timings at every edge); a family's own settings (its section is the
# family's name), its game options and board sizes count from the next game (each new game's
# play is built from the live configuration); every other key needs a restart.
LIVE = frozenset({"table.language", "buttons.debounce", "buttons.long_press"})


def next_game_keys() -> frozenset[str]:
    families = {family.name for family in registered()}
    return frozenset(s.key for s in SETTINGS if s.key.partition(".")[0] in families)


def takes_effect(key: str) -> str:
    """When a saved ``key`` counts: "now", "next_game" or "restart"."""
    return "now" if key in LIVE else "next_game" if key in next_game_keys() else "restart"


class ConfigFile:
    def __init__(self, path: str | Path | None, config: Config):
        self.path = Path(path) if path else None
        self._config = self._saved = config
        self._lock = threading.RLock()   # one save at a time (save holds it across _write)
        self.version = 0                # grows with every saved change
        if self.path is not None and self.path.parent.is_dir():
            remove_stale_temps(self.path)   # what saves killed before this start left
        # what runs instead of the file's value, and why (a reason's key the page words):
        # ``simulate`` runs the virtual board, its own log, the page on 127.0.0.1 …
        self.instead: dict[str, tuple[Any, str]] = {}

    def runs_instead(self, key: str, value: Any, why: str) -> None:
        """Say that ``key`` runs with ``value`` whatever the file says, because of ``why``."""
        if value != self._config[key]:
            self.instead[key] = (value, why)

    def current(self) -> Config:
        return self._config

    def saved(self) -> Config:
        """The file as last saved: what the table runs with after a restart."""
        return self._saved

    def raw(self) -> dict:
        """The file's contents (an empty table when there is no file yet)."""
        if self.path is None or not self.path.exists():
            return {}
        return tomllib.loads(self.path.read_text(encoding="utf-8"))

    def save(self, changes: dict[str, Any]) -> list[str]:
        """Set the dotted ``changes`` and write the file; returns the keys that need a
        restart. Raises ConfigError (check-config's words) and changes nothing when a
        value is bad; ValueError when there is no file to save to."""
        known = {s.key for s in SETTINGS}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise ConfigError([phrase("unknown_setting_at", key=key) for key in unknown], "change")
        def change(raw: dict) -> None:
            for key, value in changes.items():
                section, _, name = key.rpartition(".")
                raw.setdefault(section, {})[name] = value
        with self._lock:
            config = self._write(change)
            self._config = Config({**self._config.values,
                                   **{k: config[k] for k in changes
                                      if takes_effect(k) != "restart"}},
                                  games=self._config.games, boards=self._config.boards)
        return sorted(k for k in changes if changes[k] != self._config[k])

    def save_board(self, game: str, values: dict[str, Any]) -> None:
        """Set ``game``'s board settings (the file's ``[boards.<game>]``), checked as
        check-config checks them (the board is built); they count from the next game."""
        with self._lock:
            config = self._write(
                lambda raw: raw.setdefault("boards", {}).setdefault(game, {}).update(values))
            self._config = Config(self._config.values, games=self._config.games,
                                  boards=config.boards)

    def beside(self, key: str) -> Path | None:
        """The file the setting ``key`` names (camera.learned), a relative name in this
        configuration file's folder; None when the table runs without a configuration file."""
        return beside(self.path, self._config[key])

    def save_beside(self, key: str, data: bytes) -> Path:
        """Write ``data`` to the file the setting ``key`` names, beside the configuration
        (arrays do not belong in TOML: camera.learned), atomically as the file itself; a new
        one gets the configuration's mode and group (so the service reads what an installer
        wrote with sudo), and the configuration names it from then on. Returns its path;
        ValueError when there is no configuration file to write beside."""
        with self._lock:
            path = self.beside(key)
            if path is None:
                raise ValueError("the table runs without a configuration file: nothing to save to")
            new = not path.exists()
            write_atomically(path, data)
            if new and self.path.exists():
                _mode_and_group_of(self.path, path)
            section, _, name = key.rpartition(".")
            if name not in self.raw().get(section, {}):
                self.save({key: self._config[key]})
        return path

    def _write(self, change) -> Config:
        """Apply ``change`` to the file's contents, check and write them; the new config.
        ConfigError (check-config's words) and nothing written when anything is bad."""
        if self.path is None:
            raise ValueError("the table runs without a configuration file: nothing to save to")
        with self._lock:
            raw = self.raw()
            change(raw)
            config = parse(raw, str(self.path))
            write_atomically(self.path, tomli_w.dumps(raw).encode("utf-8"))
            self._saved = config
            self.version += 1
        return config


def beside(config_path: str | Path | None, name: str) -> Path | None:
    """``name`` (a setting's file name) as a path: relative names in the folder of the
    configuration file ``config_path``; None without one."""
    if config_path is None:
        return None
    return Path(config_path).parent / Path(name).expanduser()


def _mode_and_group_of(model: Path, path: Path) -> None:
    old = model.stat()
    os.chmod(path, old.st_mode & 0o666)
    try:
        os.chown(path, -1, old.st_gid)
    except OSError:
        pass      # not ours to give away: the group stays the writer's
