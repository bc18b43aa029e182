"""Speed of the board link: decoding snapshot frames (the codec alone), and the
round trip of a settled snapshot over a real pty, from the board sending it to
the host's ACK arriving back at the board."""
from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path

from firmware_bridge.codec import FrameDecoder, decode, encode
from firmware_bridge.link import BoardLink
from firmware_bridge.virtual_board import VirtualBoard
from tablegame.sensors import BoardSnapshot, CoinReading, LinkState, LinkStatus

FRAMES = 20_000
ROUND_TRIPS = 200
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


class _World:
    def __init__(self):
        self.rest = COINS

    def positions(self):
        return self.rest

    def shoot(self, shot):
        yield self.rest


def _round_trips() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        operational = threading.Event()

        def post(item):
            if isinstance(item, LinkStatus) and item.state is LinkState.OPERATIONAL:
                operational.set()

        with VirtualBoard(_World(), link_path=str(Path(tmp) / "board"), realtime=False,
                          heartbeat=30.0) as board, BoardLink(board.port, post) as link:
            link.start()
            assert operational.wait(5) and board.wait_idle(5)
            times = []
            for _ in range(ROUND_TRIPS):
                start = time.perf_counter()
                board.shoot(None)
                assert board.wait_idle(5)
                times.append(time.perf_counter() - start)
            acks = board.stats.ack_times[-ROUND_TRIPS:]
    return [f"  settled snapshot sent -> its ACK back at the board, over a pty: {_figures(acks)}",
            f"  board.shoot() -> board idle (simulated, sent, posted, ACKed): {_figures(times)}"]


def _figures(seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p99 = ms[min(len(ms) - 1, round(0.99 * len(ms)))]
    return f"median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms ({len(ms)} shots)"


def run() -> list[str]:
    return ["link: board protocol codec and pty round trip", _decode_throughput(), *_round_trips()]


if __name__ == "__main__":
    print("\n".join(run()))
