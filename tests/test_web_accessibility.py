"""The staff page on a phone in a dim pub, in real Chromium at 390x844, in both
languages: axe-core (npm, injected into the page) finds no WCAG 2.2 AA violation on
any route, every tap target is at least 44x44 CSS px, no text is under 16 px, and the
live view reads without JavaScript."""
import os
from pathlib import Path

import pytest

from tablegame.core.play import GameSetup
from web_admin.serve import PageServer
from web_table import Table

AXE = Path(__file__).parent.parent / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
if not AXE.exists():
    pytest.skip(f"no {AXE}: ./dev test installs npm's axe-core there", allow_module_level=True)
from test_web_browser import PHONE  # noqa: E402

PASSWORD = "admin-secret-1"
ROUTES = ["/", "/control", "/health", "/history", "/history/1", "/settings", "/calibrate",
          "/accounts"]
LOGGED_OUT = ["/login"]
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
LOCALES = {"de": "de-DE", "en": "en-GB"}

SMALL_TARGETS = """() => [...document.querySelectorAll('a, button, input:not([type=hidden]), select, textarea, summary')]
  .filter(e => e.offsetParent !== null || e.getClientRects().length)
  .map(e => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
  .map(([e, r]) => `${e.tagName} '${(e.textContent || e.name || '').trim().slice(0, 30)}' ${Math.round(r.width)}x${Math.round(r.height)}`)"""
SAME_NAMES = """() => {
  const names = [...document.querySelectorAll('main button')].map(
    b => (b.getAttribute('aria-label') || b.textContent).trim());
  return names.filter((n, i) => names.indexOf(n) !== i).map(n => `two buttons named '${n}'`);
}"""
SMALL_TEXT = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('svg') || !el.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 16) small.push(`${el.tagName} '${node.textContent.trim().slice(0, 30)}' ${size}px`);
  }
  for (const el of document.querySelectorAll('input, select, textarea')) {
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 16 && el.type !== 'hidden') small.push(`${el.tagName} ${el.name} ${size}px`);
  }
  return small;
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    table = Table(tmp_path_factory.mktemp("a11y"), GameSetup("shove-hapenny", (("Anna",), ("Ben",))),
                  max_streams=16)
    server = PageServer(table.face, "127.0.0.1", 0, threads=8).start()
    client = server.app.test_client()
    from test_web_admin import post
    post(client, "/setup", {"name": "admin", "password": PASSWORD, "again": PASSWORD})
    yield f"http://127.0.0.1:{server.port}", table
    server.close()
    table.close()


def page_in(chromium, base, lang, logged_in=True, javascript=True, **options):
    """A phone's page in ``lang`` (``options``: more of the browser context's, has_touch=True)."""
    context = chromium.new_context(viewport=PHONE, locale=LOCALES[lang], java_script_enabled=javascript, **options)
    page = context.new_page()
    if logged_in:
        page.goto(base + "/login")
        page.fill("input[name=name]", "admin")
        page.fill("input[name=password]", PASSWORD)
        page.click("main button")
        page.wait_for_url(base + "/")
    return page


def audit(page) -> list[str]:
    page.evaluate(AXE.read_text())          # evaluated from outside: the page's CSP allows no inline script
    passed, found = page.evaluate(
        "opts => axe.run(document, opts).then(r => [r.passes.length, r.violations.map(v => "
        "v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))])",
        {"runOnly": {"type": "tag", "values": WCAG}})
    assert passed > 10, "axe-core checked next to nothing"
    return found


@pytest.mark.parametrize("lang", LOCALES)
def test_every_route_passes_axe_and_has_big_targets_and_text(site, chromium, lang):
    base, table = site
    problems = {}
    page = page_in(chromium, base, lang)
    for route in ROUTES:
        page.goto(base + route)
        assert page.get_attribute("html", "lang") == lang
        found = audit(page) + page.evaluate(SMALL_TARGETS) + page.evaluate(SMALL_TEXT) + \
            page.evaluate(SAME_NAMES)
        if found:
            problems[route] = found
    page.context.close()
    page = page_in(chromium, base, lang, logged_in=False)
    for route in LOGGED_OUT:
        page.goto(base + route)
        found = audit(page) + page.evaluate(SMALL_TARGETS) + page.evaluate(SMALL_TEXT)
        if found:
            problems[route] = found
    page.context.close()
    assert not problems, __import__("json").dumps(problems, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("lang,says", [("de", "Anna"), ("en", "Anna")])
def test_the_live_view_reads_without_javascript(site, chromium, lang, says):
    base, table = site
    page = page_in(chromium, base, lang, javascript=False)
    status = table.session.snapshot().view(lang).status
    assert page.text_content("#status") == status
    assert says in page.text_content("#parties")
    assert page.locator("#parties .at_turn").count() == 0 or \
        ("Am Zug" if lang == "de" else "At turn") in page.text_content("#parties .at_turn")
    assert page.text_content("#board-words").startswith("Brett: " if lang == "de" else "Board: ")
    page.context.close()


def test_keyboard_users_get_a_skip_link_first_and_a_visible_focus(site, chromium):
    base, _ = site
    page = page_in(chromium, base, "en")
    page.keyboard.press("Tab")
    focused = page.evaluate("() => [document.activeElement.className, document.activeElement.textContent,"
                            " getComputedStyle(document.activeElement).outlineStyle]")
    assert focused[0] == "skip" and focused[1] == "Skip to the content" and focused[2] != "none"
    page.context.close()


def test_calibrate_is_pushed_not_polled(site, chromium):
    """A phone left open on /calibrate asks for nothing while the table is still."""
    import time
    from tablegame.core.session import Calibrate
    base, table = site
    page = page_in(chromium, base, "en")
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/api/calibrate" in r.url else None)
    page.goto(base + "/calibrate")
    page.wait_for_timeout(1000)           # the stream's first snapshot: one refresh
    asked.clear()
    page.wait_for_timeout(3000)
    assert asked == []
    table.session.submit(Calibrate(True), by="script", wait=5)     # a change: the sensor test
    table.session.submit(Calibrate(False), by="script", wait=5)
    deadline = time.monotonic() + 10
    while not asked and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert len(asked) >= 1
    page.context.close()


@pytest.mark.parametrize("game", ["carrom", "schocken", "neunfeld"])
def test_every_familys_live_view_passes_axe_in_both_languages(site, chromium, game):
    from tablegame.core.session import NewGame
    base, table = site
    before = table.session.snapshot().status.setup
    assert table.session.submit(NewGame(GameSetup(game, (("Anna",), ("Ben",)))), wait=5).accepted
    problems = {}
    try:
        for lang in LOCALES:
            page = page_in(chromium, base, lang)
            found = audit(page) + page.evaluate(SMALL_TARGETS) + page.evaluate(SMALL_TEXT)
            if found:
                problems[lang] = found
            page.context.close()
    finally:
        table.session.submit(NewGame(before), wait=5)
    assert not problems, problems
