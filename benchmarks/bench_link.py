"""Speed of the board link: framing with the ``cobs`` package against the
hand-written Python COBS it replaced, side by side on one 100,000-frame stream;
decoding snapshot frames (the codec alone); and the round trip of a settled
snapshot over a real pty, from the board sending it to the host's ACK arriving
back at the board."""
from __future__ import annotations

import contextlib
import itertools
import queue
import statistics
import tempfile
import threading
import time
from pathlib import Path

from firmware_bridge import codec
from firmware_bridge.codec import Ack, FrameDecoder, Heartbeat, decode, encode, message_type
from firmware_bridge.link import BoardLink
from firmware_bridge.virtual_board import VirtualBoard
from tablegame.core.sensors import BoardSnapshot, CoinReading, DiceReading, LinkState, LinkStatus, SquaresReading

FRAMES = 20_000
ROUND_TRIPS = 200
FRAMING_FRAMES = 100_000
FRAMING_ROUNDS = 3
COINS = tuple(CoinReading(100.0 + 12.5 * i, 50.0 + 31.7 * i) for i in range(10))


def _decode_throughput() -> str:
    stream = b"".join(encode(BoardSnapshot(COINS, settled=bool(i % 2)), i & 0xFFFF) for i in range(FRAMES))
    chunks = [stream[i:i + 256] for i in range(0, len(stream), 256)]   # as the serial reads arrive
    decoder = FrameDecoder()
    start, cpu = time.perf_counter(), time.process_time()
    count = sum(1 for chunk in chunks for frame in decoder.feed(chunk) if decode(frame).coins)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert count == FRAMES
    size = len(stream) / FRAMES
    return (f"  decode: {FRAMES / wall:,.0f} snapshot frames/s wall, {FRAMES / cpu:,.0f}/s CPU "
            f"(10 coins, {size:.0f} bytes on the wire; 115200 baud carries {11520 / size:,.0f}/s)")


def _python_cobs_encode(data: bytes) -> bytes:
    """The codec's hand-written COBS before the ``cobs`` package: kept here only
    as the baseline the package is measured against."""
    out = bytearray()
    for chunk in bytes(data).split(b"\x00"):
        while len(chunk) >= 254:
            out.append(0xFF)
            out += chunk[:254]
            chunk = chunk[254:]
        out.append(len(chunk) + 1)
        out += chunk
    return bytes(out)


def _python_cobs_decode(data: bytes) -> bytes:
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise codec.BadCobs("COBS block code 0x00 inside a frame", bytes(data))
        end = i + code
        if end > n:
            raise codec.BadCobs(f"COBS block announces {code - 1} bytes, only {n - i - 1} remain", bytes(data))
        block = data[i + 1:end]
        if 0 in block:
            raise codec.BadCobs("COBS block holds a 0x00", bytes(data))
        out += block
        i = end
        if code < 0xFF and i < n:
            out.append(0)
    return bytes(out)


@contextlib.contextmanager
def _python_cobs():
    """The codec framing with the old Python COBS, everything else the same."""
    saved = codec.cobs_encode, codec.cobs_decode
    codec.cobs_encode, codec.cobs_decode = _python_cobs_encode, _python_cobs_decode
    try:
        yield
    finally:
        codec.cobs_encode, codec.cobs_decode = saved


def _framing_once(messages: list[tuple[int, int, bytes]]) -> tuple[float, float, bytes]:
    """Seconds to frame every message (encode_frame) and to unframe the stream
    (FrameDecoder in 256-byte reads, CRC checked), and the stream itself."""
    start = time.perf_counter()
    stream = b"".join([codec.encode_frame(t, seq, payload) for t, seq, payload in messages])
    encoded = time.perf_counter() - start
    chunks = [stream[i:i + 256] for i in range(0, len(stream), 256)]
    decoder = FrameDecoder()
    start = time.perf_counter()
    count = sum(len(decoder.feed(chunk)) for chunk in chunks)
    decoded = time.perf_counter() - start
    assert count == len(messages)
    return encoded, decoded, stream


