"""Carrom by the ICF laws (RULES.md §5). Its rules and texts are here; the play, view,
screen, hands and script come with issue 9 §2-§4 (until then the table does not offer it)."""
from tablegame.families import Family, Game

FAMILY = Family(
    name="carrom",
    games=(Game("carrom", {"de": "Carrom", "en": "Carrom"}, "tablegame.games.carrom:CarromRules"),),
    texts="tablegame.texts.carrom",
    solo=False,
    order=4,
)
