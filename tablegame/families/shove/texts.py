"""Shove's texts in German and English, merged into ``tablegame.texts.TEXTS``: what
happened (the toss, a scored turn, the outcome), what is wrong with the board (the
referee's notes, the moved coin), the screen's lines, and the engine's reasons for
refusing an action."""
from __future__ import annotations

from tablegame.words.grammar import format_words, plural
from tablegame.words.phrase import phrasebook

_SCORING_WORDS = {
    "de": {"tiebreak": plural("count", "{party}: {count} Münze im Stechen",
                              "{party}: {count} Münzen im Stechen"),
           "own": plural("count", "{party}: 1 Strich in {where}", "{party}: {count} Striche in {where}"),
           "none": "{party}: kein Strich", "given": "{other} {other:bekommt|bekommen} {where}",
           "lost": "verfallen: {where}", "sergeant": "Sergeant in Bett {bed}!",
           "gold_watch": "Goldene Uhr!", "beds": plural("count", "Bett {beds}", "Betten {beds}")},
    "en": {"tiebreak": plural("count", "{party}: {count} coin in the play-off",
                              "{party}: {count} coins in the play-off"),
           "own": plural("count", "{party}: 1 mark in {where}", "{party}: {count} marks in {where}"),
           "none": "{party}: no mark", "given": "{other} {other:gets|get} {where}",
           "lost": "lost: {where}", "sergeant": "Sergeant in bed {bed}!",
           "gold_watch": "Gold watch!", "beds": plural("count", "bed {beds}", "beds {beds}")},
}


def _scoring(language):
    """The sentence for a scored turn: own marks, give-aways, lost marks, the names."""
    w = _SCORING_WORDS[language]

    def where(beds) -> str:  # "Bett 3" / "Betten 2, 5": each bed once
        beds = tuple(sorted(set(beds)))
        return w["beds"](count=len(beds), beds=beds)

    def say_scoring(party, other, own=(), given=(), lost=(), sergeants=(), gold_watch=False,
                    tiebreak=False, count=0):
        if tiebreak:
            return w["tiebreak"](party=party, count=count)
        parts = [w["own"](party=party, count=len(own), where=where(own)) if own
                 else format_words(w["none"], {"party": party})]
        if given:
            parts.append(format_words(w["given"], {"other": other, "where": where(given)}))
        if lost:
            parts.append(w["lost"].format(where=where(lost)))
        parts += [w["sergeant"].format(bed=b) for b in sergeants]
        if gold_watch:
            parts.append(w["gold_watch"])
        return " · ".join(parts)
    return say_scoring


_TOUCHING = {"de": ("Münze in {where} berührt eine Linie: zählt nicht",
                    "{count} Münzen in {where} berühren eine Linie: zählen nicht"),
             "en": ("the coin in {where} touches a line: it does not count",
                    "{count} coins in {where} touch a line: they do not count")}


def _touching(language):
    """The news of a shove, then the coins that look inside a bed but touch a line: "… ·
    2 Münzen in Betten 1, 3 berühren eine Linie" (each bed once, as a scored turn says them)."""
    one, many = _TOUCHING[language]
    beds_of = _SCORING_WORDS[language]["beds"]

    def words(news, beds) -> str:
        where = beds_of(count=len(set(beds)), beds=tuple(sorted(set(beds))))
        return f"{news} · " + (one if len(beds) == 1 else many).format(count=len(beds), where=where)
    return words


def _would_lie(language):
    """Where the named coin would lie, from where it lies: "Münze 3 läge 41 mm tiefer"
    (down the board, towards the front edge), the larger way first, the other too when
    it is more than the sensors' error."""
    words = {"de": ("Münze {number} läge {ways}", " und ", "{mm} mm tiefer", "{mm} mm höher",
                    "{mm} mm weiter links", "{mm} mm weiter rechts",
                    "Münze {number} läge, wo sie liegt"),
             "en": ("Coin {number} would lie {ways}", " and ", "{mm} mm lower", "{mm} mm higher",
                    "{mm} mm further left", "{mm} mm further right",
                    "Coin {number} would lie where it lies")}[language]
    sentence, joined, lower, higher, left, right, same = words

    def say(number, dx, dy):
        ways = sorted(((abs(dy), lower if dy < 0 else higher), (abs(dx), left if dx < 0 else right)),
                      key=lambda way: -way[0])
        said = [way.format(mm=round(mm)) for mm, way in ways if mm >= SAID_FROM_MM]
        return sentence.format(number=number, ways=joined.join(said)) if said else same.format(
            number=number)
    return say


