"""A competition made from what staff typed on the phone: the game and its options, the
format, the entrants pasted one a line, the tables. Checked before anything is logged;
what is wrong comes back as a key of the pages' words and its values. The draw (the
order of the entrants, Schocken's sheets) is made here, once, with the random source
given, and logged with the setup.

One entrant a line: ``Anna`` (a player), ``Anna, Carl`` (a pair, called "Anna & Carl")
or ``Krone A: Anna, Carl`` (a team with its name)."""
from __future__ import annotations

import random
import re
from typing import Any, Sequence

from tablegame.core.games import make_play
from tablegame.core.names import MAX_NAME, name_problem, tidy
from tablegame.core.parties import solo
from tablegame.core.play import GameSetup
from tablegame.registry import playable_games
from venue.competition.draw import schocken_groups
from venue.competition.model import FORMATS, Setup, Side

TABLE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MOST_SIDES = 64
Problem = tuple[str, dict]


def entrants(text: str, one_player: bool) -> tuple[tuple[Side, ...], Problem | None]:
    """The sides from the pasted lines, or the first line's problem."""
    sides, seen = [], set()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for number, line in enumerate(lines, 1):
        name, _, players = line.rpartition(":") if ":" in line else ("", "", line)
        names = tuple(tidy(p) for p in players.split(","))
        if not all(names):
            return (), ("cp_line_empty_name", {"line": number})
        if any(name_problem(n) for n in names):
            return (), ("cp_line_bad_name", {"line": number, "most": MAX_NAME})
        if one_player and len(names) > 1:
            return (), ("cp_line_one_player", {"line": number})
        if twice := next((n for n in names if n.casefold() in seen), None):
            return (), ("cp_line_twice", {"line": number, "name": twice})
        seen.update(n.casefold() for n in names)
        title = tidy(name) or " & ".join(names)
        if len(title) > 60:
            return (), ("cp_line_bad_name", {"line": number, "most": 60})
        sides.append(Side(title, names))
    if len({s.name.casefold() for s in sides}) != len(sides):
        return (), ("cp_same_side_name", {})
    if not 2 <= len(sides) <= MOST_SIDES:
        return (), ("cp_sides_count", {"count": len(sides), "most": MOST_SIDES})
    return tuple(sides), None


def make(form: dict[str, Any], known_tables: Sequence[str], rng: random.Random,
         made_id: str) -> tuple[Setup | None, Problem | None]:
    """The setup from the page's fields (name, game, options: {name: value}, format,
    entrants, tables, seeded, rounds, size), its draw made; or the problem."""
    game, format_ = str(form.get("game", "")), str(form.get("format", ""))
    if game not in playable_games():
        return None, ("cp_unknown_game", {"game": game, "games": ", ".join(playable_games())})
    if format_ not in FORMATS:
        return None, ("cp_unknown_format", {"format": format_})
    if format_ == "schocken_evening" and game != "schocken":
        return None, ("cp_evening_is_schocken", {})
    name = tidy(str(form.get("name", ""))) or game
    if len(name) > 60:
        return None, ("cp_name_long", {"most": 60})
    sides, problem = entrants(str(form.get("entrants", "")), solo(game))
    if problem:
        return None, problem
    tables = tuple(dict.fromkeys(str(t) for t in form.get("tables", ())))
    if not tables or any(not TABLE.match(t) for t in tables):
        return None, ("cp_no_tables", {})
    if unknown := [t for t in tables if t not in known_tables]:
        return None, ("cp_unknown_tables", {"tables": ", ".join(unknown)})
    options = tuple(sorted(dict(form.get("options") or {}).items()))
    order = list(sides)
    if not form.get("seeded"):
        rng.shuffle(order)
    groups: tuple = ()
    if format_ == "schocken_evening":
        try:
            rounds, size = int(form.get("rounds", 3)), int(form.get("size", 4))
        except (TypeError, ValueError):
            return None, ("cp_rounds", {})
        if not (1 <= rounds <= 20 and 2 <= size <= 10):
            return None, ("cp_rounds", {})
        groups = schocken_groups(len(order), rounds, size, rng)
    largest = max((len(g) for r in groups for g in r), default=2)
    try:   # the game with these options and as many parties as a match has
        sample = tuple((f"p{i}",) for i in range(largest))
        play = make_play(GameSetup(game, sample, options))
        play.rules.initial_state(sample)
    except ValueError as error:
        return None, ("cp_game_refused", {"reason": error.args[0] if error.args else str(error)})
    return Setup(made_id, name, game, format_, tuple(order), tables, options, groups), None
