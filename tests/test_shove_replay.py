"""The replay of the last shove (issue 31, "And show the reasons"): computed beside the
writer with the physics check, kept in the table's status, shown when the check names a
coin or when a guest (OK held) or the staff ask for it; the paths end where the fit says
the coins lie. Boards come from the simulation; the session is real, on a real SQLite log."""
import math
import random

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from tablegame.core.events import ButtonPress
from tablegame.core.play import GameSetup
from tablegame.core.session import Session, ShowReasons
from tablegame.core.store import EventLog
from tablegame.core.games import make_play
from tablegame.families.shove import moved, replay
from tablegame.families.shove.board import hapenny_board
from tablegame.families.shove.physics import Shot, ShoveTable, speed_to_reach, start_y
from tablegame.physics.plausibility import apart, canonical
from tablegame.texts import say
from tests.test_physics_check import (BOARD, D, Table, bed_y, far_side_cheat, shoot,
                                      snapshot, table_with)


def mm(p):
    return round(p[0], 1), round(p[1], 1)


def rests(board, before, shot):
    """Where the shot (its speed given as a reach, as the search gives it) leaves every
    coin, simulated from the very board the search simulates from."""
    table = ShoveTable(board)
    for p in apart(canonical(before), board.coin_diameter):
        table.place(*p)
    x, angle, reach = shot
    return [(c.x, c.y) for c in table.rehearse().settle(
        Shot(x, angle, speed_to_reach(table, max(reach, 0.0))))]


# -- the replay's paths ---------------------------------------------------------------

