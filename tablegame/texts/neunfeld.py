"""Neunfeld's texts in German and English, merged into ``tablegame.i18n.TEXTS``.

Moves come as note values (die name, colour index, old and new top, square), so
each language words them itself; the engine's own reasons for an illegal move are
German (the table speaks German) and shown as they are."""
from __future__ import annotations

COLOURS = {"de": ("blau", "rot", "schwarz"), "en": ("blue", "red", "black")}


def _move(language: str):
    def words(die, colour, old, top, to, **_):
        c = COLOURS[language][colour]
        if language == "de":
            return f"Würfel {die} ({c}) von {old} auf {top} kippen, Stein nach Feld {to}"
        return f"tip die {die} ({c}) from {old} to {top}, piece to square {to}"
    return words


def _value(language: str, verdict: str, distance: int) -> str:
    de = language == "de"
    if verdict == "draw":
        return "remis" if de else "drawn"
    if de:
        word = "gewonnen" if verdict == "win" else "verloren"
        return word if distance <= 0 else f"{word} in {distance} {'Zug' if distance == 1 else 'Zügen'}"
    word = "won" if verdict == "win" else "lost"
    return word if distance <= 0 else f"{word} in {distance} {'move' if distance == 1 else 'moves'}"


def _hint(language: str):
    def words(party, verdict, distance, **move):
        value = _value(language, verdict, distance)
        if language == "de":
            return f"Tipp für {party} ({value}): {_move('de')(**move)}"
        return f"Hint for {party} ({value}): {_move('en')(**move)}"
    return words


def _moved(language: str):
    def words(party, die, colour, old, top, to, **_):
        c = COLOURS[language][colour]
        if language == "de":
            return f"{party}: Würfel {die} ({c}) {old} → {top}, nach Feld {to}"
        return f"{party}: die {die} ({c}) {old} → {top}, to square {to}"
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
        "nf_keys": "OK: Tipp/neues Spiel · ZURÜCK lang: rückgängig · MENÜ: Spielwahl",
        "nf_status_roll": "{party} würfelt mit allen drei Würfeln, bis eine 5 fällt",
        "nf_status_roll_table": "Für den Tisch würfeln ({party}), bis eine 5 fällt",
        "nf_status_turn": "{party}: einen Würfel kippen, dann ziehen",
        "nf_status_table": "Der Tisch ist am Zug: bitte seinen Zug ausführen",
        "nf_status_over": "Spiel vorbei: OK für ein neues Spiel",
        "nf_result_goal": "{party} erreicht Feld {goal} und gewinnt!",
        "nf_result_stuck": "{party} gewinnt: {loser} kann nicht kippen und ziehen",
        "nf_result_draw": "Remis: dieselbe Stellung zum dritten Mal",
        "nf_rolled_start": "Wurf {tops}: eine 5! {party} beginnt",
        "nf_rolled_no_five": "Wurf {tops}: keine 5 – {party} würfelt",
        "nf_moved": _moved("de"),
        "nf_move": _move("de"),
        "nf_table_move": _table_move("de"),
        "nf_not_the_table_move": _not_table_move("de"),
        "nf_hint": _hint("de"),
        "nf_hint_roll": "Tipp: alle drei Würfel werfen; wer zuerst eine 5 hat, beginnt",
        "nf_now_move": "{party} hat Würfel {die} auf {top} gekippt: jetzt den Stein ziehen",
        "nf_tip_first": "Erst kippen, dann ziehen: {party} muss noch einen Würfel kippen",
        "nf_piece_lifted": "{party} setzt den Stein …",
        "nf_clear_board": "Bitte die Steine vom Brett nehmen: sie beginnen neben dem Brett",
        "nf_dice_count": "Der Würfelleser meldet {count} Würfel statt drei: bitte prüfen",
        "nf_two_dice_tipped": "Mehrere Würfel verändert ({dice}): nur einen Würfel kippen",
        "nf_other_piece_moved": "Der Stein von {party} fehlt auf Feld {square}: bitte zurückstellen",
        "nf_too_many_pieces": "Steine auf den Feldern {squares}: nur ein Stein darf ziehen",
        "nf_die_not_flat": "Ein Würfel liegt schief: bitte flach hinlegen",
    },
    "en": {
        "nf_title": "Neunfeld",
        "nf_title_strict": "strict",
        "nf_title_table": "against the table",
        "nf_table": "Table",
        "nf_goal": "Goal: square {goal}",
        "nf_keys": "OK: hint/new game · hold BACK: undo · MENU: choose game",
        "nf_status_roll": "{party} rolls all three dice until a 5 shows",
        "nf_status_roll_table": "Roll for the table ({party}) until a 5 shows",
        "nf_status_turn": "{party}: tip one die, then move",
        "nf_status_table": "The table's turn: please make its move",
        "nf_status_over": "Game over: OK for a new game",
        "nf_result_goal": "{party} reaches square {goal} and wins!",
        "nf_result_stuck": "{party} wins: {loser} cannot tip and move",
        "nf_result_draw": "A draw: the same position a third time",
        "nf_rolled_start": "Rolled {tops}: a 5! {party} begins",
        "nf_rolled_no_five": "Rolled {tops}: no 5 – {party} rolls",
        "nf_moved": _moved("en"),
        "nf_move": _move("en"),
        "nf_table_move": _table_move("en"),
        "nf_not_the_table_move": _not_table_move("en"),
        "nf_hint": _hint("en"),
        "nf_hint_roll": "Hint: roll all three dice; the first to show a 5 begins",
        "nf_now_move": "{party} tipped die {die} to {top}: now move the piece",
        "nf_tip_first": "Tip first, then move: {party} still has to tip a die",
        "nf_piece_lifted": "{party} is moving the piece …",
        "nf_clear_board": "Please take the pieces off the board: they start beside it",
        "nf_dice_count": "The dice reader reports {count} dice, not three: please check",
        "nf_two_dice_tipped": "More than one die changed ({dice}): tip one die only",
        "nf_other_piece_moved": "{party}'s piece is missing from square {square}: please put it back",
        "nf_too_many_pieces": "Pieces on squares {squares}: only one piece may move",
        "nf_die_not_flat": "A die is not lying flat: please lay it flat",
    },
}

__all__ = ["COLOURS", "TEXTS", "roll_words"]
