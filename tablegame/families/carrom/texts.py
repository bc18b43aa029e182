"""Carrom's texts in German and English, merged into ``tablegame.texts.TEXTS``: the
rulings (``tablegame.families.carrom.ruling``) and the engine's reasons for an illegal
action (its messages are their English texts)."""
from __future__ import annotations

from tablegame.words.grammar import amount, format_words, several
from tablegame.words.phrase import phrasebook

_PIECES = {"de": {"white": ("Weiß", "Stein", "Steine"), "black": ("Schwarz", "Stein", "Steine")},
           "en": {"white": ("White", "man", "men"), "black": ("Black", "man", "men")}}
_WHERE = {"de": {"outer": "in den äußeren Kreis", "centre": "in den Mittelkreis"},
          "en": {"outer": "inside the outer circle", "centre": "in the centre circle"}}
_CASES = {
    "de": {"all_men": "alle Steine versenkt", "left_seat": "Platz verlassen",
           "opponent_last_queen_on_board": "letzter gegnerischer Stein, Königin noch auf dem Brett",
           "own_last_queen_on_board": "letzter eigener Stein, Königin noch auf dem Brett",
           "both_last_queen_on_board": "beide letzten Steine, Königin noch auf dem Brett",
           "both_last": "beide letzten Steine in einem Stoß",
           "queen_and_both_last": "Königin und beide letzten Steine in einem Stoß",
           "covering_both_last": "beide letzten Steine beim Decken der Königin",
           "covering_opponent_last": "letzter gegnerischer Stein beim Decken der Königin",
           "striker_own_last_queen_on_board": "Striker mit dem letzten eigenen Stein, Königin auf dem Brett",
           "foul_both_last": "Foulstoß (Striker oder unsauber) mit beiden letzten Steinen",
           "foul_queen_and_both_last": "Foulstoß (Striker oder unsauber) mit der Königin und "
                                       "beiden letzten Steinen",
           "foul_covering_both_last": "Foulstoß (Striker oder unsauber) mit beiden letzten Steinen "
                                      "beim Decken der Königin",
           "foul_opponent_last_queen_on_board": "Foulstoß (Striker oder unsauber) mit dem letzten "
                                                "gegnerischen Stein, Königin auf dem Brett",
           "opponent_last_after_covering": "letzter gegnerischer Stein nach gedeckter Königin"},
    "en": {"all_men": "all men pocketed", "left_seat": "left the seat",
           "opponent_last_queen_on_board": "the opponent's last man with the queen on the board",
           "own_last_queen_on_board": "the own last man with the queen on the board",
           "both_last_queen_on_board": "both last men with the queen on the board",
           "both_last": "both last men in one stroke",
           "queen_and_both_last": "the queen and both last men in one stroke",
           "covering_both_last": "both last men on the covering stroke",
           "covering_opponent_last": "the opponent's last man on the covering stroke",
           "striker_own_last_queen_on_board": "the striker with the own last man, queen on the board",
           "foul_both_last": "a foul stroke (striker or improper) with both last men",
           "foul_queen_and_both_last": "a foul stroke (striker or improper) with the queen and "
                                       "both last men",
           "foul_covering_both_last": "a foul stroke (striker or improper) with both last men on "
                                      "the covering stroke",
           "foul_opponent_last_queen_on_board": "a foul stroke (striker or improper) with the "
                                                "opponent's last man, queen on the board",
           "opponent_last_after_covering": "the opponent's last man after covering the queen"},
}
_ACTIONS = {"de": {"Stroke": "Stoß", "TechnicalFoul": "Technisches Foul",
                   "FoulDuringTurn": "Foul während des Zuges", "LeftSeat": "Platz verlassen",
                   "CoinToss": "Münzwurf", "Placed": "Zurückgelegt"},
            "en": {"Stroke": "Stroke", "TechnicalFoul": "Technical foul",
                   "FoulDuringTurn": "Foul during the turn", "LeftSeat": "Left the seat",
                   "CoinToss": "Coin toss", "Placed": "Put back"}}


