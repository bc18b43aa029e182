"""What the screen shows, as plain data: the views every game shares (the staff page's
address, the names panel, a notice). Each family's own view is its ``view`` module; the
display (tablegame/display) only draws them."""
