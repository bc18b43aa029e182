"""How one game family is played on this table: the bridge between the pure rules
and the table's inputs and outputs. The session holds one ``Play`` per game."""
from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Mapping, Protocol

from tablegame.core.events import ButtonPress
from tablegame.core.match import Match
from tablegame.core.rules import Rules
from tablegame.words.notes import Note
from tablegame.core.sensors import LinkStatus


@dataclass(frozen=True)
class GameSetup:
    """Which game, with which options, between whom: the first entry of every game's log."""

    game: str
    parties: tuple[tuple[str, ...], ...]
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def options_dict(self) -> dict:
        return dict(self.options)


@dataclass(frozen=True)
class PlaySettings:
    """What a family's play factory is given beside its rules: which of the family's
    games, the family's table settings and the game's board settings by name (every
    one present, defaults filled in from the registration), and the folder where the
    table keeps its files (the event log's; None: none chosen, e.g. a check)."""

    game: str
    values: Mapping[str, Any] = field(default_factory=dict)
    folder: str | None = None

    def __getitem__(self, name: str) -> Any:
        return self.values[name]


@dataclass(frozen=True)
class Verdict:
    """What the table makes of an input: at most one action, and what to tell people."""

    action: Any = None
    note: Note | None = None
    problem: bool = False  # the input cannot be explained: someone must fix the board
    warning: Note | None = None  # shown with an action that counts (e.g. a coin moved unhit)
    # slow, pure work the session runs beside the writer once the action is logged and
    # shown; the Verdict it returns (or None) is handled like any other event, by "table"
    beside: Callable[[], Verdict | None] | None = None
    # a play's own menu asks for the staff page's address (a menu that takes MENU during
    # the game offers it, since MENU no longer reaches the session's address there)
    show_address: bool = False
    # what a check beside the writer found about the last move, kept in the status to be
    # shown (Shove: the replay of its physics fit); a verdict that brings only these
    # changes nothing else. ``show_reasons``: show them now (a button held, a coin named)
    reasons: Any = None
    show_reasons: bool = False

    def but(self, **changes) -> Verdict:
        """This verdict with ``changes``, as ``dataclasses.replace`` without ``__init__``
        (``but`` below): Shove's physics check adds its work beside the writer to every
        settled shove's verdict, in the frame."""
        return but(self, _VERDICT_FIELDS, changes)


@dataclass(frozen=True)
class PutBack:
    """The board must lie as it did when the game reached its current state: after a
    restart (the coins still lie there) or an undo (the undone coin is taken back).
    A simulated board's hand lays it out once per ``number``; at a real table, hands do."""

    number: int
    readings: tuple = ()             # what lay on the board then (sensors.AT_REST)


@dataclass(frozen=True)
class TableStatus:
    """Everything the outputs show, as one value the session replaces on each change."""

    setup: GameSetup
    state: Any
    reading: Any = None              # the latest sensor reading, moving or settled
    note: Note | None = None         # the last event in words
    problem: Note | None = None      # set while the board shows something impossible
    link: LinkStatus | None = None
    actions: int = 0                 # actions in the current game (0: nothing to undo)
    moves: int = 0                   # of them, made by players (not the board seen empty)
    readings: tuple = ()             # the latest reading of each kind (a board may send several)
    calibrating: bool = False        # sensor test: readings are shown, not refereed
    showing_address: str | None = None  # the staff page's QR code over the game: "asked" (MENU)
                                        # or "setup" (no admin password yet); None: the game
    put_back: PutBack | None = None  # the latest board to lay out again, if any
    menu_steps: bool = False         # MENU before the first move steps to another game (the
                                     # menu's last shows the staff page's address instead)
    match: Match | None = None       # the venue's match this game is (tablegame.core.match)
    reasons: Any = None              # what the check of the last move found (Verdict.reasons)
    reasons_shown: int = 0           # grows each time they are to be shown: the screen replays

    def but(self, **changes) -> TableStatus:
        """This status with ``changes`` (``dataclasses.replace`` without calling
        ``__init__`` again: the session replaces the status twice in every frame, and
        the generic replace of its 17 fields was a tenth of the writer's own work there,
        profiled). A name that is not a field is refused as replace refuses it."""
        return but(self, _STATUS_FIELDS, changes)

    def latest(self, kind: type) -> Any:
        """The latest reading of type ``kind``, or None."""
        return next((r for r in self.readings if type(r) is kind), None)


_STATUS_FIELDS = frozenset(f.name for f in fields(TableStatus))
_VERDICT_FIELDS = frozenset(f.name for f in fields(Verdict))


def but(record, names: frozenset[str], changes: dict):
    """A frozen dataclass ``record`` (no ``__post_init__``, no slots) with ``changes``, as
    ``dataclasses.replace`` makes it but without calling ``__init__`` again (a third to a
    sixth of its time): for the records a frame replaces (``TableStatus.but``, a Shove
    state). ``names``: the record's fields; another name is refused as replace refuses it."""
    unknown = changes.keys() - names
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {', '.join(sorted(unknown))}")
    made = object.__new__(type(record))
    own = made.__dict__          # frozen: fields are set past __setattr__, as __init__ does
    own.update(record.__dict__)
    own.update(changes)
    return made


class Play(Protocol):
    rules: Rules

    def judge(self, status: TableStatus, reading: Any) -> Verdict:
        """A sensor reading refereed; ``status`` holds the state and the latest
        readings of every kind before this one."""

    def press(self, state: Any, press: ButtonPress, rng: random.Random) -> Verdict:
        """A rail button that means something in this game (e.g. OK tosses the coin)."""

    def describe(self, before: Any, after: Any, action: Any) -> Note | None:
        """The accepted action in words, for the last-event line (None: keep the last)."""

    def view(self, status: TableStatus, language: str) -> Any:
        """The screen's view model (see tablegame.views)."""
