"""A note is something the table tells people, kept as a key and named values so
it can be shown in any language (see ``tablegame.texts``) and logged as data."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Note:
    key: str
    args: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, **args) -> "Note":
        return cls(key, tuple(sorted(args.items())))

    @property
    def kwargs(self) -> dict:
        return dict(self.args)
