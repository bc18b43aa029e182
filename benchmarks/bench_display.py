"""Frame time of the busiest Shove screen (10 coins, many marks, a long message,
the problem and the winner banners) at the table's screen sizes, dummy driver.

A frame is ``Display.show`` of the next view: the screen redraws what changed
(dirty rectangles) and updates those rectangles, or redraws and flips everything
when it has to. Texts come from the cache after the first frame, as they do in a
game, unless a case makes them new. The cases, from the most common frame on:

* a coin moves: one coin slides a little, everything else stays (the board
  streaming while a coin is under way);
* the message changes: a new message text each frame, nothing else (no problem
  banner: it would cover the message);
* the same view again: nothing changed (a redraw after a window event);
* status+message new every frame: two new texts each frame;
* full redraw forced: the whole screen each frame, as after a change of screens."""
from __future__ import annotations

import dataclasses
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SIZES = ((800, 480), (1920, 1080))
FRAMES = 300


def _coin_moves(base, i):
    first, *rest = base.coins
    return dataclasses.replace(base, coins=(dataclasses.replace(first, x=first.x + i % 40),
                                            *rest))


def _message_changes(base, i):
    # without the problem banner, which takes the message's row: a new message under it
    # draws nothing (this case measured 0.02 ms that way)
    return dataclasses.replace(base, problem="", message=f"{i}: {base.message}")


def _same_view(base, i):
    return base


def _status_and_message(base, i):
    return dataclasses.replace(base, status=f"{base.status} {i}", problem="",
                               message=f"{i}: {base.message}")


CASES = (("a coin moves", _coin_moves, False),
         ("the message changes", _message_changes, False),
         ("the same view again", _same_view, False),
         ("status+message new every frame", _status_and_message, False),
         ("full redraw forced", _same_view, True))


def _frame_times(size: tuple[int, int], frames: int, next_view, full: bool) -> list[float]:
    from tablegame.display import Display
    from tablegame.families.shove.screen_demo import busiest_shove_view

    base = busiest_shove_view()
    with Display(size, caption="bench") as display:
        for i in range(10):  # warm up: layout, static layer, text cache
            display.show(next_view(base, -1 - i))
        times = []
        for i in range(frames):
            view = next_view(base, i)
            start = time.perf_counter()
            if full:
                invalidate = getattr(display.screen, "invalidate", None)
                if invalidate is not None:
                    invalidate()
            display.show(view)
            times.append(time.perf_counter() - start)
    return times


def run() -> list[str]:
    lines = [f"display: busiest Shove screen, {FRAMES} frames, "
             f"SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}"]
    for what, next_view, full in CASES:
        for size in SIZES:
            times = sorted(_frame_times(size, FRAMES, next_view, full))
            median = statistics.median(times) * 1000
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
            lines.append(f"  {size[0]}x{size[1]} ({what}): median {median:.2f} ms, "
                         f"p99 {p99:.2f} ms")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
