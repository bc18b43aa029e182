"""Find the play (rules + board + referee + screen) for a game setup."""
from __future__ import annotations

from typing import Callable, Mapping

from tablegame.boards.shove import hapenny_board, piecepack_board
from tablegame.games import find_game
from tablegame.play.base import GameSetup, Play
from tablegame.play.shove import ShovePlay
from tablegame.play.neunfeld import neunfeld_play
from tablegame.play.schocken import SchockenPlay
from tablegame.play.carrom import carrom_play

# game name -> how to build its play from its rules and its table settings: for Shove the
# board's sizes ([boards.<game>]), for Schocken the dice source, for Neunfeld the solver cache
_PLAYS: dict[str, Callable[..., Play]] = {
    "shove-hapenny": lambda rules, sizes: _shove(rules, hapenny_board, **sizes),
    "shove-piecepack": lambda rules, sizes: _shove(rules, piecepack_board, **sizes),
    "neunfeld": neunfeld_play,
    "schocken": lambda rules, settings: SchockenPlay(rules, **settings),
    "carrom": carrom_play,
}

def _shove(rules, board, moved_coin: str = "warn", **sizes) -> ShovePlay:
    """Shove's table settings: the board's sizes and what a coin moved unhit does."""
    return ShovePlay(rules, board(beds=rules.beds, **sizes), moved_coin=moved_coin)


# game name -> the options that belong to its play, not to its rules
_PLAY_OPTIONS: dict[str, tuple[str, ...]] = {"neunfeld": neunfeld_play.play_options}


def playable_games() -> list[str]:
    return list(_PLAYS)


def make_play(setup: GameSetup, settings: Mapping[str, Mapping] | None = None) -> Play:
    """The play for ``setup``; ValueError says what is wrong with it."""
    if setup.game not in _PLAYS:
        raise ValueError(f"the table cannot play {setup.game!r} yet; it plays "
                         f"{', '.join(_PLAYS)}")
    options = setup.options_dict  # a play's own options (e.g. who the table plays) skip the rules
    own = {k: options.pop(k) for k in _PLAY_OPTIONS.get(setup.game, ()) if k in options}
    rules = find_game(setup.game, **options)
    return _PLAYS[setup.game](rules, dict((settings or {}).get(setup.game, {})), **own)
