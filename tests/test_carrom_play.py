"""Carrom on the table: the referee turns the pocket board's reports into strokes, refuses
what makes no sense in words (and changes nothing), waits for pieces put back, and the
foul menu on the rail buttons; a real session with its SQLite log (in memory)."""
import math
import os
import random
import tempfile
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from tablegame.core.events import ButtonPress
from tablegame.families.carrom.state import Stroke
from tablegame.texts import say
from tablegame.families.carrom.physics import CarromBoard, break_setup
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.sensors import PieceOffBoard, PiecePocketed, PieceReading, PiecesSnapshot, StrokeStarted
from tablegame.core.session import Session
from tablegame.core.store import EventLog

SINGLES = (("Anna",), ("Ben",))
DOUBLES = (("Anna", "Carl"), ("Ben", "Dora"))


def session(parties=SINGLES):
    return Session(EventLog(":memory:"), make_play, GameSetup("carrom", parties), rng=random.Random(3))


class Board:
    """A hand-played board: pieces taken out or nudged as a test says, reported as the
    pocket board would."""

    def __init__(self, s: Session):
        self.s = s
        self.pieces = list(break_setup(CarromBoard()))

    def settled(self):
        self.s.handle(PiecesSnapshot(tuple(self.pieces), True))

    def stroke(self, pocketed=(), off=(), move=True):
        self.s.handle(StrokeStarted())
        for kind in pocketed:
            self._take(kind)
            self.s.handle(PiecePocketed(0, kind))
        for kind in off:
            self._take(kind)
            self.s.handle(PieceOffBoard(kind))
        if move and self.pieces:
            first = self.pieces[0]
            self.pieces[0] = replace(first, x=first.x + 10)
        self.s.handle(PiecesSnapshot(tuple(self.pieces), False))
        self.settled()

    def _take(self, kind):
        if kind == "striker":
            return
        i = next(i for i, p in enumerate(self.pieces) if p.kind == kind)
        del self.pieces[i]

    def put_back(self, kind, count=1, radius=68):
        """``count`` pieces of ``kind`` put back on a circle ``radius`` mm round the centre
        (the outer circle's edge lies at 85 mm)."""
        for k in range(count):
            a = math.radians(270 + 25 * k)
            self.pieces.append(PieceReading(kind, 370 + radius * math.cos(a), 370 + radius * math.sin(a)))
        self.settled()


def started(parties=SINGLES):
    s = session(parties)
    board = Board(s)
    board.settled()  # the set-up seen: the break may begin
    assert s.status.state.to_place == ()
    return s, board


def said(s, language="de"):
    return say(language, s.status.note), say(language, s.status.problem)


def test_the_board_seen_set_up_starts_the_break():
    s = session()
    view = s.play.view(s.status, "de")
    assert view.to_place == ("Brett aufbauen: alle 19 Steine in den Mittelkreis",)
    Board(s).settled()
    view = s.play.view(s.status, "de")
    assert view.status == "Anna stößt an (Versuch 1 von 3)" and view.to_place == ()


def test_what_went_down_between_start_and_settled_is_one_stroke():
    s, board = started()
    board.stroke(pocketed=("white", "white", "black"))
    state = s.status.state
    assert state.board.men == (7, 8) and state.board.break_made
    assert state.seat == 0                        # own men pocketed: Anna plays on
    assert s.status.actions == 2                  # the set-up, the stroke
    assert said(s)[0].endswith("Anna bleibt am Zug")


def test_a_break_that_moves_no_man_is_an_attempt():
    s, board = started()
    board.stroke(move=False)
    assert not s.status.state.board.break_made and s.status.state.board.attempts == 1
    assert s.play.view(s.status, "en").status == "Anna to break (attempt 2 of 3)"


def test_a_pocket_report_with_no_stroke_is_refused_and_changes_nothing():
    s, _ = started()
    before = s.status.state
    s.handle(PiecePocketed(2, "white"))
    assert s.status.state is before
    assert said(s)[1] == "Meldung ohne Stoß (Weiß): nicht gezählt"
    assert said(s, "en")[1] == "A report with no stroke (white): not counted"


