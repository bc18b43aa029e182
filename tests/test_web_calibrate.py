"""Calibration on the staff page: the board geometry settings with the latest readings
drawn over them, each coin's place as that geometry judges it; a preview changes
nothing, Save writes [boards.<game>] like any setting, a bad value is refused in words."""
import tomllib

import pytest

from tablegame.families import find
from tablegame.sensors import BoardSnapshot, CoinReading
from tablegame.session import Calibrate
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
    assert seen["coins"] == [{"x": 178.0, "y": y, "where": "in Bett 3"}]
    assert len(seen["board"]["lines"]) == 10
    # the lines 8 mm further up the board: the same coin now touches one
    first = seen["values"]["first_line"]
    moved = admin.get(f"/api/calibrate?first_line={first + 8}&line_spacing=31.75").get_json()
    assert moved["coins"][0]["where"] in ("touches a line", "berührt eine Linie")
    assert moved["board"]["lines"][0][0] == pytest.approx(first + 8 - 0.4)
    assert table.config_path.read_bytes() == before
    page = words(admin.get("/calibrate"))
    assert "Sensortest läuft" in page and 'name="first_line"' in page


@pytest.mark.parametrize("field,value,says", [
    ("line_spacing", "wide", "line_spacing: expected a number"),
    ("line_spacing", "0", "line_spacing: expected a number from 1 to 500"),
    ("coin_diameter", "-3", "coin_diameter: expected a number"),
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
