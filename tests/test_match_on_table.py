"""A match the venue starts on a table, through the table's own command path
(mqtt_publisher.commands, as with [mqtt] accept_commands): the table starts the game
by itself, its screen says which match it is in both languages, its log says so in the
game's first entry (so a restart and the venue know it), the same command sent again
changes nothing, and a league match's other party moves only when relayed."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from mqtt_publisher.commands import Commands
from table_app.service import open_session
from tablegame.config import parse
from tablegame.core.history import History
from tablegame.core.jsoncodec import action_to_data as data_of
from tablegame.core.match import Match, title
from tablegame.core.play import GameSetup
from tablegame.core.session import Act
from tablegame.core.events import ButtonPress
from tablegame.display import Display
from tablegame.display.layout import readable_px
from tablegame.texts import say
from web_table import Table

SCREENSHOTS = Path(__file__).parent.parent / "docs" / "screenshots"

QUARTER = {"competition": "c1", "match": "R1M2", "attempt": 1, "stage": "quarter_final",
           "number": 1, "sides": ["Anna", "Ben"]}
SETUP = {"game": "neunfeld", "parties": [["Anna"], ["Ben"]], "options": {}}


def command(table, name, **body):
    commands = Commands(table.face, lambda: "de")
    return commands(name, json.dumps({"by": "boss", "id": "1", **body}).encode())


@pytest.fixture
def table(tmp_path):
    table = Table(tmp_path)     # Shove ha'penny, Anna v Ben: a table before the evening
    yield table
    table.close()


def test_the_venue_starts_the_match_and_the_screen_says_which(table):
    reply = command(table, "new_game", setup=SETUP, match=QUARTER)
    assert reply["accepted"], reply
    snapshot = table.face.snapshot()
    assert snapshot.status.setup.game == "neunfeld"
    assert snapshot.view("de").title == "Viertelfinale: Anna gegen Ben"
    assert snapshot.view("en").title == "Quarter-final: Anna v Ben"
    first = History(table.store).entries(0)[-1]
    assert first.kind == "new_game" and first.by == "venue:boss" and first.data["match"] == {
        **QUARTER, "elsewhere": [], "where": ""}


def test_the_same_match_sent_again_changes_nothing_and_another_attempt_starts_afresh(table):
    command(table, "new_game", setup=SETUP, match=QUARTER)
    rules = table.face.snapshot().play.rules
    table.face.submit(Act(rules.random_action(table.face.snapshot().status.state,
                                              random.Random(1))), wait=5)
    logged = len(History(table.store).entries(0))
    again = command(table, "new_game", setup=SETUP, match=QUARTER)
    assert again["accepted"] and again["playing"]
    assert len(History(table.store).entries(0)) == logged
    replay = command(table, "new_game", setup=SETUP, match={**QUARTER, "attempt": 2})
    assert replay["accepted"] and table.face.snapshot().status.match.attempt == 2
    assert table.face.snapshot().status.actions == 0


def test_a_match_played_before_is_not_played_again_when_sent_late(table):
    """The venue had not heard the match's end (its broker lost it) when the guests went
    on to a game of their own: the match sent again is done, not started afresh."""
    command(table, "new_game", setup=SETUP, match=QUARTER)
    rng = random.Random(2)
    while not table.face.snapshot().play.rules.is_over(table.face.snapshot().status.state):
        state = table.face.snapshot().status.state
        table.face.submit(Act(table.face.snapshot().play.rules.random_action(state, rng)), wait=5)
    table.face.submit(ButtonPress("ok"), wait=5)          # OK: the guests' own next game
    assert table.face.snapshot().status.match is None
    logged = len(History(table.store).entries(0))
    late = command(table, "new_game", setup=SETUP, match=QUARTER)
    assert late["accepted"] and late["played"] and "schon gespielt" in late["reason"]
    assert len(History(table.store).entries(0)) == logged and table.face.snapshot().status.match is None


def test_a_bad_match_or_setup_is_refused_in_words_and_the_game_stays(table):
    before = table.face.snapshot().status.setup
    bad = command(table, "new_game", setup=SETUP, match={**QUARTER, "stage": "semi"})
    assert not bad["accepted"] and "stage" in bad["reason"]
    unknown = command(table, "new_game", setup={**SETUP, "game": "chess"}, match=QUARTER)
    assert not unknown["accepted"] and "chess" in unknown["reason"]
    assert table.face.snapshot().status.setup == before


def test_a_restarted_table_still_plays_the_match_ok_after_the_end_plays_none(tmp_path):
    config = parse({})
    session = open_session(config, tmp_path / "t.sqlite", GameSetup("neunfeld", (("X",), ("Y",))),
                           rng=random.Random(2))
    from tablegame.core.session import NewGame
    match = Match("c1", "R2M1", 1, "semi_final", 2, ("Anna", "Ben"))
    session.handle(NewGame(GameSetup("neunfeld", (("Anna",), ("Ben",))), match), by="venue:boss")
    rules, rng = session.play.rules, random.Random(4)
    session.handle(Act(rules.random_action(session.status.state, rng)), by="script")
    session.close()
    again = open_session(config, tmp_path / "t.sqlite")
    assert again.status.match == match
    assert again.snapshot().view("en").title == "Semi-final: Anna v Ben"
    again.handle(ButtonPress("menu", long=True))          # the match afresh: still the match
    assert again.status.match == match and again.status.actions == 0
    while not again.play.rules.is_over(again.status.state):
        again.handle(Act(again.play.rules.random_action(again.status.state, rng)), by="script")
    again.handle(ButtonPress("ok"))                      # the guests play on: no match now
    assert again.status.match is None
    assert again.snapshot().view("en").title == "Neunfeld"
    again.close()


def test_a_league_match_takes_the_other_pubs_moves_only_relayed(table):
    league = {"competition": "L1", "match": "B1", "attempt": 1, "stage": "board", "number": 1,
              "sides": ["Anna", "Ben"], "elsewhere": [1], "where": "Anker"}
    setup = {"game": "schocken", "parties": [["Anna"], ["Ben"]], "options": {}}
    assert command(table, "new_game", setup=setup, match=league)["accepted"]
    face = table.face
    rules = face.snapshot().play.rules

    def on_turn():
        return rules.on_turn(face.snapshot().status.state)

    rng = random.Random(7)
    moves = []
    for _ in range(400):
        if rules.outcome(face.snapshot().status.state) is not None:
            break
        action = rules.random_action(face.snapshot().status.state, rng)
        if on_turn() == 1:   # Ben plays at the Anker: here his move is refused, relayed taken
            refused = face.submit(Act(action), by="button", wait=5)
            assert not refused.accepted
            assert say("de", refused.note) == "Nicht erlaubt: Ben ist am Zug und spielt im Anker" \
                or say("de", refused.note) == "Ben ist am Zug und spielt im Anker"
            relayed = command(table, "relay", match=league,
                              moves=face.snapshot().status.moves, actions=[data_of(action)])
            assert relayed["accepted"], relayed
        else:
            wrong = command(table, "relay", match=league, moves=face.snapshot().status.moves,
                            actions=[data_of(action)])
            assert not wrong["accepted"] and "Anna" in wrong["reason"]
            assert face.submit(Act(action), by="button", wait=5).accepted
        moves.append(action)
    status = face.snapshot().status
    assert status.moves == len(moves)
    again = command(table, "relay", match=league, moves=0, actions=[data_of(moves[0])])
    assert again["accepted"] and again["taken"] == 0   # sent twice: moved nothing twice


@pytest.mark.parametrize("game", ["shove-hapenny", "schocken", "neunfeld", "carrom"])
@pytest.mark.parametrize("language,says", [("de", "Halbfinale: Anna gegen Ben"),
                                           ("en", "Semi-final: Anna v Ben")])
def test_every_games_screen_draws_the_match_readable(game, language, says):
    """The title line says the match; where the screen is too narrow for all of it (Shove
    at 800x480, Carrom after its board's number), it ends in "…" after the stage."""
    from tablegame.core.games import make_play
    from tablegame.core.play import TableStatus
    from tablegame.core.session import view_of
    setup = GameSetup(game, (("Anna",), ("Ben",)))
    play = make_play(setup)
    status = TableStatus(setup, play.rules.initial_state(setup.parties),
                         match=Match("c1", "R2M1", 1, "semi_final", 2, ("Anna", "Ben")))
    view = view_of(play, status, language)
    assert view.title == says == title(status.match, language)
    for size in [(800, 480), (1920, 1080)]:
        with Display(size, caption="test") as display:
            display.show(view)
            assert display.screen.text.smallest_px >= readable_px(size)
            if size == (1920, 1080) and game != "carrom":
                assert not display.screen.text.cut
            if game == "schocken" and language == "de" and size == (800, 480):
                pygame.image.save(display.surface, str(SCREENSHOTS / "table-match-800x480.png"))
