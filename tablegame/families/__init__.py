"""The game families, one package each (``tablegame/families/<name>/``): its ``__init__``
registers the family (``FAMILY``, see ``tablegame.registry``), its other modules are the family's
rules, board, referee, play, view, texts, physics, simulated world, hands, headless steps and
screen. Nothing outside a family's folder names it."""
