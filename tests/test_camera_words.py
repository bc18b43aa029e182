"""What the camera board doubts and why it cannot see the board, said in the language of the
place that shows it (camera_board/words.py): the staff page's camera view and its board
health in the page's language, the journal and the protocol's ERROR 4 in the English they
always had; every sentence in both languages."""
import dataclasses
import re
import string
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, strategies as st

from camera_board import words as camera_words
from camera_board.board import NOT_TAUGHT, CameraBoard
from camera_board.camera import Lens, Pose
from camera_board.detect import Sighting
from camera_board.layout import PIECE_COLOURS
from camera_board.motion import BLIND_AFTER, Watcher
from camera_board.words import KINDS, NAMED, WORDS, doubt
from camera_sim.render import Light, Shot, render
from camera_sim.scene import Piece, Scene, shove_scene
from tablegame.core.sensors import CoinReading, LinkState
from web_admin import create_app
from test_web_admin import ADMIN, Clock, post, table, words  # noqa: F401 (fixtures)

LENS = Lens((640, 480))
POSE = Pose(178, 230, 800, 178, 254)
# English words a German sentence must not hold (a kind's name aside: "Striker" is both)
ENGLISH = re.compile(r"\b(the|a|an|at|of|or|and|not|is|board|looks|camera|marker|seen|patch|piece)\b")
DECIMAL_POINT = re.compile(r"\d\.\d")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_sentence_of_the_camera_has_both_languages_with_the_same_values():
    assert WORDS["de"].keys() == WORDS["en"].keys()
    assert {k: fields(t) for k, t in WORDS["de"].items()} == {k: fields(t) for k, t in WORDS["en"].items()}
    assert KINDS["de"].keys() == KINDS["en"].keys()


def test_every_sentence_the_camera_boards_code_makes_is_in_the_catalogue():
    """A doubt written ``doubt("key", ...)`` with a key the catalogue lacks would fail only
    when the camera first doubts that way, in a pub."""
    source = "".join(p.read_text() for p in Path(camera_words.__file__).parent.glob("*.py"))
    used = set(re.findall(r'\bdoubt\("(\w+)"', source))
    assert used and used <= WORDS["en"].keys(), used - WORDS["en"].keys()


def value_for(name: str):
    if name in NAMED:
        return st.sampled_from(sorted(KINDS["en"]))
    if name == "what":       # the doubts of one frame
        return st.lists(st.builds(lambda x, y: doubt("patch", x=x, y=y), st.floats(-999, 999), st.floats(-999, 999)),
                        min_size=1, max_size=3)
    if name in ("hidden", "error"):
        return st.text(alphabet="0123, ?", max_size=8)
    return st.one_of(st.integers(0, 99), st.floats(-9999, 9999, allow_nan=False))


@st.composite
def sentences(draw):
    key = draw(st.sampled_from(sorted(WORDS["en"])))
    return key, {name: draw(value_for(name)) for name in sorted(fields(WORDS["en"][key]))}


@given(sentences())
def test_any_sentence_with_any_values_is_said_whole_in_each_language(sentence):
    key, values = sentence
    said = doubt(key, **values)
    for language in ("de", "en"):
        text = said.said(language)
        assert text and "{" not in text and "}" not in text, (language, text)
    assert str(said) == said.said("en")                    # as text: the English the journal logs
    assert not DECIMAL_POINT.search(said.said("de")), said.said("de")    # German: a decimal comma


def test_a_doubt_keeps_its_millimetres_in_german_with_a_decimal_comma():
    loose = doubt("loose_not_placed", kind="coin", x=120.4, y=33.6, apart=0.74)
    assert str(loose) == ("a coin at 120, 34 mm its look does not place (this camera's teaching found coins "
                          "0.7 mm from their spots: check its focus)")
    assert loose.said("de") == ("Münze bei 120, 34 mm, vom gelernten Aussehen nicht platziert (beim Lernen: Münze "
                                "im Mittel 0,7 mm neben den Stellen: die Schärfe der Kamera prüfen)")


def test_numbers_in_a_list_of_values_keep_the_german_decimal_comma():
    assert camera_words.spoken("de", "", [0.5, 2]) == "0,5; 2"
    assert camera_words.spoken("en", "", [0.5, 2]) == "0.5, 2"


def test_a_sentence_told_again_is_kept_as_the_newest():
    """What the camera told the table is kept, the oldest dropped first: a sentence told
    again just now is not the next one dropped (the staff page would show it in English)."""
    told = camera_words.Told()
    first = told(doubt("patch", x=1.0, y=1.0))
    for i in range(told.KEPT - 1):
        told(doubt("patch", x=10.0 + i, y=1.0))
    told(first)                                    # told again: the newest now
    told(doubt("patch", x=99.0, y=99.0))           # one over: the oldest other goes
    assert told.said_as(str(first)) is first
    assert told.said_as("a patch at 10, 1 mm") == "a patch at 10, 1 mm"   # dropped: said as heard


