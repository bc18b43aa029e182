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

# The staff page's password hashes in this process: werkzeug's scrypt at n = 1024, not the
# product's 32768 (32 MB and a good part of a second per login or account: about a minute
# of the suite). Still scrypt, still salted, checked by the same check_password_hash (which
# reads n from the hash); test_web_security.py checks the product's own strength with the
# default put back. Tables started as processes keep the default.
from werkzeug import security as _security  # noqa: E402

PRODUCT_HASH = _security.generate_password_hash.__defaults__
_security.generate_password_hash.__defaults__ = ("scrypt:1024:8:1", *PRODUCT_HASH[1:])


@pytest.fixture(params=[(800, 480), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def display(request):
    """A real Display on the dummy driver, at the two screen sizes the table must serve."""
    from tablegame.display import Display
    with Display(request.param, caption="test") as d:
        yield d


# -- the slowest files handed out first ---------------------------------------------------------

# ./dev test hands each worker whole files in the order collected (--no-loadscope-reorder).
# pytest-xdist's own order, the files with the most tests first, leaves slow files of a few
# tests to the end, where one worker works on while the others have nothing left: for three
# workers 536 s against an even 499 s, simulated from a quiet run's durations; with these ten
# first 505 s (docs/performance.md, "The test suite's waits and teachings"). The slowest files of
# a --durations=0 run of 2026-11-28, slowest first; the rest follow as collected. Out of date,
# the list costs a little of the end, nothing else.
SLOWEST_FIRST = ("test_camera_learn.py", "test_mqtt.py", "test_camera_coin_look.py", "test_camera_simulate.py",
                 "test_camera_top_read.py", "test_pico.py", "test_mqtt_faults.py", "test_web_accessibility.py",
                 "test_camera_teach_browser.py", "test_camera_video.py")


def pytest_collection_modifyitems(items):
    first = {name: n for n, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: first.get(item.path.name, len(first)))     # (stable: a file's own order kept)

# -- one Chromium for the whole run ------------------------------------------------------------

CHROMIUM = "/usr/bin/chromium"     # Debian's: Playwright cannot download its own browsers here
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


@pytest.fixture(scope="session")
def chromium_browser():
    """Real Chromium through Playwright, started once for the whole run (its driver and the
    browser took a few seconds at each of the eight modules and tests that started their
    own). Tests share it through ``chromium``, each in browser contexts of its own."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no {CHROMIUM}: install Debian's chromium package (./dev test does so as root)")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def chromium(chromium_browser):
    """The run's Chromium for one test: whatever contexts (cookies, language, viewport) the
    test opens are closed after it, so no page of one test is open during the next."""
    yield chromium_browser
    for context in chromium_browser.contexts:
        context.close()