def _place(language):
    def words(piece, count, where):
        if piece == "all":
            return ("Brett aufbauen: alle 19 Steine in den Mittelkreis" if language == "de"
                    else "Set up the board: all 19 pieces in the centre")
        if piece == "queen":
            return ("Königin " if language == "de" else "Queen ") + _WHERE[language][where]
        name, one, many = _PIECES[language][piece]
        verb = " setzen" if language == "de" else ""
        return f"{name}: {count} {one if count == 1 else many} {_WHERE[language][where]}{verb}"
    return words


def _place_men(language):
    """Both colours' men to one place: "Schwarz: 2 Steine, Weiß: 1 Stein in den äußeren Kreis setzen"."""
    def words(men, where):
        verb = " setzen" if language == "de" else ""
        said = ", ".join(f"{_PIECES[language][piece][0]}: {amount(count, *_PIECES[language][piece][1:])}"
                         for piece, count in men)
        return f"{said} {_WHERE[language][where]}{verb}"
    return words


def _about_colour(language, sentence):
    """"Weiß: ..." / "White: ...": the colour's name, then the sentence."""
    def words(colour, **values):
        return f"{_PIECES[language][colour][0]}: " + sentence.format(**values)
    return words


def _laws(language):
    def words(action, laws):
        label = "ICF-Regel" if language == "de" else "ICF law"
        return f"{_ACTIONS[language].get(action, action)} ({label} {', '.join(laws)})"
    return words


def _pocketed(language):
    def words(party, white, black):
        names = {k: v[0] for k, v in _PIECES[language].items()}
        parts = [f"{names['white']} {white}"] * bool(white) + [f"{names['black']} {black}"] * bool(black)
        return f"{party}: " + ("im Loch bleiben " if language == "de" else "staying down: ") + \
            ", ".join(parts)
    return words


_QUEEN = {"de": {"pending": "{party} {party:hat|haben} die Königin versenkt und {party:muss|müssen} sie mit dem nächsten Stoß decken",
                 "still_pending": "Die Königin wartet noch: {party} {party:muss|müssen} sie mit dem nächsten Stoß decken",
                 "covered": "Königin gedeckt von {party}",
                 "back": "Königin nicht gültig: zurück in den Mittelkreis"},
          "en": {"pending": "{party} pocketed the queen and must cover her with the next stroke",
                 "still_pending": "The queen still waits: {party} must cover her with the next stroke",
                 "covered": "Queen covered by {party}",
                 "back": "Queen not taken: back to the centre circle"}}


def _chosen(table, key):
    """A sentence chosen from ``table`` by the value ``key``, filled with the others."""
    def words(**values):
        return format_words(table.get(values[key], values[key]), values)
    return words


def _dues(language):
    def words(party, dues, paid, owed):
        earlier = paid - min(paid, dues)  # owed before, taken out now
        if language == "de":
            parts = [amount(dues, "Strafstein", "Strafsteine")] * bool(dues) + \
                [amount(earlier, "geschuldeter Strafstein", "geschuldete Strafsteine") +
                 " eingelöst"] * bool(earlier) + [f"{owed} geschuldet"] * bool(owed)
        else:
            parts = [amount(dues, "due", "dues")] * bool(dues) + \
                [amount(earlier, "owed due", "owed dues") + " taken out"] * bool(earlier) + \
                [f"{owed} owed"] * bool(owed)
        return f"{party}: " + ", ".join(parts)
    return words


_TURNS = {"de": {"kept": "{who} bleibt am Zug", "passed": "{who} ist am Zug",
                 "attempt": "Anstoß ohne Berührung: {who} versucht es noch einmal",
                 "break_passes": "Drei Anstöße ohne Berührung: {who} stößt an",
                 "break_lost": "Anstoß verloren (unsauber, oder der Striker im Loch ohne "
                               "Berührung): {who} stößt an",
                 "board_over": "{who} stößt das nächste Board an", "break": "{who} stößt an"},
          "en": {"kept": "{who} plays on", "passed": "{who} to play",
                 "attempt": "The break touched no man: {who} tries again",
                 "break_passes": "Three breaks without touching a man: {who} breaks",
                 "break_lost": "The break is lost (improper, or the striker down without touching "
                               "a man): {who} breaks",
                 "board_over": "{who} breaks the next board", "break": "{who} to break"}}


