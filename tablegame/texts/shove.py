"""The Shove engine's reasons for refusing an action, in German and English, merged
into ``tablegame.i18n.TEXTS``; the other Shove texts are there."""
from __future__ import annotations

TEXTS = {
    "de": {
        "shove_game_over": "das Spiel ist vorbei: bitte ein neues beginnen",
        "shove_already_clear": "das Brett ist schon abgeräumt",
        "shove_not_an_action": "{action} ist kein Zug im Shove",
        "shove_no_such_party": "es gibt keine Partei {party}: nur Partei 0 oder 1",
        "shove_no_such_bed": "es gibt kein Bett {bed}: das Brett hat die Betten 1 bis {beds}",
        "shove_marks_range": "ein Bett hat 0 bis {target} Striche, nicht {marks}",
        "shove_toss_done": "die Münze ist schon geworfen: {party} hat begonnen",
        "shove_toss_first": "erst die Münze werfen: sie entscheidet, wer beginnt",
        "shove_clear_first": "erst das Brett abräumen: die Münzen der letzten Runde liegen noch",
        "shove_too_many_scoring": "{scoring} Münzen können nicht zählen: es liegen nur {lying} "
                                  "auf dem Brett",
        "shove_moved_names_no_coin": "eine Münze, die sich ohne Treffer bewegt hat, muss "
                                     "genannt sein",
    },
    "en": {
        "shove_game_over": "the game is over: start a new one",
        "shove_already_clear": "the board is already clear",
        "shove_not_an_action": "{action} is not an action of Shove",
        "shove_no_such_party": "there is no party {party}: only party 0 or 1",
        "shove_no_such_bed": "there is no bed {bed}: the board has beds 1 to {beds}",
        "shove_marks_range": "a bed holds from 0 to {target} marks, not {marks}",
        "shove_toss_done": "the coin toss is done: {party} started",
        "shove_toss_first": "toss the coin first: it decides who starts",
        "shove_clear_first": "clear the board first: the last round's coins still count as lying there",
        "shove_too_many_scoring": "{scoring} coins cannot score: only {lying} lie on the board",
        "shove_moved_names_no_coin": "a coin moved unhit must be named",
    },
}
