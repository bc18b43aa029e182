"""Neunfeld's texts in German and English, merged into ``tablegame.texts.TEXTS``.

Moves come as note values (die name, colour index, old and new top, square), so
each language words them itself. The engine's reasons for an illegal action name
a die by its number (3, 4, 5 for III, IV, V); its messages are their German texts."""
from __future__ import annotations

from tablegame.words.grammar import amount
from tablegame.words.phrase import phrasebook

COLOURS = {"de": ("blau", "rot", "schwarz"), "en": ("blue", "red", "black")}
_COLOURS_AFTER_DEN = ("blauen", "roten", "schwarzen")  # "durch den roten Würfel IV"
_DIE_NAMES = {3: "III", 4: "IV", 5: "V"}


def _label(language: str, die: int) -> str:
    """"Würfel III (blau)" / "the blue die III"."""
    name, colour = _DIE_NAMES[die], COLOURS[language][die - 3]
    return f"Würfel {name} ({colour})" if language == "de" else f"the {colour} die {name}"


def _blocked(language: str):
    def words(square, dice):
        if language == "de":
            by = " und ".join(f"den {_COLOURS_AFTER_DEN[d - 3]} Würfel {_DIE_NAMES[d]}" for d in dice)
            return f"Feld {square} ist durch {by} gesperrt"
        return f"Square {square} is blocked by {' and '.join(_label('en', d) for d in dice)}"
    return words


def _about_die(language: str, sentence: str):
    """A sentence naming one die by its number: ``{die}`` is its label, ``{Die}`` the same
    at the start of a sentence; a tuple of faces reads "1, 2, 5"."""
    def words(die, **values):
        label = _label(language, die)
        values = {k: ", ".join(map(str, v)) if isinstance(v, tuple) else v for k, v in values.items()}
        return sentence.format(die=label, Die=label[:1].upper() + label[1:], **values)
    return words


def _move(language: str):
    def words(die, colour, old, top, to, **_):
        c = COLOURS[language][colour]
        # short: the table's move and the hint must fit one line of readable text at 800x480
        # (and no arrow: the screen's font has no glyph for it)
        if language == "de":
            return f"Würfel {die} ({c}) auf {top} kippen, nach Feld {to}"
        return f"tip die {die} ({c}) to {top}, move to square {to}"
    return words


def _value(language: str, verdict: str, distance: int) -> str:
    de = language == "de"
    if verdict == "draw":
        return "remis" if de else "drawn"
    if de:
        word = "gewonnen" if verdict == "win" else "verloren"
        return word if distance <= 0 else f"{word} in {amount(distance, 'Zug', 'Zügen')}"
    word = "won" if verdict == "win" else "lost"
    return word if distance <= 0 else f"{word} in {amount(distance, 'move', 'moves')}"


def _hint(language: str):
    """The move first, then how the game stands: a line too long for the screen loses
    the standing, never the die, its face and the square."""
    def words(party, verdict, distance, **move):
        value = _value(language, verdict, distance)
        if language == "de":
            return f"Tipp für {party}: {_move('de')(**move)} ({value})"
        return f"Hint for {party}: {_move('en')(**move)} ({value})"
    return words


def _moved(language: str):
    def words(party, die, colour, old, top, to, **_):
        c = COLOURS[language][colour]
        if language == "de":
            return f"{party}: Würfel {die} ({c}) von {old} auf {top}, nach Feld {to}"
        return f"{party}: die {die} ({c}) from {old} to {top}, to square {to}"
    return words


def _table_move(language: str):
    def words(**move):
        if language == "de":
            return f"Der Tisch zieht: {_move('de')(**move)}"
        return f"The table plays: {_move('en')(**move)}"
    return words


def _not_table_move(language: str):
    def words(**move):
        if language == "de":
            return f"Der Tisch zieht anders: {_move('de')(**move)}"
        return f"That is not the table's move: {_move('en')(**move)}"
    return words


def roll_words(tops) -> str:
    return " · ".join(f"{name} {top}" for name, top in zip(("III", "IV", "V"), tops))


