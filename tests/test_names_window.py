"""The name editor in the desktop window, through the handler chain ``simulate``
builds (``names_in_window`` in front of KeysToPins on gpiozero's mock pins) and
``main_loop``: window events typed on the dummy video driver become a new game in
the session and its SQLite log, and keys typed in the panel press no button."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import random  # noqa: E402
import sqlite3  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from hardware.buttons import RailButtons  # noqa: E402
from tablegame.display import Display  # noqa: E402
from tablegame.families.shove.screen import ShoveScreen  # noqa: E402
from tablegame.display.names import SCREENS_WITH_NAMES, NamesScreen  # noqa: E402
from hardware.keys import KeysToPins  # noqa: E402
from tablegame.core import jsoncodec  # noqa: E402
from table_app.name_editor import names_in_window  # noqa: E402
from tablegame.core.events import ButtonPress  # noqa: E402
from tablegame.core.games import make_play  # noqa: E402
from tablegame.core.play import GameSetup  # noqa: E402
from table_app.service import main_loop  # noqa: E402
from tablegame.core.session import Session  # noqa: E402
from tablegame.core.store import EventLog  # noqa: E402
from tablegame.families.shove.view import ShoveView  # noqa: E402
from tablegame.views.names import NamesView  # noqa: E402

PINS = {"ok": 17, "back": 27, "menu": 22}
SHOVE = GameSetup("shove-hapenny", (("Team A",), ("Team B",)))
SCHOCKEN = GameSetup("schocken", (("Anna",), ("Ben",), ("Cem",)))


class Ticking:
    """A clock that moves on 0.1 s each time it is read: a key's down and up are a
    short press, well past the debounce."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        self.now += 0.1
        return self.now


class RecordingDisplay(Display):
    """The window, remembering every view it was asked to show."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.views = []

    def show(self, view) -> None:
        self.views.append(view)
        super().show(view)


class Table:
    """A session on an SQLite log, the rail buttons on mock pins, the window, and the
    window's handlers as ``simulate`` builds them."""

    def __init__(self, db, setup, language="en", make=make_play) -> None:
        self.db, self.language = db, language
        self.session = Session(EventLog(db), make, setup, rng=random.Random(1))
        self.factory = MockFactory()
        self.presses: list[ButtonPress] = []

        def post(press):
            self.presses.append(press)
            self.session.post(press)
        self.buttons = RailButtons(PINS, post, clock=Ticking(), pin_factory=self.factory)
        self.display = RecordingDisplay((800, 480), screens=SCREENS_WITH_NAMES)
        keys = KeysToPins(PINS, pin_factory=self.factory, clock=Ticking())
        self.shown, self.handlers = names_in_window(self.session, self.display, language,
                                                    [keys.handle])
        self.started = False

    def run(self, *events) -> None:
        """Put ``events`` in pygame's queue and let the main loop take them all."""
        pygame.event.clear()
        for event in events:
            pygame.event.post(event)
        ticks = iter([False, True])
        main_loop(self.session, self.shown, self.language, handlers=self.handlers,
                  should_stop=lambda: next(ticks))

    @property
    def seen(self):
        return self.display.views[-1]

    def close(self) -> None:
        self.display.close()
        self.buttons.close()
        self.factory.reset()


@pytest.fixture
def table(tmp_path):
    tables = []

    def make(setup=SHOVE, **kwargs):
        tables.append(Table(tmp_path / "table.sqlite", setup, **kwargs))
        return tables[-1]
    yield make
    for t in tables:
        t.close()


def down(key, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def up(key, mod=0):
    return pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)


def tap(key, mod=0):
    return [down(key, mod), up(key, mod)]


def typed(text):
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def open_names():
    """N as SDL delivers it: the key, the letter it types, the release."""
    return [down(pygame.K_n), typed("n"), up(pygame.K_n)]


def clear_line(n):
    return [e for _ in range(n) for e in tap(pygame.K_BACKSPACE)]


def logged(db):
    with sqlite3.connect(db) as conn:
        return [(kind, data) for kind, data in
                conn.execute("SELECT kind, data FROM events ORDER BY seq")]


def logged_setup(db):
    return jsoncodec.from_data(GameSetup, EventLog(db).current_game()[0].data)


def pixels(surface):
    return pygame.image.tobytes(surface, "RGB")


def drawn_whole(surface, view):
    canvas = pygame.Surface(surface.get_size(), 0, surface)
    ShoveScreen().draw(canvas, view)
    return pixels(canvas)


def drawn_fresh(surface, view):
    canvas = pygame.Surface(surface.get_size(), 0, surface)
    NamesScreen().draw(canvas, view)
    return pixels(canvas)


