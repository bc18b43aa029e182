"""A Carrom ruling as notes the display and scripts can say in German or English
(texts in ``tablegame.families.carrom.texts``): what stays down, the queen, dues, what goes back
where, the turn, the board and the game."""
from __future__ import annotations

from tablegame.families.carrom.state import CarromState, Placement, Ruling
from tablegame.words.notes import Note


def placement_note(placement: Placement) -> Note:
    """"Weiß: 2 Steine in den äußeren Kreis setzen", "Königin in den Mittelkreis"."""
    return Note.of("cr_place", piece=placement.piece, count=placement.count, where=placement.where)


def placement_notes(placements) -> tuple[Note, ...]:
    """What to put back, one note per place: the men of both colours that go to the same
    place in one ("Schwarz: 2 Steine, Weiß: 1 Stein in den äußeren Kreis setzen"), so the
    screen keeps room for a problem beside them."""
    men: dict[str, list] = {}
    for p in placements:
        if p.piece in ("white", "black"):
            men.setdefault(p.where, []).append((p.piece, p.count))
    notes, said = [], set()
    for p in placements:
        if p.piece not in ("white", "black"):
            notes.append(placement_note(p))
        elif p.where not in said:
            said.add(p.where)
            notes.append(placement_note(p) if len(men[p.where]) == 1 else
                         Note.of("cr_place_men", men=tuple(men[p.where]), where=p.where))
    return tuple(notes)


def ruling_notes(state: CarromState, ruling: Ruling | None = None) -> tuple[Note, ...]:
    """The ruling (the state's last one unless given) in notes, in the order a referee says it."""
    ruling = ruling or state.ruling
    if ruling is None:
        return ()
    party = state.party_name(ruling.side)
    notes = [Note.of("cr_laws", action=ruling.action, laws=ruling.laws)] if ruling.laws else []
    if any(ruling.pocketed):
        notes.append(Note.of("cr_pocketed", party=party, white=ruling.pocketed[0],
                             black=ruling.pocketed[1]))
    if ruling.queen:
        notes.append(Note.of("cr_queen", party=party, queen=ruling.queen))
    if ruling.dues or ruling.paid or ruling.owed:
        notes.append(Note.of("cr_dues", party=party, dues=ruling.dues, paid=ruling.paid,
                             owed=ruling.owed))
    notes += [placement_note(p) for p in ruling.returned]
    if ruling.placed_by is not None:
        notes.append(Note.of("cr_placed_by", who=state.player(ruling.placed_by)))
    if ruling.opponent_placed_by is not None:
        notes.append(Note.of("cr_opponent_due", party=state.party_name(1 - ruling.side),
                             paid=ruling.opponent_paid, who=state.player(ruling.opponent_placed_by)))
    if ruling.board is not None:
        notes.append(Note.of("cr_board_won", party=state.party_name(ruling.board.winner),
                             points=ruling.board.points, case=ruling.board.case))
    if ruling.game_winner is not None:
        notes.append(Note.of("cr_game_won", party=state.party_name(ruling.game_winner),
                             scores=state.scores))
    elif state.toss_pending:
        notes.append(Note.of("cr_tie", boards=state.boards_played))
    elif ruling.action == "CoinToss":
        notes.append(Note.of("cr_toss", party=party))
    elif ruling.turn:
        notes.append(Note.of("cr_turn", turn=ruling.turn, who=state.player(state.seat)))
    return tuple(notes)
