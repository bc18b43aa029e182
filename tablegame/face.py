"""The one object an adapter such as the staff page is given: the table's public
interface (ARCHITECTURE.md, "The session's face to adapters"). Core only: it names
what the service wires in, it imports no adapter."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tablegame.config.file import ConfigFile
from tablegame.core.history import History
from tablegame.core.session import Reply, Snapshot, Subscription


@dataclass(frozen=True)
class TableFace:
    submit: Callable[..., Reply | None]       # session.submit(command, by=..., wait=...)
    subscribe: Callable[..., Subscription]    # session.subscribe(maxsize) (TooManyStreams)
    snapshot: Callable[[], Snapshot]
    history: History
    health: Callable[[], dict[str, Any]]      # the link's health and the buttons' last presses
    settings: ConfigFile                      # the live configuration and its one writer
    restart: Callable[[], None]               # ends the service; systemd starts it again
    address: str = ""                         # where the staff page is served, for the QR code
    data_folder: str = ""                     # beside the event log: the staff accounts
    camera: Any = None                        # the camera board, when the board is a camera (docs/camera.md)
