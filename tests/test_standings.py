"""The evening's standings per player, folded from the log: Schocken games lost (many
games on one sheet), Shove games won (a party of two wins for both), Neunfeld results;
an undone end does not count; an evening runs past midnight."""
import random
from datetime import date, datetime

from tablegame.families.schocken.rules import HalfLost
from tablegame.core.history import History
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.families.schocken.sheet import NextGame
from tablegame.core.replay import replay
from tablegame.core.session import Act, NewGame, Session, Undo
from tablegame.core.standings import Standing, evening_of, evenings, standings
from tablegame.core.store import EventLog

SCHOCKEN = GameSetup("schocken", (("Anna",), ("Ben",), ("Cem",)))
SHOVE = GameSetup("shove-hapenny", (("Anna", "Dora"), ("Ben",)))
NEUNFELD = GameSetup("neunfeld", (("Cem",), ("Dora",)))


class Clock:
    def __init__(self, when: datetime):
        self.now = when.timestamp()

    def __call__(self):
        return self.now


def play_out(session: Session, rng: random.Random) -> None:
    """Random legal actions until the game is over."""
    rules = session.play.rules
    while rules.outcome(session.status.state) is None:
        session.handle(Act(rules.random_action(session.status.state, rng)), by="script")


def replayed(store):
    return [replay(game, make_play, "en") for game in History(store).games()]


def test_the_evenings_standings_per_player_and_game(tmp_path):
    store, clock = tmp_path / "t.sqlite", Clock(datetime(2026, 11, 23, 20, 0))
    s = Session(EventLog(store), make_play, SCHOCKEN, rng=random.Random(2), clock=clock)
    for loser in (1, 1):                       # Ben loses both halves: Blattschuss
        s.handle(Act(HalfLost(loser)), by="staff:carla")
    s.handle(Act(NextGame()))
    s.handle(Act(HalfLost(0)))                 # Anna loses the first half, Cem the second,
    s.handle(Act(HalfLost(2)))
    clock.now = datetime(2026, 11, 24, 0, 30).timestamp()
    s.handle(Act(HalfLost(2)))                 # and the final after midnight: same evening
    s.handle(Act(NextGame()))
    s.handle(Act(HalfLost(0)))
    s.handle(Act(HalfLost(0)))                 # Anna loses, then it is taken back
    s.handle(Undo())

    s.handle(NewGame(SHOVE))
    play_out(s, random.Random(5))
    shove_winner = s.play.rules.outcome(s.status.state).winner
    s.handle(NewGame(NEUNFELD))
    play_out(s, random.Random(7))
    neunfeld = s.play.rules.outcome(s.status.state)
    s.close()

    games = replayed(store)
    assert [len(g.results) for g in games] == [2, 1, 1]
    assert evenings(games) == [date(2026, 11, 23)]
    rows = {(r.game, r.player): r for r in standings(games, date(2026, 11, 23))}
    assert rows[("schocken", "Ben")] == Standing("Ben", "schocken", played=2, lost=1)
    assert rows[("schocken", "Cem")] == Standing("Cem", "schocken", played=2, lost=1)
    assert rows[("schocken", "Anna")] == Standing("Anna", "schocken", played=2, lost=0)
    won, lost = (("Anna", "Dora"), ("Ben",))[::1 if shove_winner == 0 else -1]
    for player in won:
        assert rows[("shove-hapenny", player)] == Standing(player, "shove-hapenny", 1, won=1)
    for player in lost:
        assert rows[("shove-hapenny", player)] == Standing(player, "shove-hapenny", 1, lost=1)
    cem, dora = rows[("neunfeld", "Cem")], rows[("neunfeld", "Dora")]
    if neunfeld.winner is None:
        assert cem.drawn == dora.drawn == 1
    else:
        assert (cem.won, dora.won) == ((1, 0) if neunfeld.winner == 0 else (0, 1))
    assert standings(games, date(2026, 11, 24)) == []


def test_an_evening_runs_until_six_in_the_morning():
    assert evening_of(datetime(2026, 11, 24, 5, 59).timestamp()) == date(2026, 11, 23)
    assert evening_of(datetime(2026, 11, 24, 6, 0).timestamp()) == date(2026, 11, 24)
