"""Every screen of the table, at both screen sizes, drawn from real game states
through the real plays and the real display: no text on it is smaller than a guest
reads at two metres (``tablegame.display.layout.READABLE``). The pictures are kept in
docs/screenshots (table-*.png) so a reader sees what the guests see."""
import dataclasses
import random
from pathlib import Path

import pygame
import pytest

from tablegame.display import Display
from tablegame.display.layout import readable_px
from tablegame.display.names import SCREENS_WITH_NAMES
from tablegame.families.carrom.state import LeftSeat, Placed, Stroke
from tablegame.families.neunfeld.rules import Roll, TipAndMove
from tablegame.families.schocken.rules import Throw
from tablegame.families.schocken.state import Stop
from tablegame.families.shove.rules import Cleared, CoinToss, Shove
from tablegame.texts import text
from tablegame.words.notes import Note
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup, TableStatus
from tablegame.core.sensors import BoardSnapshot, CoinReading, LinkState, LinkStatus
from tablegame.views.names import NamesView

SCREENSHOTS = Path(__file__).parent.parent / "docs" / "screenshots"
SIZES = [(800, 480), (1024, 600), (1280, 800), (1920, 1080)]
KEPT = [(800, 480), (1920, 1080)]   # the sizes whose pictures docs/screenshots keeps
LINK = LinkStatus(LinkState.OPERATIONAL, "board 0x7ab1e, firmware virtual-1.0 on /dev/pts/3")


def played(setup, *actions, settings=None):
    play = make_play(setup, settings)
    state = play.rules.initial_state(setup.parties)
    for action in actions:
        state = play.rules.apply(state, action)
    return play, TableStatus(setup, state, link=LINK, actions=len(actions), moves=len(actions))


def coins_in(board, *beds):
    return BoardSnapshot(tuple(CoinReading(board.lane[0] + 30 + 40 * i, sum(board.bed_span(b)) / 2)
                               for i, b in enumerate(beds)), settled=True)


def shove(game):
    setup = GameSetup(game, (("Anna", "Carl"), ("Die Gäste aus Köln",)))
    play, status = played(setup, CoinToss(0), Cleared(), Shove((2,)), Shove((2, 5)), Shove((2, 5, 3)))
    reading = coins_in(play.board, 2, 5, 3)
    return play, dataclasses.replace(
        status, reading=reading, readings=(reading,), note=Note.of("coin_counted", left=2),
        problem=Note.of("coins_overlap_in_bed", bed=3))


def shove_over():
    setup = GameSetup("shove-piecepack", (("Anna",), ("Ben",)))
    play = make_play(setup)
    rules, rng = play.rules, random.Random(4)
    state = rules.initial_state(setup.parties)
    while not rules.is_over(state):
        state = rules.apply(state, rules.random_action(state, rng))
    return play, TableStatus(setup, state, link=LINK, note=Note.of("new_game"))


def schocken():
    setup = GameSetup("schocken", (("Anna",), ("Ben",), ("Cem",), ("Dorothea-Charlotte",)))
    return played(setup, Throw((6, 6, 1)))


def shove_short():
    """A coin short of the first line: "zählt nicht, noch einmal schieben" is the news."""
    play, status = shove("shove-hapenny")
    return play, dataclasses.replace(status, note=Note.of("short_of_first_line"), problem=None)


def schocken_results():
    """Three results in the round: "Hausnummer 665" must be read whole, and the tally."""
    setup = GameSetup("schocken", (("Anna",), ("Ben",), ("Cem",), ("Dorothea-Charlotte",)))
    return played(setup, Throw((6, 5, 4)), Stop(), Throw((6, 6, 5)), Stop(), Throw((2, 2, 2)),
                  Stop(), Throw((3, 1, 5)))


def neunfeld_refused(tmp_path):
    """A move onto a square two dice block: the refusal names both."""
    play, status = neunfeld(tmp_path)
    return play, dataclasses.replace(status, problem=Note.of(
        "illegal", reason=Note.of("nf_square_blocked", square=6, dice=(3, 5))))


def neunfeld_hint(tmp_path):
    """OK's hint on screen: the move whole at every size ("… move to s…" was cut), and the
    goals beside two team names."""
    setup = GameSetup("neunfeld", (("Team A",), ("Die Gäste aus Köln",)))
    play, status = played(setup, Roll((1, 5, 2)), TipAndMove(3, 7, 3),
                          settings={"neunfeld": {"solver_cache": str(tmp_path / "solution.bin")}})
    return play, dataclasses.replace(status, note=play.hint(status.state))


def neunfeld(tmp_path):
    setup = GameSetup("neunfeld", (("Anna",), ("Tisch",)), (("table_plays", 1),))
    play, status = played(setup, Roll((1, 5, 2)), TipAndMove(3, 7, 3),
                          settings={"neunfeld": {"solver_cache": str(tmp_path / "solution.bin")}})
    return play, status


CARROM = GameSetup("carrom", (("Anna", "Carl"), ("Ben", "Dorothea-Charlotte")))


def carrom():
    return played(CARROM)


