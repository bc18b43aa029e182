"""Entry point of the simulated board (MicroPython Unix port or CPython):
    micropython sim_main.py CONFIG.json        (from this folder; {"sensors": {"coins": {}}} e.g.)
See tablefw/unix.py. A crash is told on stderr (stdout is the protocol's line)."""
import json
import sys

from tablefw.unix import run

try:
    with open(sys.argv[1]) as file:
        config = json.load(file)
    run(config)
except Exception as error:
    if hasattr(sys, "print_exception"):
        sys.print_exception(error, sys.stderr)
    else:
        import traceback
        traceback.print_exc()
    sys.exit(1)
