"""Schocken's texts in German and English, merged into ``tablegame.texts``.

Result names come from the engine in German (Schock 4, General 6, Straße 4-5-6,
Hausnummer 665); English keeps Schock and General, the table's own words. The
engine's reasons for an illegal action are notes too; its messages are their
English texts."""
from __future__ import annotations

from tablegame.words.grammar import amount
from tablegame.words.phrase import phrasebook

_EN_NAMES = (("Straße", "Street"), ("Hausnummer", "House number"))


def result_name(name: str, language: str) -> str:
    if language == "en":
        for de, en in _EN_NAMES:
            name = name.replace(de, en)
    return name


def _round_de(worst, best, result, deckel, giver=None, taken=False, schock_out=False,
              dropped=""):
    if schock_out:
        text = f"Schock-Out von {best}! {worst} bekommt alle Deckel"
    elif taken:
        text = f"{worst} nimmt freiwillig {deckel} Deckel ({result} von {best})"
    else:
        source = "aus dem Topf" if giver is None else f"von {giver}"
        text = f"{worst} bekommt {deckel} Deckel {source} ({result} von {best})"
    return text + (f" · freigespielt: {dropped}" if dropped else "")


def _round_en(worst, best, result, deckel, giver=None, taken=False, schock_out=False,
              dropped=""):
    result = result_name(result, "en")
    if schock_out:
        text = f"Schock-Out by {best}! {worst} gets every Deckel"
    elif taken:
        text = f"{worst} takes {deckel} Deckel ({result} by {best})"
    else:
        source = "from the pot" if giver is None else f"from {giver}"
        text = f"{worst} gets {deckel} Deckel {source} ({result} by {best})"
    return text + (f" · out of this half: {dropped}" if dropped else "")


def _throws_de(n):
    return amount(n, "Wurf", "Würfe")


def _throws_en(n):
    return amount(n, "throw", "throws")


def _choice_de(stop=False, sixes=0, aside=""):
    if stop:
        return "stehen lassen"
    parts = ([f"{'6-6 zu 1' if sixes == 1 else '6-6-6 zu 1-1'} drehen"] if sixes else []) + \
        ([f"{aside} rauslegen"] if aside else [])
    return ", ".join(parts + ["würfeln"])


def _choice_en(stop=False, sixes=0, aside=""):
    if stop:
        return "stop"
    parts = ([f"turn {'6-6 into 1' if sixes == 1 else '6-6-6 into 1-1'}"] if sixes else []) + \
        ([f"set aside {aside}"] if aside else [])
    return ", ".join(parts + ["throw"])


def _odds(language, to_beat, choices):
    """``choices``: ((stop, sixes, aside, percent), ...), best first."""
    choice = _choice_de if language == "de" else _choice_en
    head = (f"Chancen gegen {to_beat}: " if language == "de" else f"Odds to beat {to_beat}: ")
    return head + " · ".join(f"{choice(stop, sixes, aside)} {percent}"
                             for stop, sixes, aside, percent in choices)


def _cannot_set_aside_de(who, dice, lying):
    return f"{who} kann {dice} nicht rauslegen: vom letzten Wurf liegt {lying or 'nichts'}"


def _cannot_set_aside_en(who, dice, lying):
    return f"{who} cannot set aside {dice}: lying from the last throw: {lying or 'nothing'}"


def _need_sixes_de(who, sixes, ones, lying):
    return (f"{who} braucht {sixes} Sechsen aus dem letzten Wurf, um sie zu "
            f"{'einer 1' if ones == 1 else 'zwei 1en'} zu drehen; es liegt: {lying or 'nichts'}")


def _need_sixes_en(who, sixes, ones, lying):
    return (f"{who} needs {sixes} sixes from the last throw to turn them into {ones} "
            f"{'one' if ones == 1 else 'ones'}; lying: {lying or 'nothing'}")


