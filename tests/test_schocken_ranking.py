"""The Schocken throw ranking against docs/rules.md §4 and the seed (section 2)."""
import pytest

from tablegame.families.schocken.ranking import (ThrowClass, all_throws, evaluate,
                                              ranked_throws)

# Written out by hand from the table in docs/rules.md §4, best first.
DEFAULT_ORDER = """
111
611 511 411 311 211
666 555 444 333 222
654 543 432 321
665 664 663 662 661 655 653 652 651 644 643 642 641 633 632 631 622 621
554 553 552 551 544 542 541 533 532 531 522 521
443 442 441 433 431 422 421
332 331 322
221
""".split()

VALUES = {"111": 13, "611": 6, "511": 5, "411": 4, "311": 3, "211": 2,
          "666": 3, "555": 3, "444": 3, "333": 3, "222": 3,
          "654": 2, "543": 2, "432": 2, "321": 2}


def text(e):
    return "".join(map(str, e.dice))


def test_there_are_56_distinct_throws():
    throws = all_throws()
    assert len(throws) == len(set(throws)) == 56
    assert sorted(DEFAULT_ORDER) == sorted("".join(map(str, t)) for t in throws)


def test_full_ranking_of_all_56_throws_schock_beats_general():
    ranked = ranked_throws()
    assert [text(e) for e in ranked] == DEFAULT_ORDER
    ranks = [e.rank for e in ranked]
    assert len(set(ranks)) == 56, "every throw has its own place"
    for e in ranked:
        assert e.deckel == VALUES.get(text(e), 1), text(e)


def test_classes_and_names():
    counts = {}
    for e in ranked_throws():
        counts[e.throw_class] = counts.get(e.throw_class, 0) + 1
    assert counts == {ThrowClass.SCHOCK_OUT: 1, ThrowClass.SCHOCK: 5, ThrowClass.GENERAL: 5,
                      ThrowClass.STRASSE: 4, ThrowClass.HAUSNUMMER: 41}
    assert evaluate((1, 1, 1)).name == "Schock-Out"
    assert evaluate((1, 6, 1)).name == "Schock 6"
    assert evaluate((2, 1, 1)).name == "Schock doof"
    assert evaluate((4, 4, 4)).name == "General 4"
    assert evaluate((5, 3, 4)).name == "Straße 3-4-5"
    assert evaluate((5, 6, 6)).name == "Hausnummer 665"


def test_schock_always_beats_general_by_default():
    assert evaluate((1, 1, 2)).rank > evaluate((6, 6, 6)).rank


def test_value_first_puts_every_general_above_schock_doof():
    ranked = [text(e) for e in ranked_throws(ranking="value-first")]
    expected = DEFAULT_ORDER.copy()
    expected.remove("211")
    expected.insert(expected.index("222") + 1, "211")
    assert ranked == expected
    assert evaluate((2, 2, 2), ranking="value-first").rank > \
        evaluate((1, 1, 2), ranking="value-first").rank


def test_dice_order_does_not_matter():
    assert evaluate((1, 6, 1)) == evaluate((6, 1, 1)) == evaluate((1, 1, 6))


def test_assembled_strasse_and_general_count_by_default():
    assert evaluate((2, 2, 2), at_once=False).throw_class is ThrowClass.GENERAL
    assert evaluate((4, 5, 6), at_once=False).throw_class is ThrowClass.STRASSE


def test_auf_hand_assembled_strasse_and_general_are_hausnummern():
    general = evaluate((2, 2, 2), at_once=False, assembled=False)
    strasse = evaluate((6, 4, 5), at_once=False, assembled=False)
    assert (general.throw_class, general.deckel, general.name) == \
        (ThrowClass.HAUSNUMMER, 1, "Hausnummer 222")
    assert (strasse.throw_class, strasse.deckel, strasse.name) == \
        (ThrowClass.HAUSNUMMER, 1, "Hausnummer 654")
    # read as numbers they fall between their neighbours
    assert evaluate((3, 2, 2)).rank > general.rank > evaluate((2, 2, 1)).rank
    assert evaluate((6, 5, 5)).rank > strasse.rank > evaluate((6, 5, 3)).rank
    # thrown at once they still count; a Schock counts assembled either way
    assert evaluate((2, 2, 2), at_once=True, assembled=False).throw_class is ThrowClass.GENERAL
    assert evaluate((1, 1, 3), at_once=False, assembled=False).throw_class is ThrowClass.SCHOCK
    assert evaluate((1, 1, 1), at_once=False, assembled=False).throw_class is \
        ThrowClass.SCHOCK_OUT


def test_fewer_throws_win_on_equal_dice_but_better_dice_win_first():
    assert evaluate((4, 5, 6), throws=1).rank > evaluate((4, 5, 6), throws=2).rank
    assert evaluate((6, 6, 6), throws=3).rank > evaluate((4, 5, 6), throws=1).rank


def test_schock_out_is_worth_all_deckel():
    assert evaluate((1, 1, 1)).deckel == 13
    assert evaluate((1, 1, 1), deckel_total=15).deckel == 15


@pytest.mark.parametrize("dice", [(0, 1, 2), (1, 2), (1, 2, 7), (1, 2, 3, 4), ("1", 2, 3)])
def test_bad_dice_are_refused(dice):
    with pytest.raises(ValueError, match="three dice"):
        evaluate(dice)


def test_bad_ranking_and_throws_are_refused():
    with pytest.raises(ValueError, match="ranking"):
        evaluate((1, 2, 3), ranking="schock-first")
    with pytest.raises(ValueError, match="throws"):
        evaluate((1, 2, 3), throws=4)
