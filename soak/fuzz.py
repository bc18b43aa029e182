"""Fuzz: random and corrupted byte streams into the frame decoder and into the
board link (``python -m soak.fuzz [COUNT [decoder|link]]``, 100,000 streams into each unless told).

- The decoder gets damaged streams of real frames (bytes flipped, dropped, inserted)
  in random read sizes, and pure noise: nothing may raise, every frame it gives must
  be one that was sent (a damaged frame is never data), and the frames after the
  damage all come through.
- The link (``BoardLink``, its real reader thread) gets one stream per connection
  through a scripted port (the part of pyserial it uses): noise, the board's answer
  to HELLO, then frames, damaged frames, oversized frames and noise in random reads;
  at the end of the stream the cable is pulled. No exception may escape into the
  link's catch-all, and every reading it posts must be one a good frame carried.

A stretch of damaged bytes or noise can pass CRC-16 by chance (about 1 in 65,536
of those that also make valid COBS and a sensible length); that is the protocol's
limit, not the code's, so it is counted and printed, not failed. A failure is an
exception escaping, a frame that is not bytes of the stream as they came (CRC
and all), a reading the stream's good frames do not carry, or good frames lost
after the damage."""
from __future__ import annotations

import collections
import logging
import queue
import threading
import time
from dataclasses import dataclass, field

import serial
from hypothesis import HealthCheck, given, settings, strategies as st

from firmware_bridge.codec import (BoardInfo, Capability, Frame, FrameDecoder, FrameError, ProtocolError,
                                   decode, encode, encode_frame)
from firmware_bridge.link import BoardLink
from soak.streams import damage, damaged, framed, stream_pieces
from tablegame.core.sensors import LinkStatus

STREAMS = 100_000
BATCH = 5_000
BOARD_INFO = BoardInfo(1, "fuzz-1.0", Capability.COINS | Capability.DICE, 0xF022)


@dataclass
class Figures:
    streams: int = 0
    bytes: int = 0
    frames: int = 0            # frames the decoder gave, or readings the link posted
    errors: int = 0            # bad stretches the decoder reported, or bad frames the link counted
    by_chance: int = 0         # accepted, though not sent: damage or noise that passes the CRC by chance
    failures: list[str] = field(default_factory=list)


def verbatim(frames: list[Frame], stream: bytes) -> None:
    """Every frame accepted is bytes of the stream as they came, CRC and all: the
    decoder invents nothing (its own check, independent of parse_frame)."""
    stretches = set(stream.split(b"\x00"))
    for frame in frames:
        wire = encode_frame(frame.type, frame.seq, frame.payload)[1:-1]
        assert wire in stretches, f"{frame} is not a stretch of the stream between two 0x00"


def check_decoder(before, edits, after, chunk: int, figures: Figures) -> None:
    """One damaged stream through a FrameDecoder in ``chunk``-byte reads."""
    originals = {FrameDecoder().feed(encode(m, s))[0] for m, s in before + after}
    good_after = [FrameDecoder().feed(encode(m, s))[0] for m, s in after]
    stream = damaged(b"".join(encode(m, s) for m, s in before), edits) + \
        b"".join(encode(m, s) for m, s in after)
    decoder = FrameDecoder()
    items = [item for i in range(0, len(stream), chunk) for item in decoder.feed(stream[i:i + chunk])]
    frames = [item for item in items if isinstance(item, Frame)]
    figures.streams += 1
    figures.bytes += len(stream)
    figures.frames += len(frames)
    figures.errors += len(items) - len(frames)
    assert all(isinstance(item, (Frame, FrameError)) for item in items), items
    verbatim(frames, stream)
    figures.by_chance += sum(frame not in originals for frame in frames)
    assert frames[-len(good_after):] == good_after, "the frames after the damage did not all come through"
    for frame in frames:       # the message layer only ever raises ProtocolError
        try:
            decode(frame)
        except ProtocolError:
            pass