def test_names_typed_in_the_window_start_a_new_game_with_those_parties(table):
    t = table()
    t.run(*open_names(), *clear_line(6), typed("Anna"), typed(", "), typed("Carl"),
          *tap(pygame.K_TAB), *clear_line(6), typed("Ben"))
    assert isinstance(t.seen, NamesView) and isinstance(t.display.screen, NamesScreen)
    assert t.seen.labels == ("Party 1", "Party 2")
    assert t.seen.texts == ("Anna, Carl", "Ben") and t.seen.current == 1
    assert "Enter: new game" in t.seen.hint
    # What the window shows is the panel over the game, drawn as if for the first time
    # (the game's screen under the panel is drawn whole on each key, not dimmed twice).
    assert pixels(t.display.surface) == drawn_fresh(t.display.surface, t.seen)
    t.run(*tap(pygame.K_RETURN))
    view = t.seen
    assert isinstance(view, ShoveView)
    assert [p.name for p in view.parties] == ["Anna & Carl", "Ben"]
    assert view.message == "New game"
    assert t.session.status.setup == GameSetup("shove-hapenny", (("Anna", "Carl"), ("Ben",)))
    assert [kind for kind, _ in logged(t.db)] == ["new_game"]  # the fresh table logged nothing
    assert logged_setup(t.db).parties == (("Anna", "Carl"), ("Ben",))
    # The panel is gone, pixel for pixel: the game's screen drew the window whole.
    assert pixels(t.display.surface) == drawn_whole(t.display.surface, view)
    assert t.presses == []


def test_a_restart_resumes_with_the_named_parties(table, tmp_path):
    t = table()
    t.run(*open_names(), *clear_line(6), typed("Anna"), *tap(pygame.K_RETURN))
    t.close()
    again = Session(EventLog(tmp_path / "table.sqlite"), make_play, SHOVE)
    assert again.status.setup.parties == (("Anna",), ("Team B",))


def test_enter_space_m_and_backspace_in_the_panel_press_no_button(table):
    t = table()
    t.run(*tap(pygame.K_RETURN))               # the panel closed: Enter is OK
    assert t.presses == [ButtonPress("ok")]
    assert t.session.status.actions == 1       # the coin toss
    t = table()                                # a fresh table on a new log
    t.session.handle(ButtonPress("menu", long=True))
    t.run(*open_names(), *tap(pygame.K_BACKSPACE), *tap(pygame.K_SPACE), typed(" "),
          *tap(pygame.K_m), typed("m"), *tap(pygame.K_KP_ENTER))
    assert t.presses == []
    assert t.session.status.setup.parties == (("m",), ("Team B",))   # Backspace: the selection
    assert all(t.factory.pin(pin).state for pin in PINS.values())   # every pin up


def test_a_key_held_when_the_panel_opens_is_let_go(table):
    t = table()
    t.run(down(pygame.K_BACKSPACE), *open_names(), up(pygame.K_BACKSPACE))
    assert all(t.factory.pin(pin).state for pin in PINS.values())
    assert t.presses == [ButtonPress("back")]  # a short press: nothing is undone
    assert isinstance(t.seen, NamesView)


def test_escape_leaves_the_parties_as_they_were(table):
    t = table()
    t.run(*open_names(), *clear_line(3), typed("Zed"), *tap(pygame.K_ESCAPE))
    assert isinstance(t.seen, ShoveView)
    assert [p.name for p in t.seen.parties] == ["Team A", "Team B"]
    assert t.session.status.setup == SHOVE and len(logged(t.db)) == 0
    assert pixels(t.display.surface) == drawn_whole(t.display.surface, t.seen)
    t.run(*open_names())                       # and the panel opens on them again
    assert t.seen.texts == ("Team A", "Team B")


def test_enter_with_nothing_changed_starts_no_game(table):
    t = table()
    t.run(*open_names(), *tap(pygame.K_RETURN))
    assert isinstance(t.seen, ShoveView) and len(logged(t.db)) == 0


def test_an_empty_name_keeps_the_panel_open_and_says_which(table):
    t = table(language="de")
    t.run(*open_names(), *tap(pygame.K_TAB), *clear_line(6), *tap(pygame.K_UP),
          *tap(pygame.K_RETURN))
    assert isinstance(t.seen, NamesView)
    assert t.seen.problem == "Partei 2: ein Name fehlt" and t.seen.current == 1
    assert t.session.status.setup == SHOVE and len(logged(t.db)) == 0
    assert t.presses == []


def test_schocken_players_are_added_and_removed_with_ctrl(table):
    t = table(SCHOCKEN, language="de")
    ctrl = pygame.KMOD_LCTRL
    t.run(*open_names(), *tap(pygame.K_DOWN), *tap(pygame.K_n, ctrl), typed("Dora"))
    assert t.seen.labels == ("Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4")
    assert t.seen.texts == ("Anna", "Ben", "Dora", "Cem") and t.seen.current == 2
    assert "Strg+N: Spieler dazu" in t.seen.hint
    t.run(*tap(pygame.K_DOWN), *tap(pygame.K_DOWN), *tap(pygame.K_d, ctrl))
    assert t.seen.texts == ("Ben", "Dora", "Cem")          # Ctrl+D took Anna
    t.run(*tap(pygame.K_d, ctrl), *tap(pygame.K_d, ctrl))
    assert t.seen.texts == ("Dora", "Cem") and t.seen.problem == "Mindestens 2 Spieler"
    t.run(*tap(pygame.K_RETURN))
    assert t.session.status.setup.parties == (("Dora",), ("Cem",))
    assert logged_setup(t.db) == GameSetup("schocken", (("Dora",), ("Cem",)))
    assert t.presses == []


