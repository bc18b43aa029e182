"""``python -m camera_sim render shove|carrom SEED FILE.png``: one board of the corpus, as
the camera would see it (to look at what the tests read)."""
from __future__ import annotations

import sys

import cv2
import numpy as np

from camera_sim.corpus import case
from camera_sim.render import render


def main(args: list[str]) -> int:
    try:
        if args[0] == "render" and args[1] in ("shove", "carrom"):
            c = case(args[1], int(args[2]))
            cv2.imwrite(args[3], render(c.shot, np.random.default_rng(int(args[2]))))
            return 0
    except (IndexError, ValueError):
        pass
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
