"""Ticks: MicroPython's wrapping ones, or CPython's monotonic clock."""
try:
    from time import ticks_ms, ticks_us, ticks_diff, ticks_add, sleep_us   # MicroPython
except ImportError:   # CPython: the same, without wrapping
    import time as _time

    def ticks_ms():
        return int(_time.monotonic() * 1000)

    def ticks_us():
        return int(_time.monotonic() * 1000000)

    def ticks_diff(a, b):
        return a - b

    def ticks_add(a, b):
        return a + b

    def sleep_us(us):
        _time.sleep(us / 1000000)
