"""A venue's light show on the table's hooks (docs/mqtt.md, "Hooks"): when a game is won
at any table, a WLED strip flashes the winning side's colour for a few seconds, through
WLED's own MQTT API (its "MQTT" settings: the same broker, device topic wled/bar).

    python examples/mqtt/mqtt_wled.py --broker venue-broker.local --wled wled/bar

Colours by the winning party's seat (0: green, 1: amber, then blue, red, ...); a
Schock-out flashes red. Runs until Ctrl-C; needs only paho-mqtt."""
from __future__ import annotations

import argparse
import json
import threading

import paho.mqtt.client as mqtt

SEATS = ["#2D8A2B", "#F5C542", "#2B6CB0", "#C53030", "#805AD5", "#DD6B20"]
FLASH = 4.0   # seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--broker", default="localhost")
    parser.add_argument("--port", type=int, default=1883)
    parser.add_argument("--venue", default="+", help="one venue's tables, or + for all")
    parser.add_argument("--wled", default="wled/bar", help="the WLED device's MQTT topic")
    args = parser.parse_args()
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="pubtable-wled")

    def connected(c, userdata, flags, reason_code, properties=None):
        c.subscribe(f"pubtable/v1/{args.venue}/+/hook/+", qos=1)

    def hook(c, userdata, message):
        body = json.loads(message.payload)
        if body["hook"] == "game_won":
            colour = SEATS[(body.get("winner") or 0) % len(SEATS)]
        elif body["hook"] == "schock_out":
            colour = "#FF0000"
        else:
            return
        c.publish(f"{args.wled}/col", colour)       # WLED: the primary colour
        c.publish(f"{args.wled}/api", "FX=1")       # WLED's HTTP-API syntax: effect 1, Blink
        threading.Timer(FLASH, lambda: c.publish(f"{args.wled}/api", "FX=0")).start()

    client.on_connect, client.on_message = connected, hook
    client.connect(args.broker, args.port, 30)
    client.loop_forever()


if __name__ == "__main__":
    main()
