"""The publisher as the composition root starts it: only with ``[mqtt] enabled``, and a
publisher that cannot start is logged while the table plays on without it."""
from __future__ import annotations

import contextlib
import logging

log = logging.getLogger(__name__)


def make_publisher(face, config, staff_url: str = ""):
    from mqtt_publisher.broker import Broker
    from mqtt_publisher.commands import Commands
    from mqtt_publisher.publisher import Publisher

    language = lambda: face.settings.current()["table.language"]  # noqa: E731
    commands = Commands(face, language) if config["mqtt.accept_commands"] else None
    return Publisher(face, Broker.from_config(config), config["mqtt.venue"], config["mqtt.table"],
                     face.data_folder, language, config["mqtt.staff_url"] or staff_url, commands)


@contextlib.contextmanager
def publishing(face, config, staff_url: str = ""):
    """The publisher beside the table while the block runs (None when off or broken)."""
    if not config["mqtt.enabled"]:
        yield None
        return
    try:
        publisher = make_publisher(face, config, staff_url).start()
    except (OSError, ValueError, ImportError) as error:
        log.error("MQTT: not publishing to %s:%s: %s", config["mqtt.host"], config["mqtt.port"], error)
        print(f"MQTT not started: {error}", flush=True)
        yield None
        return
    print(f"MQTT: publishing to {config['mqtt.host']}:{config['mqtt.port']} as "
          f"{config['mqtt.venue']}/{config['mqtt.table']}", flush=True)
    try:
        yield publisher
    finally:
        publisher.close()