TEXTS = {
    "de": {
        "nf_title": "Neunfeld",
        "nf_title_strict": "verschärft",
        "nf_title_table": "gegen den Tisch",
        "nf_table": "Tisch",
        "nf_goal": "Ziel: Feld {goal}",
        "nf_does_hint": "Tipp",
        "nf_status_roll": "{party} {party:würfelt|würfeln} mit allen drei Würfeln, bis eine 5 fällt",
        "nf_status_roll_table": "Für den Tisch würfeln ({party}), bis eine 5 fällt",
        "nf_status_turn": "{party}: einen Würfel kippen, dann ziehen",
        "nf_status_table": "Der Tisch ist am Zug: bitte seinen Zug ausführen",
        "nf_status_over": "Spiel vorbei: OK für ein neues Spiel",
        "nf_die_tipped": "gekippt",
        "nf_result_goal": "{party} {party:erreicht|erreichen} Feld {goal} und {party:gewinnt|gewinnen}!",
        "nf_result_stuck": "{party} {party:gewinnt|gewinnen}: {loser} {loser:kann|können} nicht kippen und ziehen",
        "nf_result_draw": "Remis: dieselbe Stellung zum dritten Mal",
        "nf_rolled_start": "Wurf {tops}: eine 5! {party} {party:beginnt|beginnen}",
        "nf_rolled_no_five": "Wurf {tops}: keine 5 – {party} {party:würfelt|würfeln}",
        "nf_moved": _moved("de"),
        "nf_move": _move("de"),
        "nf_table_move": _table_move("de"),
        "nf_not_the_table_move": _not_table_move("de"),
        "nf_hint": _hint("de"),
        "nf_hint_roll": "Tipp: alle drei Würfel werfen; wer zuerst eine 5 hat, beginnt",
        "nf_now_move": "{party} {party:hat|haben} Würfel {die} auf {top} gekippt: jetzt den Stein ziehen",
        "nf_tip_first": "Erst kippen, dann ziehen: {party} {party:muss|müssen} noch einen Würfel kippen",
        "nf_piece_lifted": "{party} {party:setzt|setzen} den Stein …",
        "nf_clear_board": "Bitte die Steine vom Brett nehmen: sie beginnen neben dem Brett",
        "nf_dice_count": "Der Würfelleser meldet {count} Würfel statt drei: bitte prüfen",
        "nf_two_dice_tipped": "Mehrere Würfel verändert ({dice}): nur einen Würfel kippen",
        "nf_other_piece_moved": "Der Stein von {party} fehlt auf Feld {square}: bitte zurückstellen",
        "nf_too_many_pieces": "Steine auf den Feldern {squares}: nur ein Stein darf ziehen",
        "nf_die_not_flat": "Ein Würfel liegt schief: bitte flach hinlegen",
        # the engine's reasons for an illegal action (its messages are these German texts)
        "nf_game_over": "Die Partie ist vorbei: {outcome}",
        "nf_outcome_goal": "{party} {party:erreicht|erreichen} Feld {goal} und {party:gewinnt|gewinnen}",
        "nf_outcome_repetition": "Dieselbe Stellung zum dritten Mal: remis",
        "nf_outcome_stuck": "{party} {party:kann|können} keinen Würfel kippen und ziehen und {party:verliert|verlieren}",
        "nf_not_an_action": "{action} ist kein Zug in Neunfeld",
        "nf_already_started": "Der Anfang ist schon ausgewürfelt; jetzt wird gekippt und gezogen",
        "nf_roll_count": "Ein Wurf zeigt drei Würfel (III, IV, V), nicht {count}",
        "nf_no_such_face": _about_die("de", "{die} hat keine {face}; seine Seiten sind {faces}"),
        "nf_still_rolling": "Noch wird um den Anfang gewürfelt: {party} {party:würfelt|würfeln}, bis eine 5 fällt",
        "nf_no_such_die": "Einen Würfel {die} gibt es nicht; die Würfel heißen III (3), IV (4) und V (5)",
        "nf_die_not_held": _about_die("de", "{die} liegt nicht bei {party}: {other} hat ihn gekippt "
                                            "und behalten"),
        "nf_same_top": _about_die("de", "{die} zeigt schon die {top}: er muss auf eine andere Seite "
                                        "gekippt werden"),
        "nf_opposite_face": _about_die("de", "{die} kann nicht von {old} auf {top} gekippt werden: "
                                             "das ist die Gegenseite"),
        "nf_must_move": "Der Stein muss ziehen: 1, 2 oder 3 Felder von Feld {square} aus",
        "nf_off_board": "Feld {square} liegt nicht auf dem Brett (Felder {first} bis {last}): ein Stein "
                        "verlässt das Brett nicht mehr, und das Ziel muss genau erreicht werden",
        "nf_too_far": "Von Feld {square} auf Feld {to} sind es {distance} Felder; ein Stein zieht 1, 2 "
                      "oder 3 Felder",
        "nf_square_taken": "Auf Feld {square} steht der Stein von {party}",
        "nf_square_blocked": _blocked("de"),
        "nf_strict_gap": "Verschärfte Variante: zwischen den Steinen auf Feld {low} und Feld {high} "
                         "muss mindestens ein Feld frei bleiben",
        # staff's correction: take back to a chosen move
        "nf_takeback_not_started": "Noch ist kein Zug gespielt: {party} {party:würfelt|würfeln} um den Anfang",
        "nf_takeback_nothing": "Noch ist kein Zug gespielt: nichts zurückzunehmen",
        "nf_takeback_range": "Zurück bis Zug {move} geht nicht: gespielt sind {played} Züge, "
                             "zurück geht es bis Zug 0 (Anfangsstellung) bis {last}",
        "nf_taken_back": "Korrigiert: zurück zur Stellung nach Zug {move}, {party} {party:ist|sind} am Zug",
        # the referee's, when the engine's reason does not fit what the sensors saw
        "nf_tip_no_move": _about_die("de", "Nach diesem Kippen von {die} auf {top} ist kein Zug möglich"),
        "nf_no_move_there": "kein Zug dorthin möglich",
    },
    "en": {
        "nf_title": "Neunfeld",
        "nf_title_strict": "strict",
        "nf_title_table": "against the table",
        "nf_table": "Table",
        "nf_goal": "Goal: square {goal}",
        "nf_does_hint": "hint",
        "nf_status_roll": "{party} {party:rolls|roll} all three dice until a 5 shows",
        "nf_status_roll_table": "Roll for the table ({party}) until a 5 shows",
        "nf_status_turn": "{party}: tip one die, then move",
        "nf_status_table": "The table's turn: please make its move",
        "nf_status_over": "Game over: OK for a new game",
        "nf_die_tipped": "tipped",
        "nf_result_goal": "{party} {party:reaches|reach} square {goal} and {party:wins|win}!",
        "nf_result_stuck": "{party} {party:wins|win}: {loser} cannot tip and move",
        "nf_result_draw": "A draw: the same position a third time",
        "nf_rolled_start": "Rolled {tops}: a 5! {party} {party:begins|begin}",
        "nf_rolled_no_five": "Rolled {tops}: no 5 – {party} {party:rolls|roll}",
        "nf_moved": _moved("en"),
        "nf_move": _move("en"),
        "nf_table_move": _table_move("en"),
        "nf_not_the_table_move": _not_table_move("en"),
        "nf_hint": _hint("en"),
        "nf_hint_roll": "Hint: roll all three dice; the first to show a 5 begins",
        "nf_now_move": "{party} tipped die {die} to {top}: now move the piece",
        "nf_tip_first": "Tip first, then move: {party} still {party:has|have} to tip a die",
        "nf_piece_lifted": "{party} {party:is|are} moving the piece …",
        "nf_clear_board": "Please take the pieces off the board: they start beside it",
        "nf_dice_count": "The dice reader reports {count} dice, not three: please check",
        "nf_two_dice_tipped": "More than one die changed ({dice}): tip one die only",
        "nf_other_piece_moved": "{party}'s piece is missing from square {square}: please put it back",
        "nf_too_many_pieces": "Pieces on squares {squares}: only one piece may move",
        "nf_die_not_flat": "A die is not lying flat: please lay it flat",
        "nf_game_over": "The game is over: {outcome}",
        "nf_outcome_goal": "{party} {party:reaches|reach} square {goal} and {party:wins|win}",
        "nf_outcome_repetition": "The same position a third time: a draw",
        "nf_outcome_stuck": "{party} cannot tip a die and move, and {party:loses|lose}",
        "nf_not_an_action": "{action} is not a move in Neunfeld",
        "nf_already_started": "The start has been rolled; now the players tip and move",
        "nf_roll_count": "A roll shows three dice (III, IV, V), not {count}",
        "nf_no_such_face": _about_die("en", "{Die} has no {face}; its faces are {faces}"),
        "nf_still_rolling": "Still rolling for the start: {party} {party:rolls|roll} until a 5 shows",
        "nf_no_such_die": "There is no die {die}; the dice are III (3), IV (4) and V (5)",
        "nf_die_not_held": _about_die("en", "{Die} is not with {party}: {other} tipped it "
                                            "and kept it"),
        "nf_same_top": _about_die("en", "{Die} already shows {top}: it must be tipped to "
                                        "another face"),
        "nf_opposite_face": _about_die("en", "{Die} cannot be tipped from {old} to {top}: "
                                             "that is the opposite face"),
        "nf_must_move": "The piece must move: 1, 2 or 3 squares from square {square}",
        "nf_off_board": "Square {square} is not on the board (squares {first} to {last}): a piece "
                        "never leaves the board again, and the goal must be reached exactly",
        "nf_too_far": "From square {square} to square {to} is {distance} squares; a piece moves 1, 2 "
                      "or 3 squares",
        "nf_square_taken": "Square {square} holds {party}'s piece",
        "nf_square_blocked": _blocked("en"),
        "nf_strict_gap": "Strict variant: at least one square must stay free between the pieces "
                         "on squares {low} and {high}",
        "nf_takeback_not_started": "No move has been played yet: {party} {party:is|are} rolling for the start",
        "nf_takeback_nothing": "No move has been played yet: nothing to take back",
        "nf_takeback_range": "Cannot go back to move {move}: {played} moves were played, so back "
                             "to move 0 (the start) to {last}",
        "nf_taken_back": "Corrected: back to the position after move {move}, {party} to move",
        "nf_tip_no_move": _about_die("en", "After tipping {die} to {top} no move is possible"),
        "nf_no_move_there": "no move can go there",
    },
}

__all__ = ["COLOURS", "TEXTS", "roll_words"]


# What the rules refuse, said where it is shown (tablegame.words.phrase)
REFUSED = {"de": {"parties": "Neunfeld spielen 2 Parteien, nicht {count}"},
           "en": {"parties": "Neunfeld is played by 2 parties, not {count}"}}
refused = phrasebook(REFUSED)