def _in_cup_en(who, count):
    return f"{who} has {count} {'die' if count == 1 else 'dice'} in the cup and must throw again"


_HALVES = {"de": {1: "1. Hälfte", 2: "2. Hälfte", 3: "Finale"},
           "en": {1: "first half", 2: "second half", 3: "final"}}
_THROWS = {"de": _throws_de, "en": _throws_en}
# German needs the article: "in der 1. Hälfte", "im Finale"; "die 2. Hälfte", "das Finale"
_IN_HALF_DE = {1: "in der 1. Hälfte", 2: "in der 2. Hälfte", 3: "im Finale"}
_THE_HALF_DE = {1: "die 1. Hälfte", 2: "die 2. Hälfte", 3: "das Finale"}


def _words(language, key, **values):
    from tablegame.texts import text   # late: tablegame.texts merges this module while importing
    return text(language, key, **values)


def _choice_note(language):
    return lambda choice, dice="": _words(language, "schocken_choice_label",
                                          choice=_words(language, choice, dice=dice))


def _half_over(language):
    return lambda who, half: _words(language, "schocken_half_over_words", who=who,
                                    half=_HALVES[language][half])


def _stopped(language):
    return lambda who, result, throws: _words(language, "schocken_stopped_words", who=who,
                                              result=result_name(result, language),
                                              throws=_THROWS[language](throws))