def test_a_second_queen_and_a_tenth_white_are_refused_and_the_stroke_counts_without_them():
    s, board = started()
    s.handle(StrokeStarted())
    board._take("queen")
    for report in (PiecePocketed(1, "queen"), PiecePocketed(3, "queen")):
        s.handle(report)
    assert said(s)[1] == "Eine zweite Königin gemeldet, es gibt nur eine: nicht gezählt"
    for _ in range(9):
        board._take("white")
        s.handle(PiecePocketed(0, "white"))
    s.handle(PiecePocketed(0, "white"))
    assert said(s, "en")[1] == "White: man number 10 reported, only 9 were on the board: not counted"
    board.settled()
    # nine whites and the queen at the break: every white down, the queen covered (97b)
    state = s.status.state
    assert state.board.men[0] == 0 or state.ruling.board is not None
    assert said(s, "en")[1] == "White: man number 10 reported, only 9 were on the board: not counted"


def test_an_unknown_kind_and_a_pocket_that_does_not_exist_are_refused():
    s, board = started()
    s.handle(StrokeStarted())
    s.handle(PiecePocketed(0, "bishop"))
    assert said(s, "en")[1] == "The board reports an unknown piece (bishop): not counted"
    s.handle(PiecePocketed(7, "white"))
    assert said(s)[1] == "Das Brett meldet Loch 7, es gibt nur die Löcher 0 bis 3: nicht gezählt"
    board.settled()   # nothing went down after all: the break moved no man
    assert s.status.state.board.attempts == 1


def test_a_settled_board_that_disagrees_with_the_pockets_keeps_the_stroke_open():
    s, board = started()
    s.handle(StrokeStarted())
    s.handle(PiecePocketed(0, "white"))     # but the white is still on the board
    board.settled()
    assert said(s, "en")[1] == ("White: the board shows 9 men, by the pockets there should be 8: "
                                "check the board (OK: count it as the board shows)")
    assert s.status.actions == 1
    board._take("white")
    board.settled()                          # the sensor caught up: the stroke counts
    assert s.status.state.board.men[0] == 8 and s.status.actions == 2


def test_ok_counts_a_stroke_as_the_board_shows_it_when_the_pockets_missed_a_man():
    s, board = started()
    s.handle(StrokeStarted())
    board._take("white")
    board._take("white")
    board._take("black")
    s.handle(PiecePocketed(0, "white"))      # the pocket sensors saw one white of three men
    board.settled()
    assert said(s)[1].startswith("Weiß: das Brett zeigt 7 Steine, nach den Löchern müssten es 8 sein")
    s.handle(ButtonPress("ok"))
    state = s.status.state
    assert state.board.men == (7, 8) and state.ruling.pocketed == (2, 1) and s.status.problem is None


def test_a_due_is_put_back_and_the_table_waits_for_the_board_to_show_it():
    s, board = started()
    board.stroke(pocketed=("white",))        # Anna's first man: she plays on
    board.stroke(pocketed=("striker",))      # striker alone: one due, the turn passes (72)
    state = s.status.state
    assert state.board.men[0] == 9 and state.seat == 1
    view = s.play.view(s.status, "de")
    assert view.to_place == ("Weiß: 1 Stein in den äußeren Kreis setzen",)
    s.handle(StrokeStarted())                # Ben cannot strike before it is back
    assert said(s)[1] == "Erst zurücklegen, was die Entscheidung verlangt"
    board.put_back("white")
    assert s.status.state.to_place == () and s.play.view(s.status, "de").status == "Ben ist am Stoß"


def test_a_man_put_back_outside_the_outer_circle_is_refused_until_it_lies_inside():
    s, board = started()
    board.stroke(pocketed=("white",))
    board.stroke(pocketed=("striker",))
    board.put_back("white", radius=150)
    assert s.status.state.to_place != ()
    assert said(s)[1].startswith("Weiß bei x 370 mm, y 220 mm liegt außerhalb des äußeren Kreises")
    board.pieces.pop()
    board.put_back("white")
    assert s.status.state.to_place == () and said(s)[1] == ""


def test_ok_confirms_what_was_put_back():
    s, board = started()
    board.stroke(pocketed=("white",))
    board.stroke(pocketed=("striker",))
    s.handle(ButtonPress("ok"))
    assert s.status.state.to_place == ()


