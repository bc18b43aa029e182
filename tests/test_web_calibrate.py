"""Calibration on the staff page: the board geometry settings with the latest readings
drawn over them, each coin's place as that geometry judges it; a preview changes
nothing, Save writes [boards.<game>] like any setting, a bad value is refused in words."""
import tomllib

import pytest

from tablegame.registry import find
from tablegame.core.sensors import BoardSnapshot, CoinReading
from tablegame.core.session import Calibrate
# the staff page's fixtures: a real table and an admin logged in on it
from test_web_admin import admin, app, clock, post, table, words  # noqa: F401

if not find("shove-hapenny").board:
    pytest.skip("the family registration declares no board settings yet (they come with the "
                "registration's board Options)", allow_module_level=True)


def coin_in_bed_3(table):
    """The sensor test on and one coin in the middle of bed 3 of the default board."""
    board = table.session.play.board
    near, far = board.bed_span(3)
    table.session.submit(Calibrate(True), by="staff:admin", wait=5)
    table.session.submit(BoardSnapshot((CoinReading(178.0, (near + far) / 2),), settled=True),
                         wait=5)
    return (near + far) / 2


def test_the_readings_are_placed_by_the_geometry_shown_and_a_preview_saves_nothing(admin, table):
    y = coin_in_bed_3(table)
    before = table.config_path.read_bytes()
    seen = admin.get("/api/calibrate", headers={"Accept-Language": "de"}).get_json()
    assert seen["game"] == "shove-hapenny" and seen["problems"] == []
    assert [(p["x"], p["y"], p["where"]) for p in seen["pieces"]] == [(178.0, y, "in Bett 3")]
    assert len(seen["board"]["lines"]) == 10
    # the lines 8 mm further up the board: the same coin now touches one
    first = seen["values"]["first_line"]
    moved = admin.get(f"/api/calibrate?first_line={first + 8}&line_spacing=31.75").get_json()
    assert moved["pieces"][0]["where"] in ("touches a line", "berührt eine Linie")
    assert moved["board"]["lines"][0][0] == pytest.approx(first + 8 - 0.4)
    assert table.config_path.read_bytes() == before
    page = words(admin.get("/calibrate"))
    assert "Sensortest läuft" in page and 'name="first_line"' in page


@pytest.mark.parametrize("field,value,says", [
    ("line_spacing", "wide", "line_spacing: erwartet wird eine Zahl"),
    ("line_spacing", "0", "line_spacing: erwartet wird eine Zahl von 1 bis 500"),
    ("coin_diameter", "-3", "coin_diameter: erwartet wird eine Zahl"),
])
def test_a_bad_geometry_is_refused_in_words_and_nothing_is_saved(admin, table, field, value,
                                                                says):
    before = table.config_path.read_bytes()
    response = post(admin, "/calibrate", {"game": "shove-hapenny", field: value})
    assert response.status_code == 400 and says in words(response)
    assert table.config_path.read_bytes() == before
    assert says in " ".join(admin.get(f"/api/calibrate?{field}={value}").get_json()["problems"])


def test_save_writes_the_boards_table_which_counts_from_the_next_game(admin, table):
    response = post(admin, "/calibrate", {"game": "shove-hapenny", "first_line": "105.5"},
                    headers={"Accept": "application/json"})
    assert response.status_code == 200
    assert "nächsten Spiel" in response.get_json()["message"]
    saved = tomllib.loads(table.config_path.read_text())["boards"]["shove-hapenny"]
    assert saved["first_line"] == 105.5 and saved["line_spacing"] == 31.75
    assert table.settings.saved().boards["shove-hapenny"]["first_line"] == 105.5
    shown = admin.get("/api/calibrate").get_json()      # the page starts from what is saved
    assert shown["values"]["first_line"] == 105.5


def test_an_unknown_game_is_refused(admin):
    assert admin.get("/calibrate?game=chess").status_code == 400
    assert post(admin, "/calibrate", {"game": "chess"}).status_code == 400


# -- Carrom: the board drawn from its sizes, each piece's place in words --------------------

@pytest.fixture
def carrom(tmp_path, clock):
    """A Carrom table with an admin logged in on its staff page."""
    from tablegame.core.play import GameSetup
    from web_admin import create_app
    from web_table import Table
    t = Table(tmp_path, GameSetup("carrom", (("Anna",), ("Ben",))))
    client = create_app(t.face, {"CLOCK": clock, "HEARTBEAT": 0.2}).test_client()
    post(client, "/setup", {"name": "admin", "password": "admin-secret-1", "again": "admin-secret-1"})
    yield t, client
    t.close()


