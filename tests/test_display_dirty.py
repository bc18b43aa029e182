"""The Shove screen draws only what changed (dirty rectangles): the picture must be
the one a full redraw gives, pixel for pixel, and the rectangles it answers must
hold every pixel that changed (the display updates only those)."""
import dataclasses  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

from tablegame.display import Display
from tablegame.families.shove.screen import ShoveScreen  # noqa: E402
from tablegame.families.shove.screen_demo import busiest_shove_view, quiet_shove_view  # noqa: E402
from tablegame.families.shove.board import hapenny_board, piecepack_board  # noqa: E402
from tablegame.core.sensors import CoinReading  # noqa: E402



def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def fresh(surface: pygame.Surface, view) -> bytes:
    """``view`` drawn whole, by a screen that never drew before."""
    canvas = pygame.Surface(surface.get_size(), 0, surface)
    ShoveScreen().draw(canvas, view)
    return pixels(canvas)


def outside(surface: pygame.Surface, rects) -> bytes:
    """The pixels of ``surface`` with ``rects`` blacked out."""
    copy = surface.copy()
    for rect in rects:
        copy.fill((0, 0, 0), rect)
    return pixels(copy)


def replace_party(view, party, **changes):
    parties = list(view.parties)
    parties[party] = dataclasses.replace(parties[party], **changes)
    return dataclasses.replace(view, parties=tuple(parties))


def move_coin(view, i, dx, dy):
    coins = list(view.coins)
    coins[i] = CoinReading(coins[i].x + dx, coins[i].y + dy)
    return dataclasses.replace(view, coins=tuple(coins))


def sequence():
    """A game's worth of frames: coins coming, moving, overlapping, leaving; marks
    added; banners up and down; texts changing; the turn passing; another board."""
    view = quiet_shove_view()
    yield view
    yield view                                                     # nothing changed
    view = dataclasses.replace(view, coins=(CoinReading(178.0, 20.0),))
    yield view
    for step in range(1, 6):                                       # the coin slides up
        yield (view := move_coin(view, 0, 3.0 * step, 25.0 * step))
    view = dataclasses.replace(view, coins=(*view.coins, CoinReading(250.0, 410.0)))
    yield view
    yield (view := move_coin(view, 1, -8.0, -5.0))                # now overlapping coin 0
    yield (view := move_coin(view, 0, 4.0, -2.0))                  # the one below moves
    view = dataclasses.replace(view, coins=(*view.coins, CoinReading(-30.0, 200.0),
                                            CoinReading(178.0, -10.0), CoinReading(-900, 5000)))
    yield view
    yield (view := dataclasses.replace(view, coins=view.coins[1:]))  # the first leaves
    yield (view := replace_party(view, 0, marks=(1, 0, 0, 0, 0, 0, 0, 0, 0)))
    yield (view := replace_party(view, 0, marks=(3, 0, 2, 0, 0, 0, 0, 0, 5)))
    yield (view := replace_party(view, 1, marks=(0, 1, 0, 3, 0, 0, 0, 0, 1)))
    yield (view := dataclasses.replace(view, message="Münze in Feld 3: eine Markierung"))
    yield (view := dataclasses.replace(view, status="Team B ist am Zug", message=""))
    yield (view := replace_party(replace_party(view, 0, at_turn=False), 1, at_turn=True))
    yield (view := replace_party(view, 1, player="Jürgen", score_line="Stechen: 3"))
    yield (view := replace_party(view, 0, name="Die Gäste aus Köln und Umgebung"))
    yield (view := dataclasses.replace(view, problem="Zwei Münzen überlappen in Feld 3"))
    yield (view := dataclasses.replace(view, problem="Brett getrennt: verbinde neu …"))
    yield (view := dataclasses.replace(view, problem=None, winner="Team B gewinnt!"))
    yield (view := dataclasses.replace(view, winner=None, link="Brett verloren", hint="OK"))
    yield (view := dataclasses.replace(view, title="Shove ha'penny (Progressive)", hint=""))
    yield (view := dataclasses.replace(view, target=2))
    yield (view := dataclasses.replace(view, coins=()))
    yield busiest_shove_view()
    yield (view := move_coin(busiest_shove_view(), 3, 1.0, 1.0))
    yield dataclasses.replace(view, message="", problem=None)
    yield quiet_shove_view(piecepack_board())                     # another board
    yield dataclasses.replace(quiet_shove_view(piecepack_board()),
                              coins=(CoinReading(60.0, 60.0),))
    yield busiest_shove_view(hapenny_board())


def test_drawn_bit_by_bit_is_drawn_whole(display):
    for step, view in enumerate(sequence()):
        display.show(view)
        assert pixels(display.surface) == fresh(display.surface, view), f"frame {step}"


