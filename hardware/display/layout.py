"""What every screen's layout shares: sizes follow the surface height, so one layout
reads the same at 800x480 and at 1920x1080."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class Proportional:
    size: tuple[int, int]

    def px(self, fraction: float) -> int:
        """A text or row height as a fraction of the surface height."""
        return max(8, round(self.size[1] * fraction))

    @cached_property
    def margin(self) -> int:
        return max(4, round(self.size[1] * 0.02))
