"""Frame time of the busiest Shove screen (10 coins, many marks, a long message,
the problem and the winner banners) at the table's screen sizes, dummy driver.

Each frame redraws everything and flips, as the display does on every state
change; texts come from the cache after the first frame, as they do in a game."""
from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SIZES = ((800, 480), (1920, 1080))
FRAMES = 300


def _frame_times(size: tuple[int, int], frames: int, new_texts: bool) -> list[float]:
    """``new_texts``: the status and the message change every frame (nothing cached)."""
    import dataclasses

    from hardware.display import Display
    from hardware.display.demo import busiest_shove_view

    view = base = busiest_shove_view()
    with Display(size, caption="bench") as display:
        for _ in range(10):  # warm up: layout, static layer, text cache
            display.show(view)
        times = []
        for i in range(frames):
            if new_texts:
                view = dataclasses.replace(base, status=f"{base.status} {i}",
                                           message=f"{i}: {base.message}")
            start = time.perf_counter()
            display.show(view)
            times.append(time.perf_counter() - start)
    return times


def run() -> list[str]:
    lines = [f"display: busiest Shove screen, {FRAMES} frames, "
             f"SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}"]
    for new_texts in (False, True):
        for size in SIZES:
            times = sorted(_frame_times(size, FRAMES, new_texts))
            median = statistics.median(times) * 1000
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
            what = "status+message new every frame" if new_texts else "texts cached"
            lines.append(f"  {size[0]}x{size[1]} ({what}): median {median:.2f} ms, "
                         f"p99 {p99:.2f} ms")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
