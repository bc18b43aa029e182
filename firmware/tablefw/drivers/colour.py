"""The colour of a piece falling through a pocket: one TCS34725 colour sensor per
pocket, all four behind a TCA9548A I2C multiplexer (they share one address).
White reflects every colour, black none, the red queen mostly red.

The sensor integrates for 2.4 ms (ATIME 0xFF) at gain 4x, short enough that a man going
through at 4 m/s (8 ms in front of it) fills a whole integration; its data registers
hold the last complete one, so the pockets driver reads one integration after the
beam broke (tablefw/drivers/pockets.py). Power-up follows the datasheet: PON, then
2.4 ms later AEN. A sensor that does not answer raises OSError to the driver, which
says so (ERROR 4) and goes on; it is set up again before its next reading."""
TCS = 0x29
_CMD = 0x80
_ENABLE = 0x00
_ATIME = 0x01
_CONTROL = 0x0F
_CDATA = 0x14
PON = 0x01
AEN = 0x02
ATIME_2_4_MS = 0xFF
GAIN_4X = 0x01
WHITE_CLEAR = 640      # a white man's clear count at 2.4 ms and 4x (calibrate per table)
BLACK_BELOW = 0.15     # clear light against the white reference of calibration
RED_OVER = 1.8         # red over green: the queen


def classify(red, green, blue, clear, white_clear):
    """0 white, 1 black, 2 queen (red): pure, for the tests."""
    if clear < BLACK_BELOW * white_clear:
        return 1
    if green and red / green > RED_OVER:
        return 2
    return 0


class MuxedColour:
    def __init__(self, spec, count=4):
        import machine   # here, so classify() is testable off the Pico
        import time
        self._sleep_ms = time.sleep_ms
        self._i2c = machine.I2C(spec["i2c"], sda=machine.Pin(spec["sda"]), scl=machine.Pin(spec["scl"]),
                                freq=400000)
        self._mux = spec.get("mux", 0x70)
        self._white = spec.get("white_clear", WHITE_CLEAR)
        self._raw = bytearray(8)
        self._ready = bytearray(count)
        self._faults = {}
        for channel in range(count):
            try:
                self._set_up(channel)
            except OSError as error:
                self._faults[channel] = ("pocket %d: its colour sensor did not answer at start-up (error %s)"
                                         % (channel, error.args[0] if error.args else "?"))

    def _set_up(self, channel):
        self._select(channel)
        self._i2c.writeto_mem(TCS, _CMD | _ENABLE, bytes([PON]))
        self._sleep_ms(3)                                           # 2.4 ms warm-up before AEN
        self._i2c.writeto_mem(TCS, _CMD | _ATIME, bytes([ATIME_2_4_MS]))
        self._i2c.writeto_mem(TCS, _CMD | _CONTROL, bytes([GAIN_4X]))
        self._i2c.writeto_mem(TCS, _CMD | _ENABLE, bytes([PON | AEN]))
        self._ready[channel] = 1

    def _select(self, channel):
        self._i2c.writeto(self._mux, bytes([1 << channel]))

    def problems(self):
        return [self._faults[c] for c in sorted(self._faults) if not self._ready[c]]

    def read(self, pocket):
        """The kind of what the sensor saw in its last integration; OSError if it
        (or the mux) does not answer."""
        try:
            if not self._ready[pocket]:
                self._set_up(pocket)        # it lost power, or was never there: try again
            self._select(pocket)
            self._i2c.readfrom_mem_into(TCS, _CMD | 0x20 | _CDATA, self._raw)
        except OSError:
            self._ready[pocket] = 0
            raise
        r = self._raw
        clear, red, green, blue = (r[0] | r[1] << 8, r[2] | r[3] << 8, r[4] | r[5] << 8, r[6] | r[7] << 8)
        return classify(red, green, blue, clear, self._white)
