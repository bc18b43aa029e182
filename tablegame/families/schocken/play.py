"""Schocken on the table: the sheet, the dice (reader or the table's own), the rail
buttons, the words and the screen's view.

Dice source (setting ``schocken.dice``):
- ``"table"``: the table's own dice, drawn from the session's random source
  (``secrets.SystemRandom`` at the table, a seeded ``Random`` in scripts);
- ``"reader"``: physical dice from the cup, reported by the board's dice reader
  (``tablegame.families.schocken.referee`` turns readings into actions).

Rail buttons (the session keeps BACK held = undo, MENU = game choice / held = new
evening; with Schocken, OK always reaches the play because an evening never ends):
- OK: do the highlighted choice. With the table's own dice the choices are, in
  this order, those allowed now: throw, stop, take the Deckel, turn sixes, set
  aside (each set of dice). With the reader, the dice do the throwing and setting
  aside, and the choices are stop and (after BACK) take the Deckel; before the
  first throw OK only reminds to throw from the cup. When the game is over, OK
  deals the next game on the same sheet.
- BACK: highlight the next choice (it starts at the first after every change).
- OK held: the current player's odds to beat the best result so far, every
  choice best first (``tablegame.families.schocken.odds``), until the next event."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tablegame.core.events import ButtonPress
from tablegame.families.schocken.rules import (HalfLost, SchockenRules, SchockenState, SetAside,
                                      SetDeckel, Stop, Take, Throw, Tuermchen, TurnSixes)
from tablegame.families.schocken.flow import ranked
from tablegame.families.schocken.state import FINAL, FIRST_HALF
from tablegame.texts import buttons_now, link_text, say, text
from tablegame.words.notes import Note
from tablegame.families.schocken import referee
from tablegame.core.play import PlaySettings, TableStatus, Verdict
from tablegame.families.schocken.sheet import NextGame, SheetRules, SheetState
from tablegame.families.schocken.texts import result_name
from tablegame.core.sensors import DiceReading
from tablegame.families.schocken.view import PlayerView, SchockenView

DICE_SOURCES = ("table", "reader")


@dataclass(frozen=True)
class Choice:
    """One thing OK can do now; ``action`` None for a throw of the table's dice."""

    key: str                         # its text key, e.g. "choice_aside"
    action: Any = None
    dice: str = ""                   # for "choice_aside": the dice, e.g. "1-1"

    def words(self, language: str) -> str:
        return text(language, self.key, dice=self.dice)


def schocken_play(rules: SchockenRules, settings: PlaySettings) -> "SchockenPlay":
    """The family's play factory: the dice come from the family's ``dice`` setting."""
    return SchockenPlay(rules, dice=settings["dice"])