SAID_FROM_MM = 3   # a way shorter than this (about the sensors' error) is not said


TEXTS = {
    "de": {
        # where a coin lies, as the staff page's calibration says it
        "lie_in_bed": "in Bett {bed}", "lie_on_line": "berührt eine Linie",
        "lie_outside_lane": "außerhalb der Seitenlinien", "lie_short": "vor der ersten Linie",
        "lie_beyond_last": "hinter der letzten Linie", "lie_off_board": "nicht auf dem Brett",
        "lie_outside_frame": "außerhalb des Rahmens: kein möglicher Messwert",
        # what happened
        "coin_toss": "Münzwurf: {party} {party:beginnt|beginnen}",
        "coin_counted": "Münze gezählt – noch {left}",
        "touching_line": _touching("de"),
        "marks_corrected": plural("marks", "Korrigiert: {party} {party:hat|haben} {marks} Strich in Bett {bed}",
                                  "Korrigiert: {party} {party:hat|haben} {marks} Striche in Bett {bed}"),
        "turn_scored": _scoring("de"),
        "short_of_first_line": "Münze vor der ersten Linie: zählt nicht, noch einmal schieben",
        "toss_first": "Erst die Münze werfen: OK drücken",
        "game_over": "Spiel vorbei: OK für ein neues Spiel",
        # what is wrong with the board (the game waits)
        "coins_overlap_in_bed": "Zwei Münzen überlappen in Bett {bed}: bitte das Brett prüfen",
        "coin_moved_unhit_bed": "Die Münze in Bett {bed} hat sich bewegt, ohne getroffen zu werden",
        "coin_moved_unhit": "Die Münze bei x {x} mm, y {y} mm hat sich bewegt, ohne getroffen zu werden",
        "coin_put_back_bed": "Die Münze in Bett {bed} hat sich bewegt, ohne getroffen zu werden: "
                             "bitte zurücklegen (x {x} mm, y {y} mm)",
        "coin_put_back": "Eine Münze hat sich bewegt, ohne getroffen zu werden: bitte zurücklegen "
                         "(x {x} mm, y {y} mm)",
        "coins_overlap": "Zwei Münzen überlappen: bitte das Brett prüfen",
        "outside_frame": "Messung außerhalb des Rahmens (x {x} mm, y {y} mm): Sensoren prüfen",
        "more_coins_than_exist": "{seen} Münzen erkannt, es gibt aber nur {exist}: Brett prüfen",
        "coins_missing": "Es fehlen Münzen: {expected} erwartet, {seen} erkannt",
        "too_many_new_coins": "{new} neue Münzen auf einmal: bitte nur eine Münze schieben",
        # screen texts
        "status_toss": "OK drücken: Münzwurf entscheidet, wer beginnt",
        "status_clear": plural("coins", "Bitte das Brett abräumen ({coins} Münze liegt noch)",
                               "Bitte das Brett abräumen ({coins} Münzen liegen noch)"),
        "status_turn": plural("left", "{who} schiebt – noch {left} Münze", "{who} schiebt – noch {left} Münzen"),
        "status_turn_flick": plural("left", "{who} schnippt – noch {left} Münze",
                                    "{who} schnippt – noch {left} Münzen"),
        "status_playoff": plural("left", "Stechen: {who} – noch {left} Münze", "Stechen: {who} – noch {left} Münzen"),
        "status_over": "Spiel vorbei",
        "winner": "{party} {party:gewinnt|gewinnen}!",
        "draw": "Unentschieden!",
        "playoff_score": "Stechen: {count}",
        "does_toss": "Münzwurf",
        "hint_desk_clear": "Abräumen: der nächste Schub mit der Maus räumt ab, oder Taste C",
        "desk_nudge_no_coin": "Keine Münze auf dem Brett, die die Hand schieben könnte (Taste H)",
        "desk_nudge_off_board": "Die Hand würde die Münze vom Brett schieben: nichts verschoben",
        "desk_nudge_overlap": "Dort liegt schon eine Münze: die Hand hat nichts verschoben",
        "title_progressive": "Progressive",
        "title_flick": "Flick",
        "title_short": "Short, {beds} Betten",
        # the engine's reasons for refusing an action
        "shove_game_over": "das Spiel ist vorbei: bitte ein neues beginnen",
        "shove_already_clear": "das Brett ist schon abgeräumt",
        "history_cleared": "Brett abgeräumt",
        "shove_not_an_action": "{action} ist kein Zug im Shove",
        "shove_no_such_party": "es gibt keine Partei {party}: nur Partei 1 oder 2",
        "shove_no_such_bed": "es gibt kein Bett {bed}: das Brett hat die Betten 1 bis {beds}",
        "shove_marks_range": "ein Bett hat 0 bis {target} Striche, nicht {marks}",
        "shove_toss_done": "die Münze ist schon geworfen: {party} {party:hat|haben} begonnen",
        "shove_toss_first": "erst die Münze werfen: sie entscheidet, wer beginnt",
        "shove_clear_first": "erst das Brett abräumen: die Münzen der letzten Runde liegen noch",
        "shove_too_many_scoring": "{scoring} Münzen können nicht zählen: es liegen nur {lying} "
                                  "auf dem Brett",
        "shove_moved_names_no_coin": "eine Münze, die sich ohne Treffer bewegt hat, muss "
                                     "genannt sein",
        # the replay of the last shove (replay.py)
        "replay_title": "Der letzte Schub, nachgespielt",
        "replay_title_still": "Ohne Schub bewegt",
        "replay_explained": "Der Schub erklärt jede Münze",
        "replay_still": "Keine Münze hat sich bewegt",
        "replay_would_lie": _would_lie("de"),
    },
    "en": {
        "lie_in_bed": "in bed {bed}", "lie_on_line": "touches a line",
        "lie_outside_lane": "outside the side lines", "lie_short": "short of the first line",
        "lie_beyond_last": "beyond the last line", "lie_off_board": "off the board",
        "lie_outside_frame": "outside the frame: not a possible reading",
        "coin_toss": "Coin toss: {party} {party:starts|start}",
        "coin_counted": "Coin counted – {left} left",
        "touching_line": _touching("en"),
        "marks_corrected": plural("marks", "Corrected: {party} {party:has|have} {marks} mark in bed {bed}",
                                  "Corrected: {party} {party:has|have} {marks} marks in bed {bed}"),
        "turn_scored": _scoring("en"),
        "short_of_first_line": "Coin short of the first line: not counted, shove it again",
        "toss_first": "Toss the coin first: press OK",
        "game_over": "Game over: press OK for a new game",
        "coins_overlap_in_bed": "Two coins overlap in bed {bed}: check the board",
        "coin_moved_unhit_bed": "The coin in bed {bed} moved without being hit",
        "coin_moved_unhit": "The coin at x {x} mm, y {y} mm moved without being hit",
        "coin_put_back_bed": "The coin in bed {bed} moved without being hit: "
                             "put it back (x {x} mm, y {y} mm)",
        "coin_put_back": "A coin moved without being hit: put it back (x {x} mm, y {y} mm)",
        "coins_overlap": "Two coins overlap: check the board",
        "outside_frame": "A reading outside the frame (x {x} mm, y {y} mm): check the sensors",
        "more_coins_than_exist": "{seen} coins seen, but only {exist} exist: check the board",
        "coins_missing": "Coins missing: {expected} expected, {seen} seen",
        "too_many_new_coins": "{new} new coins at once: shove one coin at a time",
        "status_toss": "Press OK: a coin toss decides who starts",
        "status_clear": plural("coins", "Please clear the board ({coins} coin still on it)",
                               "Please clear the board ({coins} coins still on it)"),
        "status_turn": plural("left", "{who} to shove – {left} coin left", "{who} to shove – {left} coins left"),
        "status_turn_flick": plural("left", "{who} to flick – {left} coin left", "{who} to flick – {left} coins left"),
        "status_playoff": plural("left", "Play-off: {who} – {left} coin left", "Play-off: {who} – {left} coins left"),
        "status_over": "Game over",
        "winner": "{party} {party:wins|win}!",
        "draw": "A draw!",
        "playoff_score": "Play-off: {count}",
        "does_toss": "coin toss",
        "hint_desk_clear": "To clear: the next drag with the mouse clears the board, or key C",
        "desk_nudge_no_coin": "No coin on the board for the hand to nudge (key H)",
        "desk_nudge_off_board": "The hand would push that coin off the board: nothing moved",
        "desk_nudge_overlap": "Another coin lies where the hand would nudge this one: nothing moved",
        "title_progressive": "Progressive",
        "title_flick": "Flick",
        "title_short": "Short, {beds} beds",
        "shove_game_over": "the game is over: start a new one",
        "shove_already_clear": "the board is already clear",
        "history_cleared": "Board cleared",
        "shove_not_an_action": "{action} is not an action of Shove",
        "shove_no_such_party": "there is no party {party}: only party 1 or 2",
        "shove_no_such_bed": "there is no bed {bed}: the board has beds 1 to {beds}",
        "shove_marks_range": "a bed holds from 0 to {target} marks, not {marks}",
        "shove_toss_done": "the coin toss is done: {party} started",
        "shove_toss_first": "toss the coin first: it decides who starts",
        "shove_clear_first": "clear the board first: the last round's coins still count as lying there",
        "shove_too_many_scoring": "{scoring} coins cannot score: only {lying} lie on the board",
        "shove_moved_names_no_coin": "a coin moved unhit must be named",
        "replay_title": "The last shove, replayed",
        "replay_title_still": "Moved without a shove",
        "replay_explained": "The shove explains every coin",
        "replay_still": "No coin moved",
        "replay_would_lie": _would_lie("en"),
    },
}


