"""Naming the parties in the desktop window: before the first action of a game, N
opens a panel over the screen with one line per party ("Anna, Carl"); Enter starts
a new game with those parties, Escape leaves them as they were.

``PartyNames`` is the editing itself (pure: no pygame, no session); ``NamesEditor``
turns window events into its verbs, posts the new game to the session and puts the
panel over whatever the game shows. While the panel is open it keeps the keys to
itself: Enter does not press OK, Backspace does not press BACK."""
from __future__ import annotations

from typing import Callable, Iterable, Sequence

from tablegame.texts import text
from tablegame.words.notes import Note
from tablegame.core.parties import MAX_CHARS, parse_parties, say_problem, solo
from tablegame.core.play import GameSetup
from tablegame.core.session import NewGame
from tablegame.views.names import NamesView



class PartyNames:
    """The parties as they are being typed: one text per party, names separated by
    commas. A party's text is ``selected`` whole when its row is entered (on opening,
    Tab, the arrows), as a form field is: typing replaces it, Backspace clears it, End
    or the right arrow keeps it to be edited at its end; then typing and Backspace act
    on the current party's end.

    A verb that cannot be done leaves everything as it was and sets ``problem``
    (a ``Note`` whose ``seat`` is a party's index); the next edit clears it."""

    def __init__(self, parties: Sequence[Sequence[str]], *, fewest: int = 2, most: int = 2,
                 solo: bool = False) -> None:
        self.original = tuple(tuple(p) for p in parties)
        self.texts = [", ".join(p) for p in self.original]
        self.fewest, self.most, self.solo = fewest, most, solo
        self.current = 0
        self.selected = True
        self.problem: Note | None = None

    def type(self, typed: str) -> None:
        typed = "".join(ch for ch in typed if ch.isprintable())
        if not typed:
            return
        kept = "" if self.selected else self.texts[self.current]
        if len(kept) + len(typed) > MAX_CHARS:
            self.problem = Note.of("names_too_long", seat=self.current, most=MAX_CHARS)
            return
        self.texts[self.current] = kept + typed
        self.selected, self.problem = False, None

    def delete(self) -> None:
        self.texts[self.current] = "" if self.selected else self.texts[self.current][:-1]
        self.selected, self.problem = False, None

    def keep(self) -> None:
        """End: the selected text stays, to be edited at its end."""
        self.selected = False

    def next(self) -> None:
        self.current = (self.current + 1) % len(self.texts)
        self.selected = True

    def previous(self) -> None:
        self.current = (self.current - 1) % len(self.texts)
        self.selected = True

    def add(self) -> None:
        """A new, empty party after the current one, to be typed in."""
        if len(self.texts) >= self.most:
            self.problem = self._count_problem("names_most", self.most)
            return
        self.current += 1
        self.texts.insert(self.current, "")
        self.selected, self.problem = False, None

    def remove(self) -> None:
        """The current party leaves; the one after it (or the last) becomes current."""
        if len(self.texts) <= self.fewest:
            self.problem = self._count_problem("names_fewest", self.fewest)
            return
        del self.texts[self.current]
        self.current = min(self.current, len(self.texts) - 1)
        self.selected, self.problem = True, None

    def parties(self) -> tuple[tuple[str, ...], ...] | None:
        """The parties as typed, or None with ``problem`` saying what is wrong (and
        that party made current)."""
        parties, problem = parse_parties(self.texts, self.solo)
        if problem is not None:
            self.problem, self.current = problem, problem.kwargs["seat"]
            self.selected = False     # the wrong names stay, to be mended
        return parties

    @property
    def changed(self) -> bool:
        return [", ".join(p) for p in self.original] != self.texts

    def _count_problem(self, key: str, count: int) -> Note:
        return Note.of("names_fixed" if self.fewest == self.most else key, count=count)


