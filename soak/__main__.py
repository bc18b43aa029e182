"""``./dev soak``: the long reliability runs, each printing its figures.

Every module of this package with a ``run(args) -> int`` is a soak: ``./dev soak``
runs them all with their full counts; ``./dev soak power_cut 50`` runs one with its
arguments (a smaller count, say). The exit status is non-zero when any soak failed."""
from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path


def soaks() -> list[str]:
    """The names of the modules that are soaks, in order."""
    names = []
    for module in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if not module.name.startswith("_") and \
                callable(getattr(importlib.import_module(f"soak.{module.name}"), "run", None)):
            names.append(module.name)
    return sorted(names)


def main(argv: list[str]) -> int:
    known = soaks()
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip() + "\n\nsoaks: " + ", ".join(known))
        return 0
    if argv and argv[0] not in known:
        print(f"no soak {argv[0]!r}; there are: {', '.join(known)}", file=sys.stderr)
        return 2
    if len(argv) > 2 or not all(arg.isdigit() and int(arg) > 0 for arg in argv[1:]):
        # every soak takes one thing, how many times to run (kills, unplugs, streams)
        print(f"{argv[0]}: expected one count, a whole number such as 50, got "
              f"{' '.join(argv[1:])!r}", file=sys.stderr)
        return 2
    plan = [(argv[0], argv[1:])] if argv else [(name, []) for name in known]
    failed = []
    for name, args in plan:
        print(f"\n== {name}", flush=True)
        started = time.monotonic()
        status = importlib.import_module(f"soak.{name}").run(args)
        print(f"({name}: {'failed' if status else 'passed'} in {time.monotonic() - started:.0f} s)",
              flush=True)
        if status:
            failed.append(name)
    if failed:
        print(f"\nFAILED: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