# What the rules and the board's sizes refuse, said where it is shown (tablegame.words.phrase)
REFUSED = {
    "de": {"parties": "Shove spielen zwei Parteien mit mindestens einem Spieler",
           "lines": "ein Brett braucht zwei Linien oder mehr (ein Bett)",
           "last_line": "die letzte Linie endet {last:.1f} mm von der Vorderkante, hinter dem Brett "
                        "({length:.1f} mm lang): weniger Betten, engere Linien oder ein längeres Brett",
           "lane": "eine Münze von {coin:.1f} mm passt nicht zwischen die Seitenlinien ({apart:.1f} mm "
                   "auseinander auf einem Brett von {width:.1f} mm Breite)",
           "bed": "eine Münze von {coin:.1f} mm passt in kein Bett ({narrowest:.1f} mm zwischen den "
                  "Linien): eine kleinere Münze oder weiter auseinander liegende Linien"},
    "en": {"parties": "Shove is played by two parties of at least one player each",
           "lines": "a board needs two lines or more (one bed)",
           "last_line": "the last line ends {last:.1f} mm from the front edge, beyond the board's "
                        "length of {length:.1f} mm: fewer beds, lines closer together or a longer board",
           "lane": "a coin of {coin:.1f} mm does not fit between the side lines ({apart:.1f} mm apart "
                   "on a board {width:.1f} mm wide)",
           "bed": "a coin of {coin:.1f} mm does not fit in a bed ({narrowest:.1f} mm between the "
                  "lines): a smaller coin or lines further apart"},
}
refused = phrasebook(REFUSED)
