"""Carrom on the table: the pocket board's reports refereed into strokes, the rail
buttons, the words and the screen's view.

The board reports each stroke as "started", every piece through a pocket or off the
surface, then the settled pieces (docs/protocol.md); ``tablegame.families.carrom.referee`` turns
them into one ``Stroke``. After a ruling that puts pieces back, the table waits until
a settled board shows them (``Placed``), or OK confirms it.

Rail buttons (the session keeps BACK held = undo, MENU held = new game, and MENU
before the first action = the game choice; after it, MENU reaches this play):
- MENU: open the foul menu, then highlight the next entry: the fouls the sensors cannot
  see (technical foul, foul during the turn, improper stroke, leaving the seat);
- OK: with the menu open, enter the highlighted foul; else confirm what was put back,
  or toss the coin for the tie board;
- BACK: close the menu."""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field, replace
from typing import Any

from tablegame.core.events import ButtonPress
from tablegame.families.carrom.rules import CarromRules
from tablegame.families.carrom.ruling import placement_notes, ruling_notes
from tablegame.families.carrom.state import (
    BOARDS, QUEEN_COVERED, QUEEN_PENDING, CarromState, CoinToss, FoulDuringTurn, LeftSeat,
    Placed, TechnicalFoul,
)
from tablegame.texts import buttons_now, link_text, say, text
from tablegame.words.notes import Note
from tablegame.families.carrom.physics import CarromBoard
from tablegame.core.play import PlaySettings, TableStatus, Verdict
from tablegame.families.carrom import referee, moved as carrom_moved
from tablegame.core.sensors import PieceOffBoard, PiecePocketed, PiecesSnapshot, StrokeStarted
from tablegame.families.carrom.view import BoardGeometry, CarromView, SideView

log = logging.getLogger(__name__)

IMPROPER = "improper"  # the menu entry that marks a stroke, not an action


@dataclass(frozen=True)
class Entry:
    """One line of the foul menu: its words and what OK does with it."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()
    action: Any = None            # an engine action, IMPROPER, or None (close)

    @property
    def note(self) -> Note:
        return Note(self.key, self.values)

    def words(self, language: str) -> str:
        return say(language, self.note)


@dataclass
class _Memory:
    """What the play keeps beyond the log; only the session's writer thread touches it."""

    stroke: referee.StrokeSoFar | None = None   # the stroke in progress
    improper_next: bool = False                 # the next stroke is marked improper
    warning: Note | None = None                 # a refused report, shown until the next stroke
    menu: tuple[Any, int] = (None, -1)          # (state it was opened on, highlighted entry)
    placing: tuple[Any, Any] = (None, None)     # (state waiting for pieces, the board before)
    disagreeing: Any = None                     # the settled board that disagrees with the pockets
    settled: PiecesSnapshot | None = None       # the last settled board after a stroke or placing
    fresh: bool = True                          # nothing judged yet: a new game, or a restart
    resumed: PiecesSnapshot | None = None       # after a restart: the board the log last saw


