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
from tablegame.phrase import Phrase, joined, phrasebook

# What is wrong with a game's setup, in German and English (the English ones are
# check-config's words; the staff page says them in its language).
WORDS = {
    "de": {
        "unknown_options": "unbekannte Option(en) {names}; {known}",
        "unknown_settings": "unbekannte Einstellung(en) {names}; {known}",
        "named": "{name}: {words}",
        "cannot_play": "der Tisch kann {game} noch nicht spielen; er spielt {games}",
    },
    "en": {
        "unknown_options": "unknown option(s) {names}; {known}",
        "unknown_settings": "unknown setting(s) {names}; {known}",
        "named": "{name}: {words}",
        "cannot_play": "the table cannot play {game} yet; it plays {games}",
    },
}
phrase = phrasebook(WORDS)


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
        raise ValueError(joined(problems))
    options = setup.options_dict
    own = {o.name: options.pop(o.name) for o in game.play_options if o.name in options}
    rules = find_game(setup.game, **options)
    values = {**{o.name: o.default for o in family.settings + game.board}, **values}
    return load(family.play)(rules, PlaySettings(setup.game, values, folder), **own)


def option_problems(game: Game, options: Mapping) -> list[Phrase]:
    """Each option of ``game`` that is unknown or bad, in words (the game's own checks
    that involve several options come later, from its rules)."""
    takes = game.options + game.play_options
    unknown, bad = check_values(takes, options)
    return ([phrase("unknown_options", names=", ".join(unknown), known=known(game.name, takes))]
            if unknown else []) + [phrase("named", name=name, words=words) for name, words in bad]


def setting_problems(family: Family, game: Game, values: Mapping) -> list[Phrase]:
    """Each table or board setting of ``game`` that is unknown or bad, in words."""
    takes = family.settings + game.board
    unknown, bad = check_values(takes, values)
    return ([phrase("unknown_settings", names=", ".join(unknown), known=known(game.name, takes))]
            if unknown else []) + [phrase("named", name=name, words=words) for name, words in bad]


def _playable(name: str) -> tuple[Game, Family]:
    family = family_of(name)
    if family.play is None:
        raise ValueError(phrase("cannot_play", game=repr(name), games=", ".join(playable_games())))
    return find(name), family



__all__ = ["IllegalAction", "Outcome", "Rules", "find_game", "game_names", "make_play", "option_problems",
           "playable_games", "setting_problems"]
