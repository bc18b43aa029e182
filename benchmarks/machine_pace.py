"""What this machine itself gives a fixed piece of work from one moment to the next.

The development machine is a virtual one: now and then it runs everything 2-10 times slower
for a few ms, whatever runs (docs/performance.md, the ninth and twelfth rounds of issue 30).
A fixed loop timed beside each measured frame tells the frames it ran at its usual pace from
those it did not. No imports of the project: the side-by-side harness times it in every
version's checkout."""
from __future__ import annotations

import time

# A frame counts as measured on the machine itself when its loops ran within this much of
# their median: the ninth round's slow moments made them 2-10 times as long.
STEADY = 1.5


def machine_loop() -> float:
    """The thread's CPU time of a fixed piece of Python (about 0.2 ms on the development
    machine): what the machine gives the same work from one moment to the next."""
    start, total = time.thread_time(), 0
    for i in range(3000):
        total += i * i
    return time.thread_time() - start