def check_noise(chunks: list[bytes], figures: Figures) -> None:
    decoder = FrameDecoder()
    for chunk in chunks:
        for item in decoder.feed(chunk):
            figures.frames += isinstance(item, Frame)
            figures.errors += isinstance(item, FrameError)
            if isinstance(item, Frame):
                try:
                    decode(item)
                except ProtocolError:
                    pass
    figures.streams += 1
    figures.bytes += sum(map(len, chunks))


def fuzz_decoder(count: int, figures: Figures, *, derandomize: bool = False) -> None:
    """``count`` streams: three in four damaged streams of frames, the rest noise."""
    run = settings(max_examples=max(1, count * 3 // 4), deadline=None, database=None,
                   derandomize=derandomize, suppress_health_check=list(HealthCheck))

    @run
    @given(st.lists(framed, min_size=1, max_size=8), damage, st.lists(framed, min_size=1, max_size=4),
           st.integers(1, 64))
    def damaged_streams(before, edits, after, chunk):
        check_decoder(before, edits, after, chunk, figures)

    @settings(run, max_examples=max(1, count - count * 3 // 4))
    @given(st.lists(st.binary(max_size=200), max_size=20))
    def noise(chunks):
        check_noise(chunks, figures)
    damaged_streams()
    noise()


# -- the link ---------------------------------------------------------------------

class ScriptedPort:
    """The part of pyserial's ``Serial`` that BoardLink uses, serving ``chunks`` as
    the board's bytes; after the last one the cable is pulled (pyserial's own
    SerialException), which ends the connection the way an unplug does."""

    def __init__(self, chunks: list[bytes]):
        self._chunks = collections.deque(chunk for chunk in chunks if chunk)
        self.written = bytearray()
        self.pulled = threading.Event()

    @property
    def in_waiting(self) -> int:
        return len(self._chunks[0]) if self._chunks else 0

    def read(self, size: int = 1) -> bytes:
        if not self._chunks:
            self.pulled.set()
            raise serial.SerialException("end of the scripted stream: the cable is pulled")
        chunk = self._chunks.popleft()
        if len(chunk) > size:
            self._chunks.appendleft(chunk[size:])
        return chunk[:size]

    def write(self, data: bytes) -> int:
        self.written += data
        return len(data)

    def reset_input_buffer(self) -> None:
        pass

    def close(self) -> None:
        pass


class LinkFuzz:
    """One BoardLink, its reader thread running, fed one stream per connection."""

    def __init__(self) -> None:
        self._ports: queue.Queue[ScriptedPort | None] = queue.Queue()
        self._posted: list[object] = []
        self._port = ScriptedPort([])
        self.escapes: list[str] = []
        self.link = BoardLink("fuzz://scripted", self._post, serial_factory=self._open, heartbeat=0.5,
                              silence_timeout=60.0, backoff_min=0.0, backoff_max=0.0,
                              post_event=self._post_event)
        self.link.start()

    def _open(self, url: str, **_settings: object) -> ScriptedPort:
        port = self._ports.get()
        if port is None:
            raise serial.SerialException("the fuzz is over")
        return port

    def _post(self, item: object) -> None:
        if isinstance(item, LinkStatus):
            if item.detail.startswith("link failed"):   # the link's catch-all: an exception escaped
                self.escapes.append(item.detail)
                self._port.pulled.set()                   # this connection is over
        else:
            self._posted.append(item)

    def _post_event(self, reading: object, handled) -> None:
        self._posted.append(reading)
        handled()

    def connection(self, stream: bytes, cuts: list[int]) -> list[object]:
        """The readings the link posted for one connection carrying ``stream``, read in
        the pieces ``cuts`` make of it."""
        points = sorted({c % (len(stream) + 1) for c in cuts} | {0, len(stream)})
        port = ScriptedPort([stream[a:b] for a, b in zip(points, points[1:])])
        self._posted.clear()
        self._port = port
        self._ports.put(port)
        if not port.pulled.wait(10.0):
            raise AssertionError(f"the link did not read the whole stream in 10 s (state {self.link.state})")
        return list(self._posted)

    def close(self) -> None:
        self._ports.put(None)
        self.link.close()


def readings_in(data: bytes) -> set:
    """The messages the good frames in ``data`` carry (one read, a fresh decoder)."""
    found = set()
    for item in FrameDecoder().feed(data):
        if isinstance(item, Frame):
            try:
                found.add(decode(item))
            except ProtocolError:
                pass
    return found


def check_link(fuzz: LinkFuzz, noise: bytes, pieces: list[bytes], cuts: list[int], figures: Figures) -> None:
    stream = noise.replace(b"\x00", b"") + encode(BOARD_INFO, 0) + b"".join(pieces)
    # each piece on its own, as sent: delimited on both sides, as its neighbours may delimit it
    # when the damage took its own 0x00 (its frame's bytes still intact)
    sent = set().union(*(readings_in(b"\x00" + piece + b"\x00") for piece in pieces))
    carried = readings_in(stream)                                    # the whole stream, as it came
    bad_before = fuzz.link.health().bad_frames
    posted = fuzz.connection(stream, cuts)
    figures.streams += 1
    figures.bytes += len(stream)
    figures.frames += len(posted)
    figures.errors += fuzz.link.health().bad_frames - bad_before
    assert not fuzz.escapes, f"an exception escaped into the link's catch-all: {fuzz.escapes[0]}"
    invented = [reading for reading in posted if reading not in carried]
    assert not invented, f"the link posted a reading no good frame of the stream carried: {invented[0]!r}"
    figures.by_chance += sum(reading not in sent for reading in posted)


def fuzz_link(count: int, figures: Figures, *, derandomize: bool = False) -> None:
    run = settings(max_examples=count, deadline=None, database=None, derandomize=derandomize,
                   suppress_health_check=list(HealthCheck))
    fuzz = LinkFuzz()
    try:
        @run
        @given(st.binary(max_size=60), st.lists(stream_pieces, max_size=10),
               st.lists(st.integers(0, 20_000), max_size=20))
        def one(noise, pieces, cuts):
            check_link(fuzz, noise, pieces, cuts, figures)
        one()
    finally:
        fuzz.close()


# -- the soak ---------------------------------------------------------------------

def run(args: list[str]) -> int:
    count = int(args[0]) if args else STREAMS
    parts = set(args[1:]) or {"decoder", "link"}          # python -m soak.fuzz 5000 link
    logging.getLogger("firmware_bridge").setLevel(logging.CRITICAL)   # a million bad frames, said once each
    status = 0
    for name, fuzz in (("decoder", fuzz_decoder), ("link", fuzz_link)):
        if name not in parts:
            continue
        figures = Figures()
        started = time.monotonic()
        try:
            for done in range(0, count, BATCH):   # a fresh Hypothesis engine per batch: memory stays flat
                fuzz(min(BATCH, count - done), figures)
        except Exception as failure:  # Hypothesis re-raises the (shrunk) failing example
            figures.failures.append(f"{type(failure).__name__}: {failure}")
        seconds = time.monotonic() - started
        what = "frames decoded" if name == "decoder" else "readings posted"
        print(f"fuzz {name}: {figures.streams:,} streams ({figures.bytes / 1e6:.1f} MB) in {seconds:.0f} s; "
              f"{figures.frames:,} {what}, {figures.errors:,} bad stretches refused; "
              f"{figures.by_chance} accepted that were never sent (damage or noise passing CRC-16 by "
              f"chance); failures (an exception escaped, a frame invented, frames lost after the damage): "
              f"{len(figures.failures)}", flush=True)
        for failure in figures.failures:
            print(f"  FAILED: {failure}")
        status |= bool(figures.failures)
    return int(status)


if __name__ == "__main__":
    import sys
    sys.exit(run(sys.argv[1:]))
