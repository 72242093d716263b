"""A room's event stream, as a bare ASGI response fed by its channel.

Vocabulary:
    news      what a channel offers its streams: an event (a version's view, made once for all of them)
              or the keep-alive comment, each as the bytes of the stream and as an HTTP/1.1 chunk of
              them, both made once; and whether it is the stream's last (the room ended)
    outlet    one open stream as the channel sees it: `offer(news)` hands it on, synchronously
    direct    the outlet of a stream served by uvicorn's h11 protocol: `offer` writes the news's bytes
              straight to the connection's transport, framed as h11 frames them for that client
              (chunked for HTTP/1.1, bare for 1.0). A broadcast is then one write per student, with no
              task woken, no ASGI message, and no pass through the middleware or h11 per student
    pumped    the outlet of any other server (Starlette's TestClient, another ASGI server): it keeps the
              newest news and a task sends it through ASGI `send`, as any response does

Either way the response's head and first lines go through ASGI `send`, and so does its end: the direct
outlet writes only between them, the rest of the time uvicorn writes nothing on that connection (its
cycle writes only when it is sent a message). A reader that lags more than MAX_BACKLOG bytes behind is
cut off: EventSource reconnects and resumes from its Last-Event-ID with the current view.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import h11
from starlette.types import Receive, Scope, Send

MAX_BACKLOG = 256 * 1024  # bytes waiting in a stream's socket buffer before its reader is cut off
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event at once
]


@dataclass(frozen=True)
class News:
    """One thing to send every stream of a room: its bytes, the same as one HTTP/1.1 chunk, whether it
    is an event (else the keep-alive comment) and whether the stream ends after it."""

    data: bytes
    chunk: bytes
    event: bool = True
    last: bool = False

    @classmethod
    def of(cls, data: bytes, event: bool = True, last: bool = False) -> News:
        """The news of `data`, with its chunk made now (once, for every stream)."""
        return cls(data, b"%x\r\n%b\r\n" % (len(data), data), event, last)


class Outlet(Protocol):
    """An open stream as its channel sees it."""

    def offer(self, news: News) -> None:
        """Hand the news on to the stream (never waits)."""


class Transport(Protocol):
    """What the direct outlet uses of a connection's transport (asyncio's, or uvloop's, which is not an
    asyncio.Transport subclass)."""

    def write(self, data: bytes) -> None: ...
    def get_write_buffer_size(self) -> int: ...
    def is_closing(self) -> bool: ...
    def close(self) -> None: ...


TRANSPORT_METHODS = ("write", "get_write_buffer_size", "is_closing", "close")


class Direct:
    """A stream served by uvicorn's h11 protocol: each news written straight to the connection's
    transport. `done` is set once the stream has had its last news, or was cut off (`cut`)."""

    def __init__(self, transport: Transport, chunked: bool) -> None:
        self.transport, self.chunked, self.cut = transport, chunked, False
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    @classmethod
    def serving(cls, receive: Receive) -> Direct | None:
        """The direct outlet of the request whose `receive` this is, if uvicorn's h11 protocol serves it
        (its request cycle's bound `receive`, with the connection's transport and h11 state); else None."""
        cycle = getattr(receive, "__self__", None)
        transport, conn = getattr(cycle, "transport", None), getattr(cycle, "conn", None)
        if not all(hasattr(transport, m) for m in TRANSPORT_METHODS) or not isinstance(conn, h11.Connection):
            return None
        # h11 frames a response of unknown length as chunks for an HTTP/1.1 client, bare (to the close) for 1.0
        return cls(transport, chunked=conn.their_http_version is not None and conn.their_http_version >= b"1.1")

    def offer(self, news: News) -> None:
        """Write the news (as a chunk or bare, as h11 framed the response); once done, or when the reader
        lags MAX_BACKLOG behind, write nothing and be done."""
        if self.done.done():
            return
        if self.transport.is_closing() or self.transport.get_write_buffer_size() > MAX_BACKLOG:
            self.transport.close()  # a lagging reader reconnects from its Last-Event-ID
            self.cut = True
            self.done.set_result(None)
            return
        self.transport.write(news.chunk if self.chunked else news.data)
        if news.last:
            self.done.set_result(None)


class Pumped:
    """A stream of any other server: the newest news kept (an event is never replaced by a keep-alive)
    until `pump` sends it through ASGI `send`."""

    cut = False  # a pumped stream is never cut off: its server holds what it cannot send yet

    def __init__(self) -> None:
        self.waiting: News | None = None
        self.ready = asyncio.Event()

    def offer(self, news: News) -> None:
        """Keep the news for the pump, unless it is a keep-alive and an event waits."""
        if self.waiting is None or news.event:
            self.waiting = news
        self.ready.set()

    async def pump(self, send: Send) -> None:
        """Send each news kept, as it comes, until the last."""
        while True:
            await self.ready.wait()
            self.ready.clear()
            news, self.waiting = self.waiting, None
            if news is not None:
                await send({"type": "http.response.body", "body": news.data, "more_body": True})
                if news.last:
                    return


class Feed(Protocol):
    """What a stream is fed by: a room's channel."""

    def attach(self, outlet: Outlet, since: int) -> None:
        """Take the outlet, offering it the current view now if it is newer than `since`."""

    def detach(self, outlet: Outlet) -> None:
        """Drop the outlet."""


async def _disconnected(receive: Receive) -> None:
    """Return once the client has gone (the request's body, if any, read and dropped)."""
    while (await receive())["type"] != "http.disconnect":
        pass


class EventStream:
    """An ASGI response: `text/event-stream`, the `first` bytes (the retry line), then what the feed
    offers from `since` on, until its last news or the client's disconnect; `closed` is called once the
    stream is over, however it ended."""

    def __init__(self, feed: Feed, since: int, first: bytes, closed: Callable[[], Any]) -> None:
        self.feed, self.since, self.first, self.closed = feed, since, first, closed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Send the head and the first bytes, then feed the outlet until it is done or the client is
        gone; end the body unless the client is gone or was cut off. A HEAD request gets the head alone
        (a body written past h11 would be read as the connection's next response)."""
        try:
            await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
            if scope.get("method") == "HEAD":
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            await send({"type": "http.response.body", "body": self.first, "more_body": True})
            outlet, over = _outlet(receive, send)
            gone = asyncio.ensure_future(_disconnected(receive))
            self.feed.attach(outlet, self.since)  # no await since the first bytes: nothing is written twice
            try:
                await asyncio.wait({gone, over}, return_when=asyncio.FIRST_COMPLETED)
                left = gone.done() or outlet.cut
            finally:
                self.feed.detach(outlet)
                for waiting in (gone, over):
                    waiting.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await waiting
            if not left:
                await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            self.closed()


def _outlet(receive: Receive, send: Send) -> tuple[Direct | Pumped, asyncio.Future[None]]:
    """The request's outlet, direct if uvicorn's h11 serves it, else pumped through `send`, and what is
    done once the outlet has had its last news."""
    direct = Direct.serving(receive)
    if direct is not None:
        return direct, direct.done
    pumped = Pumped()
    return pumped, asyncio.ensure_future(pumped.pump(send))