@dataclass(frozen=True)
class CarromPlay:
    rules: CarromRules
    board: CarromBoard = CarromBoard()
    takes_menu = True  # MENU during a game opens the foul menu (the session asks)
    _memory: _Memory = field(default_factory=_Memory, compare=False, repr=False)

    # -- the board's reports ---------------------------------------------------------------

    def judge(self, status: TableStatus, reading) -> Verdict:
        handler = _JUDGES.get(type(reading))
        if handler is None:
            return Verdict(note=Note.of("wrong_reading", kind=type(reading).__name__), problem=True)
        if self._memory.fresh:
            self._memory.fresh = False
            self._memory.resumed = _resumed_from(status)
        verdict = handler(self, status, reading)
        warning = self._memory.warning
        if warning is None or verdict.problem:
            return verdict
        if verdict.action is not None:
            return replace(verdict, warning=warning)
        return Verdict(note=warning, problem=True)

    def _started(self, status: TableStatus, _: StrokeStarted) -> Verdict:
        state: CarromState = status.state
        memory = self._memory
        memory.warning = None
        if state.over or state.toss_pending or state.to_place:
            key = ("cr_game_over" if state.over else "cr_toss_first" if state.toss_pending
                   else "cr_place_first")
            return Verdict(note=Note.of(key), problem=True)
        before = status.latest(PiecesSnapshot)
        restarted = memory.stroke is not None
        memory.resumed = None   # a stroke seen from its start: nothing left from before a restart
        memory.disagreeing = None
        memory.stroke = referee.StrokeSoFar(before if before is not None and before.settled else None,
                                            improper=memory.improper_next)
        memory.improper_next = False
        return Verdict(note=Note.of("cr_stroke_restarted")) if restarted else Verdict()

    def _piece_event(self, status: TableStatus, event: PiecePocketed | PieceOffBoard) -> Verdict:
        memory = self._memory
        memory.disagreeing = None   # the board is not settled: wait for its next word
        resumed = memory.stroke is None and memory.resumed is not None
        if resumed:   # the table restarted during this stroke: it goes on from the board the log saw
            memory.stroke, memory.resumed = referee.StrokeSoFar(memory.resumed), None
        stroke, refused = referee.take(memory.stroke, status.state.board, event)
        memory.stroke = stroke
        if refused is not None:
            memory.warning = refused
            return Verdict(note=refused, problem=True)
        return Verdict(note=Note.of("cr_stroke_resumed")) if resumed else Verdict()

    def _pieces(self, status: TableStatus, snapshot: PiecesSnapshot) -> Verdict:
        if not snapshot.settled:
            return Verdict()
        problem = referee.snapshot_problem(snapshot)
        if problem is not None:
            return Verdict(note=problem, problem=True)
        state: CarromState = status.state
        memory = self._memory
        if memory.stroke is not None:
            stroke, mismatch = referee.close(memory.stroke, state.board, snapshot)
            if stroke is None:   # the stroke stays open for a board that agrees, or OK
                memory.disagreeing = snapshot
                return Verdict(note=mismatch, problem=True)
            memory.stroke = memory.disagreeing = None
            memory.settled = snapshot
            return Verdict(action=stroke)
        if memory.resumed is not None and not state.to_place:
            return self._resumed(state, snapshot)
        if state.to_place and not state.over:
            if memory.placing[0] is not state:   # the board before anything was put back
                memory.placing = (state, status.latest(PiecesSnapshot))
            done, problem = referee.placement(state, snapshot, memory.placing[1], self.board)
            if problem is not None:
                return Verdict(note=problem, problem=True)
            memory.settled = snapshot  # pieces put back by hand are no foul
            return Verdict(action=Placed()) if done else Verdict()
        return self._between_strokes(state, snapshot)

    def _resumed(self, state: CarromState, snapshot: PiecesSnapshot) -> Verdict:
        """The first settled board after a restart, with no report of a stroke since: the
        same board as the log last saw goes on as usual; a changed one (men gone or moved)
        is a stroke the restart cut short, kept open like a stroke whose board disagrees
        with the pockets: OK counts it as the board shows it, a new stroke leaves it out."""
        memory = self._memory
        before, memory.resumed = memory.resumed, None
        check = carrom_moved.men_moved(before, snapshot, radius=self.board.man_diameter / 2)
        if check.counted and not check.moved:
            return self._between_strokes(state, snapshot)
        log.warning("the first board after a restart differs from the log's: a stroke was cut short")
        memory.stroke = referee.StrokeSoFar(before)
        memory.disagreeing = snapshot
        return Verdict(note=Note.of("cr_restarted_mid_stroke"), problem=True)

    def _between_strokes(self, state: CarromState, snapshot: PiecesSnapshot) -> Verdict:
        """No man may move between strokes (ICF 63/64): one that did is named and the
        foul proposed, the foul menu open on it (OK enters it, BACK dismisses)."""
        before, self._memory.settled = self._memory.settled, snapshot
        if before is None or state.over or state.toss_pending:
            return Verdict()
        found = carrom_moved.proposal(state, carrom_moved.men_moved(
            before, snapshot, radius=self.board.man_diameter / 2))
        if found is None:
            return Verdict()
        note, action = found
        log.warning("a man moved between strokes: %s", say("en", note))
        entries = self.entries(state)
        self._memory.menu = (state, next(i for i, e in enumerate(entries) if e.action == action))
        return Verdict(note=note)

    # -- the rail buttons ---------------------------------------------------------------------

    def entries(self, state: CarromState) -> tuple[Entry, ...]:
        """The foul menu's entries now (only what the rules allow in this state)."""
        if state.over or state.toss_pending:
            return (Entry("cr_menu_address"), Entry("cr_menu_close"))
        who = state.player(state.seat)
        other = state.party_name(1 - state.side)
        found = []
        if state.board.first_stroke:
            found.append(Entry("cr_menu_technical", (("who", who),), TechnicalFoul(True)))
        found.append(Entry("cr_menu_technical_other", (("party", other),), TechnicalFoul(False)))
        if not state.board.first_stroke:
            found.append(Entry("cr_menu_during", (("who", who),), FoulDuringTurn()))
        marked = self._memory.improper_next or (self._memory.stroke is not None
                                                and self._memory.stroke.improper)
        found.append(Entry("cr_menu_improper_off") if marked
                     else Entry("cr_menu_improper", (("who", who),), IMPROPER))
        found += [Entry("cr_menu_left_seat", (("party", state.party_name(s)),), LeftSeat(s))
                  for s in (0, 1)]
        return (*found, Entry("cr_menu_address"), Entry("cr_menu_close"))

    def menu_open(self, state: CarromState) -> int:
        """The highlighted entry, or -1 while the menu is closed (any change closes it)."""
        opened_on, index = self._memory.menu
        return index if opened_on is state else -1

    def press(self, state: CarromState, press: ButtonPress, rng: random.Random) -> Verdict:
        memory, index = self._memory, self.menu_open(state)
        if press.button == "menu" and not press.long:
            entries = self.entries(state)
            memory.menu = (state, (index + 1) % len(entries))
            # the highlighted entry on the message line: a new note, so the screen redraws
            return Verdict(note=entries[memory.menu[1]].note)
        if press.button == "back" and not press.long and index >= 0:
            memory.menu = (None, -1)
            return Verdict(note=Note.of("cr_menu_close"))
        if press.button != "ok" or press.long:
            return Verdict()
        if index >= 0:
            memory.menu = (None, -1)
            return self._enter(state, self.entries(state)[index])
        if state.toss_pending:
            return Verdict(action=CoinToss(rng.randrange(2)))
        if memory.stroke is not None and memory.disagreeing is not None:   # count it as the board shows
            stroke = referee.as_the_board_shows(memory.stroke, state.board, memory.disagreeing)
            memory.settled, memory.stroke, memory.disagreeing = memory.disagreeing, None, None
            return Verdict(action=stroke)
        if state.to_place:
            return Verdict(action=Placed())
        return Verdict(note=Note.of("cr_ok_nothing"))

    def _enter(self, state: CarromState, entry: Entry) -> Verdict:
        if entry.action is None:
            if entry.key == "cr_menu_address":
                return Verdict(show_address=True)
            if entry.key == "cr_menu_improper_off":
                self._memory.improper_next = False
                if self._memory.stroke is not None:
                    self._memory.stroke = replace(self._memory.stroke, improper=False)
                return Verdict(note=Note.of("cr_improper_off"))
            return Verdict(note=Note.of("cr_menu_close"))
        if entry.action == IMPROPER:
            who = state.player(state.seat)
            if self._memory.stroke is not None:
                self._memory.stroke = replace(self._memory.stroke, improper=True)
                return Verdict(note=Note.of("cr_improper_now", who=who))
            self._memory.improper_next = True
            return Verdict(note=Note.of("cr_improper_next", who=who))
        return Verdict(action=entry.action)

    # -- words ----------------------------------------------------------------------------------

    def describe(self, before: CarromState, after: CarromState, action) -> Note | None:
        if isinstance(action, Placed):
            turn = "passed" if after.board.break_made else "break"
            return Note.of("cr_turn", turn=turn, who=after.player(after.seat))
        notes = ruling_notes(after)
        return Note.of("cr_ruling", notes=notes) if notes else None

    def view(self, status: TableStatus, language: str) -> CarromView:
        state: CarromState = status.state
        t = lambda key, **values: text(language, key, **values)  # noqa: E731
        latest = status.latest(PiecesSnapshot)
        ruling = state.ruling
        index = self.menu_open(state)
        return CarromView(
            title=t("cr_title_doubles" if state.doubles else "cr_title_singles"),
            board=geometry(self.board),
            pieces=latest.pieces if latest is not None else (),
            parties=tuple(self._side(state, s, language) for s in (0, 1)),
            board_number=(t("cr_tie_board") if state.boards_played >= BOARDS else
                          t("cr_board_number", number=state.boards_played + 1, boards=BOARDS)),
            queen=self._queen(state, language),
            queen_side=state.board.queen_side,
            status=self._status(state, language),
            to_place=tuple(say(language, note) for note in
                           placement_notes(referee.still_to_place(state, latest))),
            ruling=tuple(say(language, n) for n in ruling_notes(state)),
            # a ruling is shown line by line: the message line does not say it again
            message="" if status.note is not None and status.note.key == "cr_ruling" else
            say(language, status.note),
            problem=say(language, status.problem) or None,
            board_winner=(say(language, Note.of("cr_board_won", party=state.party_name(ruling.board.winner),
                                                points=ruling.board.points, case=ruling.board.case))
                          if ruling is not None and ruling.board is not None else None),
            winner=(say(language, Note.of("cr_game_won", party=state.party_name(ruling.game_winner),
                                          scores=state.scores))
                    if state.over and ruling is not None and ruling.game_winner is not None else None),
            menu=tuple(e.words(language) for e in self.entries(state)) if index >= 0 else (),
            menu_index=index,
            menu_title=t("cr_menu_title") if index >= 0 else "",
            improper=t("cr_improper_armed") if self._memory.improper_next else "",
            seat=state.at_board(state.seat),   # where the player on turn sits (singles: opposite)
            link=link_text(status.link, language),
            hint=t("cr_menu_keys") if index >= 0 else self._buttons(status, language),
        )

    def _buttons(self, status: TableStatus, language: str) -> str:
        """The footer while the foul menu is closed: what OK does now (toss, count the
        stroke as the board shows it, the pieces put back), MENU the fouls once the game
        is on (the session asks ``takes_menu``)."""
        state, memory = status.state, self._memory
        t = lambda key: text(language, key)  # noqa: E731
        ok = (t("cr_does_toss") if state.toss_pending else
              t("cr_does_as_board") if memory.stroke is not None and memory.disagreeing is not None
              else t("cr_does_placed") if state.to_place else None)
        return buttons_now(language, status, self.rules.is_over(state), ok=ok,
                           menu=t("cr_does_fouls") if status.actions else None)

    def _side(self, state: CarromState, side: int, language: str) -> SideView:
        board = state.board
        colour = board.colour(side)
        won = tuple(r.points for r in state.results if r.winner == side)
        owed = board.owed[side]
        at_turn = not state.over and not state.toss_pending and state.side == side
        player = ""
        if state.doubles and at_turn:
            player = text(language, "cr_seat", who=state.player(state.seat), seat=state.seat + 1)
        return SideView(
            name=state.party_name(side), colour=colour,
            men=text(language, "cr_side", colour=("white", "black")[colour], men=board.men[colour]),
            owed=text(language, "cr_owed", owed=owed) if owed else "",
            score=state.scores[side], score_text=text(language, "cr_game_score", points=state.scores[side]),
            boards=text(language, "cr_board_points", points=won) if won else text(language, "cr_no_boards"),
            at_turn=at_turn, player=player, men_count=board.men[colour])

    def _queen(self, state: CarromState, language: str) -> str:
        board = state.board
        if board.queen == QUEEN_PENDING:
            return text(language, "cr_queen_pending", party=state.party_name(board.queen_side))
        if board.queen == QUEEN_COVERED:
            return text(language, "cr_queen_covered", party=state.party_name(board.queen_side))
        return text(language, "cr_queen_on_board")

    def _status(self, state: CarromState, language: str) -> str:
        if state.over:
            return text(language, "cr_status_over")
        if state.toss_pending:
            return text(language, "cr_status_toss")
        if state.to_place:
            return text(language, "cr_status_place")
        who = state.player(state.seat)
        if state.doubles:
            who = text(language, "cr_seat", who=who, seat=state.seat + 1)
        if not state.board.break_made:
            return text(language, "cr_status_break", who=who, attempt=state.board.attempts + 1)
        return text(language, "cr_status_turn", who=who)


_JUDGES = {StrokeStarted: CarromPlay._started, PiecePocketed: CarromPlay._piece_event,
           PieceOffBoard: CarromPlay._piece_event, PiecesSnapshot: CarromPlay._pieces}


def _resumed_from(status: TableStatus) -> PiecesSnapshot | None:
    """On a play's first reading: the settled board the log last saw, when the game had
    begun and no pieces were due back (then the table has just restarted, and a stroke
    may have been under way); else None."""
    state: CarromState = status.state
    if not status.actions or state.to_place or state.over or state.toss_pending:
        return None
    latest = status.latest(PiecesSnapshot)
    return latest if latest is not None and latest.settled else None


def geometry(board: CarromBoard) -> BoardGeometry:
    return BoardGeometry(board.size, board.pocket_diameter, board.centre_circle, board.outer_circle,
                         board.base_line_length, board.base_line_distance, board.base_circle,
                         board.man_diameter, board.striker_diameter)


def carrom_play(rules: CarromRules, settings: PlaySettings) -> CarromPlay:
    """The family's play factory: the board's sizes from [boards.carrom] (the
    registration's board Options, checked before this is called)."""
    return CarromPlay(rules, CarromBoard(**settings.values))

