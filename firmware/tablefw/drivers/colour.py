"""The colour of a piece falling through a pocket: one TCS34725 colour sensor per
pocket, all four behind a TCA9548A I2C multiplexer (they share one address).
White reflects every colour, black none, the red queen mostly red."""
TCS = 0x29
_CMD = 0x80
_ENABLE = 0x00
_ATIME = 0x01
_CDATA = 0x14
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
    def __init__(self, spec):
        import machine   # here, so classify() is testable off the Pico
        self._i2c = machine.I2C(spec["i2c"], sda=machine.Pin(spec["sda"]), scl=machine.Pin(spec["scl"]),
                                freq=400000)
        self._mux = spec.get("mux", 0x70)
        self._white = spec.get("white_clear", 2000)
        self._raw = bytearray(8)
        for channel in range(4):
            self._select(channel)
            self._i2c.writeto_mem(TCS, _CMD | _ATIME, b"\xf6")    # 24 ms integration
            self._i2c.writeto_mem(TCS, _CMD | _ENABLE, b"\x03")   # power on, RGBC on

    def _select(self, channel):
        self._i2c.writeto(self._mux, bytes([1 << channel]))

    def __call__(self, pocket):
        self._select(pocket)
        self._i2c.readfrom_mem_into(TCS, _CMD | 0x20 | _CDATA, self._raw)
        r = self._raw
        clear, red, green, blue = (r[0] | r[1] << 8, r[2] | r[3] << 8, r[4] | r[5] << 8, r[6] | r[7] << 8)
        return classify(red, green, blue, clear, self._white)
