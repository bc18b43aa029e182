"""Adding a game family is adding its own files (issue 9 §1): a toy family, written to a
temporary folder and registered by one module beside the others, is found by every
part that reads the registration; nothing else names it."""
import sys
import textwrap

import pytest

import tablegame.families as registry
from tablegame.play.base import GameSetup

PARTS = '''
    import dataclasses
    from tablegame.games.base import Outcome, Rules
    from tablegame.play.base import Verdict

    @dataclasses.dataclass(frozen=True)
    class Poke:
        strength: int

    class ToyRules(Rules):
        name = "toy"
        state_type = int
        action_types = (Poke,)
        max_actions = 10

        def __init__(self, speed=2):
            self.speed = speed

        def initial_state(self, parties):
            return 0

        def apply(self, state, action):
            return state + action.strength * self.speed

        def outcome(self, state):
            return Outcome(0) if state >= 10 else None

        def random_action(self, state, rng):
            return Poke(1)

    @dataclasses.dataclass(frozen=True)
    class ToyView:
        total: int

    class ToyScreen:
        def draw(self, surface, view):
            return None

    @dataclasses.dataclass
    class ToyPlay:
        rules: ToyRules
        colour: str
        game: str
        cheer: bool = False

        def judge(self, status, reading):
            return Verdict()

        def view(self, status, language):
            return ToyView(status.state)

    def toy_play(rules, settings, *, cheer=False):
        return ToyPlay(rules, settings["colour"], settings.game, cheer)

    def poke_correction(strength):
        return Poke(strength)

    class ToyHands:
        def __init__(self, session, config):
            self.world = None
'''
SCRIPT = '''
    STEPS = {"poke": ((), lambda step: None)}

    def world(session, config):
        return "toy world"

    def step(step, i, session, board, world, config, ScriptError):
        pass
'''
TEXTS = '''
    TEXTS = {"de": {"toy_hello": "Hallo"}, "en": {"toy_hello": "Hello"}}
'''
REGISTRATION = '''
    from tablegame.families import Correction, Family, Game, Option

    FAMILY = Family(
        name="toy",
        games=(Game("toy", {"de": "Spielzeug", "en": "Toy"}, "toy_parts:ToyRules",
                    options=(Option("speed", 2, int, {"de": "Tempo", "en": "speed"}, low=1, high=5),),
                    play_options=(Option("cheer", False, bool, {"de": "jubeln", "en": "cheer"}),)),),
        play="toy_parts:toy_play",
        menu=(("toy", {}), ("toy", {"speed": 5})),
        solo=True,
        screen="toy_parts:ToyScreen",
        view_type="toy_parts:ToyView",
        hands="toy_parts:ToyHands",
        script="toy_script",
        texts="toy_texts",
        settings=(Option("colour", "red", str, {"de": "Farbe", "en": "colour"},
                         choices=("red", "blue")),),
        corrections=(Correction("poke", {"de": "Stoß", "en": "A poke"},
                                (Option("strength", 1, int, {"de": "Stärke", "en": "strength"}),),
                                "toy_parts:poke_correction"),),
    )
'''


@pytest.fixture
def toy(tmp_path, monkeypatch):
    parts, registrations = tmp_path / "parts", tmp_path / "registrations"
    parts.mkdir()
    registrations.mkdir()
    for name, source in (("toy_parts", PARTS), ("toy_script", SCRIPT), ("toy_texts", TEXTS)):
        (parts / f"{name}.py").write_text(textwrap.dedent(source))
    (registrations / "toy.py").write_text(textwrap.dedent(REGISTRATION))
    monkeypatch.syspath_prepend(str(parts))
    monkeypatch.setattr(registry, "__path__", [*registry.__path__, str(registrations)])
    registry.families.cache_clear()
    yield
    registry.families.cache_clear()
    for name in ("tablegame.families.toy", "toy_parts", "toy_script", "toy_texts"):
        sys.modules.pop(name, None)


def test_a_family_in_one_module_is_found_by_the_plays_options_and_settings(toy):
    from tablegame.play import make_play
    assert "toy" in registry.game_names() and "toy" in registry.playable_games()
    play = make_play(GameSetup("toy", (("Anna",), ("Ben",)), (("cheer", True), ("speed", 3))))
    assert (play.rules.speed, play.colour, play.game, play.cheer) == (3, "red", "toy", True)
    assert make_play(GameSetup("toy", (("A",), ("B",))), {"toy": {"colour": "blue"}}).colour == "blue"
    with pytest.raises(ValueError) as refused:
        make_play(GameSetup("toy", (("A",), ("B",)), (("speed", 9), ("sped", 1))),
                  {"toy": {"colour": "green"}})
    assert str(refused.value) == ("unknown option(s) sped; toy knows speed, cheer; "
                                  "speed: expected a whole number from 1 to 5, got 9; "
                                  "colour: expected one of 'red', 'blue', got 'green'")


def test_check_config_checks_a_new_familys_options(toy):
    from tablegame.config import ConfigError, parse
    with pytest.raises(ConfigError) as error:
        parse({"games": {"toy": {"speed": "fast"}}})
    assert error.value.problems == ["games.toy.speed: expected a whole number from 1 to 5, got 'fast'"]


def test_parties_corrections_screen_texts_and_script_of_a_new_family(toy):
    from hardware.display.display import registered_screen
    from tablegame import i18n, script
    from tablegame.corrections import correction_action, corrections_for
    from tablegame.parties import solo
    import toy_parts

    assert solo("toy")
    (poke,) = corrections_for("toy")
    assert correction_action(poke, {"strength": 4}) == toy_parts.Poke(4)
    assert registered_screen(toy_parts.ToyView) is toy_parts.ToyScreen
    assert "poke" in script.all_steps()
    i18n._merge_game_texts()
    assert i18n.text("de", "toy_hello") == "Hallo"