def test_the_queen_goes_to_the_centre_circle_when_not_covered():
    s, board = started()
    board.stroke(pocketed=("white",))
    board.stroke(pocketed=("queen",))        # pending: cover with the next stroke
    assert s.play.view(s.status, "en").queen == "Queen: Anna must cover"
    board.stroke()                           # not covered: she comes back (96)
    view = s.play.view(s.status, "de")
    assert view.to_place == ("Königin in den Mittelkreis",)
    board.put_back("queen")
    assert s.status.state.to_place == () and s.status.state.seat == 1


def test_the_foul_menu_cycles_with_menu_and_enters_with_ok():
    s, board = started()
    board.stroke(pocketed=("white",))        # Anna plays on, not her turn's first stroke
    s.handle(ButtonPress("menu"))
    view = s.play.view(s.status, "de")
    assert view.menu == ("Technisches Foul von Ben (nicht am Zug)", "Foul während des Zuges: Anna",
                         "Unsauberer Stoß: Anna", "Platz verlassen: Anna", "Platz verlassen: Ben",
                         "Adresse der Personalseite zeigen (QR-Code)", "Menü schließen")
    assert view.menu_index == 0 and view.message == "Technisches Foul von Ben (nicht am Zug)"
    s.handle(ButtonPress("menu"))
    assert s.play.view(s.status, "de").menu_index == 1
    s.handle(ButtonPress("ok"))              # foul during the turn: a due, the turn ends (64a)
    state = s.status.state
    assert state.seat == 1 and state.ruling.laws == ("64a",) and state.board.men[0] == 9
    assert s.play.view(s.status, "de").menu == ()


def test_back_closes_the_menu_and_menu_before_the_first_action_is_the_sessions():
    s = session()
    s.handle(ButtonPress("menu"))            # no action yet: the game choice (Carrom only), the address
    assert s.status.setup.game == "carrom" and s.status.showing_address
    s.handle(ButtonPress("back"))            # any button takes the address away
    Board(s).settled()
    s.handle(ButtonPress("menu"))
    assert s.play.view(s.status, "en").menu_index == 0 and not s.status.showing_address
    s.handle(ButtonPress("back"))
    assert s.play.view(s.status, "en").menu == ()


def test_the_foul_menu_shows_the_staff_page_address_and_leaves_the_game_as_it_was():
    s, board = started()
    board.stroke(pocketed=("white",))
    state, actions = s.status.state, s.status.actions
    entries = s.play.entries(state)
    for _ in range(next(i for i, e in enumerate(entries) if e.key == "cr_menu_address") + 1):
        s.handle(ButtonPress("menu"))
    assert said(s, "de")[0] == "Adresse der Personalseite zeigen (QR-Code)"
    s.handle(ButtonPress("ok"))
    assert s.status.showing_address == "asked"
    s.handle(ButtonPress("back"))                # any button takes it away, and does nothing else
    assert not s.status.showing_address
    assert (s.status.state, s.status.actions) == (state, actions)


def test_an_improper_stroke_marked_from_the_menu_counts_as_improper():
    s, board = started()
    board.stroke(pocketed=("white",))
    entries = s.play.entries(s.status.state)
    for _ in range(next(i for i, e in enumerate(entries) if e.key == "cr_menu_improper") + 1):
        s.handle(ButtonPress("menu"))
    s.handle(ButtonPress("ok"))
    assert said(s, "en")[0] == "The next stroke by Anna counts as improper"
    assert s.play.view(s.status, "de").improper == "Nächster Stoß: unsauber"
    board.stroke(pocketed=("white",))        # own man on an improper stroke comes back, a due (76)
    state = s.status.state
    assert state.seat == 1 and state.board.men[0] == 9
    assert s.play.view(s.status, "de").improper == ""


def test_leaving_the_seat_loses_the_board():
    s, board = started()
    entries = s.play.entries(s.status.state)
    index = entries.index(next(e for e in entries if e.words("en") == "Left the seat: Ben"))
    for _ in range(index + 1):
        s.handle(ButtonPress("menu"))
    s.handle(ButtonPress("ok"))
    state = s.status.state
    # docs/rules.md: "by the leaver's men **and the queen** still on the board" (91)
    assert state.boards_played == 1 and state.scores == (9 + 3, 0)
    view = s.play.view(s.status, "de")
    assert view.board_winner == "Anna gewinnt das Board: 12 Punkte (Platz verlassen)"
    assert view.parties[0].boards == "Boards: 12" and view.parties[0].score == 12


