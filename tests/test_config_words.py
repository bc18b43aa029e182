"""The configuration's refusals in the staff page's language: a bad setting or a bad game
option is refused on the German page all in German and on the English page in
check-config's English; and every refusal phrase has both languages."""
import json
import re
import string

import pytest
from hypothesis import given, strategies as st

from tablegame import registry
from tablegame.config import SETTINGS, ConfigError, parse
from tablegame.config import words as config_words
from tablegame.core import games
from tablegame.phrase import Phrase
from test_web_admin import admin, app, clock, game_token, post, table  # noqa: F401 (fixtures)

# English words a German refusal must not contain (the key names aside)
ENGLISH = re.compile(r"\b(expected|got|unknown|from|or|to|number|whole|width|height|pixels|"
                     r"screen|least|most|any|free|lower|need|one|of|game|not|started)\b", re.I)
GERMAN = re.compile(r"\b(erwartet|nicht|oder|von|bis|Spiel|Zahl|mindestens|höchstens|muss|kleiner)\b")

BAD = [  # (path, form, status, what the English page says)
    ("/settings", {"key": "web.port", "value": "80"}, 400,
     "web.port: expected 0 (any free port) or a port from 1024 to 65535 (lower ones need root), "
     "e.g. 8080, got 80"),
    ("/settings", {"key": "display.size", "value": "[100, 100]"}, 400,
     "display.size: expected [width, height] in pixels, at least [320, 240]"),
    ("/settings", {"key": "web.max_streams", "value": "40"}, 400,
     "web.max_streams (40) must be fewer than web.threads (32)"),
    ("/control/new", {"game": "shove-hapenny", "options": "beds = 0"}, 409,
     "Game not started: beds: expected a whole number from 2 to 9, got 0"),
    ("/control/new", {"game": "shove-hapenny", "options": "beds = 0\nequal_turns = 3"}, 409,
     "; equal_turns: expected true or false, got 3"),
    # a family's own refusals (its rules, its board's sizes) are said in the page's language too
    ("/control/new", {"game": "shove-hapenny", "parties": "Anna\nBen\nCem"}, 409,
     "Shove is played by two parties of at least one player each"),
    ("/control/new", {"game": "carrom", "parties": "Anna\nBen\nCem"}, 409,
     "Carrom is played by two sides of one player (singles) or two players (doubles) each"),
]


def refusal(client, table, path, form, language):
    data = {"token": game_token(client), "parties": "Anna\nBen", **form}   # form's parties first
    response = post(client, path, data, headers={"Accept": "application/json",
                                                 "Accept-Language": language})
    return response.status_code, response.get_json()["error"]


@pytest.mark.parametrize("path,form,status,english", BAD)
def test_the_german_page_refuses_a_bad_value_all_in_german(admin, table, path, form, status,
                                                           english):
    before = table.config_path.read_bytes(), table.session.snapshot().status.setup
    code, says = refusal(admin, table, path, form, "de")
    assert code == status
    assert not ENGLISH.findall(says), says
    assert GERMAN.search(says), says
    assert (table.config_path.read_bytes(), table.session.snapshot().status.setup) == before


@pytest.mark.parametrize("path,form,status,english", BAD)
def test_the_english_page_refuses_it_in_check_configs_english(admin, table, path, form, status,
                                                              english):
    code, says = refusal(admin, table, path, form, "en")
    assert code == status and english in says, says
    assert not GERMAN.findall(says), says


def test_the_command_line_still_says_it_in_english():
    with pytest.raises(ConfigError) as error:
        parse({"web": {"port": 80}, "games": {"shove-hapenny": {"beds": 0}}}, "config.toml")
    assert error.value.problems == [
        "web.port: expected 0 (any free port) or a port from 1024 to 65535 (lower ones need root), "
        "e.g. 8080, got 80",
        "games.shove-hapenny.beds: expected a whole number from 2 to 9, got 0"]
    assert error.value.said("de").startswith("web.port: erwartet wird 0 (ein freier Port) oder")


BOOKS = {"config": config_words.WORDS, "registry": registry.WORDS, "games": games.WORDS}


def fields(template) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("owner", BOOKS)
def test_every_refusal_phrase_has_both_languages_with_the_same_values(owner):
    book = BOOKS[owner]
    assert set(book) == {"de", "en"}
    assert set(book["de"]) == set(book["en"]), set(book["de"]) ^ set(book["en"])
    for key, english in book["en"].items():
        german = book["de"][key]
        assert german.strip() and english.strip(), key
        assert fields(german) == fields(english), key


def test_every_setting_and_option_refuses_in_both_languages():
    """A value no check takes: each setting's and each option's refusal is a phrase whose
    German differs from its English."""
    nothing = object()
    checks = [(s.key, s.check) for s in SETTINGS] + [
        (f"{game.name}.{option.name}", option.check) for family in registry.families()
        for game in family.games for option in game.options + game.play_options + game.board]
    for name, check in checks:
        phrase = check(nothing)
        assert isinstance(phrase, Phrase), name
        assert phrase.said("en") == str(phrase), name
        assert phrase.said("de") != phrase.said("en") and not ENGLISH.search(
            phrase.said("de").replace("true oder false", "")), (name, phrase.said("de"))


def test_a_phrase_is_json_as_its_english():
    phrase = registry.find("shove-hapenny").option("beds").check(0)
    assert json.loads(json.dumps({"error": phrase})) == {"error": str(phrase)}


def test_a_phrase_copies_as_itself_and_pickles_as_its_english():
    import copy
    import pickle
    phrase = registry.find("shove-hapenny").option("beds").check(0)
    assert copy.deepcopy(phrase).said("de") == copy.copy(phrase).said("de") == phrase.said("de")
    assert pickle.loads(pickle.dumps(phrase)) == "expected a whole number from 2 to 9, got 0"


@given(port=st.integers().filter(lambda p: p != 0 and not 1024 <= p <= 65535),
       size=st.lists(st.integers(-10, 10_000), min_size=2, max_size=2).filter(
           lambda s: s != [0, 0] and not (320 <= s[0] <= 7680 and 240 <= s[1] <= 4320)))
def test_any_bad_port_and_size_are_refused_in_each_language(port, size):
    with pytest.raises(ConfigError) as error:
        parse({"web": {"port": port}, "display": {"size": size}}, "config.toml")
    english, german = error.value.said("en"), error.value.said("de")
    assert english == "; ".join(error.value.problems)
    assert f"got {port}" in english and f"got {size}" in english
    assert f"nicht {port}" in german and f"nicht {size}" in german and not ENGLISH.search(german)
