"""Carrom at the table in German and English: what the referee refuses of the pocket
board's reports, the foul menu on the rail buttons, and the screen's words. Merged into
``tablegame.families.carrom.texts``'s TEXTS (one text module per family)."""
from __future__ import annotations

KINDS = {"de": {"white": "Weiß", "black": "Schwarz", "queen": "Königin", "striker": "Striker"},
         "en": {"white": "white", "black": "black", "queen": "queen", "striker": "striker"}}


def _kind(language, sentence):
    """A sentence with the piece kind said in ``language`` (an unknown kind as it came)."""
    def words(kind, **values):
        name = KINDS[language].get(kind, kind)
        name = name[:1].upper() + name[1:] if sentence.startswith("{kind}") else name
        return sentence.format(kind=name, **values)
    return words


def _ruling(language):
    """A ruling's notes on one line (they are said in ``language`` one by one)."""
    def words(notes):
        from tablegame.texts import say
        return " · ".join(say(language, note) for note in notes)
    return words


def _men(language, count):
    if language == "de":
        return f"{count} Stein" + ("e" * (count != 1))
    return f"{count} m" + ("an" if count == 1 else "en")


def _side(language):
    def words(colour, men):
        return f"{KINDS[language][colour].capitalize()} · {_men(language, men)}" + \
            (" auf dem Brett" if language == "de" else " on the board")
    return words


def _owed(language):
    def words(owed):
        if language == "de":
            return f"schuldet {owed}"   # short: it shares a line with the boards won
        return f"owes {owed} due{'s' * (owed != 1)}"
    return words


