"""The games the table plays, found by name in the family registrations (tablegame.registry):
a game's rules (after python-chess's find_variant) and its play (rules + board + referee),
each imported only when the game is chosen."""
from __future__ import annotations

import importlib.util
from typing import Mapping

from tablegame.core.play import GameSetup, Play, PlaySettings
from tablegame.core.rules import IllegalAction, Outcome, Rules
from tablegame.registry import (Family, Game, check_values, family_of, find, known, load, module_of,
                                playable_games)
from tablegame import registry


def game_names() -> list[str]:
    """The games whose engines are installed."""
    return [name for name in registry.game_names()
            if importlib.util.find_spec(module_of(find(name).rules)) is not None]


def find_game(name: str, **options) -> Rules:
    """The rules of game ``name`` with ``options``; ValueError names what is wrong."""
    return load(find(name).rules)(**options)


def make_play(setup: GameSetup, settings: Mapping[str, Mapping] | None = None,
              folder: str | None = None) -> Play:
    """The play for ``setup``; ValueError says what is wrong with it (every bad option
    and setting at once). ``settings`` are the table settings per game name: the
    family's settings and the game's board settings, by name (missing: the defaults)."""
    game, family = _playable(setup.game)
    problems = option_problems(game, setup.options_dict)
    values = dict((settings or {}).get(setup.game, {}))
    problems += setting_problems(family, game, values)
    if problems:
        raise ValueError("; ".join(problems))
    options = setup.options_dict
    own = {o.name: options.pop(o.name) for o in game.play_options if o.name in options}
    rules = find_game(setup.game, **options)
    values = {**{o.name: o.default for o in family.settings + game.board}, **values}
    return load(family.play)(rules, PlaySettings(setup.game, values, folder), **own)


def option_problems(game: Game, options: Mapping) -> list[str]:
    """Each option of ``game`` that is unknown or bad, in words (the game's own checks
    that involve several options come later, from its rules)."""
    takes = game.options + game.play_options
    unknown, bad = check_values(takes, options)
    return ([f"unknown option(s) {', '.join(unknown)}; " + known(game.name, takes)]
            if unknown else []) + [f"{name}: {words}" for name, words in bad]


def setting_problems(family: Family, game: Game, values: Mapping) -> list[str]:
    """Each table or board setting of ``game`` that is unknown or bad, in words."""
    takes = family.settings + game.board
    unknown, bad = check_values(takes, values)
    return ([f"unknown setting(s) {', '.join(unknown)}; " + known(game.name, takes)]
            if unknown else []) + [f"{name}: {words}" for name, words in bad]


def _playable(name: str) -> tuple[Game, Family]:
    family = family_of(name)
    if family.play is None:
        raise ValueError(f"the table cannot play {name!r} yet; it plays {', '.join(playable_games())}")
    return find(name), family



__all__ = ["IllegalAction", "Outcome", "Rules", "find_game", "game_names", "make_play", "option_problems",
           "playable_games", "setting_problems"]