board_strategy = st.lists(
    st.tuples(st.floats(20, BOARD.width - 20), st.floats(110, BOARD.length - 60)),
    min_size=1, max_size=5).filter(
        lambda cs: all(math.dist(a, b) >= D + 1 for i, a in enumerate(cs) for b in cs[:i]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_strategy, st.floats(BOARD.coin_radius, BOARD.width - BOARD.coin_radius),
       st.floats(-12, 12), st.floats(120, 520), st.data())
def test_the_replayed_paths_end_where_the_fit_says_the_coins_lie(coins, x, angle, reach, data):
    """Any board, any shove (and a hand moving one coin, sometimes): each coin's path
    starts where it lay (the shot coin on the front edge), and ends where the shot the
    replay shows leaves it, to the tenth of a millimetre the replay keeps; where the
    check searched and a coin named nothing, that shot is the check's own best fit."""
    if coins and data.draw(st.integers(0, 3)):   # aimed at a coin, hard enough: a knock-on
        aim = coins[data.draw(st.integers(0, len(coins) - 1))]
        x = min(max(aim[0] + data.draw(st.floats(-D, D)), BOARD.coin_radius),
                BOARD.width - BOARD.coin_radius)
        angle, reach = angle / 4, aim[1] + data.draw(st.floats(40, 300))
    table = table_with(*coins)
    try:
        before, after = shoot(table, x, start_y(BOARD) + reach, angle)
    except ValueError:   # no room on the front edge there
        return
    if coins and data.draw(st.booleans()):   # a hand moves one coin a diameter and a half
        i = data.draw(st.integers(0, len(coins) - 1))
        side = 1.5 * D if after[i][0] < BOARD.width / 2 else -1.5 * D
        after[i] = (after[i][0] + side, after[i][1])
    check, fit = moved.fit_shove(BOARD, before, after)
    shown = replay.of_shove(BOARD, before, after, check, fit)
    event(f"{len(check.moved)} moved" + (", uncounted" if not check.counted else "") + (
        ", searched" if fit is not None else "") + ("" if check.plausible else ", named"))
    if not check.counted:
        assert shown is None
        return
    start = apart(canonical(before), D)
    assert len(shown.paths) == len(start) + 1
    assert [path[0] for path in shown.paths[:-1]] == [mm(p) for p in start]
    assert shown.paths[-1][0] == mm((shown.shot[0], start_y(BOARD)))
    assert [path[-1] for path in shown.paths] == [mm(p) for p in rests(BOARD, before, shown.shot)]
    if check.plausible and fit is not None:
        assert shown.shot == (fit.shot.x, fit.shot.angle, fit.shot.speed)
    assert (shown.named is None) == check.plausible
    if shown.named is not None:
        assert shown.named.would == shown.paths[shown.named.path][-1]


def test_a_lone_coin_slides_straight_from_the_front_edge_to_where_it_lies():
    before, after = shoot(table_with(), 150, bed_y(5))
    shown = replay.of_shove(BOARD, before, after, *moved.fit_shove(BOARD, before, after))
    (path,) = shown.paths
    assert path[0] == (150.0, round(start_y(BOARD), 1))
    assert math.dist(path[-1], after[0]) < 1.0
    assert len(path) > 5 and all(abs(p[0] - 150) < 0.5 for p in path)   # straight up
    assert shown.named is None and shown.duration == pytest.approx((len(path) - 1) / 30)


def test_the_named_coin_would_lie_where_it_lay_when_the_shot_never_reached_it():
    """The far-side cheat: the replay's shot explains the knock-on and leaves the coin
    the hand moved where it lay; the words say how far from where it lies now."""
    before, cheated = far_side_cheat()
    check, fit = moved.fit_shove(BOARD, before, cheated)
    shown = replay.of_shove(BOARD, before, cheated, check, fit)
    named = shown.named
    far = check.unexplained[0]
    assert math.dist(named.would, far.before) < 0.2 and math.dist(named.seen, far.after) < 0.2
    assert named.number == 1 + sorted(cheated, key=lambda p: (p[1], p[0])).index(
        min(cheated, key=lambda p: math.dist(p, far.after)))


# -- at the table --------------------------------------------------------------------------

def words(t, language):
    return t.session.play.view(t.session.status, language).replay.words


def test_a_coin_named_by_the_check_is_replayed_at_once_with_the_words(tmp_path):
    before, cheated = far_side_cheat()
    t = Table(tmp_path)
    t.see(before)
    status = t.see(cheated)
    assert status.reasons is not None and status.reasons_shown == 1
    far = moved.check_shove(BOARD, before, cheated).unexplained[0]
    dx, dy = far.before[0] - far.after[0], far.before[1] - far.after[1]   # would - seen
    number = status.reasons.named.number
    assert round(abs(dx)) >= 3 > round(abs(dy))          # the hand moved it sideways
    side = ("weiter links", "further left") if dx < 0 else ("weiter rechts", "further right")
    assert words(t, "de") == f"Münze {number} läge {round(abs(dx))} mm {side[0]}"
    assert words(t, "en") == f"Coin {number} would lie {round(abs(dx))} mm {side[1]}"
    view = t.session.play.view(status, "en")
    assert view.replay.title == "The last shove, replayed" and view.replay.asked == 1
    assert say("en", status.problem) == "The coin in bed 7 moved without being hit"


def test_a_clean_shove_is_replayed_when_a_guest_holds_ok_and_nothing_else_changes(tmp_path):
    table = table_with((BOARD.width / 2, bed_y(3)))
    before, after = shoot(table, BOARD.width / 2, bed_y(6))
    t = Table(tmp_path)
    t.see(before)
    shown = t.see(after)
    assert shown.reasons is not None and shown.reasons_shown == 0   # kept, not shown
    assert shown.problem is None and shown.state.on_board == 2
    assert words(t, "de") == "Der Schub erklärt jede Münze"
    assert words(t, "en") == "The shove explains every coin"
    t.session.handle(ButtonPress("ok", long=True))
    asked = t.session.status
    assert asked.reasons_shown == 1 and asked.state is shown.state and asked.note == shown.note
    t.session.handle(ButtonPress("ok", long=True))   # again: the screen replays it again
    assert t.session.status.reasons_shown == 2


def test_nothing_to_replay_is_said_and_changes_nothing(tmp_path):
    t = Table(tmp_path)
    state = t.session.status.state
    t.session.handle(ButtonPress("ok", long=True))
    status = t.session.status
    assert status.state is state and status.reasons is None and status.reasons_shown == 0
    assert say("de", status.note) == "Noch nichts zum Nachspielen: erst nach einem Zug"
    assert say("en", status.note) == "Nothing to replay yet: only after a move"


def test_the_staff_ask_for_the_replay_and_an_undo_takes_it_away(tmp_path):
    before, after = shoot(table_with((BOARD.width / 2, bed_y(3))), BOARD.width / 2, bed_y(6))
    t = Table(tmp_path)
    t.see(before)
    t.see(after)
    session = t.session
    session.handle(ShowReasons(), by="staff:anna")
    assert session.status.reasons_shown == 1
    session.handle(ButtonPress("back", long=True))      # undo: the shove is gone, its replay too
    assert session.status.reasons is None
    session.handle(ShowReasons(), by="staff:anna")
    assert say("en", session.status.note) == "Nothing to replay yet: only after a move"


def test_a_coin_moved_between_shoves_is_shown_where_it_lay(tmp_path):
    t = Table(tmp_path)
    coins = [(120, bed_y(2)), (230, bed_y(5))]
    t.see(coins[:1])
    t.see(coins)
    nudged = [coins[0], (230 + D, bed_y(5) + 10)]
    status = t.see(nudged)
    shown = status.reasons
    assert status.reasons_shown == 1 and shown.shot is None
    assert shown.named.would == mm(coins[1]) and shown.named.seen == mm(nudged[1])
    assert t.session.play.view(status, "de").replay.title == "Ohne Schub bewegt"
    assert words(t, "en") == f"Coin 2 would lie {round(D)} mm further left and 10 mm lower"


def test_restore_mode_replays_the_named_coin_once(tmp_path):
    before, cheated = far_side_cheat()
    t = Table(tmp_path, mode="restore")
    t.see(before)
    status = t.see(cheated)
    assert status.state.on_board == 1 and status.reasons_shown == 1
    assert status.reasons.named is not None
    assert t.see(cheated).reasons_shown == 1    # seen again: not replayed at every reading


def test_the_verdict_still_follows_the_shove_in_the_log(tmp_path):
    """The replay rides with the verdict; the log holds the shove and the MovedUnhit as
    before (by the table), and nothing of the replay."""
    from tablegame.core.history import History
    before, cheated = far_side_cheat()
    t = Table(tmp_path)
    t.see(before)
    t.see(cheated)
    shove, verdict = History(tmp_path / "table.sqlite").entries()[-2:]
    assert (shove.data["type"], verdict.data["type"], verdict.by) == ("Shove", "MovedUnhit", "table")
    assert "paths" not in str(verdict.data)


# -- in the headless runner's output -----------------------------------------------------

DISPUTED = {"game": "shove-hapenny", "parties": [["Anna"], ["Ben"]], "seed": 3,
            "steps": [{"press": "ok"}, {"shot": {"x": 178, "angle": 0, "reach": 200}},
                      {"shot": {"x": 100, "angle": 0, "reach": 330}},
                      {"nudge": {"x": 100, "y": 330, "dx": 30, "dy": -41}}]}


def run(tmp_path, steps, language="en"):
    import json

    from table_app.headless import load_script, run_script
    from tablegame.config import load
    config = load(None, {"table.language": language})
    path = tmp_path / "disputed.json"
    path.write_text(json.dumps({**DISPUTED, "steps": steps}), encoding="utf-8")
    db = tmp_path / f"table-{len(steps)}-{language}.sqlite"
    return run_script(load_script(path, config), config, db), db


def test_a_disputed_shove_written_down_as_a_file_replays_the_same_everywhere(tmp_path):
    """The headless runner prints the replay as data; the same script gives the same
    replay, and so does the verdict in the log, judged again from its readings."""
    from tablegame.core import jsoncodec
    from tablegame.core.history import History
    result, db = run(tmp_path, DISPUTED["steps"])
    shown = result["replay"]
    assert shown["title"] == "Moved without a shove" and shown["asked"] == 1
    assert shown["words"] == "Coin 2 would lie 41 mm higher and 30 mm further left"
    assert result["problem"] == "The coin in bed 8 moved without being hit"
    named = shown["replay"]["named"]
    assert named["would"] == shown["replay"]["paths"][named["path"]][-1]
    verdict = History(db).entries()[-1]
    action = jsoncodec.action_from_data(make_play(GameSetup("shove-hapenny", (("A",), ("B",))))
                                        .rules.action_types, verdict.data)
    again = replay.verdict_between_shoves(hapenny_board(), action.before, action.after).reasons
    assert jsoncodec.to_data(again) == shown["replay"]
    german, _ = run(tmp_path, DISPUTED["steps"], "de")
    assert german["replay"]["replay"] == shown["replay"]
    assert german["replay"]["words"] == "Münze 2 läge 41 mm höher und 30 mm weiter links"


def test_the_headless_result_carries_the_last_shoves_paths(tmp_path):
    result, _ = run(tmp_path, DISPUTED["steps"][:3])
    shown = result["replay"]
    assert shown["asked"] == 0 and shown["replay"]["named"] is None   # kept, not shown
    assert shown["words"] == "The shove explains every coin"
    x, angle, reach = shown["replay"]["shot"]
    paths = shown["replay"]["paths"]
    assert paths[-1][0] == [round(x, 1), round(start_y(BOARD), 1)]
    assert len(paths[-1]) > 5 and shown["replay"]["interval"] == pytest.approx(1 / 30)
