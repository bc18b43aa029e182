"""Settings for the whole suite: pygame draws on the dummy video driver (set before
any import of pygame), and Hypothesis has no per-example deadline, because the CI
machine's two cores are shared and a slow example is not a wrong one (speed is
measured by ./dev bench, not asserted here)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

settings.register_profile("table", deadline=None)
settings.load_profile("table")


@pytest.fixture(params=[(800, 480), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def display(request):
    """A real Display on the dummy driver, at the two screen sizes the table must serve."""
    from tablegame.display import Display
    with Display(request.param, caption="test") as d:
        yield d
