"""Carrom's fouls on the staff page: each is a correction the rules check, said back in
the page's language; the live view lists both sides."""
import re

import pytest

from tablegame.families.carrom.state import Placed
from tablegame.core.play import GameSetup
from tablegame.core.session import Act
from web_admin import create_app
from test_web_admin import token
from web_table import Table

CARROM = GameSetup("carrom", (("Anna",), ("Ben",)))


@pytest.fixture
def admin(tmp_path):
    table = Table(tmp_path, CARROM)
    client = create_app(table.face, {"HEARTBEAT": 0.2}).test_client()
    post(client, "/setup", {"name": "admin", "password": "admin-secret-1", "again": "admin-secret-1"})
    table.session.submit(Act(Placed()), by="script", wait=5)   # the board is set up
    yield client, table
    table.close()


def post(client, path, data):
    csrf = token(client, "/login" if path == "/setup" else "/control")   # never an error page's
    return client.post(path, data={**data, "csrf_token": csrf}, headers={"Accept": "application/json"})


def correct(client, name, **fields):
    token = client.get("/api/snapshot").get_json()["token"]
    return post(client, "/control/correct", {"token": token, "name": name, **fields})


def test_a_technical_foul_and_leaving_the_seat_from_the_staff_page(admin):
    client, table = admin
    assert "Technisches Foul des Spielers am Zug" in client.get("/control").get_data(as_text=True)
    assert correct(client, "technical_foul").status_code == 200
    assert table.session.snapshot().status.state.ruling.laws == ("63a",)
    response = correct(client, "left_seat", party="2")
    assert response.get_json()["message"].startswith("Platz verlassen (ICF-Regel 91)")
    assert table.session.snapshot().status.state.scores == (9 + 3, 0)  # the men and the queen (91)


def test_a_foul_the_rules_refuse_is_said_and_changes_nothing(admin):
    client, table = admin
    before = table.session.snapshot().status.state
    response = correct(client, "foul_during_turn")         # before the turn's first stroke
    assert response.status_code == 409
    assert response.get_json()["error"] == "Nicht erlaubt: Vor dem ersten Stoß des Zuges ist es ein technisches Foul"
    assert correct(client, "left_seat", party="3").status_code == 409
    assert table.session.snapshot().status.state == before


def test_the_live_view_lists_both_sides(admin):
    client, _ = admin
    view = client.get("/api/snapshot").get_json()["view"]
    assert [p["name"] for p in view["parties"]] == ["Anna", "Ben"] and view["parties"][0]["at_turn"]
