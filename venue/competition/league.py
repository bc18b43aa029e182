"""A league match between two pubs, pure: its fixture, the fold of its entries in a venue's
competitions log, the moves one table must take from the other, whether the two tables'
logs agree, and a season's standings.

Each side plays on its own table: a board is one game (Schocken: each player throws at
his own pub's table, with its own dice) that both pubs' tables referee whole. A table
takes its own guests' moves on their turns and the other pub's as its venue relays them
from the other table's log (tablegame.core.match, ``elsewhere``). So both tables' logs
hold the whole game, and the board's result is agreed only when both say the same; when
they do not, both pubs' staff see it and may have the board played again.

Entries (kind: data), each venue in its own log:

- ``league``: the Fixture (the home venue: made by its staff; the away venue: the
  invitation as it arrived from the home venue).
- ``accepted``: {table}: the away venue's staff took the match on, at that table.
- ``board``: {board, attempt, loser, winner_side}: a board agreed by both tables' logs.
- ``disagreed``: {board, attempt, here, there, move}: the two logs differ (shown, not settled).
- ``replay``: {board, attempt}: the board is played again (either pub's staff asked).
- ``closed``: {}."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from venue.competition.games import LoggedGame, outcome_words
from venue.competition.model import POINTS

SIDES = ("home", "away")


@dataclass(frozen=True)
class Board:
    home: tuple[str, ...]               # the home pub's players of this board
    away: tuple[str, ...]

    def seats(self) -> tuple[tuple[str, str], ...]:
        """(player, side) in seat order: home and away alternate (h1, a1, h2, a2, …)."""
        order = []
        for i in range(max(len(self.home), len(self.away))):
            if i < len(self.home):
                order.append((self.home[i], "home"))
            if i < len(self.away):
                order.append((self.away[i], "away"))
        return tuple(order)


@dataclass(frozen=True)
class Fixture:
    id: str
    season: str
    home: str                            # the venues, by their MQTT names
    away: str
    game: str
    boards: tuple[Board, ...]
    home_table: str
    options: tuple[tuple[str, Any], ...] = ()

    def side_of(self, venue: str) -> str:
        return "home" if venue == self.home else "away"

    def other(self, venue: str) -> str:
        return self.away if venue == self.home else self.home


@dataclass
class LeagueMatch:
    fixture: Fixture
    me: str                               # this venue
    away_table: str | None = None
    attempts: dict[int, int] = field(default_factory=dict)
    agreed: dict[int, dict] = field(default_factory=dict)       # board -> {loser, winner_side}
    disagreed: dict[int, dict] = field(default_factory=dict)    # board -> what each log says
    closed: bool = False

    @property
    def accepted(self) -> bool:
        return self.away_table is not None

    def table(self, venue: str) -> str | None:
        return self.fixture.home_table if venue == self.fixture.home else self.away_table

    def attempt(self, board: int) -> int:
        return self.attempts.get(board, 1)

    @property
    def current(self) -> int | None:
        """The board being played (numbered from 1); None when all are agreed."""
        if not self.accepted or self.closed:
            return None
        return next((b for b in range(1, len(self.fixture.boards) + 1) if b not in self.agreed),
                    None)

    @property
    def finished(self) -> bool:
        return len(self.agreed) == len(self.fixture.boards)

    def score(self) -> dict[str, int]:
        won = {"home": 0, "away": 0}
        for result in self.agreed.values():
            if result.get("winner_side") in won:
                won[result["winner_side"]] += 1
        return won

    def apply(self, kind: str, by: str, data: dict) -> None:
        if kind == "accepted" and self.away_table is None:
            self.away_table = str(data["table"])
        elif kind == "board":
            if data.get("attempt") == self.attempt(data["board"]):
                self.agreed.setdefault(int(data["board"]), {k: data.get(k) for k in (
                    "loser", "winner", "winner_side")})
                self.disagreed.pop(int(data["board"]), None)
        elif kind == "disagreed":
            if data.get("attempt") == self.attempt(data["board"]):
                self.disagreed[int(data["board"])] = dict(data)
        elif kind == "replay":
            board, attempt = int(data["board"]), int(data["attempt"])
            if board not in self.agreed and attempt > self.attempt(board):
                self.attempts[board] = attempt
                self.disagreed.pop(board, None)
        elif kind == "closed":
            self.closed = True


def fold_league(entries, me: str) -> LeagueMatch | None:
    """A venue's league match from its entries (seq, at, kind, by, data); None if the first
    entry is not a fixture."""
    from tablegame.core import jsoncodec
    match = None
    for _, _, kind, by, data in entries:
        if match is None:
            if kind != "league":
                return None
            match = LeagueMatch(jsoncodec.from_data(Fixture, data), me)
        else:
            match.apply(kind, by, data)
    return match


def board_setup(fixture: Fixture, number: int, me: str) -> tuple[dict, tuple[int, ...]]:
    """The board's game as this venue's table plays it: its setup, and the seats played
    at the other pub's table."""
    board = fixture.boards[number - 1]
    seats = board.seats()
    mine = fixture.side_of(me)
    return ({"game": fixture.game, "parties": [[p] for p, _ in seats],
             "options": dict(fixture.options)},
            tuple(i for i, (_, side) in enumerate(seats) if side != mine))


