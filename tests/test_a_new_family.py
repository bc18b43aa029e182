"""Adding a game family is adding one folder (issues 9 and 17): a toy family, laid out as the
real ones are (``tablegame/families/toy/``: its registration in ``__init__``, rules, play, view,
screen, hands, script, texts, corrections) and written to a temporary folder that the families
package also reads, is found by every part that reads the registration; nothing else names it."""
import sys
import textwrap

import pytest

import tablegame.families as families
import tablegame.registry as registry
from tablegame.core.play import GameSetup

# The toy family's folder, laid out as the real ones are: tablegame/families/toy/<module>.py
TOY = {
    "rules": '''
        import dataclasses
        from tablegame.core.rules import Outcome, Rules

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
    ''',
    "view": '''
        import dataclasses

        @dataclasses.dataclass(frozen=True)
        class ToyView:
            total: int
    ''',
    "screen": '''
        class ToyScreen:
            def draw(self, surface, view):
                return None
    ''',
    "play": '''
        import dataclasses
        from tablegame.core.play import Verdict
        from tablegame.families.toy.rules import ToyRules
        from tablegame.families.toy.view import ToyView

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
    ''',
    "corrections": '''
        from tablegame.families.toy.rules import Poke

        def poke(strength):
            return Poke(strength)
    ''',
    "hands": '''
        class ToyHands:
            def __init__(self, session, config):
                self.world = None
    ''',
    "script": '''
        STEPS = {"poke": ((), lambda step: None)}

        def world(session, config):
            return "toy world"

        def step(step, i, session, board, world, config, ScriptError):
            pass
    ''',
    "texts": '''
        TEXTS = {"de": {"toy_hello": "Hallo"}, "en": {"toy_hello": "Hello"}}
    ''',
    "__init__": '''
        from tablegame.registry import Correction, Family, Game, Option

        FAMILY = Family(
            name="toy",
            games=(Game("toy", {"de": "Spielzeug", "en": "Toy"}, "tablegame.families.toy.rules:ToyRules",
                        options=(Option("speed", 2, int, {"de": "Tempo", "en": "speed"}, low=1, high=5),),
                        play_options=(Option("cheer", False, bool, {"de": "jubeln", "en": "cheer"}),)),),
            play="tablegame.families.toy.play:toy_play",
            menu=(("toy", {}), ("toy", {"speed": 5})),
            solo=True,
            screen="tablegame.families.toy.screen:ToyScreen",
            view_type="tablegame.families.toy.view:ToyView",
            hands="tablegame.families.toy.hands:ToyHands",
            script="tablegame.families.toy.script",
            texts="tablegame.families.toy.texts",
            settings=(Option("colour", "red", str, {"de": "Farbe", "en": "colour"},
                             choices=("red", "blue")),),
            corrections=(Correction("poke", {"de": "Stoß", "en": "A poke"},
                                    (Option("strength", 1, int, {"de": "Stärke", "en": "strength"}),),
                                    "tablegame.families.toy.corrections:poke"),),
        )
    ''',
}


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy family's folder in a temporary place that the families package also reads."""
    folder = tmp_path / "toy"
    folder.mkdir()
    for module, source in TOY.items():
        (folder / f"{module}.py").write_text(textwrap.dedent(source))
    monkeypatch.setattr(families, "__path__", [*families.__path__, str(tmp_path)])
    registry.families.cache_clear()
    yield
    registry.families.cache_clear()
    for name in [n for n in sys.modules if n.startswith("tablegame.families.toy")]:
        del sys.modules[name]


def test_a_family_in_one_folder_is_found_by_the_plays_options_and_settings(toy):
    from tablegame.core.games import make_play
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
    from tablegame.display.display import registered_screen
    from tablegame import texts
    from table_app import headless as script
    from tablegame.core.corrections import correction_action, corrections_for
    from tablegame.core.parties import solo
    from tablegame.families.toy import rules as toy_rules, screen as toy_screen, view as toy_view

    assert solo("toy")
    (poke,) = corrections_for("toy")
    assert correction_action(poke, {"strength": 4}) == toy_rules.Poke(4)
    assert registered_screen(toy_view.ToyView) is toy_screen.ToyScreen
    assert "poke" in script.all_steps()
    texts._merge_game_texts()
    assert texts.text("de", "toy_hello") == "Hallo"