def test_the_answered_rectangles_hold_every_changed_pixel(display):
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    full = 0
    for step, view in enumerate(sequence()):
        before = surface.copy()
        dirty = screen.draw(surface, view)
        if dirty is None:
            full += 1
            continue
        assert outside(surface, dirty) == outside(before, dirty), f"frame {step}"
    assert full == 3        # the first frame and each change of board


def test_a_moving_coin_redraws_a_little(display):
    view = busiest_shove_view()
    display.show(view)
    moved = move_coin(view, 0, 2.0, 3.0)
    dirty = display.screen.draw(display.surface, moved)
    area = sum(r.width * r.height for r in dirty)
    assert 0 < area <= 4 * display.screen._coin.get_width() ** 2
    assert display.screen.draw(display.surface, moved) == []      # and nothing the second time


def test_the_display_updates_rectangles_and_flips_for_the_whole(display, monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append("flip"))
    monkeypatch.setattr(pygame.display, "update", lambda rects: calls.append(list(rects)))
    view = busiest_shove_view()
    display.show(view)                                   # the first frame: everything
    display.show(move_coin(view, 0, 2.0, 3.0))           # one coin: its rectangles
    display.show(move_coin(view, 0, 2.0, 3.0))           # nothing: the whole picture again
    assert calls[0] == "flip" and calls[2] == "flip"
    assert isinstance(calls[1], list) and 1 <= len(calls[1]) <= 4


def test_another_surface_is_drawn_whole(display):
    screen = ShoveScreen()
    a = pygame.Surface(display.size, 0, display.surface)
    b = pygame.Surface(display.size, 0, display.surface)
    view = busiest_shove_view()
    screen.draw(a, quiet_shove_view())
    assert screen.draw(b, view) is None
    changed = move_coin(view, 2, 5.0, 5.0)
    assert screen.draw(a, changed) is None                # a was drawn before b
    assert pixels(a) == fresh(a, changed)


class OtherView:
    pass


class OtherScreen:
    """Another game's screen on the same window: paints all of it."""

    def draw(self, surface, view):
        surface.fill((200, 0, 200))

    def to_screen(self, pos):
        return (0, 0)

    def to_board(self, pixel):
        return None


def test_a_screen_taking_over_the_window_draws_it_whole(display):
    from tablegame.families.shove.view import ShoveView
    with Display(display.size, screens={ShoveView: ShoveScreen, OtherView: OtherScreen}) as d:
        view = busiest_shove_view()
        d.show(view)
        d.show(OtherView())
        d.show(view)                                     # the same view as its last
        assert pixels(d.surface) == fresh(d.surface, view)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["coin", "add", "drop", "marks", "turn", "status",
                                           "message", "problem", "winner", "hint"]),
                          st.integers(0, 9), st.floats(-40, 40)),
                min_size=1, max_size=12))
def test_any_sequence_drawn_bit_by_bit_is_drawn_whole(steps):
    surface = pygame.Surface((800, 480))
    screen = ShoveScreen()
    view = busiest_shove_view()
    screen.draw(surface, view)
    for what, i, d in steps:
        n = len(view.coins)
        if what == "coin" and n:
            view = move_coin(view, i % n, d, -d / 2)
        elif what == "add":
            view = dataclasses.replace(view, coins=(*view.coins, CoinReading(178 + 4 * d, 250 + d)))
        elif what == "drop" and n:
            view = dataclasses.replace(view, coins=view.coins[:i % n] + view.coins[i % n + 1:])
        elif what == "marks":
            marks = list(view.parties[i % 2].marks)
            marks[i % len(marks)] = (marks[i % len(marks)] + 1) % 5
            view = replace_party(view, i % 2, marks=tuple(marks))
        elif what == "turn":
            view = replace_party(replace_party(view, 0, at_turn=i % 2 == 0), 1, at_turn=i % 2 == 1)
        elif what in ("status", "message", "hint"):
            view = dataclasses.replace(view, **{what: f"{what} {i} " * (1 + i % 4)})
        elif what in ("problem", "winner"):
            view = dataclasses.replace(view, **{what: None if i % 3 == 0 else f"{what} {i}"})
        before = surface.copy()
        dirty = screen.draw(surface, view)
        assert outside(surface, dirty) == outside(before, dirty)
    assert pixels(surface) == fresh(surface, view)