def relay(mine: LoggedGame | None, theirs: LoggedGame | None) -> tuple[int, list[dict]] | None:
    """The other table's moves this table lacks, from the move it is at: (its move count,
    the moves), made at the other table in a row; None: nothing to bring."""
    if mine is None or theirs is None or mine.problem or theirs.problem:
        return None
    at = len(mine.moves)
    batch = []
    for move in theirs.moves[at:]:
        if not move.here:            # a move of this table's guests they took: not theirs to give
            break
        batch.append(move.data)
    return (at, batch) if batch else None


def divergence(mine: LoggedGame, theirs: LoggedGame) -> int | None:
    """The first move the two logs tell differently (an undo at one table, a correction,
    a forged log); None while one is a beginning of the other."""
    for index, (a, b) in enumerate(zip(mine.moves, theirs.moves)):
        if a.data != b.data or a.here == b.here:   # the same move made at both tables
            return index
    return None


def verdict(mine: LoggedGame | None, theirs: LoggedGame | None, fixture: Fixture,
            number: int) -> tuple[str, dict] | None:
    """("board", the agreed result) once both logs end the same; ("disagreed", what each
    says) when they differ; None while the board is on."""
    if mine is None or theirs is None:
        return None
    moved_apart = divergence(mine, theirs)
    if moved_apart is None and (mine.outcome is None or theirs.outcome is None):
        return None
    here, there = outcome_words(mine.outcome), outcome_words(theirs.outcome)
    if moved_apart is None and here == there:
        seats = fixture.boards[number - 1].seats()
        loser, winner = here["loser"], here["winner"]
        if winner is not None:
            side = seats[winner][1]
        elif loser is not None:
            side = "away" if seats[loser][1] == "home" else "home"
        else:
            side = None
        return "board", {"loser": loser, "winner": winner, "winner_side": side}
    return "disagreed", {"here": here, "there": there, "move": moved_apart}


def season_standings(matches: list[LeagueMatch], season: str) -> list[dict]:
    """Each pub's row of the season from its league matches with every board agreed:
    played, won, drawn, lost, boards won and lost, points (3 a win, 1 a draw)."""
    rows: dict[str, dict] = {}
    for match in matches:
        fixture = match.fixture
        if fixture.season != season or not match.finished:
            continue
        score = match.score()
        for side, venue in zip(SIDES, (fixture.home, fixture.away)):
            row = rows.setdefault(venue, {"team": venue, "played": 0, "won": 0, "drawn": 0,
                                          "lost": 0, "boards_won": 0, "boards_lost": 0,
                                          "points": 0})
            other = "away" if side == "home" else "home"
            row["played"] += 1
            row["boards_won"] += score[side]
            row["boards_lost"] += score[other]
            result = "won" if score[side] > score[other] else "lost" if score[side] < score[other] \
                else "drawn"
            row[result] += 1
            row["points"] += POINTS[result]
    ranked = sorted(rows.values(), key=lambda r: (-r["points"], r["boards_lost"] - r["boards_won"],
                                                  r["team"]))
    return [{"place": i + 1, **row} for i, row in enumerate(ranked)]
