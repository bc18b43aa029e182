"""The last shove replayed on the staff page (issue 31), in real Chromium at phone size,
in German and English: the replay the table computed beside the writer is drawn in the
live view (the board as it was, the paths, the coins at rest, the named coin ringed and
numbered, the words in the page's language), plays when asked, and the staff can show it
on the table's screen; axe-core finds nothing on the page while it is shown."""
import time

import pytest

from tablegame.core.events import ButtonPress
from tablegame.core.play import GameSetup
from tablegame.core.sensors import BoardSnapshot, CoinReading
from web_admin.serve import PageServer
from web_table import Table
from test_web_accessibility import (LOCALES, PASSWORD, SAME_NAMES, SMALL_TARGETS, SMALL_TEXT,  # noqa: E402
                                    audit, page_in)
from tests.test_shove_replay_screen import knock_on_and_cheat

WORDS = {"de": ("Der letzte Schub, nachgespielt", "Münze 3 läge 38 mm weiter rechts",
                "Auf dem Tisch zeigen", "Der Tisch spielt es nach"),
         "en": ("The last shove, replayed", "Coin 3 would lie 38 mm further right",
                "Show on the table", "The table replays it")}


def see(table, coins):
    table.session.post(BoardSnapshot(tuple(CoinReading(*p) for p in coins), settled=True))


def until(condition, what, timeout=30.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A table whose last shove the check caught: a knock-on, and a coin on the far side
    moved by hand; the staff page beside it, the admin password set."""
    table = Table(tmp_path_factory.mktemp("replay"), GameSetup("shove-hapenny", (("Anna",), ("Ben",))))
    server = PageServer(table.face, "127.0.0.1", 0, threads=8).start()
    from test_web_admin import post
    post(server.app.test_client(), "/setup", {"name": "admin", "password": PASSWORD, "again": PASSWORD})
    before, cheated = knock_on_and_cheat()
    see(table, [])
    table.session.post(ButtonPress("ok"), by="button")
    for coins in ([], before[:1], before, cheated):
        see(table, coins)
    until(lambda: table.session.snapshot().status.reasons_shown == 1, "the check to name the coin")
    yield f"http://127.0.0.1:{server.port}", table
    server.close()
    table.close()


def coin_at(page, i):
    return page.evaluate(f"""() => {{ const c = document.querySelector('#replay-board [data-path="{i}"]');
                            return [+c.getAttribute('cx'), +c.getAttribute('cy')]; }}""")


@pytest.mark.parametrize("lang", LOCALES)
def test_the_replay_is_drawn_in_the_pages_language_and_plays(site, chromium, lang):
    base, table = site
    title, words, on_table, _ = WORDS[lang]
    replay = table.session.snapshot().view(lang).replay.replay
    length = table.session.play.board.length
    page = page_in(chromium, base, lang)
    assert page.text_content("#replay-title") == title
    assert page.text_content("#replay-words") == words
    assert page.locator("#replay-board polyline.path").count() == sum(len(p) > 1 for p in replay.paths)
    assert page.locator("#replay-board circle.coin").count() == len(replay.paths)
    assert page.locator("#replay-board circle.named").count() == 1
    assert page.text_content("#replay-board text") == str(replay.named.number)
    shot = len(replay.paths) - 1   # the shot coin, last
    start, end = ([p[0], length - p[1]] for p in (replay.paths[shot][0], replay.paths[shot][-1]))
    assert coin_at(page, shot) == pytest.approx(end, abs=0.01)   # at rest where the fit leaves it
    page.click("#replay-play")    # from the board as it was: the shot coin on the front edge
    assert coin_at(page, shot) == pytest.approx(start, abs=0.5)
    page.wait_for_timeout(1000)   # under way: 0.2 s after it set off, four times slower
    assert coin_at(page, shot) not in (pytest.approx(start, abs=0.5), pytest.approx(end, abs=0.5))
    page.wait_for_timeout(4500)   # at rest again
    assert coin_at(page, shot) == pytest.approx(end, abs=0.01)
    found = audit(page) + page.evaluate(SMALL_TARGETS) + page.evaluate(SMALL_TEXT) + \
        page.evaluate(SAME_NAMES)
    assert not found, found
    page.context.close()


# whether the replay's coin ``i`` is ever drawn away from ``end`` (coin_at's [cx, cy]) from now on
LEAVES_THE_END = """([i, end]) => {
    window.leftTheEnd = false;
    const svg = document.getElementById("replay-board");
    new MutationObserver(() => {
        const c = svg.querySelector(`[data-path="${i}"]`);
        if (c && (Math.abs(c.getAttribute("cx") - end[0]) > 0.01
                  || Math.abs(c.getAttribute("cy") - end[1]) > 0.01)) window.leftTheEnd = true;
    }).observe(svg, {subtree: true, childList: true, attributes: true});
}"""


def test_the_staff_show_it_on_the_table_and_the_page_replays_beside(site, chromium):
    base, table = site
    shown = table.session.snapshot().status.reasons_shown
    page = page_in(chromium, base, "en")
    watching = page_in(chromium, base, "de")     # another phone on the live view
    length = table.session.play.board.length
    replay = table.session.snapshot().view("en").replay.replay
    shot = len(replay.paths) - 1
    # the other phone hears of it by the live stream and replays it: its shot coin leaves the
    # end. Seen by the page itself: on a loaded machine the replay's 3 s were over before
    # this thread looked.
    end = [replay.paths[shot][-1][0], length - replay.paths[shot][-1][1]]
    watching.evaluate(LEAVES_THE_END, [shot, end])
    page.click("#replay-table")
    page.wait_for_url(base + "/")
    assert WORDS["en"][3] in page.text_content("main")
    until(lambda: table.session.snapshot().status.reasons_shown == shown + 1, "the table to be asked")
    until(lambda: watching.evaluate("window.leftTheEnd"), "the live view to replay it")
    page.context.close()
    watching.context.close()


def test_nothing_to_replay_is_refused_in_words(tmp_path, chromium):
    table = Table(tmp_path)
    server = PageServer(table.face, "127.0.0.1", 0, threads=4).start()
    try:
        from test_web_admin import post
        post(server.app.test_client(), "/setup", {"name": "admin", "password": PASSWORD, "again": PASSWORD})
        base = f"http://127.0.0.1:{server.port}"
        page = page_in(chromium, base, "de")
        assert page.locator("#replay").is_hidden()
        page.goto(base + "/control")   # an old form: the replay asked for where there is none
        page.evaluate("""() => { const f = document.createElement('form'); f.method = 'post';
            f.action = '/control/replay'; const t = document.createElement('input'); t.type = 'hidden';
            t.name = 'csrf_token'; t.value = document.querySelector('input[name=csrf_token]').value;
            f.append(t); document.body.append(f); f.submit(); }""")
        page.wait_for_load_state()
        assert "Noch nichts zum Nachspielen: erst nach einem Zug" in page.text_content("main")
        assert table.session.snapshot().status.reasons_shown == 0
        page.context.close()
    finally:
        server.close()
        table.close()
