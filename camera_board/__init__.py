# The table's texts first: a family's texts module (tablegame/families/shove/texts.py, which
# camera_board.scene reaches through the Shove board) imports tablegame.texts, whose package
# imports every family's texts; entered from the family's side that cycle breaks
# ("partially initialized module"), entered from tablegame.texts it does not.
import tablegame.texts  # noqa: F401
