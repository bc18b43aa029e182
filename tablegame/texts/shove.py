"""Shove's texts in German and English. Shove was the table's first game and its texts
still live in the table's common table (``tablegame.i18n.TEXTS``); keys that are
Shove's alone belong here."""
TEXTS: dict[str, dict] = {"de": {}, "en": {}}
