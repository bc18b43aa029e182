# Runs at power-up on the Pico (MicroPython runs main.py after boot.py).
# Ctrl-C off first, before the ~0.5 s of compiling the firmware: a host that polls from
# the moment the board's USB is up sends HELLOs, which hold 0x03 (Ctrl-C) more often than
# not, and a KeyboardInterrupt here would leave the board in the REPL, whose raw mode the
# host's next frames (Ctrl-A, Ctrl-D) then drive (firmware/README.md, "USB").
import micropython
micropython.kbd_intr(-1)


def start():
    from board_config import BOARD
    from tablefw.pico import run
    run(BOARD)


for attempt in range(3):     # a Ctrl-C that came before the line above ran
    try:
        start()
        break
    except KeyboardInterrupt:
        pass