@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_blitting_only_the_ink_of_a_text_draws_the_same(display, align):
    from tablegame.display.text import TextCache
    text = TextCache()
    block = text.block("Zwei Münzen überlappen in Feld 3: bitte das Brett prüfen", 40,
                       (246, 238, 218), 500, height=200, max_lines=3, align=align)
    ink = text.ink(block)
    assert ink.width * ink.height < block.get_width() * block.get_height()
    whole, part = (pygame.Surface((600, 300), 0, display.surface) for _ in range(2))
    for canvas in (whole, part):
        canvas.fill((18, 32, 26))
    whole.blit(block, (30, 40))
    part.blit(block, (30 + ink.x, 40 + ink.y), ink)
    assert pixels(whole) == pixels(part)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_lines_kept_as_pictures_draw_what_blending_them_drew(display, monkeypatch, size):
    """The status and message lines are copied as pictures made on the static layer
    (issue 30, the frame's CPU): frame for frame the pixels of blending each line onto
    the screen, as the screen drew them before."""
    import tablegame.families.shove.screen as shove_screen
    kept = ShoveScreen(), pygame.Surface(size, 0, display.surface)
    blended = ShoveScreen(), pygame.Surface(size, 0, display.surface)
    line_parts = shove_screen.line_parts
    for step, view in enumerate(sequence()):
        kept[0].draw(kept[1], view)
        monkeypatch.setattr(shove_screen, "line_parts",
                            lambda pen, name, topleft, placed, *kept: line_parts(pen, name, topleft, placed))
        blended[0].draw(blended[1], view)
        monkeypatch.setattr(shove_screen, "line_parts", line_parts)
        assert pixels(kept[1]) == pixels(blended[1]), f"frame {step}"


def test_an_evening_of_new_messages_redraws_only_the_message(display):
    """Pictures kept for the cards and lines are let go the least recently shown first
    (issue 30, the frame's CPU): before, the line pictures were all dropped once 32 were
    kept, and the next frame drew the unchanged status line (and its picture) anew."""
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    view = dataclasses.replace(quiet_shove_view(), status="Team A schiebt – noch 4 Münzen")
    screen.draw(surface, view)
    status = screen.layout.rows["status"]
    for n in range(80):   # each counted coin says something new
        dirty = screen.draw(surface, dataclasses.replace(view, message=f"Münze {n} gezählt"))
        assert dirty and not any(rect.colliderect(status) for rect in dirty), f"frame {n}"


def test_rectangles_split_around_pictures_draw_what_a_full_redraw_draws(display, monkeypatch):
    """The static layer restored only around a line's picture (at 1920x1080 the painter
    splits there; here at every size and every overlap): the same pixels, and the
    answered rectangles still hold every changed one."""
    from tablegame.display import parts
    monkeypatch.setattr(parts, "SPLIT_PX", 0)
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    for step, view in enumerate(sequence()):
        before = surface.copy()
        dirty = screen.draw(surface, view)
        if dirty is not None:
            assert outside(surface, dirty) == outside(before, dirty), f"frame {step}"
        assert pixels(surface) == fresh(surface, view), f"frame {step}"


def test_a_frame_with_only_the_message_new_hands_every_other_part_again(display):
    """Parts whose inputs did not change are recorded once and handed again, the same
    command lists (the painter finds them unchanged by identity, issue 30: recording
    every part of every frame anew was 48 µs hot, 180 µs cold); failed before for all
    but the chalk boxes."""
    screen, surface = ShoveScreen(), pygame.Surface(display.size, 0, display.surface)
    view = dataclasses.replace(busiest_shove_view(), problem=None, marked=((150.0, 300.0),))
    screen.draw(surface, view)
    before = screen._record(screen.layout, view)
    after = screen._record(screen.layout, dataclasses.replace(view, message="Münze 4 gezählt"))
    others = [name for name in after if not (isinstance(name, tuple) and name[0] == "message")]
    assert len(others) > 30 and others == [name for name in before if name in others]
    assert [name for name in others if after[name] is not before[name]] == []
    assert pixels(surface) == fresh(surface, view)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_pictures_whose_rows_are_off_16_bytes_draw_what_plain_surfaces_drew(display, monkeypatch, size):
    """The static layer and the kept pictures have rows that are never a multiple of
    16 bytes apart (issue 30: SDL's streaming copy of such rows was 5-12 times slower on
    the development machine): frame for frame the pixels of plain surfaces, as before."""
    from tablegame.display import parts
    off = ShoveScreen(), pygame.Surface(size, 0, display.surface)
    plain = ShoveScreen(), pygame.Surface(size, 0, display.surface)
    opaque_surface = parts.opaque_surface
    for step, view in enumerate(sequence()):
        off[0].draw(off[1], view)
        assert off[0]._static.get_pitch() % 16 and off[0]._static.get_size() == size
        assert all(p.get_pitch() % 16 or not p.get_width() for p in off[0]._lines._pictures.values())
        with monkeypatch.context() as patch:
            patch.setattr(parts, "opaque_surface", lambda wh, like: pygame.Surface(wh, 0, like))
            patch.setattr("tablegame.families.shove.screen.opaque_surface",
                          lambda wh, like: pygame.Surface(wh, 0, like))
            plain[0].draw(plain[1], view)
        assert pixels(off[1]) == pixels(plain[1]), f"frame {step}"
    assert opaque_surface is parts.opaque_surface