# (kind, x, y) on the ICF board (740 mm, seat 0 at the bottom) and where the page says it lies
CARROM_PIECES = [
    ("queen", 372.0, 368.0, "in the centre circle"),
    ("white", 300.0, 370.0, "inside the outer circle"),
    ("black", 370.0, 117.4, "on the bottom base line"),
    ("white", 622.6, 300.0, "on the right base line"),
    ("white", 135.0, 135.0, "on the bottom and left base line"),     # the corner: both
    ("striker", 20.0, 20.0, "over the bottom left pocket"),
    ("black", 550.0, 250.0, "elsewhere on the board"),
    ("white", -10.0, 300.0, "off the board"),
]


def lay(table, pieces):
    from tablegame.core.sensors import PieceReading, PiecesSnapshot
    table.session.submit(Calibrate(True), by="staff:admin", wait=5)
    table.session.submit(PiecesSnapshot(tuple(PieceReading(k, x, y) for k, x, y, _ in pieces),
                                        settled=True), wait=5)


def test_carrom_is_drawn_from_its_sizes_and_each_piece_placed_in_words(carrom):
    table, admin = carrom
    lay(table, CARROM_PIECES)
    seen = admin.get("/api/calibrate", headers={"Accept-Language": "en"}).get_json()
    assert seen["game"] == "carrom" and seen["problems"] == []
    assert [(p["x"], p["y"], p["where"]) for p in seen["pieces"]] == \
        [(x, y, where) for _, x, y, where in CARROM_PIECES]
    assert seen["board"]["size"] == 740.0 and seen["board"]["outer_circle"] == 170.0
    drawing = seen["drawing"]
    assert (drawing["width"], drawing["height"]) == (740.0, 740.0)
    circles = [s["attrs"] for s in drawing["shapes"] if s["tag"] == "circle"]
    assert sorted(c["r"] for c in circles if c.get("cx") == c.get("cy") == 370.0) == [15.9, 85.0]
    assert sum(1 for s in drawing["shapes"] if s["tag"] == "line") == 8     # two per seat
    pockets = [c for c in circles if c["r"] == 44.5 / 2]
    assert sorted((c["cx"], c["cy"]) for c in pockets) == \
        [(15.5, 15.5), (15.5, 724.5), (724.5, 15.5), (724.5, 724.5)]
    # the piece in the drawing: y turned so that seat 0 is at the bottom
    queen = seen["pieces"][0]["shape"]["attrs"]
    assert (queen["cx"], queen["cy"], queen["r"]) == (372.0, 740.0 - 368.0, 15.5)
    german = admin.get("/api/calibrate", headers={"Accept-Language": "de"}).get_json()
    assert [p["where"] for p in german["pieces"]][:3] == \
        ["im Mittelkreis", "im äußeren Kreis", "auf der unteren Grundlinie"]


def test_an_edited_carrom_size_previews_at_once_and_saves_nothing(carrom):
    table, admin = carrom
    lay(table, CARROM_PIECES[:2])
    before = table.config_path.read_bytes()
    # a wider outer circle: the white now lies in it still; a smaller one leaves it out
    small = admin.get("/api/calibrate?outer_circle=120").get_json()
    assert small["problems"] == [] and small["board"]["outer_circle"] == 120.0
    assert small["pieces"][1]["where"] in ("elsewhere on the board", "anderswo auf dem Brett")
    bigger = admin.get("/api/calibrate?size=800").get_json()
    assert bigger["drawing"]["width"] == 800.0
    assert table.config_path.read_bytes() == before
    page = words(admin.get("/calibrate"))
    assert 'name="outer_circle"' in page and 'name="base_line_distance"' in page


@pytest.mark.parametrize("query,says", [   # the German page says it in German
    ("outer_circle=20&centre_circle=31.8", "die Kreise passen nicht"),
    ("outer_circle=600&size=740", "im äußeren Kreis"),
    ("base_line_length=660", "Grundlinien von 660 mm passen nicht"),
    ("base_line_distance=260", "im äußeren Kreis"),
    ("striker_diameter=95", "so große Steine passen nicht"),
    ("size=wide", "size: erwartet wird eine Zahl"),
])
def test_carrom_sizes_that_make_no_board_are_refused_in_words(carrom, query, says):
    table, admin = carrom
    before = table.config_path.read_bytes()
    seen = admin.get(f"/api/calibrate?{query}").get_json()
    assert seen["drawing"] is None and says in " ".join(seen["problems"])
    form = dict(pair.split("=") for pair in query.split("&"))
    response = post(admin, "/calibrate", {"game": "carrom", **form})
    assert response.status_code == 400 and says in words(response)
    assert table.config_path.read_bytes() == before