def carrom_place():
    """Board 2: the queen and two men to put back, a due owed, a board won, and one man
    put back outside the circle."""
    play, status = played(CARROM, Placed(), Stroke(white=1), Stroke(), LeftSeat(0), Placed(),
                          Stroke(black=1), Stroke(), Stroke(striker=True),
                          Stroke(queen=True, white=1, black=1, striker=True))
    return play, dataclasses.replace(status, problem=Note.of(
        "cr_outside_outer_circle", kind="black", x=370, y=220))


SCREENS = {
    "shove-hapenny": lambda tmp_path: shove("shove-hapenny"),
    "shove-piecepack": lambda tmp_path: shove("shove-piecepack"),
    "shove-over": lambda tmp_path: shove_over(),
    "shove-short": lambda tmp_path: shove_short(),
    "schocken": lambda tmp_path: schocken(),
    "schocken-results": lambda tmp_path: schocken_results(),
    "neunfeld": neunfeld,
    "neunfeld-refused": neunfeld_refused,
    "neunfeld-hint": neunfeld_hint,
    "carrom": lambda tmp_path: carrom(),
    "carrom-place": lambda tmp_path: carrom_place(),
}


def show(display, view):
    display.show(view)
    return display.screen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCREENS))
@pytest.mark.parametrize("language", ["de", "en"])
def test_no_text_on_a_screen_is_too_small_to_read_at_two_metres(name, size, language, tmp_path):
    play, status = SCREENS[name](tmp_path)
    with Display(size, caption="test", screens=SCREENS_WITH_NAMES) as display:
        view = play.view(status, language)
        screen = show(display, view)
        assert screen.text.smallest_px >= readable_px(size) == round(size[1] / 20)
        if name.startswith("carrom"):
            assert_carrom_read_in_full(view, screen.text.cut)
        assert [text for text in screen.text.cut if any(
            words and words in text for words in meaning(view))] == [], (name, size)
        if language == "de" and size in KEPT:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            pygame.image.save(display.surface, SCREENSHOTS / f"table-{name}-{size[0]}x{size[1]}.png")


def meaning(view) -> list[str]:
    """What guests act on, in any family's view: the news, the problem, the status and the
    headings, Schocken's results, the winner. Names may end in "…"; these may not."""
    words = [getattr(view, field, None) for field in (
        "message", "problem", "status", "title", "tally_label", "half", "pot_label",
        "winner", "loser", "refusal", "hint", "hint_text", "keys")]
    words += [p.goal_text for p in getattr(view, "parties", ()) if hasattr(p, "goal_text")]
    words += [p.result_short or p.result for p in getattr(view, "players", ())
              if hasattr(p, "result")]
    return [w for w in words if isinstance(w, str) and w]


def assert_carrom_read_in_full(view, cut):
    """Guests act on what to put back, and read the scores and the problem: none of it
    may end in "…" (a long name, a ruling's last line may)."""
    whole = [*view.to_place, view.problem, view.winner, view.board_winner, view.status,
             *(side.boards for side in view.parties), *(side.owed for side in view.parties)]
    assert view.to_place and all(side.boards for side in view.parties)
    assert [text for text in cut if any(words and words in text for words in whole)] == []
    assert {str(side.score) for side in view.parties} & cut == set()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_names_panel_is_as_readable(size, tmp_path):
    play, status = shove("shove-hapenny")
    panel = NamesView(play.view(status, "de"), "Wer spielt?", labels=("Partei 1", "Partei 2"),
                      texts=("Anna, Carl", "Die Gäste aus Köln"), current=1,
                      problem="Partei 2: höchstens 24 Zeichen",
                      hint=text("de", "names_keys_parties"))
    with Display(size, caption="test", screens=SCREENS_WITH_NAMES) as display:
        screen = show(display, panel)
        assert screen.text.smallest_px >= readable_px(size)
        assert not {panel.hint, panel.problem} & screen.text.cut
        if size in KEPT:
            pygame.image.save(display.surface, SCREENSHOTS / f"table-names-{size[0]}x{size[1]}.png")


def test_every_character_the_texts_use_has_a_glyph_in_the_screens_font():
    """A character the font lacks is drawn as an empty box (the arrow once was)."""
    from tablegame.display.text import TextCache
    sources = [*Path("tablegame/texts").glob("*.py"), *Path("tablegame/views").glob("*.py"),
               *(path for role in ("texts*", "play", "view", "screen*")
                 for path in Path("tablegame/families").glob(f"*/{role}.py")),
               *Path("tablegame/display").glob("*.py")]   # what the screens draw themselves ("✓")
    root = Path(__file__).parent.parent
    used = {c for path in sources for c in (root / path).read_text(encoding="utf-8") if ord(c) > 127}
    pygame.font.init()
    font = TextCache().font(40)
    missing = pygame.image.tobytes(font.render("\ue000", True, (255, 255, 255)), "RGBA")
    boxes = sorted(c for c in used
                   if pygame.image.tobytes(font.render(c, True, (255, 255, 255)), "RGBA") == missing)
    assert boxes == []

