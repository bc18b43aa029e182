"""The text cache's blocks are the picture the plain recipe gives: each line rendered
with pygame's default font and blended, by its alignment, onto a transparent surface
``width`` wide, one line height apart. Fonts read from memory, lines shared between
blocks and copying instead of blending are the cache's business: not one pixel,
size or ink rectangle may differ."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

from tablegame.display import text as T  # noqa: E402
from tablegame.display.text import TextCache  # noqa: E402

CREAM, INK = (246, 238, 218), (22, 20, 18)


@pytest.fixture(autouse=True, params=[True, False], ids=["window", "no-window"])
def window(request):
    pygame.display.init()
    pygame.font.init()
    if request.param:
        pygame.display.set_mode((800, 480))
    yield
    pygame.display.quit()


def rgba(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def plain_block(lines: list[str], px: int, colour, width: int, align: str):
    """The block as the recipe says, with pygame's own default font; and its ink."""
    font = pygame.font.Font(None, round(px / 0.68))
    rendered = [font.render(line, True, colour) for line in lines]
    step = font.get_linesize()
    block = pygame.Surface((width, step * (len(lines) - 1) + rendered[0].get_height()),
                           pygame.SRCALPHA)
    ink = None
    for i, surface in enumerate(rendered):
        x = {"left": 0, "center": (width - surface.get_width()) // 2,
             "right": width - surface.get_width()}[align]
        rect = block.blit(surface, (x, i * step))
        ink = rect if ink is None else ink.union(rect)
    return block, ink.clip(block.get_rect())


CASES = [
    ["Team A schiebt – noch 4 Münzen"],
    ["Team A schiebt –", "noch 4 Münzen"],
    # lines taller than a line step (umlauts, descenders) reach into the next one
    ["Größe Ärger gjpqy", "ÄÖÜ Übergang", "jpg Öl"],
    ["i", "Wettbewerb um den Pott"],
]


@pytest.mark.parametrize("align", ["left", "center", "right"])
@pytest.mark.parametrize("lines", CASES, ids=lambda lines: f"{len(lines)} lines")
@pytest.mark.parametrize("px", [14, 41, 92])
def test_a_block_is_the_plain_recipe_pixel_for_pixel(lines, px, align):
    width = max(pygame.font.Font(None, round(px / 0.68)).size(line)[0] for line in lines) + 37
    text = TextCache()
    block = text.block("\n".join(lines), px, CREAM, width, max_lines=len(lines), align=align)
    expected, ink = plain_block(lines, px, CREAM, width, align)
    assert block.get_size() == expected.get_size()
    assert block.get_width() == width
    assert text.ink(block) == ink
    assert rgba(block) == rgba(expected)


def test_tall_lines_do_overlap_in_the_cases():
    font = pygame.font.Font(None, round(41 / 0.68))
    assert font.render(CASES[2][0], True, CREAM).get_height() > font.get_linesize()


def test_blocks_share_their_lines_and_still_look_the_same():
    text = TextCache()
    text.block("Team A schiebt –\nnoch 4 Münzen", 92, CREAM, 871, max_lines=2)
    renders = text.renders
    shared = text.block("Team B schiebt –\nnoch 4 Münzen", 92, CREAM, 871, max_lines=2)
    assert text.renders == renders + 1   # "noch 4 Münzen" was rendered already
    alone = TextCache().block("Team B schiebt –\nnoch 4 Münzen", 92, CREAM, 871, max_lines=2)
    assert rgba(shared) == rgba(alone)
    # another colour is another line
    text.block("noch 4 Münzen", 92, INK, 871)
    assert text.renders == renders + 2


def test_the_caches_keep_their_bounds():
    text = TextCache(max_entries=4)
    for i in range(20):
        text.block(f"Zeile {i}\nnoch {i}", 30, CREAM, 300, max_lines=2)
    assert len(text._surfaces) == 4
    assert len(text._lines) == text._max_lines < 40


@pytest.mark.parametrize("size", [9, 10, 13, 20, 27, 40, 55, 64, 88, 101, 135, 160, 250])
def test_the_font_from_memory_is_pygames_default_font(size):
    ours, theirs = T._default_font(size), pygame.font.Font(None, size)
    assert T._default_font_data, "the default font should load from memory"
    sample = "Münze gezählt – noch 4 Münzen: ÄÖÜß… (5/10) · Wj"
    for name in ("get_height", "get_linesize", "get_ascent", "get_descent"):
        assert getattr(ours, name)() == getattr(theirs, name)()
    assert ours.size(sample) == theirs.size(sample)
    assert rgba(ours.render(sample, True, CREAM)) == rgba(theirs.render(sample, True, CREAM))


def plain_wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Greedy word wrap measuring every line it tries: the lines a block must have."""
    lines = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if current and font.size(candidate)[0] > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return lines


def catalogue_sentences() -> list[str]:
    import re
    from tablegame.texts import TEXTS
    return sorted({re.sub(r"\{[^}]*\}", value, template) for texts in TEXTS.values()
                   for template in texts.values() if isinstance(template, str)
                   for value in ("3", "Anna & Carl", "Ørjan Jüngling-Ffjord")})


@pytest.mark.parametrize("px", [8, 22, 50, 92])
def test_a_wrap_guessed_from_the_words_breaks_every_catalogue_text_where_measuring_does(px):
    # the layout measures a line only near its width, guessing the rest from its words'
    # widths (a line is -2 to +1 px from its words and spaces added up at 6-99 px)
    text = TextCache()
    font = text.font(px)
    for sentence in catalogue_sentences():
        full = font.size(sentence)[0]
        for width in (full, full - 1, full * 2 // 3, full // 2, full // 3, full // 5, 40):
            widths = T._Widths(font, text._words_at(px))
            assert T._wrap(widths, sentence, width) == plain_wrap(font, sentence, width), \
                (sentence, width)


@settings(max_examples=150, deadline=None)
@given(words=st.lists(st.text("aefijlmrtwyAJTVWÄÖÜßgjpq–·…:,.0147", min_size=1, max_size=12),
                      min_size=1, max_size=14),
       px=st.integers(6, 120), width=st.integers(1, 1600))
def test_a_wrap_guessed_from_the_words_breaks_any_text_where_measuring_does(words, px, width):
    text = TextCache()
    sentence = " ".join(words)
    assert T._wrap(T._Widths(text.font(px), text._words_at(px)), sentence, width) \
        == plain_wrap(text.font(px), sentence, width)


def test_a_line_guessed_to_fit_that_does_not_is_wrapped_measuring_every_try():
    # words remembered too narrow (a guess off beyond its slack): the line taken on the guess
    # is measured at its end, found too wide, and the text wrapped as measuring does
    text = TextCache()
    font = text.font(22)
    sentence = "Münze gezählt – noch 3 · 2 Münzen in Bett 1 berühren eine Linie: zählen nicht"
    narrow = {word: 1 for word in sentence.split() + [" "]}
    for width in (font.size(sentence)[0] // 2, 120, 60):
        assert T._wrap(T._Widths(font, dict(narrow)), sentence, width) == plain_wrap(font, sentence, width)
