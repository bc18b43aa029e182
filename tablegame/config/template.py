"""The installer's /etc/tablegame/config.toml, written from the settings table itself
(``config.SETTINGS`` and each family's options), so it never drifts from the code:
every key commented out with its default and what it means; uncommenting a line
changes nothing until its value is changed. ``tablegame config-template`` prints it."""
from __future__ import annotations

import json
from typing import Any

from tablegame.config import SETTINGS, ConfigError
from tablegame.config.words import phrase
from tablegame.registry import families

HEADER = """\
# The pub game table's configuration: tablegame run reads it at start.
# Every key is optional; each line below shows the default, commented out.
# To change a setting, remove the "# " before the key and edit the value.
# Check the file with:  tablegame check-config /etc/tablegame/config.toml
#                  or:  tablegame doctor
# Every setting is explained in docs/configuration.md.
"""


def template(chosen: dict[str, Any] | None = None) -> str:
    """The file; ``chosen`` (dotted keys) are written active, the installer's choices."""
    chosen = dict(chosen or {})
    unknown = sorted(set(chosen) - {s.key for s in SETTINGS})
    if unknown:
        raise ConfigError([phrase("unknown_setting_at", key=key) for key in unknown], "the chosen settings")
    lines = [HEADER]
    section = None
    for setting in SETTINGS:
        name, _, key = setting.key.rpartition(".")
        if name != section:
            section = name
            lines.append(f"\n[{name}]")
        lines.append(f"# {setting.doc}")
        if setting.key in chosen:
            lines.append(f"{_assignment(key, chosen[setting.key])}   # set by the installer; "
                         f"default {_value(setting.default)}")
        else:
            lines.append(f"# {_assignment(key, setting.default)}")
    for family in families():
        for game in family.games:
            for table, options in (("games", game.options), ("boards", game.board)):
                if options:
                    lines.append(f"\n# [{table}.{game.name}]")
                    for option in options:
                        lines.append(f"#   {option.doc.get('en', '')}")
                        lines.append(f"# {_assignment(option.name, option.default)}"
                                     if option.default is not None
                                     else f"#   ({option.name}: not set unless given)")
    return "\n".join(lines) + "\n"


def _assignment(key: str, value: Any) -> str:
    return f"{key} = {_value(value)}"


def _value(value: Any) -> str:
    """On one line: JSON's strings, numbers, booleans and arrays are TOML's too."""
    return json.dumps(value, ensure_ascii=False)
