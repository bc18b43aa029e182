"""Carrom by the ICF laws: singles (two sides of one) or doubles (two sides of two, partners
opposite), chosen by the parties; no options."""
from tablegame.families import Family, Game

FAMILY = Family(
    name="carrom",
    games=(Game("carrom", {"de": "Carrom", "en": "Carrom"}, "tablegame.games.carrom:CarromRules"),),
    play="tablegame.play.carrom:carrom_play",
    menu=(("carrom", {}),),
    solo=False,
    screen="hardware.display.carrom:CarromScreen",
    view_type="tablegame.views.carrom:CarromView",
    hands="tablegame.desktop.carrom:CarromHands",
    script="tablegame.script_carrom",
    texts="tablegame.texts.carrom",
)
