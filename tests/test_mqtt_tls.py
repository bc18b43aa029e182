"""TLS with client certificates, with a real Mosquitto and certificates made by openssl
for the test: a table whose [mqtt] names its CA, certificate and key publishes; a client
without a certificate is refused by the broker."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from mqtt_broker import MISSING, Mosquitto
from test_mqtt import NO_FAULT, finished, listener, seqs, start_table, until

pytestmark = [pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
              pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl to make certificates")]


def openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def certificates(folder: Path) -> Path:
    """A CA, the broker's certificate for 127.0.0.1 and one client certificate per name."""
    folder.mkdir()
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=test CA",
            "-keyout", "ca.key", "-out", "ca.crt", cwd=folder)
    for name, extra in (("broker", "subjectAltName=IP:127.0.0.1"), ("t1", None), ("venue", None)):
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={name}", "-keyout",
                f"{name}.key", "-out", f"{name}.csr", cwd=folder)
        ext = ["-extfile", f"{name}.ext"] if extra else []
        if extra:
            (folder / f"{name}.ext").write_text(extra + "\n")
        openssl("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
                "-CAcreateserial", "-days", "2", "-out", f"{name}.crt", *ext, cwd=folder)
    return folder


def test_a_table_with_a_client_certificate_publishes_and_one_without_is_refused(tmp_path):
    certs = certificates(tmp_path / "certs")
    broker = Mosquitto(tmp_path / "broker", f"allow_anonymous false\ncafile {certs}/ca.crt\n"
                       f"certfile {certs}/broker.crt\nkeyfile {certs}/broker.key\n"
                       "require_certificate true\nuse_identity_as_username true\n").start()
    store = tmp_path / "venue.sqlite"
    venue = listener(broker.port, store, tls=True, ca_file=f"{certs}/ca.crt",
                     cert_file=f"{certs}/venue.crt", key_file=f"{certs}/venue.key")
    try:
        tls = (f'tls = true\nca_file = "{certs}/ca.crt"\ncert_file = "{certs}/t1.crt"\n'
               f'key_file = "{certs}/t1.key"\n')
        result = finished(start_table(tmp_path, broker.port, "t1", games=1, extra=tls, settle=NO_FAULT))
        until(lambda: seqs(store, "t1")[-1:] == [result["last_seq"]], what="t1's events over TLS")
        assert seqs(store, "t1") == list(range(1, result["last_seq"] + 1))
        from mqtt_publisher.broker import Broker
        from mqtt_publisher.probe import probe
        ok, words = probe(Broker("127.0.0.1", broker.port, tls=True, ca_file=f"{certs}/ca.crt"),
                          "pub", "t2", timeout=5)
        assert not ok and "client certificate" in words, words   # none given: no way in
    finally:
        venue.close()
        broker.stop()