def test_a_schocken_game_of_four_from_the_panel(table):
    t = table(SCHOCKEN)
    t.run(*open_names(), *tap(pygame.K_UP), *tap(pygame.K_n, pygame.KMOD_RCTRL), typed("Dora"),
          *tap(pygame.K_RETURN))
    parties = (("Anna",), ("Ben",), ("Cem",), ("Dora",))
    assert t.session.status.setup.parties == parties and logged_setup(t.db).parties == parties
    assert [p.name for p in t.seen.players] == ["Anna", "Ben", "Cem", "Dora"]
    assert t.presses == []


def test_n_on_a_fresh_table_whose_board_was_seen_empty_opens_the_panel(table):
    from tablegame.core.sensors import BoardSnapshot
    t = table()
    t.session.handle(BoardSnapshot((), settled=True))   # the board seen empty: not a move
    assert t.session.status.actions == 1 and t.session.status.moves == 0
    t.run(*open_names())
    assert isinstance(t.seen, NamesView) and t.seen.labels == ("Party 1", "Party 2")


def test_n_after_the_first_action_does_nothing_but_say_why(table):
    t = table()
    t.session.handle(ButtonPress("ok"))        # the coin toss: the game has begun
    t.run(*open_names(), typed("x"))
    assert isinstance(t.seen, NamesView) and t.seen.labels == ()
    assert t.seen.problem == "Names only before the first move: hold MENU for a new game, then N"
    assert t.session.status.setup == SHOVE and t.session.status.actions == 1
    t.run(*tap(pygame.K_x))                    # any key takes the note away
    assert isinstance(t.seen, ShoveView)
    assert pixels(t.display.surface) == drawn_whole(t.display.surface, t.seen)
    assert [kind for kind, _ in logged(t.db)] == ["new_game", "action"]


def test_a_setup_the_session_refuses_shows_its_reason(table):
    def picky(setup):
        if any("Zed" in party for party in setup.parties):
            raise ValueError("Zed is barred from this table")
        return make_play(setup)
    t = table(make=picky)
    t.run(*open_names(), *clear_line(6), typed("Zed"), *tap(pygame.K_RETURN))
    assert isinstance(t.seen, ShoveView)
    assert t.seen.message == "Game not started: Zed is barred from this table"
    assert [p.name for p in t.seen.parties] == ["Team A", "Team B"]
    assert len(logged(t.db)) == 0


def test_typing_in_a_field_replaces_the_names_it_opened_with(table):
    """The fields open with the current names selected, as a form field entered with
    Tab: "Xaver, Zoe" typed over "Anna, Carl" is the party, not "Anna, CarlXaver, Zoe"
    (issue 30, item 1)."""
    t = table(GameSetup("shove-hapenny", (("Anna", "Carl"), ("Ben",))))
    t.run(*open_names())
    assert t.seen.selected and t.seen.texts == ("Anna, Carl", "Ben")
    t.run(typed("Xaver"), typed(", "), typed("Zoe"), *tap(pygame.K_TAB))
    assert t.seen.texts == ("Xaver, Zoe", "Ben") and t.seen.selected     # Tab selects the next
    t.run(typed("Yvonne"), *tap(pygame.K_RETURN))
    assert t.session.status.setup.parties == (("Xaver", "Zoe"), ("Yvonne",))


def test_backspace_clears_a_selected_field_and_end_keeps_it_to_edit(table):
    t = table(GameSetup("shove-hapenny", (("Anna", "Carl"), ("Ben",))))
    t.run(*open_names(), *tap(pygame.K_END), typed("a"))          # End: edit at its end
    assert t.seen.texts[0] == "Anna, Carla" and not t.seen.selected
    t.run(*tap(pygame.K_TAB), *tap(pygame.K_BACKSPACE))           # selected: all of it goes
    assert t.seen.texts[1] == ""


@pytest.mark.parametrize("size", [(800, 480), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("language", ["de", "en"])
def test_the_panels_keys_and_notes_are_never_cut(tmp_path, size, language):
    """The help line ended "… Tab/arrows: oth…", so Enter and Esc were never shown; the
    note for N during a game ended "hold ME…" (issue 30, item 1)."""
    from table_app.name_editor import NamesEditor
    session = Session(EventLog(tmp_path / "t.sqlite"), make_play, SCHOCKEN)
    editor = NamesEditor(session, language)
    with Display(size, screens=SCREENS_WITH_NAMES) as display:
        editor._open()
        panel = editor.view(session.play.view(session.status, language))
        display.show(panel)
        assert "Enter" in panel.hint and "Esc" in panel.hint
        assert not {panel.hint, panel.problem} & display.screen.text.cut
        session.handle(ButtonPress("ok"))
        editor._close()
        editor._open()                                  # during the game: the note
        note = editor.view(session.play.view(session.status, language))
        display.show(note)
        assert note.problem and note.problem not in display.screen.text.cut
    session.close()
