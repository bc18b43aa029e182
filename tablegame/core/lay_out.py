"""A simulated world kept as the game expects it, for the desktop's hands and for
headless scripts (its own module: the dice hands need no physics)."""
from __future__ import annotations


def lay_out(world, status, board=None, done: int = 0) -> int:
    """Keeps a simulated world as the game expects it: when the session asks for the
    board as the game left it (``status.put_back``: a restart, an undo) and this one
    (numbered above ``done``) is not laid out yet, the hand lays it out; through
    ``board`` (the virtual board reports it) once that runs, else at once. Returns
    the number laid out, to pass as ``done`` next time."""
    put = status.put_back
    if put is None or put.number <= done:
        return done
    if board is None:
        world.put_back(put.readings)
    else:
        board.by_hand(lambda: world.put_back(put.readings))
    return put.number
