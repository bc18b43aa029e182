"""The referee against the simulated board (Hypothesis): whatever honest strokes the
physics plays, every report is taken (no refusal, no problem), the men the rules count
on the board are the men the board shows once the hand has put back what the rulings
sent back, and the striker is never counted as a man."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from tablegame.families.carrom.physics import Strike
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.session import Session
from tablegame.families.carrom.simulation import CarromWorld
from tablegame.core.store import EventLog

STRIKES = st.lists(st.tuples(st.floats(-219, 219), st.floats(-70, 70), st.sampled_from((300, 2500, 5000, 8000))),
                   min_size=1, max_size=6)


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(STRIKES, st.sampled_from(((("Anna",), ("Ben",)), (("Anna", "Carl"), ("Ben", "Dora")))))
def test_honest_strokes_are_taken_and_the_men_agree_with_the_board(strikes, parties):
    s = Session(EventLog(":memory:"), make_play, GameSetup("carrom", parties), rng=random.Random(0))
    world = CarromWorld()
    s.handle(world.readings()[0])
    for along, angle, speed in strikes:
        state = s.status.state
        if state.over or state.toss_pending:
            break
        frames = list(world.shoot(Strike(state.seat, along, angle, speed)))
        for frame in frames[:-1]:
            for message in frame.messages(False):
                s.handle(message)
        for message in (frames[-1].messages(True) if frames else world.readings()):
            s.handle(message)
            assert s.status.problem is None, s.status.problem
        if s.status.state.to_place:
            world.return_pieces(s.status.state)
            s.handle(world.readings()[0])
            assert s.status.problem is None and s.status.state.to_place == ()
        state = s.status.state
        on_board = [p.kind for p in world.positions()]
        assert (on_board.count("white"), on_board.count("black")) == state.board.men
        assert on_board.count("queen") == (state.board.queen == "board")