TEXTS = {
    "de": {
        # what the referee refuses (the stroke goes on without it)
        "cr_event_without_stroke": _kind("de", "Meldung ohne Stoß ({kind}): nicht gezählt"),
        "cr_unknown_kind": "Das Brett meldet ein unbekanntes Teil ({kind}): nicht gezählt",
        "cr_no_pocket": "Das Brett meldet Loch {pocket}, es gibt nur die Löcher 0 bis 3: nicht gezählt",
        "cr_second_queen": "Eine zweite Königin gemeldet, es gibt nur eine: nicht gezählt",
        "cr_second_striker": "Ein zweiter Striker gemeldet, es gibt nur einen: nicht gezählt",
        "cr_too_many_men": _kind("de", "{kind}: ein {count}. Stein gemeldet, es lagen nur {left} "
                                       "auf dem Brett: nicht gezählt"),
        "cr_more_than_exist": _kind("de", "Das Brett zeigt {seen}× {kind}, es gibt nur {most}: "
                                          "Brett prüfen"),
        "cr_count_mismatch": _kind("de", "{kind}: das Brett zeigt {seen} Steine, nach den Löchern "
                                         "müssten es {expected} sein: Brett prüfen "
                                         "(OK: so zählen, wie das Brett es zeigt)"),
        "cr_queen_mismatch": "Königin: das Brett zeigt {seen}, nach den Löchern müssten es "
                             "{expected} sein: Brett prüfen (OK: so zählen, wie das Brett es zeigt)",
        "cr_too_many_placed": _kind("de", "Zu viel zurückgelegt: {seen}× {kind}, erwartet {expected}"),
        "cr_outside_outer_circle": _kind("de", "{kind} bei x {x} mm, y {y} mm liegt außerhalb "
                                               "des äußeren Kreises: bitte hinein"),
        "cr_stroke_restarted": "Neuer Stoß, bevor der letzte zur Ruhe kam: der letzte zählt nicht",
        "cr_stroke_resumed": "Neustart während des Stoßes: er zählt ab dem Brett vor dem Neustart",
        "cr_restarted_mid_stroke": "Neustart während eines Stoßes: OK zählt ihn so, wie das Brett ihn "
                                   "zeigt (ein neuer Stoß lässt ihn weg)",
        "cr_ruling": _ruling("de"),
        # the foul menu (MENÜ blättert, OK wählt)
        "cr_menu_technical": "Technisches Foul: {who}",
        "cr_menu_technical_other": "Technisches Foul von {party} (nicht am Zug)",
        "cr_menu_during": "Foul während des Zuges: {who}",
        "cr_menu_improper": "Unsauberer Stoß: {who}",
        "cr_menu_improper_off": "Unsauberer Stoß zurücknehmen",
        "cr_menu_left_seat": "Platz verlassen: {party}",
        "cr_menu_close": "Menü schließen",
        "cr_menu_address": "Adresse der Personalseite zeigen (QR-Code)",
        "cr_menu_title": "Fouls",
        "cr_menu_keys": "MENÜ: weiter · OK: wählen · ZURÜCK: schließen",
        # the desktop's hand (simulate): the striker set on a piece
        "cr_desk_striker_blocked": "Hier liegt {kind} auf der Grundlinie: den Striker woanders "
                                   "hinsetzen, nichts wurde gestoßen",
        "cr_desk_white": "ein weißer Stein", "cr_desk_black": "ein schwarzer Stein",
        "cr_desk_queen": "die Königin",
        "cr_improper_now": "Dieser Stoß von {who} gilt als unsauber",
        "cr_improper_next": "Der nächste Stoß von {who} gilt als unsauber",
        "cr_improper_off": "Unsauberer Stoß zurückgenommen",
        "cr_ok_nothing": "OK bestätigt Zurückgelegtes; MENÜ öffnet die Fouls",
        # the screen
        "cr_title_singles": "Carrom – Einzel",
        "cr_title_doubles": "Carrom – Doppel",
        "cr_board_number": "Board {number} von {boards}",
        "cr_tie_board": "Entscheidungsboard",
        "cr_status_break": "{who} stößt an (Versuch {attempt} von 3)",
        "cr_status_turn": "{who} ist am Stoß",
        "cr_status_place": "Bitte zurücklegen: der Tisch wartet auf das Brett (oder OK)",
        "cr_status_toss": "OK drücken: ein Münzwurf entscheidet, wer das Entscheidungsboard anstößt",
        "cr_status_over": "Spiel vorbei",
        "cr_seat": "{who} (Sitz {seat})",
        "cr_queen_on_board": "Königin auf dem Brett",
        "cr_queen_pending": "Königin: {party} {party:muss|müssen} decken",
        "cr_queen_covered": "Königin gedeckt: {party}",
        "cr_side": _side("de"),
        "cr_owed": _owed("de"),
        "cr_game_score": "{points} Punkte",
        "cr_board_points": "Boards: {points}",
        "cr_no_boards": "Boards: –",
        "cr_improper_armed": "Nächster Stoß: unsauber",
        "cr_does_toss": "Münzwurf", "cr_does_as_board": "wie das Brett zählen",
        "cr_does_placed": "Steine liegen", "cr_does_fouls": "Fouls",
        # a man moved between two strokes (ICF 63/64): the table proposes the foul
        "cr_man_moved_technical": "Ein Stein hat sich ohne Stoß bewegt (x {x} mm, y {y} mm): "
                                  "technisches Foul von {who}? OK: ja · ZURÜCK: nein",
        "cr_man_moved_during": "Ein Stein hat sich zwischen zwei Stößen bewegt "
                               "(x {x} mm, y {y} mm): Foul während des Zuges von {who}? OK: ja · ZURÜCK: nein",
    },
    "en": {
        "cr_event_without_stroke": _kind("en", "A report with no stroke ({kind}): not counted"),
        "cr_unknown_kind": "The board reports an unknown piece ({kind}): not counted",
        "cr_no_pocket": "The board reports pocket {pocket}, there are only pockets 0 to 3: not counted",
        "cr_second_queen": "A second queen reported, there is only one: not counted",
        "cr_second_striker": "A second striker reported, there is only one: not counted",
        "cr_too_many_men": _kind("en", "{kind}: man number {count} reported, only {left} were on "
                                       "the board: not counted"),
        "cr_more_than_exist": _kind("en", "The board shows {seen} {kind}, there are only {most}: "
                                          "check the board"),
        "cr_count_mismatch": _kind("en", "{kind}: the board shows {seen} men, by the pockets there "
                                         "should be {expected}: check the board "
                                         "(OK: count it as the board shows)"),
        "cr_queen_mismatch": "Queen: the board shows {seen}, by the pockets there should be "
                             "{expected}: check the board (OK: count it as the board shows)",
        "cr_too_many_placed": _kind("en", "Too much put back: {seen} {kind}, expected {expected}"),
        "cr_outside_outer_circle": _kind("en", "{kind} at x {x} mm, y {y} mm lies outside "
                                               "the outer circle: put it inside"),
        "cr_stroke_restarted": "A new stroke before the last came to rest: the last does not count",
        "cr_stroke_resumed": "Restarted during the stroke: it counts from the board before the restart",
        "cr_restarted_mid_stroke": "Restarted during a stroke: OK counts it as the board shows it "
                                   "(a new stroke leaves it out)",
        "cr_ruling": _ruling("en"),
        "cr_menu_technical": "Technical foul: {who}",
        "cr_menu_technical_other": "Technical foul by {party} (not on turn)",
        "cr_menu_during": "Foul during the turn: {who}",
        "cr_menu_improper": "Improper stroke: {who}",
        "cr_menu_improper_off": "Take back the improper stroke",
        "cr_menu_left_seat": "Left the seat: {party}",
        "cr_menu_close": "Close the menu",
        "cr_menu_address": "Show the staff page's address (QR code)",
        "cr_menu_title": "Fouls",
        "cr_menu_keys": "MENU: next · OK: choose · BACK: close",
        "cr_desk_striker_blocked": "{kind} lies here on the base line: set the striker "
                                   "elsewhere, nothing was struck",
        "cr_desk_white": "A white man", "cr_desk_black": "A black man", "cr_desk_queen": "The queen",
        "cr_improper_now": "This stroke by {who} counts as improper",
        "cr_improper_next": "The next stroke by {who} counts as improper",
        "cr_improper_off": "Improper stroke taken back",
        "cr_ok_nothing": "OK confirms what was put back; MENU opens the fouls",
        "cr_title_singles": "Carrom – singles",
        "cr_title_doubles": "Carrom – doubles",
        "cr_board_number": "Board {number} of {boards}",
        "cr_tie_board": "Tie board",
        "cr_status_break": "{who} to break (attempt {attempt} of 3)",
        "cr_status_turn": "{who} to strike",
        "cr_status_place": "Please put back: the table waits for the board (or OK)",
        "cr_status_toss": "Press OK: a coin toss decides who breaks the tie board",
        "cr_status_over": "Game over",
        "cr_seat": "{who} (seat {seat})",
        "cr_queen_on_board": "Queen on the board",
        "cr_queen_pending": "Queen: {party} must cover",
        "cr_queen_covered": "Queen covered: {party}",
        "cr_side": _side("en"),
        "cr_owed": _owed("en"),
        "cr_game_score": "{points} points",
        "cr_board_points": "Boards: {points}",
        "cr_no_boards": "Boards: –",
        "cr_improper_armed": "Next stroke: improper",
        "cr_does_toss": "coin toss", "cr_does_as_board": "count as the board shows",
        "cr_does_placed": "pieces are back", "cr_does_fouls": "fouls",
        "cr_man_moved_technical": "A man moved with no stroke (x {x} mm, y {y} mm): "
                                  "technical foul by {who}? OK: yes · BACK: no",
        "cr_man_moved_during": "A man moved between two strokes (x {x} mm, y {y} mm): "
                               "foul during the turn by {who}? OK: yes · BACK: no",
    },
}


