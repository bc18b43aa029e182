"""The configuration's per-game tables, ``[games.<game>]`` (options) and
``[boards.<game>]`` (board settings), checked key by key against the family
registrations' typed Options; and where each key stands in the file, so a problem
can name its line."""
from __future__ import annotations

import difflib
import re
from typing import Any, Callable, Mapping

from tablegame.config.words import phrase
from tablegame.words.phrase import phrase_of
from tablegame.registry import check_values, find, known, playable_games

SECTIONS_OF_TABLES = ("games", "boards")  # [games.<name>] options, [boards.<name>] settings

_HEADER = re.compile(r"^\s*\[\s*([^\[\]#]+?)\s*\]\s*(#.*)?$")
_KEY = re.compile(r"""^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=""")


def _dotted(text: str) -> str:
    return ".".join(part.strip().strip("\"'") for part in re.split(r"\.(?=(?:[^\"']*[\"'][^\"']*[\"'])*[^\"']*$)", text))


def key_lines(text: str) -> dict[str, int]:
    """The line (from 1) of each dotted key and table header in the TOML ``text``:
    ``{"table.language": 2, "games.shove-piecepack": 5, "games.shove-piecepack.beds": 6}``.
    Enough for naming lines in messages; the file itself is read by tomllib."""
    lines, table = {}, ""
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("[["):
            table = ""                      # arrays of tables: no setting lives there
        elif header := _HEADER.match(line):
            table = _dotted(header.group(1))
            lines.setdefault(table, number)
        elif key := _KEY.match(line):
            lines.setdefault(f"{table}.{_dotted(key.group(1))}" if table else _dotted(key.group(1)),
                             number)
    return lines


def table_problems(section: str, tables: Any, say: Callable[[str, str], None]) -> set[str]:
    """Each bad key of ``[section.<game>]`` said through ``say(key, words)``; the games
    whose table had a problem (not to be built)."""
    if not isinstance(tables, dict) or not all(isinstance(v, dict) for v in tables.values()):
        say(section, phrase("tables_like", section=section, game=playable_games()[0]))
        return set()
    bad = set()
    for name, values in tables.items():
        try:
            game = find(name)
        except ValueError as error:
            say(f"{section}.{name}", phrase_of(error))
            bad.add(name)
            continue
        options = game.options + game.play_options if section == "games" else game.board
        what = phrase("option" if section == "games" else "board_setting")
        unknown, wrong = check_values(options, values)
        for key in unknown:
            mean = difflib.get_close_matches(key, [o.name for o in options], n=1, cutoff=0.75)
            say(f"{section}.{name}.{key}", phrase("unknown_in_table_mean", what=what, mean=mean[0],
                                                  known=known(name, options)) if mean else
                phrase("unknown_in_table", what=what, known=known(name, options)))
        for key, words in wrong:
            say(f"{section}.{name}.{key}", words)
        if unknown or wrong:
            bad.add(name)
    return bad
