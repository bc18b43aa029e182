# Which sensors this board has (copied to the Pico's flash as board_config.py).
# BOARD_INFO's capabilities follow it: squares -> 0x04, pockets -> 0x02.
# Pins are the Pico's GPIO numbers (GPn, not the package's pin numbers); the wiring
# is in docs/hardware.md. Uncomment the block of your board kind, delete the other.

BOARD = {
    "sensors": {
        # Neunfeld: a reed switch or a 3.3 V hall switch with an open-drain output (TI
        # DRV5032 or similar) under each square, square 1 first; the Pico's pull-up on,
        # active low (a magnet in each piece closes it).
        "squares": {"pins": [2, 3, 4, 5, 6, 7, 8, 9, 10], "active_low": True},

        # Carrom: a break-beam across each pocket's throat, pocket 0 first (seat 0's
        # left-hand corner, then round to the right), and its speed gate, a second beam
        # gate_mm further into the throat (the striker is told by size: docs/hardware.md);
        # the colour sensors behind a TCA9548A I2C mux on I2C0 (SDA GP16, SCL GP17),
        # mux channels 0..3; white_clear: a white man's clear count (calibrate per table).
        # "pockets": {"beam_pins": [11, 12, 13, 14], "gate_pins": [18, 19, 20, 21], "gate_mm": 10,
        #             "colour": {"i2c": 0, "sda": 16, "scl": 17, "mux": 0x70, "white_clear": 640}},
    },
    # "board_id": 0x2A,   # default: the low 32 bits of the Pico's flash unique id
}