# The staff page's calibration: where a piece lies (tablegame.families.carrom.calibration.where); the
# base lines are named as the page draws the board, seat 0 at the bottom.
_SIDES = {"de": ("unteren", "rechten", "oberen", "linken"), "en": ("bottom", "right", "top", "left")}
_CORNERS = {"de": ("unten links", "unten rechts", "oben rechts", "oben links"),
            "en": ("bottom left", "bottom right", "top right", "top left")}
TEXTS["de"].update({
    "cr_lie_off": "nicht auf dem Brett", "cr_lie_pocket": lambda pocket: f"über dem Loch {_CORNERS['de'][pocket]}",
    "cr_lie_centre": "im Mittelkreis", "cr_lie_outer": "im äußeren Kreis",
    "cr_lie_base": lambda seats: f"auf der {' und '.join(_SIDES['de'][s] for s in seats)} Grundlinie",
    "cr_lie_board": "anderswo auf dem Brett",
})
TEXTS["en"].update({
    "cr_lie_off": "off the board", "cr_lie_pocket": lambda pocket: f"over the {_CORNERS['en'][pocket]} pocket",
    "cr_lie_centre": "in the centre circle", "cr_lie_outer": "inside the outer circle",
    "cr_lie_base": lambda seats: f"on the {' and '.join(_SIDES['en'][s] for s in seats)} base line",
    "cr_lie_board": "elsewhere on the board",
})
