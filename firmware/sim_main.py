"""Entry point of the simulated board (MicroPython Unix port or CPython):
    micropython sim_main.py '{"sensors": {"coins": {}}}'     (from this folder)
See tablefw/unix.py. A crash is told on stderr (stdout is the protocol's line)."""
import json
import sys

from tablefw.unix import run

try:
    run(json.loads(sys.argv[1]))
except Exception as error:
    if hasattr(sys, "print_exception"):
        sys.print_exception(error, sys.stderr)
    else:
        import traceback
        traceback.print_exc()
    sys.exit(1)