class NamesEditor:
    """The panel's window side: ``shown = editor.over(display)`` is what the main loop
    shows through, ``editor.route(handlers)`` the one window handler; events reach
    ``handlers`` only when the editor does not take them."""

    def __init__(self, session, language: str) -> None:
        import pygame
        self._pg = pygame
        self._session = session
        self._language = language
        self.names: PartyNames | None = None   # open while set
        self.notice: Note | None = None        # why N did nothing, until the next key
        self._opening_text = False             # the "n" that the opening N also types
        self._shown: OverlaidDisplay | None = None

    # --- wiring ------------------------------------------------------------------------
    def over(self, display) -> OverlaidDisplay:
        self._shown = OverlaidDisplay(display, self)
        return self._shown

    def route(self, handlers: Iterable[Callable]) -> Callable:
        handlers = list(handlers)

        def handle(event) -> None:
            if not self.handle(event):
                for other in handlers:
                    other(event)
        return handle

    # --- events --------------------------------------------------------------------------
    def handle(self, event) -> bool:
        """One window event; True when the editor took it (nobody else may have it)."""
        pg = self._pg
        if self.notice is not None and event.type in (pg.KEYDOWN, pg.MOUSEBUTTONDOWN):
            self.notice = None          # the note goes; the key does what it always does
            self._redraw()
        if self.names is None:
            if event.type == pg.KEYDOWN and event.key == pg.K_n \
                    and not event.mod & (pg.KMOD_CTRL | pg.KMOD_ALT | pg.KMOD_META):
                self._open()
                return True
            return False
        if event.type == pg.TEXTINPUT:
            if not (self._opening_text and event.text.lower() == "n"):
                self.names.type(event.text)
            self._opening_text = False
        elif event.type == pg.KEYDOWN:
            self._opening_text = False
            self._key(event)
        elif event.type not in (pg.MOUSEBUTTONDOWN, pg.MOUSEWHEEL, pg.TEXTEDITING):
            # Releases, motion and window events: a key or button held before the
            # panel opened must still be let go.
            return False
        self._redraw()
        return True

    def _key(self, event) -> None:
        pg, names = self._pg, self.names
        if event.mod & pg.KMOD_CTRL:
            verb = {pg.K_n: names.add, pg.K_d: names.remove}.get(event.key)
        elif event.key == pg.K_TAB:
            verb = names.previous if event.mod & pg.KMOD_SHIFT else names.next
        else:
            verb = {pg.K_DOWN: names.next, pg.K_UP: names.previous, pg.K_END: names.keep,
                    pg.K_RIGHT: names.keep, pg.K_BACKSPACE: names.delete, pg.K_RETURN: self._confirm,
                    pg.K_KP_ENTER: self._confirm, pg.K_ESCAPE: self._close}.get(event.key)
        if verb is not None:
            verb()

    def _open(self) -> None:
        status = self._session.status
        if status.moves:
            over = self._session.play.rules.is_over(status.state)
            self.notice = Note.of("names_after_end" if over else "names_after_start")
        else:
            rules = self._session.play.rules
            self.names = PartyNames(status.setup.parties, fewest=rules.min_parties,
                                    most=rules.max_parties,
                                    solo=solo(status.setup.game))
            self._opening_text = True
            self._pg.key.start_text_input()
        self._redraw()

    def _confirm(self) -> None:
        parties = self.names.parties()
        if parties is None:
            return
        setup = self._session.status.setup
        if self._session.status.moves:         # the game began while the panel was open
            self.notice = Note.of("names_after_start")
        elif parties != setup.parties:
            # The session checks the setup again; a refusal shows on the message line.
            self._session.post(NewGame(GameSetup(setup.game, parties, setup.options)))
        self._close()

    def _close(self) -> None:
        self.names = None

    # --- what is shown ---------------------------------------------------------------------
    def view(self, under):
        """``under`` (the game's view) with the panel over it, while there is one."""
        names, t = self.names, self._text
        if names is None:
            if self.notice is None:
                return under
            return NamesView(under, t("names_title"), problem=t(self.notice),
                             hint=t(Note.of("names_dismiss")))
        row = "names_player" if names.solo else "names_party"
        keys = "names_keys_seats" if names.most > names.fewest else \
            "names_keys_players" if names.solo else "names_keys_parties"
        return NamesView(
            under, t("names_title"),
            labels=tuple(t(Note.of(row, number=i + 1)) for i in range(len(names.texts))),
            texts=tuple(names.texts), current=names.current, selected=names.selected,
            problem=t(names.problem) if names.problem else "", hint=t(Note.of(keys)))

    def _text(self, note: Note | str) -> str:
        if isinstance(note, str):
            return text(self._language, note)
        return say_problem(self._language, note, self.names is not None and self.names.solo)

    def _redraw(self) -> None:
        if self._shown is not None:
            self._shown.redraw()


class OverlaidDisplay:
    """The window as the main loop sees it: every game view it shows goes under the
    editor's panel while that is open. Everything else is the display's own."""

    def __init__(self, display, editor: NamesEditor) -> None:
        self._display = display
        self._editor = editor
        self._under = None

    def show(self, view) -> None:
        self._under = view
        self._display.show(self._editor.view(view))

    def redraw(self) -> None:
        """The last game view again, with the panel as it is now."""
        if self._under is not None:
            self.show(self._under)

    def __getattr__(self, name):
        return getattr(self._display, name)


def names_in_window(session, display, language: str,
                    handlers: Iterable[Callable]) -> tuple[OverlaidDisplay, list[Callable]]:
    """For ``simulate``: the display to show through and the window's handlers, with
    the name editor in front of ``handlers``."""
    editor = NamesEditor(session, language)
    return editor.over(display), [editor.route(handlers)]
