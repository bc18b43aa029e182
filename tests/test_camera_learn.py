"""The installer teaches the camera the board (camera_board/learn.py): what it learns from the
steps' pictures, and what the camera then reads with it, on installations of the corpus of
looks (camera_sim/installs.py; tuning seeds)."""
import dataclasses
import math

import numpy as np
import pytest

from benchmarks.camera_looks_figures import judge
from camera_board.learn import learn, reader
from camera_sim.corpus import score
from camera_sim.installs import coral_queen, installation, lime_striker
from camera_sim.looks import FINISHES, SURFACES, Finish
from camera_sim.render import render


def _taught(inst, frames: int = 4):
    shown = [list(t.frames) for t in inst.teach(frames, render)]
    return learn(inst.game, inst.lens, shown)


def _read(inst, learned, k: int):
    case = inst.board(k)
    sighting = reader(inst.game, inst.lens, learned.appearance).see(render(case.shot, np.random.default_rng([inst.seed, 3, k])))
    return judge(inst.game, case, sighting)[0], sighting


def test_a_red_miwin_die_is_read_by_its_white_pips_not_by_the_gaps_between_them():
    # (before: the red die's learned colour, evened out brighter than the drawn one, was taken
    # for a light die with dark pips: its 8 was read as a 4, a face it has, so WRONG)
    inst = installation("neunfeld", 0)
    learned = _taught(inst)
    assert learned.ok, learned.said("en")
    verdict, sighting = _read(inst, learned, 1)
    assert verdict == "right", (sighting.problem, sighting.dice)
    assert [d.value for d in sighting.dice] == list(inst.board(1).values)


def test_a_schocken_set_of_red_dice_with_white_pips_is_learned_and_read():
    inst = installation("schocken", 0)
    red = tuple((k, Finish("red", (40, 45, 175)) if k == "die" else Finish("white", (230, 232, 232)) if k == "pip"
                 else f) for k, f in inst.look.pieces)
    inst = dataclasses.replace(inst, look=dataclasses.replace(inst.look, pieces=red))
    learned = _taught(inst)
    assert learned.ok, learned.said("en")
    assert learned.appearance.colours["die pips"].mean[2] > learned.appearance.colours["die"].mean[1]
    verdict, sighting = _read(inst, learned, 0)
    assert verdict == "right", (sighting.problem, sighting.dice)


def test_worn_bronze_coins_on_oak_the_board_darker_are_refused_not_read_towards_their_shadows():
    # (before: tuning installation 11's coins, the oak's colour in shadow, were read with their
    # drop shadows: 1 to 2.5 mm away from the lamp, a WRONG settled board)
    inst = installation("shove", 11)
    learned = _taught(inst)
    # (its teaching found the coins 0.84 mm from their spots: taught now as a loose camera whose coins
    # its look places, refused from 0.6 mm before; its 8 boards read 2 right, 6 refused, none WRONG)
    verdict, sighting = _read(inst, learned, 4)
    # (its coins doubted: like the board in shadow, or, where their look places them and that
    # doubt is lifted, as a loose camera's coins the look does not place)
    assert verdict == "refused" and "in shadow" in sighting.problem, (verdict, sighting.problem)
    # (board 0's two coins in the right gutter, which the look taught over the oak did not place,
    # were doubted as a loose camera's coins; the look as over the learned frame there places them
    # 0.38 and 0.52 mm off: read right, as boards 1, 3, 5 and 6, none WRONG: "A coin in the
    # gutter placed by its look as over the learned empty board", docs/camera.md)
    verdict, sighting = _read(inst, learned, 0)
    assert verdict == "right", (verdict, sighting.problem)


def test_a_miwin_die_on_a_darker_wood_with_its_shadow_is_one_die_not_dice_touching():
    # (before: on oak, a tuning board, die III's blob with its drop shadow was 1.23 lying dice's
    # outlines, over one die's bound, and the teaching's own picture was refused as "dice
    # touching" though the dice lie 130 mm apart)
    inst = installation("neunfeld", 3)
    oak = next(m for m in SURFACES["tuning"]["shove"] if m.name == "oak")
    inst = dataclasses.replace(inst, look=dataclasses.replace(inst.look, surface=oak))
    learned = _taught(inst)
    assert learned.ok, learned.said("en")
    verdict, sighting = _read(inst, learned, 1)
    assert verdict == "right", (sighting.problem, sighting.dice)


