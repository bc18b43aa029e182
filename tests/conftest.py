"""Settings for the whole suite: pygame draws on the dummy video driver (set before
any import of pygame), and Hypothesis has no per-example deadline, because the CI
machine's two cores are shared and a slow example is not a wrong one (speed is
measured by ./dev bench, not asserted here)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hypothesis import settings  # noqa: E402

settings.register_profile("table", deadline=None)
settings.load_profile("table")
