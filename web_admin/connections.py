"""Waitress, guarded against a stranger who opens connections and sends nothing.

Plain waitress stops accepting at its connection limit (100), so 100 idle sockets
from anyone on the pub's Wi-Fi made the page unreachable until they went quiet. Here
the limit is never reached by idle connections:

- one address holds at most ``PER_ADDRESS`` idle connections; a newcomer beyond that
  replaces that address's oldest idle one (its busy ones, pages being answered and live
  views, are bounded by the workers and web.max_streams);
- from ``connection_limit - RESERVE`` connections on, each newcomer replaces the oldest
  idle connection of the whole server, one that never completed a request first (a
  browser's own idle keep-alive goes last, and a browser simply opens another);
- a connection in service (a page being answered, a live view streaming) is never
  closed for a newcomer. Live views are bounded by the session (web.max_streams).

So the RESERVE places are always free for the next person, whatever the idle crowd;
what that costs a staff login with N idle attackers is measured by
``./dev bench bench_page_siege`` (docs/staff-page.md)."""
from __future__ import annotations

import contextlib
import logging

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

log = logging.getLogger(__name__)

PER_ADDRESS = 16        # a phone opens about six; a laptop with a few tabs a dozen
RESERVE = 16            # places kept for newcomers below waitress's connection limit
LOOP_WAIT = 5.0         # s a stopping loop gets (it sees the request within its 1 s select)


class Channel(HTTPChannel):
    """Waitress's connection, remembering whether it ever completed a request."""
    served = False

    def service(self):
        self.served = True
        super().service()

    def idle(self) -> bool:
        return not self.requests and not self.total_outbufs_len and not self.will_close


class GuardedServer(TcpWSGIServer):
    channel_class = Channel

    def __init__(self, *args, **kwargs):
        try:
            super().__init__(*args, **kwargs)
        except BaseException:
            # waitress makes the loop's wake-up pipe and the socket before it binds: a
            # port already taken would leave both open on a server nobody gets back
            if getattr(self, "trigger", None) is not None:
                with contextlib.suppress(OSError):
                    self.trigger.close()
            if getattr(self, "socket", None) is not None:
                wasyncore.dispatcher.close(self)
            raise

    def handle_accept(self):
        try:
            accepted = self.accept()
        except OSError:          # the peer gave up before we got to it
            return
        if accepted is None:
            return
        conn, addr = accepted
        addr = self.fix_addr(addr)
        self._make_room(addr[0])
        self.set_socket_options(conn)
        self.channel_class(self, conn, addr, self.adj, map=self._map)

    def _make_room(self, host: str) -> None:
        """Room for one more connection from ``host``: its own oldest idle one goes when it
        holds ``PER_ADDRESS`` idle ones (busy ones are bounded by the workers and the live
        views), and the server's oldest idle one when the server is nearly full."""
        channels = [c for c in list(self.active_channels.values()) if not c.will_close]
        own_idle = [c for c in channels if c.addr and c.addr[0] == host and c.idle()]
        if len(own_idle) >= PER_ADDRESS:
            _close_oldest_idle(own_idle)
        elif len(channels) >= self.adj.connection_limit - RESERVE:
            _close_oldest_idle(channels)

    _stopping = False

    def run(self) -> None:
        """Waitress's loop, until ``close_all`` asks it to stop; then it closes every
        connection and the listening socket itself, on its own thread, so nothing is
        closed under its feet."""
        while self._map and not self._stopping:
            self.asyncore.loop(timeout=self.adj.asyncore_loop_timeout, map=self._map,
                               use_poll=self.adj.asyncore_use_poll, count=1)
        self.close_everything()

    def close_all(self) -> None:
        """Stop, from another thread once the workers have stopped (``stop``): the loop is told and
        woken. Waking it is only quicker: should its wake-up pipe be gone (a descriptor
        closed under it; once seen in the whole test suite), it sees the request within
        its select timeout (a second) all the same."""
        self._stopping = True
        try:
            self.trigger.pull_trigger()
        except OSError as error:
            log.warning("the staff page's loop could not be woken to stop (%s); it stops "
                        "within a second", error)

    def stop(self, loop, workers: float = LOOP_WAIT) -> None:
        """Stop from another thread, the loop running ``run`` on ``loop``: the workers
        get ``workers`` seconds to finish what is in service, then the loop is told
        (``close_all``) and closes every connection and the socket on its own thread; a
        loop that had died already left them, and they are closed here."""
        self.task_dispatcher.shutdown(timeout=workers)
        self.close_all()
        loop.join(LOOP_WAIT)
        if not loop.is_alive():
            self.close_everything()

    def close_everything(self) -> None:
        """Every connection, then the listening socket. On the loop's thread, or once the
        loop has ended."""
        for channel in list(self.active_channels.values()):
            channel.handle_close()
        wasyncore.dispatcher.close(self)      # the listening socket
        with contextlib.suppress(OSError):    # a wake-up pipe already closed under it
            self.trigger.close()


def _close_oldest_idle(channels: list[Channel]) -> bool:
    idle = [c for c in channels if c.idle()]
    if not idle:
        return False
    oldest = min(idle, key=lambda c: (c.served, c.last_activity))
    oldest.handle_close()     # on the server's own loop thread, with no request in service
    return True


def guarded_server(app, host: str, port: int, threads: int, **adjustments) -> GuardedServer:
    """waitress.create_server for one listening address, with the guard above."""
    adj = Adjustments(host=host, port=port, threads=threads, **adjustments)
    dispatcher = ThreadedTaskDispatcher()
    server = GuardedServer(app, {}, dispatcher=dispatcher, adj=adj, sockinfo=adj.listen[0])
    dispatcher.set_thread_count(adj.threads)    # workers only for a server that listens
    return server