class SchockenPlay:
    """The play; its only memory beyond the log is which choice BACK has
    highlighted (screen state, reset by every change of the game)."""

    def __init__(self, rules: SchockenRules, dice: str = "table") -> None:
        if dice not in DICE_SOURCES:
            raise ValueError(f"schocken.dice must be 'table' or 'reader', got {dice!r}")
        self.rules = SheetRules(rules)
        self.dice = dice
        self._highlight: tuple[Any, int] = (None, 0)   # (state, index into choices)

    # -- inputs ------------------------------------------------------------------------

    def judge(self, status: TableStatus, reading) -> Verdict:
        if not isinstance(reading, DiceReading):
            return Verdict(note=Note.of("wrong_reading", kind=type(reading).__name__),
                           problem=True)
        if self.dice != "reader":
            # Only dice that moved are worth a word: the reader's re-sync after the link
            # comes up says where the dice lie, which is no one's throw.
            before = status.latest(DiceReading)
            moved = before is not None and before != reading
            return Verdict(note=Note.of("schocken_reader_off")) if moved else Verdict()
        return referee.judge(status.state.game, status.latest(DiceReading), reading)

    def press(self, state: SheetState, press: ButtonPress, rng: random.Random) -> Verdict:
        game = state.game
        if press.button == "ok" and press.long:
            return Verdict(note=self.odds_note(game))
        if game.over:
            return Verdict(action=NextGame()) if press.button == "ok" else Verdict()
        choices = self.choices(state)
        if press.button == "back" and choices:
            index = (self.highlighted(state) + 1) % len(choices)
            self._highlight = (state, index)
            return Verdict(note=Note.of("schocken_choice", choice=choices[index].key,
                                        dice=choices[index].dice))
        if press.button != "ok" or not choices:
            return Verdict()
        choice = choices[self.highlighted(state)]
        if choice.action is not None:
            return Verdict(action=choice.action)
        if self.dice == "reader":
            return Verdict(note=Note.of("schocken_reader_on"))
        count = self.rules.dice_to_throw(state)
        return Verdict(action=Throw(tuple(rng.randint(1, 6) for _ in range(count))))

    def choices(self, state: SheetState) -> list[Choice]:
        """What OK can do now, in the order BACK steps through them."""
        game = state.game
        if game.over:
            return [Choice("choice_next", NextGame())]
        legal = self.rules.game.legal_actions(game)
        found: list[Choice] = []
        if self.dice == "table" and self.rules.dice_to_throw(state):
            found.append(Choice("choice_throw"))
        elif self.rules.dice_to_throw(state) and not game.turn.throws:
            found.append(Choice("choice_cup"))   # OK alone never takes the Deckel
        found += [Choice("choice_stop", a) for a in legal if isinstance(a, Stop)]
        found += [Choice("choice_take", a) for a in legal if isinstance(a, Take)]
        if self.dice == "table":
            found += [Choice(f"choice_sixes_{a.ones}", a) for a in legal
                      if isinstance(a, TurnSixes)]
            found += [Choice("choice_aside", a, _show(a.dice)) for a in legal
                      if isinstance(a, SetAside)]
        return found

    def highlighted(self, state: SheetState) -> int:
        remembered, index = self._highlight
        return index if remembered is state else 0

    def odds_note(self, game: SchockenState) -> Note:
        if game.over:
            return Note.of("schocken_game_over")
        found = self.rules.game.odds(game)
        if found is None:
            return Note.of("schocken_no_odds", who=game.names[game.current])
        best = found.to_beat
        to_beat = f"{game.names[best.player]} {_show(best.dice)}"
        choices = tuple((c.stop, c.turn_sixes, _show(c.set_aside), _percent(p))
                        for c, p in found.choices[:4])
        return Note.of("schocken_odds", to_beat=to_beat, choices=choices)

    # -- words -------------------------------------------------------------------------

    def describe(self, before: SheetState, after: SheetState, action) -> Note | None:
        if isinstance(action, NextGame):
            game = after.game
            return Note.of("schocken_next_game", who=game.names[game.current])
        b, a = before.game, after.game
        who = b.names[b.current]
        if isinstance(action, Throw):
            return Note.of("schocken_threw", who=who, dice=_show(action.dice),
                           throw=a.turn.throws, allowed=b.throws_allowed)
        if isinstance(action, SetAside):
            return Note.of("schocken_set_aside", who=who, dice=_show(action.dice))
        if isinstance(action, TurnSixes):
            return Note.of("schocken_sixes_turned", who=who,
                           sixes="6-6" if action.ones == 1 else "6-6-6",
                           ones="1" if action.ones == 1 else "1-1")
        if isinstance(action, Tuermchen):
            return Note.of("schocken_tuermchen", who=who)
        if isinstance(action, SetDeckel):
            return Note.of("schocken_deckel_corrected", who=a.names[action.player],
                           deckel=action.deckel, pot=a.pot)
        if isinstance(action, HalfLost):
            return Note.of("schocken_half_corrected", who=a.names[action.player], half=b.half)
        if a.over:
            return Note.of("schocken_game_lost", who=a.names[a.loser])
        if a.half != b.half:
            loser = a.half_losers[-1]
            if a.half == FINAL:
                return Note.of("schocken_final", who=a.names[loser],
                               other=a.names[a.half_losers[0]])
            return Note.of("schocken_half_over", who=a.names[loser], half=b.half)
        if a.last_round is not b.last_round and a.last_round is not None:
            r = a.last_round
            return Note.of("schocken_round", worst=a.names[r.worst], best=a.names[r.best],
                           result=r.result, deckel=r.deckel,
                           giver=None if r.giver is None else a.names[r.giver],
                           taken=r.taken, schock_out=r.schock_out,
                           dropped=", ".join(a.names[p] for p in r.dropped_out))
        result = a.results[-1]
        name = self.rules.options.evaluate(result.dice, result.at_once, result.throws).name
        return Note.of("schocken_stopped", who=who, result=name, throws=result.throws)

    # -- the screen --------------------------------------------------------------------

    def view(self, status: TableStatus, language: str) -> SchockenView:
        state: SheetState = status.state
        game = state.game
        t = lambda key, **values: text(language, key, **values)  # noqa: E731
        choices = self.choices(state)
        choice = choices[self.highlighted(state)].words(language) if choices else ""
        note = status.note
        odds = (text(language, note.key, **note.kwargs),) \
            if note is not None and note.key == "schocken_odds" else ()
        loser = None
        if game.over:
            key = "schocken_loser_blattschuss" if game.blattschuss else "schocken_loser"
            loser = t(key, who=game.names[game.loser])
        return SchockenView(
            title=t("title_schocken") + f" – {self.rules.options.deckel} Deckel",
            half=t(f"schocken_half_{game.half}"),
            pot=game.pot,
            pot_label=t("schocken_pot", pot=game.pot),
            players=self._players(state, language),
            dice=tuple(sorted(game.turn.lying, reverse=True)),
            aside=tuple(sorted(game.turn.aside, reverse=True)),
            throws="" if game.over else t("schocken_throws", used=game.turn.throws,
                                          allowed=game.throws_allowed),
            status=t("schocken_over_status") if game.over else t("schocken_turn_start" if not game.results else "schocken_turn",
                              who=game.names[game.current]),
            message=say(language, note),
            choice=t("schocken_choice_label", choice=choice) if choice else "",
            odds=odds,
            problem=say(language, status.problem) or None,
            loser=loser,
            tally_label=t("schocken_tally"),
            link=link_text(status.link, language),
            hint=self._buttons(status, language),
        )

    def _buttons(self, status: TableStatus, language: str) -> str:
        """The footer: OK does the highlighted choice (held: the odds), BACK moves the
        highlight while there is another choice, MENU held starts a new evening; with the
        dice reader, how the dice are thrown comes first."""
        t = lambda key: text(language, key)  # noqa: E731
        keys = buttons_now(language, status, self.rules.is_over(status.state),
                           ok=t("schocken_does_choice"), ok_held=t("schocken_does_odds"),
                           back=t("schocken_does_other") if len(self.choices(status.state)) > 1
                           else None, menu_held=t("schocken_does_new_evening"))
        return f"{t('schocken_reader_keys')} · {keys}" if self.dice == "reader" else keys

    def _players(self, state: SheetState, language: str) -> tuple[PlayerView, ...]:
        game = state.game
        options = self.rules.options
        results = {r.player: r for r in game.results}
        order = ranked(game.results, options) if len(game.results) > 1 else []
        marks = {order[0].player: "best", order[-1].player: "worst"} if order else {}
        tally = state.tally
        views = []
        for seat, name in enumerate(game.names):
            r = results.get(seat)
            result = short = ""
            if r is not None:
                evaluation = options.evaluate(r.dice, r.at_once, r.throws)
                short = result_name(evaluation.name, language)
                result = text(language, "schocken_result", result=short,
                              throws=text(language, "schocken_throw_count", n=r.throws))
            lost_halves = [h for h, loser in enumerate(game.half_losers, FIRST_HALF)
                           if loser == seat and h != FINAL]
            views.append(PlayerView(
                name=name, deckel=game.deckel[seat], lost=tally[seat],
                at_turn=not game.over and game.current == seat,
                playing=game.over or seat in game.active, result=result, result_short=short,
                mark=marks.get(seat, ""),
                half_loser=text(language, "schocken_half_lost",
                                half=text(language, f"schocken_half_{lost_halves[-1]}"))
                if lost_halves else ""))
        return tuple(views)


def _show(dice) -> str:
    return "-".join(map(str, sorted(dice, reverse=True)))


def _percent(p) -> str:
    return f"{float(p) * 100:.0f} %"