def test_men_whose_side_wall_looks_like_the_board_in_shadow_are_read_from_their_tops_or_doubted():
    # (before: the ivory men's side wall, the teak's colour in shadow, was left out of the
    # centroid as their drop shadow: read outward by half their lean, a white 1.84 mm off on
    # board 4; on held-out installation 1,000,004, brown-wood whites on dark plywood, a white at
    # a corner pocket 4.5 mm off, a WRONG settled board)
    inst = installation("carrom", 2)
    teak = np.array(inst.look.surface.colour, float)
    ivory = dict(inst.look.pieces)["white"]
    shaded_side = dataclasses.replace(ivory, rim=tuple(float(c) for c in 0.83 * teak))   # drawn at 0.8 of it
    pieces = tuple((k, shaded_side if k == "white" else f) for k, f in inst.look.pieces)
    inst = dataclasses.replace(inst, look=dataclasses.replace(inst.look, pieces=pieces))
    learned = _taught(inst)
    assert learned.ok, learned.said("en")
    verdict, sighting = _read(inst, learned, 3)     # nine whites, read from their tops
    assert verdict == "right", sighting.problem
    errors = [e for kind, e in score(inst.board(3), sighting).errors if kind == "white"]
    assert len(errors) == sum(p.kind == "white" for p in inst.board(3).truth) == 9
    assert max(errors) < 1.2, errors
    # board 4's white, whose top's read his outline does not explain, is doubted in words
    # (docs/camera.md, "A man's top read against his outline")
    verdict, sighting = _read(inst, learned, 4)
    assert verdict == "refused"
    assert "a white at 722, 691 mm whose top and outline disagree" in sighting.problem, sighting.problem


def test_a_striker_told_from_the_board_by_hue_alone_is_read_from_its_top_not_its_outline():
    # (before: the lime striker's bevel as bright as the teak, its outline was found on the
    # JPEG's colour, a pixel 3.7 mm from this height: board 1 read it 2.05 mm off, a WRONG
    # settled board; held-out installation 1,000,005 board 1, a yellow ringed striker on
    # honey plywood, 2.2 mm off, the same cause)
    inst = lime_striker()
    learned = _taught(inst)
    assert learned.ok, learned.said("en")
    verdict, sighting = _read(inst, learned, 1)
    assert verdict in ("right", "refused"), sighting.problem
    if verdict == "right":
        errors = [e for kind, e in score(inst.board(1), sighting).errors if kind == "striker"]
        assert errors and max(errors) < 1.2, errors


def test_a_striker_the_light_measurement_evens_into_the_board_is_read_with_the_light_mended():
    # (before 3c: tuning installation 6's pale striker on painted cream, its rim too faint for
    # an edge and the base line's marking bounding it, was taken for the board by the light
    # measurement and evened away: board 2 settled a striker short, WRONG; then it was only
    # doubted, "the light has a piece's shape at 37x, 27x mm", and refused. Now the frame is
    # read again with the light there taken from round it: the striker is found, right.)
    inst = installation("carrom", 6)
    learned = _taught(inst)
    assert learned.ok, learned.said("en")
    verdict, sighting = _read(inst, learned, 2)
    assert verdict == "right", sighting.problem
    # where the light has a piece's shape and no piece is found there once it is mended
    # (board 4, at 334, 321 mm), the doubt stands: refused, not read
    verdict, sighting = _read(inst, learned, 4)
    assert verdict == "refused", sighting.pieces
    assert "the light has a piece's shape at 33" in sighting.problem, sighting.problem