def _opponent_due(language):
    """The other side's owed dues, taken out of its men the striker pocketed (78b.ii)."""
    def words(party, paid, who):
        if language == "de":
            return f"{party}: {amount(paid, 'geschuldeter Strafstein', 'geschuldete Strafsteine')} " \
                f"eingelöst, {who} setzt {'ihn' if paid == 1 else 'sie'} selbst in den äußeren Kreis"
        return f"{party}: {amount(paid, 'owed due', 'owed dues')} taken out, {who} places " \
            f"{'it' if paid == 1 else 'them'} inside the outer circle"
    return words


def _verb(party, language):
    """"wins" for one player, "win" for a doubles side ("Anna & Carl")."""
    two = several(party)
    return ("gewinnen" if two else "gewinnt") if language == "de" else ("win" if two else "wins")


def _board_won(language):
    def words(party, points, case):
        case = _CASES[language].get(case, case)
        if language == "de":
            return f"{party} {_verb(party, 'de')} das Board: {amount(points, 'Punkt', 'Punkte')} ({case})"
        return f"{party} {_verb(party, 'en')} the board: {amount(points, 'point', 'points')} ({case})"
    return words


def _game_won(language):
    def words(party, scores):
        score = f"{scores[0]}:{scores[1]}"
        return f"{party} {_verb(party, 'de')} das Spiel, {score}" if language == "de" else \
            f"{party} {_verb(party, 'en')} the game, {score}"
    return words


TEXTS = {
    "de": {
        "cr_place": _place("de"), "cr_place_men": _place_men("de"), "cr_laws": _laws("de"), "cr_pocketed": _pocketed("de"),
        "cr_queen": _chosen(_QUEEN["de"], "queen"), "cr_dues": _dues("de"),
        "cr_turn": _chosen(_TURNS["de"], "turn"),
        "cr_board_won": _board_won("de"), "cr_game_won": _game_won("de"),
        "cr_placed_by": "{who} setzt die Steine in den äußeren Kreis",
        "cr_opponent_due": _opponent_due("de"),
        "cr_toss": "Münzwurf: {party} {party:stößt|stoßen} das Entscheidungsboard an",
        "cr_tie": "Gleichstand nach {boards} Boards: ein Münzwurf entscheidet, wer das "
                  "Entscheidungsboard anstößt",
        "cr_not_an_action": "{action} ist kein Zug im Carrom",
        "cr_game_over": "Das Spiel ist vorbei",
        "cr_toss_first": "Erst die Münze werfen: sie entscheidet, wer das Entscheidungsboard anstößt",
        "cr_place_first": "Erst zurücklegen, was die Entscheidung verlangt",
        "cr_nothing_to_place": "Es ist nichts zurückzulegen",
        "cr_no_toss": "Jetzt gibt es keinen Münzwurf",
        "cr_technical_after_first": "Nach dem ersten Stoß ist es ein Foul während des Zuges",
        "cr_during_turn_first": "Vor dem ersten Stoß des Zuges ist es ein technisches Foul",
        "cr_no_side": "Es gibt keine Seite {side}: nur 1 und 2",
        "cr_wrong_type": "{field} muss vom Typ {kind} sein, nicht {value}",
        "cr_negative": "{field} darf nicht negativ sein ({value})",
        "cr_more_than_on_board": _about_colour("de", "{count} Steine versenkt oder vom Brett, "
                                                     "es liegen aber nur {left} auf dem Brett"),
        "cr_queen_not_on_board": "Die Königin liegt nicht auf dem Brett: es gibt nur eine",
        "cr_queen_twice": "Die Königin kann nicht zugleich versenkt und vom Brett gesprungen sein",
        "cr_untouched_moved": "Ein Anstoß, der keinen Stein berührt, bewegt keinen Stein",
    },
    "en": {
        "cr_place": _place("en"), "cr_place_men": _place_men("en"), "cr_laws": _laws("en"), "cr_pocketed": _pocketed("en"),
        "cr_queen": _chosen(_QUEEN["en"], "queen"), "cr_dues": _dues("en"),
        "cr_turn": _chosen(_TURNS["en"], "turn"),
        "cr_board_won": _board_won("en"), "cr_game_won": _game_won("en"),
        "cr_placed_by": "{who} places the men inside the outer circle",
        "cr_opponent_due": _opponent_due("en"),
        "cr_toss": "Coin toss: {party} {party:breaks|break} the tie board",
        "cr_tie": "A tie after {boards} boards: a coin toss decides who breaks the tie board",
        "cr_not_an_action": "{action} is not a move in Carrom",
        "cr_game_over": "The game is over",
        "cr_toss_first": "Toss the coin first: it decides who breaks the tie board",
        "cr_place_first": "First put back what the ruling says",
        "cr_nothing_to_place": "There is nothing to put back",
        "cr_no_toss": "There is no coin toss now",
        "cr_technical_after_first": "After the first stroke it is a foul during the turn",
        "cr_during_turn_first": "Before the turn's first stroke it is a technical foul",
        "cr_no_side": "There is no side {side}: only 1 and 2",
        "cr_wrong_type": "{field} must be {kind}, not {value}",
        "cr_negative": "{field} cannot be negative ({value})",
        "cr_more_than_on_board": _about_colour("en", "{count} men pocketed or off the board, "
                                                     "but only {left} are on the board"),
        "cr_queen_not_on_board": "The queen is not on the board: there is only one",
        "cr_queen_twice": "The queen cannot be pocketed and off the board at once",
        "cr_untouched_moved": "A break that touched no man moved none",
    },
}


