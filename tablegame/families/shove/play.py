"""The Shove family on the table: its board, referee, buttons, words and screen."""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field

from tablegame.families.shove.board import ShoveBoard, hapenny_board, piecepack_board
from tablegame.core.events import ButtonPress
from tablegame.families.shove.rules import (Cleared, CoinToss, MovedUnhit, SetMarks, Shove, ShoveRules,
                                   ShoveState)
from tablegame.texts import buttons_now, link_text, say, text
from tablegame.words.notes import Note
from tablegame.core.play import PlaySettings, TableStatus, Verdict
from tablegame.families.shove import moved, referee, replay
from tablegame.core.sensors import BoardSnapshot
from tablegame.families.shove.view import PartyView, ReplayView, ShoveView


# each game's board, built from its [boards.<game>] sizes
_BOARDS = {"shove-hapenny": hapenny_board, "shove-piecepack": piecepack_board}


def shove_play(rules: ShoveRules, settings: PlaySettings) -> ShovePlay:
    """The family's play factory: the game's board from its sizes, and what a coin
    moved unhit does (the family's ``moved_coin`` setting)."""
    sizes = {k: v for k, v in settings.values.items() if k != "moved_coin"}
    return ShovePlay(rules, _BOARDS[settings.game](beds=rules.beds, **sizes),
                     moved_coin=settings["moved_coin"])