def test_a_queen_whose_colour_shows_on_part_of_her_top_only_is_read_from_her_outline():
    # (before: tuning installation 4 with the glossy coral queen under a full lamp's highlight
    # and a guest's round shadow's edge over her, board 0: her top's colour, on less than
    # TOP_SEEN of her top, read her 2.42 mm off, a WRONG settled board; the fresh set's
    # 1,000,026 board 5, a pinkish queen likewise, 2.6 mm off. Now such a queen is read from
    # her outline, as a man is: 1.5 mm and 0.4 mm)
    inst = coral_queen(4)
    learned = _taught(inst, 6)       # (as the bench teaches it)
    assert learned.ok, learned.said("en")
    case = inst.board(0)
    queen = next(p for p in case.truth if p.kind == "queen")
    edge = (queen.x - 95 * math.sqrt(0.5), queen.y + 95 * math.sqrt(0.5), 85.0, 0.45)   # its rim 10 mm from her middle
    case = dataclasses.replace(case, shot=dataclasses.replace(
        case.shot, light=dataclasses.replace(case.shot.light, guest_shadow=edge, shadows=())))
    sighting = reader(inst.game, inst.lens, learned.appearance).see(render(case.shot, np.random.default_rng([4, 3, 0])))
    verdict = judge(inst.game, case, sighting)[0]
    assert verdict == "right", (sighting.problem, [e for e in score(case, sighting).errors if e[0] == "queen"])
    inst = installation("carrom", 1_000_026)
    verdict, sighting = _read(inst, _taught(inst), 5)
    assert verdict == "right", (sighting.problem, [e for e in score(inst.board(5), sighting).errors if e[0] == "queen"])


def test_a_queen_whose_colour_shows_on_four_fifths_of_her_top_is_placed_halfway():
    # (before: held-out-turned-tuning set 1,000,136's installation 139, board 7, read in the
    # bench's order (a reader's calibration follows the frames it read): her pinkish colour on
    # 0.81 of her top, just under the bar then (0.82), so she was read from her outline alone,
    # 2.03 mm off, a WRONG board once the grey dip 88 mm away was no longer doubted; her top
    # read 1.22 mm. Now halfway: 1.56 mm)
    from benchmarks.camera_looks_figures import read_in_turn
    inst = installation("carrom", 1_000_139)
    case, sighting = read_in_turn(inst, render, 8)[7]
    queen = [e for kind, e in score(case, sighting).errors if kind == "queen"]
    assert queen and queen[0] < 1.8, (sighting.problem, queen)


@pytest.mark.xfail(strict=True, reason="not mended (docs/camera.md, 'A queen whose colour shows on part of "
                                       "her top only'): her colour learned under the highlight, read 2.45 mm off")
def test_a_queen_under_a_full_highlight_is_not_read_off():
    # the tuning look that shows the WRONG of installation 1,000,026 board 5 (a pinkish queen
    # read from her top's colour 2.6 mm off, that colour on 0.76 of her top): the coral queen
    # under a full lamp's highlight, taught, board 7 read 2.45 mm off (WRONG). Her colour covers
    # 0.90 of her top there (learned with the highlight in it), so she is still read from it;
    # her outline is as far off (the JPEG's coarse colour).
    inst = coral_queen()
    learned = _taught(inst)
    verdict, sighting = _read(inst, learned, 7)
    assert verdict != "wrong", sighting.pieces


def test_a_coin_on_its_spot_too_like_the_board_to_be_found_is_said_so_not_asked_to_be_laid():
    # (before: "coin at 51, 181 mm not found (step "pieces"): lay it on its spot", though it lay
    # there: a dark old penny on walnut, its disc 0.36 to 0.55 apart from the board where a
    # piece is found from 0.6; held-out set 1,000,056's installation 061, tuning now)
    inst = installation("shove", 1_000_061)
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])
    said = learned.said("en")[len(learned.kinds):]
    # what to change, the change that passes first (docs/camera.md, "Dark old pennies on walnut":
    # silver or copper coins read 63 of the four installations' 64 boards right, none WRONG; a
    # slate board 15 of 24 and 061 refused for its camera; the lamp 1.6 times as bright teaches 2
    # of the 4)
    assert said[0] == ('coin at 51, 181 mm is barely told from the board (step "pieces"): if it lies on its spot, the '
                       'camera cannot tell coin from the board there for sure. Pieces of a colour far from the '
                       "board's (lighter ones best), else a board or cloth of another colour. More light helps on "
                       'some tables only.'), said
    assert all("barely told from the board" in line for line in said), said      # (each such coin so)
    assert "Steine in einer Farbe fern von der des Bretts" in learned.said("de")[-1]


