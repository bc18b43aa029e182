"""A notice for the staff that takes the whole screen, as plain data: safe mode's
maintenance screen ("Wartung": why, and where the staff page is), and the short
message shown when a game's screen cannot draw. Already in the chosen language."""
from __future__ import annotations

from dataclasses import dataclass

from tablegame import texts


@dataclass(frozen=True)
class NoticeView:
    title: str                   # "Wartung"
    lines: tuple[str, ...] = ()  # each a paragraph: why, what to do


def maintenance(language: str, failed: int, reason: str, address: str | None) -> NoticeView:
    """Safe mode's screen: no game, the reason and the staff page's address."""
    say = lambda key, **values: texts.text(language, key, **values)  # noqa: E731
    fix = say("maintenance_fix", address=address) if address else say("maintenance_no_page")
    return NoticeView(say("maintenance_title"),
                      (say("maintenance_why", failed=failed), say("maintenance_reason", reason=reason),
                       fix))


def fault(language: str, reason: str) -> NoticeView:
    """A game's screen failed to draw: a short message for the staff."""
    return NoticeView(texts.text(language, "fault_title"),
                      (texts.text(language, "fault_screen", reason=reason),
                       texts.text(language, "fault_staff")))