def test_doubles_the_turn_passes_to_the_right_and_the_screen_names_the_seat():
    s, board = started(DOUBLES)
    seen = []
    for _ in range(4):
        board.stroke()
        seen.append(s.status.state.seat)
    assert seen == [1, 2, 3, 0]
    view = s.play.view(s.status, "de")
    assert view.status == "Anna (Sitz 1) ist am Stoß" and view.parties[0].player == "Anna (Sitz 1)"
    assert view.title == "Carrom – Doppel"


def test_a_restart_resumes_from_the_log(tmp_path):
    store = tmp_path / "t.sqlite"
    s = Session(EventLog(store), make_play, GameSetup("carrom", SINGLES))
    board = Board(s)
    board.settled()
    board.stroke(pocketed=("white", "black"))
    state = s.status.state
    s.close()
    again = Session(EventLog(store), make_play, GameSetup("carrom", SINGLES))
    assert again.status.state == state
    again.close()


REPORTS = st.one_of(
    st.just(StrokeStarted()),
    st.builds(PiecePocketed, st.integers(-1, 5), st.sampled_from(("white", "black", "queen", "striker", "pawn"))),
    st.builds(PieceOffBoard, st.sampled_from(("white", "black", "queen", "striker"))),
    st.just("settle"), st.just("ok"), st.just("menu"))


@settings(max_examples=40)
@given(st.lists(REPORTS, max_size=30))
def test_any_reports_keep_the_men_within_nine_and_the_state_the_fold_of_the_log(reports):
    with tempfile.TemporaryDirectory() as folder:
        store = os.path.join(folder, "t.sqlite")
        s = Session(EventLog(store), make_play, GameSetup("carrom", SINGLES), rng=random.Random(3))
        board = Board(s)
        board.settled()
        for report in reports:
            before = s.status
            if report == "settle":
                board.settled()
            elif report in ("ok", "menu"):
                s.handle(ButtonPress(report))
            else:
                s.handle(report)
            state = s.status.state
            assert all(0 <= m <= 9 for m in state.board.men)
            if s.status.problem is not None and s.status.actions == before.actions:
                assert state is before.state      # a refused report changes nothing
        state = s.status.state
        s.close()
        again = Session(EventLog(store), make_play, GameSetup("carrom", SINGLES))
        assert again.status.state == state
        again.close()


def test_a_stroke_is_built_from_the_reports():
    s, board = started()
    s.handle(StrokeStarted())
    for kind in ("white", "queen", "striker"):
        board._take(kind)
        s.handle(PiecePocketed(1, kind))
    board._take("black")
    s.handle(PieceOffBoard("black"))
    memory = s.play._memory.stroke
    board.settled()
    assert memory.pocketed == ("white", "queen", "striker") and memory.off == ("black",)
    assert s.status.state.ruling.action == "Stroke"
    assert Stroke(white=1, queen=True, striker=True, off_black=1) == Stroke(1, 0, True, True, 0, 1)


def test_the_boards_sizes_come_from_the_settings_and_a_bad_one_is_named():
    setup = GameSetup("carrom", SINGLES)
    assert make_play(setup, {"carrom": {"size": 700}}).board.size == 700
    for settings, says in (({"bogus": 3}, "unknown setting(s) bogus; carrom knows size, "),
                           ({"size": "big"}, "size: expected a number from 300 to 1200, got 'big'"),
                           ({"size": -3}, "size: expected a number from 300 to 1200, got -3"),
                           ({"striker_diameter": 95.0}, "pieces that large do not fit")):
        try:
            make_play(setup, {"carrom": settings})
        except ValueError as error:
            assert says in str(error)
        else:
            raise AssertionError(f"{settings} was taken")


def test_singles_players_sit_opposite_as_the_icf_laws_say_and_doubles_go_round():
    """ICF: "In singles, the players shall sit opposite to each other" (issue 30, item 8):
    the second player strikes from the north base line, not the east; in doubles the turn
    goes round to the right, partners opposite."""
    s, board = started(SINGLES)
    assert s.play.view(s.status, "en").seat == 0
    board.stroke()                                   # the break touched a man, nothing down
    assert s.status.state.seat == 1 and s.play.view(s.status, "en").seat == 2
    s, board = started(DOUBLES)
    board.stroke()
    assert s.play.view(s.status, "en").seat == 1