@dataclass(frozen=True)
class ShovePlay:
    rules: ShoveRules
    board: ShoveBoard
    moved_coin: str = "warn"  # a coin moved that nothing hit: "warn" or "restore"
    # the last settled board accepted, and in restore mode where the moved coin lay;
    # only the session's writer thread judges; the views' words and replay made once are
    # kept here too, by a snapshot's view in its own (shallow) copy of this dict
    _memory: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.moved_coin not in moved.MODES:
            raise ValueError(f"shove.moved_coin must be one of {', '.join(moved.MODES)}, "
                             f"not {self.moved_coin!r}")

    def judge(self, status: TableStatus, reading) -> Verdict:
        if not isinstance(reading, BoardSnapshot):
            return Verdict(note=Note.of("wrong_reading", kind=type(reading).__name__), problem=True)
        verdict = referee.judge(self.board, status.state, reading)
        if isinstance(verdict.action, Shove):   # said with the shove's news (describe)
            self._memory["touching"] = referee.touching_lines(self.board, reading)
        return self._physics(status, verdict, reading) if reading.settled else verdict

    def _physics(self, status: TableStatus, verdict: Verdict, snapshot: BoardSnapshot) -> Verdict:
        """The physics check of a settled board against the last one accepted: a shove
        must explain every coin that moved, and between shoves none may move. In
        ``warn`` mode the reading counts at once and the check runs beside the writer:
        its verdict, a ``MovedUnhit`` logged by "table", follows as an event of its own.
        In ``restore`` mode nothing counts until a coin moved by hand is back. Either way
        the replay of the shove is computed beside the writer (replay.py)."""
        memory = self._memory
        before, after = memory.get("settled"), moved.played(self.board, snapshot.coins)
        shove = isinstance(verdict.action, Shove)
        still = verdict.action is None and len(after) == len(snapshot.coins)
        if before is not None and not verdict.problem and (shove or still):
            if self.moved_coin == "restore":
                check = (moved.check_shove if shove else moved.check_still)(self.board, before,
                                                                             after)
                note = moved.note_for(self.board, check, self.moved_coin)
                reasons = functools.partial(replay.reasons_after_shove, self.board, before, after)
                if note is not None:
                    marks = tuple(m.before for m in check.unexplained)
                    new = memory.get("marks") != marks   # shown once, not at every reading
                    memory["marks"] = marks
                    # the last board stays the reference
                    return Verdict(note=note, problem=True,
                                   beside=functools.partial(reasons, new) if shove else None)
                if shove:
                    verdict = verdict.but(beside=functools.partial(reasons, False))
            else:
                judged = replay.verdict_after_shove if shove else replay.verdict_between_shoves
                verdict = verdict.but(beside=functools.partial(judged, self.board, before, after))
        memory["settled"] = after
        if isinstance(verdict.action, (Shove, Cleared)):
            memory.pop("marks", None)
        if verdict.action is None and not verdict.problem and status.state.moved:
            # the warning stands until the next counted shove or cleared board
            return Verdict(note=moved.standing(self.board, status.state.moved), problem=True,
                           beside=verdict.beside)
        return verdict

    def put_back(self, readings: tuple) -> None:
        """The board lies again as ``readings`` say (an undo, a restart): the physics
        check goes on from there, and what it said about the board since is void."""
        snapshot = next((r for r in readings if isinstance(r, BoardSnapshot)), None)
        self._memory.clear()
        if snapshot is not None:
            self._memory["settled"] = moved.played(self.board, snapshot.coins)

    def press(self, state: ShoveState, press: ButtonPress, rng: random.Random) -> Verdict:
        if press.button == "ok" and state.starter is None:
            return Verdict(action=CoinToss(rng.randrange(2)))
        if press.button == "ok" and press.long:   # replay the last shove
            return Verdict(show_reasons=True)
        return Verdict()

    def describe(self, before: ShoveState, after: ShoveState, action) -> Note | None:
        note = self._describe(before, after, action)
        touching = self._memory.pop("touching", ()) if isinstance(action, Shove) else ()
        if note is not None and touching:   # "… · Münze in Bett 1 berührt eine Linie"
            return Note.of("touching_line", news=note, beds=touching)
        return note

    def _describe(self, before: ShoveState, after: ShoveState, action) -> Note | None:
        if isinstance(action, CoinToss):
            return Note.of("coin_toss", party=after.parties[after.starter].name)
        if isinstance(action, Cleared):
            return None  # the last turn's result stays on screen
        if isinstance(action, MovedUnhit):
            return moved.standing(self.board, action.coins)
        if isinstance(action, SetMarks):
            return Note.of("marks_corrected", party=after.parties[action.party].name,
                           bed=action.bed, marks=action.marks)
        if after.last is not None and after.last is not before.last:
            s = after.last
            return Note.of("turn_scored", party=after.parties[s.party].name,
                           other=after.parties[1 - s.party].name, own=s.own, given=s.given,
                           lost=s.lost, sergeants=s.sergeants, gold_watch=s.gold_watch,
                           tiebreak=s.tiebreak, count=len(s.scored))
        return Note.of("coin_counted", left=after.coins_left)

    def view(self, status: TableStatus, language: str) -> ShoveView:
        state: ShoveState = status.state
        t = lambda key, **values: text(language, key, **values)  # noqa: E731
        reading = status.reading
        to_clear = referee.coins_to_clear(self.board, state, status.latest(BoardSnapshot))
        shown, ahead = self._turn(state, to_clear, language)
        return ShoveView(
            title=self.title(language),
            board=self.board,
            coins=reading.coins if isinstance(reading, BoardSnapshot) else (),
            parties=tuple(self._party(state, p, language) for p in (0, 1)),
            target=self.rules.target,
            status=shown or self._status(state, to_clear, language),
            ahead=ahead,
            message=say(language, status.note),
            problem=say(language, status.problem) or None,
            winner=(t("draw") if state.drawn else
                    t("winner", party=state.parties[state.winner].name)
                    if state.winner is not None else None),
            link=link_text(status.link, language),
            hint=buttons_now(language, status, state.over,
                             ok=t("does_toss") if state.starter is None else None),
            marked=state.moved or self._memory.get("marks", ()),
            to_clear=to_clear,
            replay=self._replay(status, language),
        )

    def _replay(self, status: TableStatus, language: str) -> ReplayView | None:
        """The last shove's replay in ``language``, made once per replay, request and
        language (the view is built for every frame drawn)."""
        reasons = status.reasons
        if reasons is None:
            return None
        key = (status.reasons_shown, language)
        made = self._memory.get("replay")
        if made is not None and made[0] is reasons and made[1] == key:
            return made[2]
        shot = reasons.shot is not None
        named = reasons.named
        words = (text(language, "replay_explained" if shot else "replay_still") if named is None
                 else text(language, "replay_would_lie", number=named.number,
                           dx=named.would[0] - named.seen[0], dy=named.would[1] - named.seen[1]))
        view = ReplayView(reasons, status.reasons_shown,
                          text(language, "replay_title" if shot else "replay_title_still"), words)
        self._memory["replay"] = (reasons, key, view)
        return view

    def title(self, language: str) -> str:
        r = self.rules
        extras = [text(language, key) for key, on in
                  (("title_progressive", r.progressive), ("title_flick", r.flick)) if on]
        if r.title == "Shove piecepack" and r.beds < 7:
            extras.append(text(language, "title_short", beds=r.beds))
        return r.title + (f" – {', '.join(extras)}" if extras else "")

    def _party(self, state: ShoveState, p: int, language: str) -> PartyView:
        party = state.parties[p]
        tiebreak = state.tiebreak[p] if state.tiebreak else None
        return PartyView(
            name=party.name,
            player=state.player(p) if len(party.players) > 1 else "",
            marks=state.marks[p],
            at_turn=not state.over and state.starter is not None and state.turn == p,
            score_line=text(language, "playoff_score", count=tiebreak) if tiebreak is not None else "")

    def _status(self, state: ShoveState, waiting: int, language: str) -> str:
        if state.over:
            return text(language, "status_over")
        if state.starter is None:
            return text(language, "status_toss")
        if waiting:
            return self._clear_line(waiting, language)
        return self._turn_line(state, state.coins_left, language)

    def _clear_line(self, coins: int, language: str) -> str:
        """"Bitte das Brett abräumen (5 Münzen liegen noch)", said once per count and
        language: every turn's end shows it, and said anew it was a sixth of that
        frame's view, cold (issue 30)."""
        key = ("clear", coins, language)   # (flat: a snapshot's copy of the memory is its own)
        line = self._memory.get(key)
        if line is None:
            line = self._memory[key] = text(language, "status_clear", coins=coins)
        return line

    def _turn_line(self, state: ShoveState, left: int, language: str) -> str:
        # the player who shoves: the party's name is made of its players' names, so
        # "Anna (Anna & Carl)" would say her name twice
        who = state.player(state.turn)
        key = ("status_playoff" if state.tiebreak is not None else
               "status_turn_flick" if self.rules.flick else "status_turn")
        return text(language, key, who=who, left=left)

    def _turn(self, state: ShoveState, waiting: int,
              language: str) -> tuple[str | None, tuple[str, ...]]:
        """The status shown now when it is the turn's coins left (else None: ``_status``
        says it), and the statuses the turn's next frames show if every coin shoved counts
        and stays: the coins left one by one, then the board to clear (while the board waits
        to be cleared: the next turn's, from its first coin). A guess the screen lays out
        between frames (``ShoveView.ahead``); said once per turn and language, each frame
        handed the rest of it, and the status shown now with them (a frame said it anew:
        a fifth of its view, cold)."""
        if state.over or state.starter is None:
            return None, ()
        first = state.coins_left if waiting else state.coins_left - 1
        shown = 1 if not waiting and state.coins_left > 0 else 0   # said first, with them
        # all of a turn's frames share it: a counted coin moves one from left to lying
        key = (language, state.turn, state.up, state.tiebreak is not None,
               state.on_board + state.coins_left)
        kept = self._memory.get("ahead", ())   # the last few turns' (key, statuses), newest first
        for made, said in kept:
            if made == key and len(said) > first + shown:
                return self._split(said[-1 - first - shown:], shown)
        # the parties take turns: each one's said once, not at each turn's end
        said = tuple(self._turn_line(state, left, language)
                     for left in range(first + shown, 0, -1)) \
            + (self._clear_line(key[-1], language),)
        self._memory["ahead"] = ((key, said),) + kept[:3]
        return self._split(said[-1 - first - shown:], shown)

    @staticmethod
    def _split(said: tuple[str, ...], shown: int) -> tuple[str | None, tuple[str, ...]]:
        return (said[0], said[1:]) if shown else (None, said)