TEXTS = {
    "de": {
        "title_schocken": "Schocken",
        "schocken_half_1": "1. Hälfte",
        "schocken_half_2": "2. Hälfte",
        "schocken_half_3": "Finale",
        "schocken_pot": "Topf: {pot}",
        "schocken_throws": "Wurf {used} von {allowed}",
        "schocken_turn": "{who} ist dran",
        "schocken_turn_start": "{who} beginnt die Runde",
        "schocken_loser": "{who} hat verloren und zahlt die Runde!",
        "schocken_loser_blattschuss": "Blattschuss! {who} hat beide Hälften verloren und zahlt!",
        "schocken_tally": "Verloren heute",
        "schocken_over_status": "Spiel vorbei – OK: nächstes Spiel",
        "schocken_out": "freigespielt",
        "schocken_half_lost": "{half} verloren",
        "schocken_result": "{result} · {throws}",
        "schocken_throw_count": lambda n: _throws_de(n),
        "schocken_choice_label": "OK: {choice}",
        "choice_throw": "würfeln",
        "choice_cup": "mit dem Becher werfen",
        "choice_stop": "stehen lassen",
        "choice_take": "Deckel nehmen",
        "choice_aside": "{dice} rauslegen",
        "choice_sixes_1": "6-6 zu 1 drehen",
        "choice_sixes_2": "6-6-6 zu 1-1 drehen",
        "choice_next": "nächstes Spiel",
        "schocken_does_choice": "ausführen", "schocken_does_odds": "Chancen",
        "schocken_does_other": "andere Wahl", "schocken_does_new_evening": "neuer Abend",
        "schocken_reader_keys": "Würfel im Becher werfen, rauslegen in die Schale",
        # the last event
        "schocken_threw": "{who} wirft {dice} ({throw}. Wurf von {allowed})",
        "schocken_set_aside": "{who} legt {dice} raus",
        "schocken_sixes_turned": "{who} dreht {sixes} zu {ones} und muss noch einmal werfen",
        "schocken_tuermchen": "Türmchen! {who} wirft noch einmal, der Wurf zählt nicht",
        "schocken_stopped": _stopped("de"),
        "schocken_stopped_words": "{who} bleibt bei {result} ({throws})",
        "schocken_round": _round_de,
        "schocken_half_over": _half_over("de"),
        "schocken_half_over_words": "{who} verliert die {half}",
        "schocken_final": "{who} verliert die 2. Hälfte: Finale gegen {other}",
        "schocken_game_lost": "{who} verliert das Spiel und zahlt!",
        "schocken_next_game": "Nächstes Spiel: {who} beginnt",
        "schocken_choice": _choice_note("de"),
        "schocken_odds": lambda **v: _odds("de", **v),
        "schocken_no_odds": "{who} beginnt die Runde: noch nichts zu schlagen",
        "schocken_game_over": "Spiel vorbei: OK für das nächste Spiel",
        "schocken_reader_off": "Die Tischwürfel sind eingestellt: der Würfelleser zählt nicht",
        "schocken_reader_on": "Hier wird mit echten Würfeln gespielt: bitte im Becher werfen",
        # what the dice reader saw that cannot be (the game waits)
        "schocken_dice_count": "Der Würfelleser sieht {seen} Würfel: es müssen genau 3 sein",
        "schocken_bad_face": "Würfelleser meldet die Augenzahl {value}: nur 1 bis 6 geht – "
                             "Leser prüfen",
        "schocken_aside_changed": "Würfel {die} liegt in der Schale und zeigte {was}, jetzt "
                                  "{now}: rausgelegte Würfel bleiben, wie sie sind",
        "schocken_all_aside": "Alle drei Würfel in der Schale: mindestens einer muss "
                              "geworfen werden",
        "schocken_aside_left": "Rausgelegt bleibt draußen: bitte {dice} zurück in die Schale",
        "schocken_not_lying": "{dice} lag nicht vom letzten Wurf (da lag {lying}): bitte "
                              "Schale prüfen",
        "schocken_tower_not_counted": "Türmchen! Zählt nicht – {who} wirft noch einmal",
        "schocken_throw_all": "{who}: alle drei Würfel in den Becher und werfen",
        "schocken_aside_and_thrown": "{who} legt {dice} raus – der Wurf danach wurde nicht "
                                     "gesehen: bitte noch einmal werfen",
        # the engine's reasons for an illegal action
        "schocken_is_over": "das Spiel ist vorbei: {who} hat es verloren",
        "schocken_still_on": "das Spiel läuft noch: erst zu Ende spielen, dann das nächste",
        "schocken_no_action": "Schocken kennt keine Aktion {action}",
        "schocken_take_nothing": "{who} beginnt die Runde: noch gibt es kein Ergebnis, für das "
                                 "Deckel zu nehmen wären",
        "schocken_take_late": "{who} darf nur vor dem ersten Wurf freiwillig Deckel nehmen, "
                              "statt zu werfen",
        "schocken_take_again": "Türmchen: {who} muss noch einmal werfen und darf nicht "
                               "stattdessen Deckel nehmen",
        "schocken_all_throws": "{who} hatte schon alle drei Würfe",
        "schocken_no_throw_left": "{who} hat keinen Wurf mehr: wer die Runde begann, blieb nach "
                                  "dem {allowed}. Wurf stehen",
        # staff corrections: a player's Deckel, the half
        "schocken_no_player": "Einen Spieler {number} gibt es nicht: auf dem Zettel stehen "
                              "Spieler 1 bis {count}",
        "schocken_not_in_half": lambda who, half: f"{who} spielt {_IN_HALF_DE[half]} nicht mit",
        "schocken_deckel_range": "{who} kann 0 bis {most} Deckel halten, nicht {deckel}: wer alle "
                                 "{total} hat, hat die Hälfte verloren (dafür: Hälfte verloren)",
        "schocken_deckel_same": "{who} hat schon {deckel} Deckel",
        "schocken_pot_short": "Im Topf sind nur {pot} Deckel, {who} bräuchte {change} mehr: erst "
                              "einem anderen Spieler Deckel abziehen (sie gehen in den Topf)",
        "schocken_deckel_corrected": "Korrigiert: {who} hat {deckel} Deckel, im Topf {pot}",
        "schocken_half_corrected": lambda who, half: f"Korrigiert: {who} verliert "
                                                     f"{_THE_HALF_DE[half]}",
        "schocken_limit_stop": "{limit}: stehen lassen",
        "schocken_sixes_no_throw": "{who} darf Sechsen nur drehen, solange ein Wurf übrig ist: "
                                   "{limit}",
        "schocken_bad_throw": "ein Wurf sind Augenzahlen von 1 bis 6, nicht {dice}",
        "schocken_throw_size": "{who} wirft {expected} Würfel ({aside} rausgelegt), nicht "
                               "{got} Werte",
        "schocken_name_aside": "keine Würfel zum Rauslegen angegeben: {dice}",
        "schocken_cannot_set_aside": _cannot_set_aside_de,
        "schocken_keep_one": "{who} muss mindestens einen Würfel zum Werfen lassen; wer alle "
                             "behalten will, bleibt stehen",
        "schocken_bad_ones": "zwei 6en werden zu einer 1, drei 6en zu zwei 1en; nicht "
                             "ones={ones}",
        "schocken_need_sixes": _need_sixes_de,
        "schocken_tuermchen_late": "ein Türmchen macht nur den gerade gemachten Wurf ungültig, "
                                   "bevor {who} Würfel rauslegt oder Sechsen dreht",
        "schocken_in_cup": "{who} hat noch {count} Würfel im Becher und muss noch einmal werfen",
        "schocken_not_thrown": "{who} hat noch nicht geworfen",
    },
    "en": {
        "title_schocken": "Schocken",
        "schocken_half_1": "First half",
        "schocken_half_2": "Second half",
        "schocken_half_3": "Final",
        "schocken_pot": "Pot: {pot}",
        "schocken_throws": "Throw {used} of {allowed}",
        "schocken_turn": "{who} to throw",
        "schocken_turn_start": "{who} starts the round",
        "schocken_loser": "{who} lost and pays the round!",
        "schocken_loser_blattschuss": "Blattschuss! {who} lost both halves and pays!",
        "schocken_tally": "Lost tonight",
        "schocken_over_status": "Game over – OK: next game",
        "schocken_out": "out",
        "schocken_half_lost": "lost the {half}",
        "schocken_result": "{result} · {throws}",
        "schocken_throw_count": lambda n: _throws_en(n),
        "schocken_choice_label": "OK: {choice}",
        "choice_throw": "throw",
        "choice_cup": "throw the dice from the cup",
        "choice_stop": "stop",
        "choice_take": "take the Deckel",
        "choice_aside": "set aside {dice}",
        "choice_sixes_1": "turn 6-6 into 1",
        "choice_sixes_2": "turn 6-6-6 into 1-1",
        "choice_next": "next game",
        "schocken_does_choice": "do it", "schocken_does_odds": "odds",
        "schocken_does_other": "other choice", "schocken_does_new_evening": "new evening",
        "schocken_reader_keys": "Throw the dice from the cup, set aside into the tray",
        "schocken_threw": "{who} throws {dice} (throw {throw} of {allowed})",
        "schocken_set_aside": "{who} sets aside {dice}",
        "schocken_sixes_turned": "{who} turns {sixes} into {ones} and must throw again",
        "schocken_tuermchen": "Türmchen! {who} throws again, that throw does not count",
        "schocken_stopped": _stopped("en"),
        "schocken_stopped_words": "{who} stays with {result} ({throws})",
        "schocken_round": _round_en,
        "schocken_half_over": _half_over("en"),
        "schocken_half_over_words": "{who} loses the {half}",
        "schocken_final": "{who} loses the second half: final against {other}",
        "schocken_game_lost": "{who} loses the game and pays!",
        "schocken_next_game": "Next game: {who} starts",
        "schocken_choice": _choice_note("en"),
        "schocken_odds": lambda **v: _odds("en", **v),
        "schocken_no_odds": "{who} starts the round: nothing to beat yet",
        "schocken_game_over": "Game over: press OK for the next game",
        "schocken_reader_off": "The table's own dice are in use: the dice reader does not count",
        "schocken_reader_on": "This table plays with real dice: throw them from the cup",
        "schocken_dice_count": "The dice reader sees {seen} dice: there must be exactly 3",
        "schocken_bad_face": "The dice reader reports a face of {value}: only 1 to 6 exist – "
                             "check the reader",
        "schocken_aside_changed": "Die {die} lies in the tray and showed {was}, now {now}: "
                                  "dice set aside stay as they are",
        "schocken_all_aside": "All three dice in the tray: at least one must be thrown",
        "schocken_aside_left": "Set aside stays out: put {dice} back in the tray",
        "schocken_not_lying": "{dice} was not lying from the last throw (that was {lying}): "
                              "check the tray",
        "schocken_tower_not_counted": "Türmchen! It does not count – {who} throws again",
        "schocken_throw_all": "{who}: all three dice into the cup, then throw",
        "schocken_aside_and_thrown": "{who} sets aside {dice} – the throw after it was not "
                                     "seen: please throw again",
        "schocken_is_over": "the game is over: {who} lost it",
        "schocken_still_on": "the game is still on: finish it before the next one",
        "schocken_no_action": "Schocken has no action {action}",
        "schocken_take_nothing": "{who} starts the round: there is no result to take Deckel for",
        "schocken_take_late": "{who} may take Deckel voluntarily only instead of throwing, "
                              "before the first throw",
        "schocken_take_again": "Türmchen: {who} must throw again and may not take Deckel "
                               "instead",
        "schocken_all_throws": "{who} has had all three throws",
        "schocken_no_throw_left": "{who} has no throw left: the starter stopped after {allowed}",
        "schocken_no_player": "There is no player {number}: the sheet has players 1 to {count}",
        "schocken_not_in_half": lambda who, half: f"{who} no longer plays in the "
                                                  f"{_HALVES['en'][half]}",
        "schocken_deckel_range": "{who} can hold 0 to {most} Deckel, not {deckel}: whoever holds "
                                 "all {total} has lost the half (for that: half lost)",
        "schocken_deckel_same": "{who} holds {deckel} Deckel already",
        "schocken_pot_short": "The pot holds only {pot} Deckel and {who} would need {change} more: "
                              "first take Deckel from another player (they go to the pot)",
        "schocken_deckel_corrected": "Corrected: {who} holds {deckel} Deckel, the pot {pot}",
        "schocken_half_corrected": lambda who, half: f"Corrected: {who} loses the "
                                                     f"{_HALVES['en'][half]}",
        "schocken_limit_stop": "{limit}: stop",
        "schocken_sixes_no_throw": "{who} may turn sixes only with a throw left: {limit}",
        "schocken_bad_throw": "a throw is a tuple of die values from 1 to 6, got {dice}",
        "schocken_throw_size": "{who} throws {expected} dice ({aside} set aside), got {got} values",
        "schocken_name_aside": "name the dice to set aside, got {dice}",
        "schocken_cannot_set_aside": _cannot_set_aside_en,
        "schocken_keep_one": "{who} must leave at least one die to throw; to keep all, stop",
        "schocken_bad_ones": "two 6s turn into one 1, three 6s into two 1s; got ones={ones}",
        "schocken_need_sixes": _need_sixes_en,
        "schocken_tuermchen_late": "a Türmchen voids only the throw just made, before {who} "
                                   "sets dice aside or turns sixes",
        "schocken_in_cup": _in_cup_en,
        "schocken_not_thrown": "{who} has not thrown yet",
    },
}


# What the rules refuse, said where it is shown (tablegame.words.phrase)
REFUSED = {"de": {"players": "Schocken braucht 2 bis 10 Spieler, nicht {count}"},
           "en": {"players": "Schocken needs 2 to 10 players, got {count}"}}
refused = phrasebook(REFUSED)
