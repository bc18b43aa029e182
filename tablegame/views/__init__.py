"""What the screen shows, as plain data, one module per game family: the play
builds these from the game state, already in the chosen language; the display
(hardware/display) only draws them."""
from tablegame.views.shove import PartyView, ShoveView

__all__ = ["PartyView", "ShoveView"]