def _framing() -> list[str]:
    """Old and new COBS framing side by side on one stream of 100,000 frames
    (snapshots of 0 to 20 coins, dice, squares, heartbeats, ACKs), alternating
    rounds so that both see the same machine; the best round of each."""
    samples = [BoardSnapshot(COINS[:n % 11] * (1 + n % 2), settled=bool(n % 2)) for n in range(22)]
    samples += [DiceReading((6, 1, 1), (False, True, False)), SquaresReading((True, False) * 4 + (True,)),
                Heartbeat(), Ack(7)]
    payloads = [(message_type(m), FrameDecoder().feed(encode(m, 0))[0].payload) for m in samples]
    messages = [(kind, i & 0xFFFF, payload)
                for i, (kind, payload) in zip(range(FRAMING_FRAMES), itertools.cycle(payloads))]
    best = {"python": [float("inf")] * 4, "cobs": [float("inf")] * 4}
    streams = {}
    for _ in range(FRAMING_ROUNDS):
        for name in ("python", "cobs"):
            with _python_cobs() if name == "python" else contextlib.nullcontext():
                encoded, decoded, streams[name] = _framing_once(messages)
                stuffing = _stuffing_once(streams[name])
            best[name] = [min(b, t) for b, t in zip(best[name], (encoded, decoded, *stuffing))]
    assert streams["python"].count(0) == streams["cobs"].count(0)   # the same frames, delimited alike
    size = len(streams["cobs"]) / 1e6
    old, new = best["python"], best["cobs"]

    def line(what: str, i: slice) -> str:
        was, now = sum(old[i]), sum(new[i])
        return f"    {what}: Python COBS {was * 1e3:.0f} ms, cobs package {now * 1e3:.0f} ms ({was / now:.1f}x)"
    return [f"  framing {FRAMING_FRAMES:,} frames ({size:.1f} MB on the wire), best of {FRAMING_ROUNDS} rounds each:",
            line("encode_frame (header, CRC, COBS, delimiters)", slice(0, 1)),
            line("FrameDecoder (256-byte reads, COBS, size and CRC checked)", slice(1, 2)),
            line("framing both ways", slice(0, 2)),
            line("COBS alone, decode of every frame", slice(3, 4)),
            line("COBS alone, encode of every frame", slice(2, 3))]


def _stuffing_once(stream: bytes) -> tuple[float, float]:
    """Seconds for the codec's COBS alone: encode, then decode, every frame of the stream."""
    bodies = [body for body in stream.split(b"\x00") if body]
    raws = [codec.cobs_decode(body) for body in bodies]
    start = time.perf_counter()
    for raw in raws:
        codec.cobs_encode(raw)
    encoded = time.perf_counter() - start
    start = time.perf_counter()
    for body in bodies:
        codec.cobs_decode(body)
    return encoded, time.perf_counter() - start


class _World:
    def __init__(self):
        self.rest = COINS

    def positions(self):
        return self.rest

    def shoot(self, shot):
        yield self.rest


def _round_trips(through_writer: bool) -> list[str]:
    """With ``through_writer``, each event goes to a writer thread (as the session's)
    that calls back once handled, and the link ACKs only then (docs/protocol.md)."""
    with tempfile.TemporaryDirectory() as tmp:
        operational = threading.Event()
        jobs: queue.SimpleQueue = queue.SimpleQueue()

        def post(item):
            if isinstance(item, LinkStatus) and item.state is LinkState.OPERATIONAL:
                operational.set()

        def writer():
            while (done := jobs.get()) is not None:
                done()
        thread = threading.Thread(target=writer, daemon=True)
        thread.start()
        post_event = (lambda reading, handled: jobs.put(handled)) if through_writer else None
        with VirtualBoard(_World(), link_path=str(Path(tmp) / "board"), realtime=False,
                          heartbeat=30.0) as board, BoardLink(board.port, post, post_event=post_event) as link:
            link.start()
            assert operational.wait(5) and board.wait_idle(5)
            times = []
            for _ in range(ROUND_TRIPS):
                start = time.perf_counter()
                board.shoot(None)
                assert board.wait_idle(5)
                times.append(time.perf_counter() - start)
            acks = board.stats.ack_times[-ROUND_TRIPS:]
        jobs.put(None)
    if through_writer:
        return [f"  the same, ACKed once a writer thread has handled it: {_figures(acks)}"]
    return [f"  settled snapshot sent -> its ACK back at the board, over a pty: {_figures(acks)}",
            f"  board.shoot() -> board idle (simulated, sent, posted, ACKed): {_figures(times)}"]


def _figures(seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p99 = ms[min(len(ms) - 1, round(0.99 * len(ms)))]
    return f"median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms ({len(ms)} shots)"


def run() -> list[str]:
    return ["link: board protocol codec and pty round trip", *_framing(), _decode_throughput(),
            *_round_trips(through_writer=False), *_round_trips(through_writer=True)]


if __name__ == "__main__":
    print("\n".join(run()))
