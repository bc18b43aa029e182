"""Inputs from the table's own hardware that are not sensor readings."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ButtonPress:
    """A debounced press of a rail button (or its key in the desktop window).
    ``long`` is true when it was held at least the configured long-press time."""

    button: str   # "ok", "back" or "menu"
    long: bool = False