def test_a_teaching_read_back_says_what_the_camera_doubted_in_the_same_language():
    """The teaching's pictures read again with what it learned: the refusal quotes the doubt
    (the staff page's teaching, tablegame camera-learn --language)."""
    from camera_board.teaching import say
    what = doubt("not_a_piece", what=[doubt("like_board_in_shadow", kind="coin", x=178.0, y=372.0)])
    assert say("en", "read_again", step="pieces", what=what) == (
        'Read with what it learned, "pieces" does not show what lies there (something on the board is not a piece '
        '(a coin at 178, 372 mm that looks like the board in shadow)): check the light, nothing else on the board.')
    assert say("de", "read_again", step="pieces", what=what) == (
        "Mit dem Gelernten gelesen zeigt „pieces“ nicht, was dort liegt (Etwas auf dem Brett ist kein Spielstein "
        "(Münze bei 178, 372 mm sieht aus wie das Brett im Schatten)): Licht prüfen, nichts anderes auf dem Brett.")


def test_a_kind_like_the_board_in_shadow_is_told_what_to_change_not_to_check_the_light():
    from camera_board.teaching import say
    assert say("en", "like_shadow", kind="white", step="pieces") == (
        'Read with what it learned, white looks like the board in shadow (step "pieces"): the camera cannot tell '
        "where white ends and its shadow begins. More light does not help (the shadow stays as deep): pieces of a "
        "colour that is not the board's, or a board or cloth of another colour.")
    assert say("de", "like_shadow", kind="white", step="pieces") == (
        "Weiß sieht mit dem Gelernten gelesen aus wie das Brett im Schatten (Schritt „pieces“): die Kamera kann "
        "nicht sagen, wo Weiß endet und der Schatten beginnt. Mehr Licht hilft nicht (der Schatten bleibt gleich "
        "tief): Steine in einer Farbe, die nicht die des Bretts ist, oder ein Brett oder Tuch in anderer Farbe.")


def test_a_kind_found_only_unsurely_is_told_what_it_is_taken_for():
    from camera_board.teaching import say
    assert say("en", "half_found", kind="white", other="striker", step="pieces") == (
        'Read with what it learned, white is found only unsurely (step "pieces": "white?"): white and striker look '
        "too alike. Pieces of more different colours.")
    assert say("de", "half_found", kind="white", other="striker", step="pieces") == (
        "Weiß ist mit dem Gelernten gelesen nur unsicher zu finden (Schritt „pieces“: „Weiß?“): Weiß und Striker "
        "sehen sich zu ähnlich. Steine in deutlicher verschiedenen Farben.")
    assert "looks too like the board" in say("en", "half_found_board", kind="white", step="pieces")
    assert "sieht dem Brett zu ähnlich" in say("de", "half_found_board", kind="white", step="pieces")


def test_error_4_after_a_second_of_doubt_is_said_in_german_and_logged_in_english():
    """The watcher's fault carries the doubt as words: the table's journal and the wire get
    the English, the staff page says it in its language."""
    watcher = Watcher("carrom")
    doubted = Sighting(problem=doubt("not_a_piece", what=[doubt("kind_doubt", kind="white", other="striker",
                                                                   x=412.0, y=90.0)]))
    faults = [f for t in np.arange(0, BLIND_AFTER + 0.2, 0.1) for f in watcher.see(float(t), doubted)]
    assert len(faults) == 1
    assert faults[0].text == ("camera cannot see the board: something on the board is not a piece "
                              "(a white or a striker at 412, 90 mm?)")
    assert faults[0].text.said("de") == ("Die Kamera sieht das Brett nicht: Etwas auf dem Brett ist kein Spielstein "
                                         "(Weiß oder Striker bei 412, 90 mm?)")


# -- the staff page ------------------------------------------------------------------------

@pytest.fixture
def doubting(table, tmp_path, monkeypatch):
    """A camera board over two coins and a guest's green token it cannot name: it read the
    still board in full and doubted it."""
    monkeypatch.setitem(PIECE_COLOURS, "token", (60, 150, 60))
    board = CameraBoard.for_game("shove", table.session.play.board, LENS, link_path=str(tmp_path / "board"))
    scene = shove_scene(table.session.play.board, (CoinReading(120, 200), CoinReading(250, 330)))
    scene = Scene(scene.layout, scene.pieces + (Piece("token", 100, 420, 12.7, 1.8),))
    frame = render(Shot(scene, LENS, POSE, Light()), np.random.default_rng(0))
    for t in np.arange(0.0, 0.5, 0.05):
        board.feed(float(t), frame)
    assert board.latest.sighting.problem, "the camera should have doubted the token"
    yield board
    board.close()


