"""Which sensors a board has, from its config (board_config.py on the Pico): the
drivers, and so BOARD_INFO's capabilities, follow it. Pure: the hardware comes
from ``hw``, an object whose methods make the readers (tablefw.pico on the Pico)."""
from tablefw.drivers.pockets import GATE_MM, Pockets
from tablefw.drivers.squares import Squares

KNOWN = ("squares", "pockets")


def problems(config):
    """What is wrong with the config, in words (an empty list when nothing is)."""
    out = []
    sensors = config.get("sensors")
    if not isinstance(sensors, dict) or not sensors:
        return ["board_config.py: BOARD['sensors'] must name at least one of " + ", ".join(KNOWN)]
    for name in sensors:
        if name not in KNOWN:
            out.append("board_config.py: unknown sensor kind %r (known: %s)" % (name, ", ".join(KNOWN)))
    squares = sensors.get("squares")
    if squares is not None and not 1 <= len(squares.get("pins", ())) <= 32:
        out.append("board_config.py: squares need 1 to 32 pins, one per square")
    pockets = sensors.get("pockets")
    if pockets is not None and len(pockets.get("beam_pins", ())) != 4:
        out.append("board_config.py: pockets need 4 beam_pins, pocket 0 first")
    if pockets is not None and len(pockets.get("gate_pins", ())) != 4:
        out.append("board_config.py: pockets need 4 gate_pins (the speed gates), pocket 0 first")
    if pockets is not None and not isinstance(pockets.get("colour"), dict):
        out.append("board_config.py: pockets need their colour sensors: \"colour\": {\"i2c\": 0, \"sda\": 16, ...}")
    return out


def drivers(config, hw):
    """The drivers the config names, in a fixed order."""
    sensors = config["sensors"]
    made = []
    if "squares" in sensors:
        spec = sensors["squares"]
        made.append(Squares(hw.squares_reader(spec["pins"], spec.get("active_low", True)), len(spec["pins"])))
    if "pockets" in sensors:
        spec = sensors["pockets"]
        pockets = Pockets(hw.colour_reader(spec["colour"]), gate_mm=spec.get("gate_mm", GATE_MM))
        hw.watch_beams(spec["beam_pins"], spec["gate_pins"], pockets.edge)
        made.append(pockets)
    return made


def capabilities(made):
    caps = 0
    for driver in made:
        caps |= driver.CAPABILITY
    return caps
