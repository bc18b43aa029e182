"""The board's side of docs/protocol.md: what a firmware must do, and no I/O.

    board = Board(write, drivers, board_id=..., first_seq=rng16())
    board.feed(chunk)          # bytes from the host, any split
    board.tick(ticks_ms())     # every pass of the main loop: scan, resend, heartbeat

``write(buf, n)`` puts n wire bytes of buf on the line. Drivers report through
``event(type, payload)`` (a board event: queued, resent with its seq every
RESEND_MS until ACKed) and ``moving(type, n)`` (a moving frame built in
``payload``, sent at once, never resent).
"""
from tablefw import protocol as P
from tablefw.framing import FrameScanner, FrameWriter
from tablefw.ticks import ticks_add, ticks_diff


class Board:
    def __init__(self, write, drivers, board_id=0, firmware="tablefw", first_seq=0,
                 resend_ms=P.RESEND_MS, heartbeat_ms=P.HEARTBEAT_MS, now=0,
                 protocol_version=P.PROTOCOL_VERSION):
        self._write = write
        self.drivers = drivers
        self.capabilities = 0
        for driver in drivers:
            self.capabilities |= driver.CAPABILITY
        self.board_id = board_id
        self.version = protocol_version   # another only to test the host's refusal
        self._firmware = firmware.encode()
        self.resend_ms = resend_ms
        self.heartbeat_ms = heartbeat_ms
        self._writer = FrameWriter()
        self.payload = self._writer.payload   # drivers build moving frames here
        self._scanner = FrameScanner(self._on_frame)
        self.frames_sent = 0
        self.resends = 0
        self.acks = 0
        self.power_up(first_seq, now)

    def power_up(self, first_seq, now):
        """After power-up (or a reset): silent until a HELLO of our version."""
        self.seq = first_seq & 0xFFFF
        self.greeted = False
        self._pending = None          # [type, seq, payload, resend at, sent at]
        self._outbox = []             # board events waiting behind the pending one
        self._last_tx = now
        self._now = now
        self._scanner.reset()

    # -- the host's bytes ------------------------------------------------------------

    def feed(self, data, length=-1):
        self._scanner.feed(data, length)

    def _on_frame(self, msg_type, seq, buf, start, end):
        size = end - start
        if msg_type == P.HELLO:
            if size == 1:
                self._on_hello(buf[start])
            elif self.greeted:
                self._bad_payload("HELLO", size, "1")
        elif not self.greeted or msg_type == P.HEARTBEAT or msg_type in P.BOARD_TYPES:
            return     # before a HELLO: silence; a heartbeat only feeds the host's timer
        elif msg_type == P.ACK:
            if size != 2:
                self._bad_payload("ACK", size, "2")
            else:
                self._on_ack(buf[start] | (buf[start + 1] << 8))
        elif msg_type == P.REQUEST_SNAPSHOT:
            if size:
                self._bad_payload("REQUEST_SNAPSHOT", size, "0")
            else:
                self.report_state()
        else:
            self.error(P.ERR_UNKNOWN_TYPE, "message type 0x%02X is unknown to this board" % msg_type)

    def _bad_payload(self, name, size, expected):
        self.error(P.ERR_BAD_PAYLOAD, "%s payload of %d bytes: expected %s" % (name, size, expected))

    def _on_hello(self, version):
        """Always BOARD_INFO with our version (the host judges). Ours: a new session,
        the waiting event and those queued dropped, the seq counts on."""
        self._pending = None
        self._outbox = []
        self.greeted = version == self.version
        pay = self.payload
        pay[0] = self.version
        pay[1] = self.capabilities
        board_id = self.board_id
        for i in range(4):
            pay[2 + i] = (board_id >> (8 * i)) & 0xFF
        n = len(self._firmware)
        pay[6:6 + n] = self._firmware
        self._send(P.BOARD_INFO, 6 + n)

    def _on_ack(self, seq):
        pending = self._pending
        if pending is not None and pending[1] == seq:
            self.acks += 1
            self._pending = None

    def report_state(self):
        """The whole current state, each reading a board event behind any waiting one."""
        for driver in self.drivers:
            driver.report_state(self)

    # -- what the drivers call -------------------------------------------------------

    def event(self, msg_type, payload):
        """A board event (settled snapshot, squares, a stroke's event): one at a time,
        each resent until ACKed. Before a HELLO there is no session: it is dropped
        (the host's REQUEST_SNAPSHOT after the HELLO brings the state)."""
        if not self.greeted:
            return
        if self._pending is None and not self._outbox:
            self._send_event(msg_type, bytes(payload))
        else:
            self._outbox.append((msg_type, bytes(payload)))

    def moving(self, msg_type, length):
        """A moving frame whose payload the driver wrote into ``payload``."""
        if self.greeted:
            self._send(msg_type, length)

    def error(self, code, text):
        """ERROR(code, text): not an event, never resent, only within a session."""
        if not self.greeted:
            return
        pay = self.payload
        pay[0] = code & 0xFF
        pay[1] = code >> 8
        raw = text.encode()[:P.MAX_TEXT]
        pay[2:2 + len(raw)] = raw
        self._send(P.ERROR, 2 + len(raw))

    # -- time --------------------------------------------------------------------------

    def tick(self, now):
        self._now = now
        for driver in self.drivers:
            driver.scan(self, now)
        if not self.greeted:
            return
        pending = self._pending
        if pending is None and self._outbox:
            msg_type, payload = self._outbox.pop(0)
            self._send_event(msg_type, payload)
        elif pending is not None and ticks_diff(now, pending[3]) >= 0:
            self.resends += 1
            pending[3] = ticks_add(now, self.resend_ms)
            self._send_payload(pending[0], pending[1], pending[2])
        if ticks_diff(now, self._last_tx) >= self.heartbeat_ms:
            self._send(P.HEARTBEAT, 0)

    @property
    def idle(self):
        return self._pending is None and not self._outbox

    # -- sending -------------------------------------------------------------------

    def _send_event(self, msg_type, payload):
        seq = self._send_payload(msg_type, None, payload)
        self._pending = [msg_type, seq, payload, ticks_add(self._now, self.resend_ms), self._now]

    def _next_seq(self):
        seq = self.seq
        self.seq = (seq + 1) & 0xFFFF
        return seq

    def _send(self, msg_type, length):
        n = self._writer.frame(msg_type, self._next_seq(), length)
        self._put(n)

    def _send_payload(self, msg_type, seq, payload):
        if seq is None:
            seq = self._next_seq()
        self._put(self._writer.frame_from(msg_type, seq, payload))
        return seq

    def _put(self, n):
        self.frames_sent += 1
        self._last_tx = self._now
        self._write(self._writer.wire, n)
