"""Colours of the table's screens: a pub board (wood, brass-dark lines, copper
coins) on a dark green ground, chalk on slate, and two party colours that stay
apart for colour-blind guests (blue and orange)."""

BACKGROUND = (18, 32, 26)
CREAM = (246, 238, 218)
MUTED = (160, 168, 158)
INK = (22, 20, 18)

FRAME = (88, 55, 33)
FRAME_EDGE = (52, 32, 19)
WOOD = (226, 194, 142)
WOOD_MARGIN = (212, 178, 126)    # the chalk squares on the board, outside the side lines
LINE = (64, 40, 24)
BED_NUMBER = (160, 124, 84)
COIN = (186, 112, 52)
COIN_RIM = (112, 62, 26)

TILE_BACK = (46, 62, 92)          # a piecepack tile lying face down
TILE_EDGE = (92, 110, 140)
TILE_NUMBER = (150, 166, 192)
GAP = (150, 118, 80)              # the table seen through a gap between two side tiles

SLATE = (46, 54, 52)
SLATE_DONE = (38, 118, 72)
CHALK = (250, 250, 242)

PARTY = ((74, 158, 255), (255, 152, 48))   # party 0 (left), party 1 (right)
CARD = (34, 46, 42)
PROBLEM = (204, 32, 38)
WINNER = (246, 196, 44)
