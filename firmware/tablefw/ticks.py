"""Millisecond ticks: MicroPython's wrapping ones, or CPython's monotonic clock."""
try:
    from time import ticks_ms, ticks_diff, ticks_add   # MicroPython
except ImportError:   # CPython: the same three, without wrapping
    import time as _time

    def ticks_ms():
        return int(_time.monotonic() * 1000)

    def ticks_diff(a, b):
        return a - b

    def ticks_add(a, b):
        return a + b