def _merge_table_texts() -> None:
    """The table's own Carrom words (referee, foul menu, screen) live apart, in
    ``carrom_table``; the family has this one text module."""
    from tablegame.families.carrom.texts_table import TEXTS as TABLE
    for language, texts in TABLE.items():
        TEXTS[language].update(texts)


_merge_table_texts()


# What the rules and the board's sizes refuse, said where it is shown (the staff page in its
# language, the command line in English): tablegame.words.phrase
REFUSED = {
    "de": {"parties": "Carrom spielen zwei Seiten mit je einem Spieler (Einzel) oder je zwei (Doppel)",
           "too_large": "so große Steine passen nicht auf dieses Brett",
           "pockets": "Löcher von {pocket:g} mm passen nicht auf ein Brett von {size:g} mm",
           "circles": "die Kreise passen nicht: der Mittelkreis ({centre:g} mm) muss kleiner sein als "
                      "der äußere Kreis ({outer:g} mm) und dieser kleiner als das Brett ({size:g} mm)",
           "inner_base": "die innere Grundlinie liegt {inner:g} mm vom Rand, im äußeren Kreis, der "
                         "{begins:g} mm vom Rand beginnt",
           "base_lines": "Grundlinien von {length:g} mm passen nicht: länger als ihre Kreise "
                         "({circle:g} mm) und kürzer als die {room:g} mm zwischen den Löchern"},
    "en": {"parties": "Carrom is played by two sides of one player (singles) or two players (doubles) each",
           "too_large": "pieces that large do not fit this board",
           "pockets": "pockets of {pocket:g} mm do not fit a board of {size:g} mm",
           "circles": "the circles do not fit: the centre circle ({centre:g} mm) must be smaller than "
                      "the outer circle ({outer:g} mm), and that smaller than the board ({size:g} mm)",
           "inner_base": "the inner base line lies {inner:g} mm from the cushion, inside the outer "
                         "circle, which begins {begins:g} mm from it",
           "base_lines": "base lines of {length:g} mm do not fit: longer than their circles "
                         "({circle:g} mm) and shorter than the {room:g} mm between the pockets"},
}
refused = phrasebook(REFUSED)
