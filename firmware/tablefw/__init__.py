"""The table's board firmware: a pure protocol core and one driver per sensor kind.

Runs unchanged under MicroPython (on a Pico, or the Unix port in the tests) and
CPython. Nothing here imports ``machine``, except the drivers and ``pico``.
"""
VERSION = "1.0"