def admin_on(face):
    client = create_app(face, {"CLOCK": Clock()}).test_client()
    post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
    return client


def test_the_camera_view_says_what_the_camera_doubts_in_the_pages_language(table, doubting):
    client = admin_on(dataclasses.replace(table.face, camera=doubting))
    english = client.get("/api/camera", headers={"Accept-Language": "en"}).get_json()["problem"]
    german = client.get("/api/camera", headers={"Accept-Language": "de"}).get_json()["problem"]
    assert english.startswith("something on the board is not a piece (") and " mm" in english
    assert german.startswith("Etwas auf dem Brett ist kein Spielstein (") and " mm" in german
    assert not ENGLISH.findall(german), german
    page = words(client.get("/calibrate/camera", headers={"Accept-Language": "de"}))
    assert german in page and english not in page


def test_the_board_health_says_the_camera_boards_error_4_in_the_pages_language(table, tmp_path):
    """An untaught camera board on its pseudo-terminal, the real link: ERROR 4 "not taught"
    reaches the table as the board's English text; the staff page's board health says it in
    German on the German page."""
    from firmware_bridge.link import BoardLink
    from table_app.service import board_words, table_face
    camera = CameraBoard.for_game("shove", table.session.play.board, LENS, link_path=str(tmp_path / "pty"),
                                  taught=False)
    camera.open()
    link = BoardLink(camera.port, table.session.post, heartbeat=0.2, post_event=table.session.post,
                     words=board_words(camera))
    link.start()
    try:
        deadline = time.monotonic() + 20
        while not ((s := table.session.snapshot().status.link) and s.state is LinkState.OPERATIONAL
                   and "error 4" in s.detail):
            assert time.monotonic() < deadline, "the link did not hear the camera's ERROR 4"
            time.sleep(0.05)
        face = table_face(table.session, table.settings, table.store, table.restarts.set, link=link, camera=camera)
        client = admin_on(face)
        english = client.get("/api/health", headers={"Accept-Language": "en"}).get_json()["link"]
        german = client.get("/api/health", headers={"Accept-Language": "de"}).get_json()["link"]
        assert english == f"Board connected (the board reports error 4: {NOT_TAUGHT})"
        assert german == f"Brett verbunden (das Brett meldet Fehler 4: {NOT_TAUGHT.said('de')})"
        page = words(client.get("/health", headers={"Accept-Language": "de"}))
        assert "Die Kamera kennt dieses Brett noch nicht" in page
    finally:
        link.close()
        camera.close()


def test_the_board_health_before_any_news_says_so_in_the_pages_language(table):
    from table_app.service import table_face
    client = admin_on(table_face(table.session, table.settings, table.store, table.restarts.set))
    assert table.session.snapshot().status.link is None      # (no board link started)
    assert client.get("/api/health", headers={"Accept-Language": "de"}).get_json()["link"] == (
        "Noch keine Nachricht vom Brett")
    assert client.get("/api/health", headers={"Accept-Language": "en"}).get_json()["link"] == (
        "no news from the board yet")


def test_in_chromium_the_camera_view_says_the_doubt_in_german_and_its_refresh_keeps_it_so(table, doubting, chromium):
    """The page's line above the picture, as rendered and as camera.js refreshes it every
    second from /api/camera (the browser's language: German)."""
    from web_admin.serve import PageServer
    from test_web_accessibility import PASSWORD, page_in     # (skips without axe-core, as the page tests do)
    server = PageServer(dataclasses.replace(table.face, camera=doubting), "127.0.0.1", 0, threads=4).start()
    try:
        post(server.app.test_client(), "/setup", {"name": "admin", "password": PASSWORD, "again": PASSWORD})
        base = f"http://127.0.0.1:{server.port}"
        page = page_in(chromium, base, "de")
        with page.expect_response(lambda r: r.url == base + "/api/camera", timeout=20000):
            page.goto(base + "/calibrate/camera")
        page.wait_for_timeout(200)       # (the refresh's answer written into the page)
        said = page.inner_text("#camera-problem")
        assert page.is_visible("#camera-problem") and said.startswith("Etwas auf dem Brett ist kein Spielstein ("), said
        assert not ENGLISH.findall(said), said
        page.context.close()
    finally:
        server.close()