def test_the_pennies_on_walnut_swapped_for_silver_coins_as_the_words_ask_are_taught_and_read():
    # the change the words for a coin barely told from the board name first, made on the same
    # installation (1,000,061: dark old pennies on walnut): taught, and a play board read right
    inst = installation("shove", 1_000_061)
    silver = next(f for f in FINISHES["held-out"]["coin"] if f.name == "silver")
    inst = dataclasses.replace(inst, look=dataclasses.replace(inst.look, pieces=(("coin", silver),)))
    learned = _taught(inst)
    assert learned.said("en")[len(learned.kinds):] == []
    verdict, sighting = _read(inst, learned, 0)
    assert verdict == "right", sighting.problem


def test_a_coin_not_laid_is_still_asked_to_be_laid_on_its_spot():
    inst = installation("shove", 0)
    lens, taught = inst.lens, list(inst.teaching())
    frames = [[render(inst.shot(taught[0].scene), np.random.default_rng(k)) for k in range(3)]]
    four = dataclasses.replace(taught[1].scene, pieces=taught[1].scene.pieces[1:])     # the first coin left off
    frames.append([render(inst.shot(four), np.random.default_rng(10 + k)) for k in range(3)])
    said = learn(inst.game, lens, frames).said("en")
    assert any(line.startswith("coin at 178, 117 mm not found") and "lay it on its spot" in line for line in said), said


def test_a_taught_coin_read_again_as_like_the_board_is_told_what_to_change_not_to_check_the_light():
    # (before: "... (a coin at 305, 308 mm that looks like the board)): check the light, nothing
    # else on the board." on held-out installation 1,000,008, dark old pennies on walnut, taught
    # under a lamp 1.6 times as bright, as the words for a coin barely told from the board allow:
    # more light found the coins but the read again still did not tell one from the board)
    inst = installation("shove", 1_000_008)
    inst = dataclasses.replace(inst, light=dataclasses.replace(inst.light, exposure=inst.light.exposure * 1.6))
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])
    said = learned.said("en")[len(learned.kinds):]
    assert said == ['Read with what it learned, coin looks like the board (step "pieces"): the camera cannot tell '
                    "where coin lies for sure. Pieces of a colour far from the board's (lighter ones best), else a "
                    'board or cloth of another colour. More light helps on some tables only.'], said
    assert "Steine in einer Farbe fern von der des Bretts" in learned.said("de")[-1]


@pytest.mark.parametrize("mapping", ["markers", "true"])
def test_a_high_carrom_cameras_break_is_taught_where_its_touching_blacks_are_found_off_their_spots(mapping, monkeypatch):
    # (before: the read again asked each laid piece within 3 mm of where the teaching found it;
    # installation 1,000,075's touching blacks, found by the starting colours 2.4 to 2.7 mm out from
    # the queen, the learned read places within 1.4 mm of their spots: the black at 424, 339 mm read
    # 3.05 mm from where it was found, with the markers' corners where their sides meet and with the
    # renderer's own mapping alike: "no black at 426, 337 mm: check the light", which would not help.
    # docs/camera.md, "Why the truer mapping loses 1,000,072's teachings 075 and 076")
    inst = installation("carrom", 1_000_075)
    if mapping == "true":     # the mapping the picture was drawn with, for the markers' one
        from camera_board.calibrate import Calibration
        from camera_sim import render as drawing
        shot = inst.board(0).shot
        true = drawing.plane_homography(shot.lens.matrix, *shot.pose.rotation_translation())
        found = Calibration.find
        monkeypatch.setattr(Calibration, "find", lambda self, gray: None if (f := found(self, gray)) is None
                            else (true.copy(), f[1]))
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])
    assert learned.said("en")[len(learned.kinds):] == [], learned.said("en")
    assert learned.kinds["black"][1] > 2.0     # (the blacks' centroids still 2.4 mm off their spots: measured so)
