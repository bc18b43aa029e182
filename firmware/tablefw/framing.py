"""COBS + CRC-16 framing of docs/protocol.md, without allocating in the hot path.

The encoder writes one whole wire frame (0x00, COBS(type seq payload crc), 0x00)
into a buffer made once; the scanner takes the host's bytes one read at a time
into a buffer made once, decodes COBS in place at each 0x00 and hands each good
frame to a callback as (type, seq, buffer, payload start, payload end). Bad
stretches are counted and dropped silently (the board cannot know what they were).
"""
from array import array

DELIMITER = 0
MIN_FRAME = 5             # type + seq + crc, empty payload
MAX_FRAME = 1024          # decoded bytes, crc included
MAX_PAYLOAD = MAX_FRAME - 5
MAX_ENCODED = MAX_FRAME + MAX_FRAME // 254 + 2   # 1030: a longer stretch is garbage


def _make_table():
    table = array("H", [0] * 256)
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table[byte] = crc & 0xFFFF
    return table


_TABLE = _make_table()


def crc16(data, start=0, end=-1, crc=0xFFFF):
    """CRC-16/CCITT-FALSE over data[start:end] (end -1: to the end), no slice made."""
    table = _TABLE
    if end < 0:
        end = len(data)
    for i in range(start, end):
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ data[i]) & 0xFF]
    return crc


def cobs_encode_into(src, start, end, out, pos):
    """COBS of src[start:end] written to out from pos; returns the position after it.
    A run of 254 non-zero bytes at the very end gets no empty block after it, as
    the ``cobs`` package (and so the host) encodes it."""
    code_at = pos
    pos += 1
    code = 1
    filled = False
    for i in range(start, end):
        byte = src[i]
        filled = False
        if byte == 0:
            out[code_at] = code
            code_at = pos
            pos += 1
            code = 1
        else:
            out[pos] = byte
            pos += 1
            code += 1
            if code == 0xFF:
                out[code_at] = code
                code_at = pos
                pos += 1
                code = 1
                filled = True
    if filled:
        return pos - 1
    out[code_at] = code
    return pos


def cobs_decode_in_place(buf, end):
    """Decodes COBS in buf[0:end] to its start; returns the decoded length or -1 if it is not COBS."""
    read = 0
    write = 0
    while read < end:
        code = buf[read]
        if code == 0:
            return -1
        read += 1
        stop = read + code - 1
        if stop > end:
            return -1
        while read < stop:
            byte = buf[read]
            if byte == 0:
                return -1
            buf[write] = byte
            write += 1
            read += 1
        if code != 0xFF and read < end:
            buf[write] = 0
            write += 1
    return write


class FrameWriter:
    """Builds frames in one buffer: the payload is written into ``payload`` (a
    bytearray of MAX_PAYLOAD made once), then ``frame(type, seq, length)`` returns
    the wire length in ``wire``."""

    def __init__(self):
        self.raw = bytearray(MAX_FRAME)
        self.wire = bytearray(MAX_ENCODED + 2)
        self.payload = memoryview(self.raw)[3:3 + MAX_PAYLOAD]

    def frame(self, msg_type, seq, length):
        raw = self.raw
        raw[0] = msg_type
        raw[1] = seq & 0xFF
        raw[2] = (seq >> 8) & 0xFF
        end = 3 + length
        crc = crc16(raw, 0, end)
        raw[end] = crc & 0xFF
        raw[end + 1] = crc >> 8
        wire = self.wire
        wire[0] = 0
        pos = cobs_encode_into(raw, 0, end + 2, wire, 1)
        wire[pos] = 0
        return pos + 1

    def frame_from(self, msg_type, seq, payload):
        """The same from a payload held elsewhere (a queued event's bytes)."""
        n = len(payload)
        self.raw[3:3 + n] = payload
        return self.frame(msg_type, seq, n)


class FrameScanner:
    """Incremental receiver: ``feed(data)`` any split of the stream; calls
    ``on_frame(type, seq, buf, start, end)`` per good frame (the payload is
    buf[start:end], valid only during the call). ``bad`` counts the stretches
    dropped (bad COBS, too short, too long, CRC mismatch)."""

    def __init__(self, on_frame):
        self._on_frame = on_frame
        self._buf = bytearray(MAX_ENCODED + 1)
        self._n = 0
        self._discarding = False
        self.bad = 0
        self.good = 0

    def reset(self):
        self._n = 0
        self._discarding = False

    def feed(self, data, length=-1):
        if length < 0:
            length = len(data)
        buf = self._buf
        for i in range(length):
            byte = data[i]
            if byte == 0:
                if self._discarding:
                    self._discarding = False
                elif self._n:
                    self._finish()
                self._n = 0
            elif not self._discarding:
                if self._n > MAX_ENCODED - 1:
                    self._discarding = True
                    self._n = 0
                    self.bad += 1
                else:
                    buf[self._n] = byte
                    self._n += 1

    def _finish(self):
        buf = self._buf
        size = cobs_decode_in_place(buf, self._n)
        if size < MIN_FRAME or size > MAX_FRAME:
            self.bad += 1
            return
        got = buf[size - 2] | (buf[size - 1] << 8)
        if crc16(buf, 0, size - 2) != got:
            self.bad += 1
            return
        self.good += 1
        self._on_frame(buf[0], buf[1] | (buf[2] << 8), buf, 3, size - 2)
