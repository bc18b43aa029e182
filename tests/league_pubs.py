"""Two pubs' brokers for a league match, as deploy/ ships them: the Krone's (venue.conf, its
ACL and league-line.acl: its venue view dials) and the Anker's (the same with
league-partner.acl, and the TLS listener of league-listener.conf), with the logins of
LOGINS; between them a line the test can cut (tcp_proxy), in front of the Anker's TLS
listener. ``line`` is the Krone's [league] settings for it."""
from __future__ import annotations

from pathlib import Path

from mqtt_broker import SHIPPED, Mosquitto, free_port, logins, shipped
from tcp_proxy import Proxy
from test_mqtt_tls import certificates
from venue_evening import until

LOGINS = {"venue": "v-pw", "t1": "t1-pw", "league-krone": "lk-pw"}


class Pubs:
    def __init__(self, folder: Path):
        folder.mkdir(parents=True, exist_ok=True)
        self.certs = certs = certificates(folder / "certs")
        passwd = logins(folder, LOGINS)
        self.tls_port = free_port()
        listener = ((SHIPPED / "league-listener.conf").read_text()
                    .replace("listener 8883", f"listener {self.tls_port} 127.0.0.1")
                    .replace("/etc/mosquitto/certs/league", f"{certs}/broker"))
        self.anker = Mosquitto(folder / "anker", _broker(folder, "anker", "league-partner.acl",
                                                         passwd) + listener).start()
        self.krone = Mosquitto(folder / "krone", _broker(folder, "krone", "league-line.acl",
                                                         passwd)).start()
        self.proxy = Proxy(self.tls_port)
        self.line = (f'[league]\npartner = "anker"\nhost = "127.0.0.1"\nport = {self.proxy.port}\n'
                     f'ca_file = "{certs}/ca.crt"\nusername = "league-krone"\n'
                     f'password = "{LOGINS["league-krone"]}"\n')

    def close(self) -> None:
        try:
            self.krone.stop()
            self.anker.stop()
        finally:
            self.proxy.close()


def _broker(folder: Path, venue: str, league: str, passwd: Path) -> str:
    """A pub's broker as deploy/ ships it, the league's lines added to its ACL (the files
    are written for the Krone dialing the Anker), on the test's own port, store and logins."""
    acl = folder / f"{venue}.acl"
    acl.write_text((SHIPPED / "acl").read_text().replace("krone", venue) + "\n"
                   + (SHIPPED / league).read_text())
    return shipped("venue.conf", passwd, acl)


def client(port: int, name: str, login: tuple[str, str] | None = None, ca: Path | None = None):
    """A paho client, connected (or an AssertionError saying why not)."""
    import paho.mqtt.client as mqtt
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"{name}-{free_port()}")
    if login:
        client.username_pw_set(*login)
    if ca is not None:
        client.tls_set(ca_certs=str(ca))
    answer: list[str] = []
    client.on_connect = lambda c, u, f, rc, p=None: answer.append(str(rc))
    client.connect("127.0.0.1", port, 5)
    client.loop_start()
    until(lambda: answer, 30, f"{name} connected")
    assert answer[0] == "Success", answer
    return client


def subscribe(made, topics: list[tuple[str, int]], what: str) -> None:
    """``made`` (a client of ``client``) subscribed to ``topics``, its broker's answer awaited:
    what is said from then on reaches it (on a loaded machine a subscription still under way
    missed the first words said after it)."""
    answered = []
    made.on_subscribe = lambda c, u, mid, codes, p=None: answered.append(mid)
    made.subscribe(topics)
    until(lambda: answered, 20, f"{what} subscribed")
