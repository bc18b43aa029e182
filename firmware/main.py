# Runs at power-up on the Pico (MicroPython runs main.py after boot.py).
from board_config import BOARD
from tablefw.pico import run

run(BOARD)
