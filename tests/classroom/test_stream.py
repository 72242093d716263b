"""A room's event stream under uvicorn is written straight to each student's connection (the direct
outlet), behind the app's own middleware as st.App stacks it, and what it writes is well-formed HTTP:
chunks for HTTP/1.1 (the connection reused once the room ends), bare bytes to the close for HTTP/1.0.
Elsewhere (Starlette's TestClient: tests/classroom/test_routes.py) the same stream is pumped through
ASGI send."""

from __future__ import annotations

import asyncio
import json
import socket
import threading

import httpx2
import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from streamlit.web.server.starlette.starlette_app import create_streamlit_middleware

from tests.classroom.live import LiveServer, wait_until
from tests.loop import run_apart
from ui.server.edge import Edge
from ui.server.rooms import stream
from ui.server.rooms.hub import hubs
from ui.server.rooms.routes import PREFIX, Classroom
from ui.server.rooms.stream import Direct, News, Pumped


def the_app(store) -> Starlette:
    """The class room's routes behind the app's edge and Streamlit's own middleware, in st.App's order."""
    middleware = [Middleware(Edge), *create_streamlit_middleware()]
    return Starlette(routes=Classroom(lambda: store).routes(), middleware=middleware)


def start_room(base: str) -> tuple[str, str]:
    """A new room's code and secret."""
    made = httpx2.post(f"{base}{PREFIX}/rooms", json={"values": [1, 2, 3, 7]}, timeout=10).json()
    return made["code"], made["secret"]


def lead(base: str, code: str, secret: str, **change: object) -> None:
    """The teacher changes the stage (or ends the room with end=True)."""
    tail, body = ("/end", {"secret": secret}) if change.pop("end", False) else ("/stage", {"secret": secret, **change})
    assert httpx2.post(f"{base}{PREFIX}/rooms/{code}{tail}", json=body, timeout=10).status_code == 200


def test_streams_on_uvicorn_are_written_directly_behind_the_apps_middleware(store):
    with LiveServer(the_app(store)) as live:
        code, secret = start_room(live.url)
        seen: list[list[int]] = []

        def follow() -> None:
            mine: list[int] = []
            seen.append(mine)
            with httpx2.stream("GET", f"{live.url}{PREFIX}/rooms/{code}/events", timeout=10) as s:
                for line in s.iter_lines():
                    if line.startswith("data: "):
                        mine.append(json.loads(line[6:])["stage"]["step"])
                        if len(mine) == 2:
                            return

        readers = [threading.Thread(target=follow) for _ in range(3)]
        for r in readers:
            r.start()
        wait_until(lambda: len(seen) == 3 and all(seen), what="three streams' first views")
        (hub,) = [h for h in hubs() if h.store is store]
        outlets = hub.channels[code].outlets
        assert len(outlets) == 3 and all(isinstance(o, Direct) and o.chunked for o in outlets), outlets
        lead(live.url, code, secret, step=4)
        for r in readers:
            r.join(10)
        assert seen == [[0, 4]] * 3, "every stream got the step, written directly"
        wait_until(lambda: code not in hub.channels, what="the closed streams leaving the channel")


def read_head(sock: socket.socket) -> tuple[bytes, bytes]:
    """The response's head (to the blank line) and whatever body bytes came with it."""
    got = b""
    while b"\r\n\r\n" not in got:
        more = sock.recv(65536)
        assert more, f"the head ended early: {got!r}"
        got += more
    head, _, rest = got.partition(b"\r\n\r\n")
    return head, rest


def ask(sock: socket.socket, method: str, path: str, version: str = "1.1") -> tuple[bytes, bytes]:
    """Send a request with no body on the connection: the response's head and the body bytes that came with it."""
    host = "Host: x\r\n" if version == "1.1" else ""
    sock.sendall(f"{method} {PREFIX}{path} HTTP/{version}\r\n{host}\r\n".encode())
    return read_head(sock)


class Chunks:
    """A strict reader of an HTTP/1.1 chunked body from a socket: each chunk a hex size line, exactly
    that many bytes, then CRLF; the zero chunk and CRLF end it."""

    def __init__(self, sock: socket.socket, buffered: bytes) -> None:
        self.sock, self.buffer = sock, buffered

    def _need(self, n: int) -> None:
        while len(self.buffer) < n:
            more = self.sock.recv(65536)
            assert more, "the connection closed inside the chunked body"
            self.buffer += more

    def next(self) -> bytes:
        """The next chunk's data (b"" for the last chunk)."""
        while b"\r\n" not in self.buffer:
            self._need(len(self.buffer) + 1)
        line, _, self.buffer = self.buffer.partition(b"\r\n")
        size = int(line, 16)
        self._need(size + 2)
        data, end, self.buffer = self.buffer[:size], self.buffer[size : size + 2], self.buffer[size + 2 :]
        assert end == b"\r\n", f"a chunk of {size} bytes not followed by CRLF: {end!r}"
        return data


def data_of(body: bytes) -> list[dict]:
    """The data of every event in a stream's body."""
    return [json.loads(line[6:]) for line in body.decode().split("\n") if line.startswith("data: ")]


def test_an_http_1_1_stream_is_well_formed_chunks_and_the_connection_serves_on_after_the_end(store):
    with LiveServer(the_app(store)) as live:
        code, secret = start_room(live.url)
        other, _ = start_room(live.url)
        with socket.create_connection(("127.0.0.1", live.port), timeout=10) as sock:
            head, rest = ask(sock, "GET", f"/rooms/{code}/events")
            assert b"transfer-encoding: chunked" in head.lower() and b"text/event-stream" in head
            chunks, body = Chunks(sock, rest), b""
            while b"data: " not in body:
                body += chunks.next()
            lead(live.url, code, secret, step=3)
            lead(live.url, code, secret, end=True)
            while (data := chunks.next()) != b"":
                body += data
            assert body.startswith(b"retry: 2000\n\n")
            views = data_of(body)
            assert [v["stage"]["step"] for v in views[:2]] == [0, 3] and views[-1]["ended"] is True
            # the zero chunk ended the response and left the connection open for the next request
            assert chunks.buffer == b"", "nothing after the zero chunk"
            head, _ = ask(sock, "GET", f"/rooms/{other}")
            assert head.startswith(b"HTTP/1.1 200"), head


def test_an_http_1_0_stream_is_bare_and_ends_with_the_connection(store):
    with LiveServer(the_app(store)) as live:
        code, secret = start_room(live.url)
        with socket.create_connection(("127.0.0.1", live.port), timeout=10) as sock:
            head, body = ask(sock, "GET", f"/rooms/{code}/events", version="1.0")
            assert b"transfer-encoding" not in head.lower(), head
            while b"data: " not in body:
                body += sock.recv(65536)
            lead(live.url, code, secret, step=5)
            lead(live.url, code, secret, end=True)
            while more := sock.recv(65536):  # to the close, which ends an HTTP/1.0 body
                body += more
        views = data_of(body)
        assert body.startswith(b"retry: 2000\n\n") and b"\r\n" not in body, "no chunk framing"
        assert [v["stage"]["step"] for v in views[:2]] == [0, 5] and views[-1]["ended"] is True


def test_a_head_request_gets_the_head_alone_and_the_connection_serves_on(store):
    with LiveServer(the_app(store)) as live:
        code, _ = start_room(live.url)
        with socket.create_connection(("127.0.0.1", live.port), timeout=10) as sock:
            head, rest = ask(sock, "HEAD", f"/rooms/{code}/events")
            assert head.startswith(b"HTTP/1.1 200") and b"text/event-stream" in head and rest == b""
            head, _ = ask(sock, "GET", f"/rooms/{code}")
            assert head.startswith(b"HTTP/1.1 200"), head
        (hub,) = [h for h in hubs() if h.store is store]
        wait_until(lambda: code not in hub.channels, what="the HEAD's stream leaving the channel")


class Transport(asyncio.WriteTransport):
    """A transport that keeps what is written, with a settable backlog (what a slow reader leaves)."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []
        self.backlog, self.closed = 0, False

    def write(self, data: bytes) -> None:  # type: ignore[override]
        self.written.append(bytes(data))

    def get_write_buffer_size(self) -> int:
        return self.backlog

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True


EVENT = News.of(b"id: 7\nevent: room\ndata: {}\n\n")
KEEP = News.of(b": keep-alive\n\n", event=False)
LAST = News.of(b"id: 8\nevent: room\ndata: {}\n\n", last=True)


@pytest.mark.parametrize("chunked", [True, False])
def test_a_direct_outlet_writes_each_news_framed_and_is_done_after_the_last(chunked):
    async def run() -> tuple[list[bytes], bool]:
        transport = Transport()
        outlet = Direct(transport, chunked)
        for news in (EVENT, KEEP, LAST, EVENT):
            outlet.offer(news)
        return transport.written, outlet.done.done()

    written, done = run_apart(run())
    expected = [n.chunk if chunked else n.data for n in (EVENT, KEEP, LAST)]
    assert written == expected and done, "nothing after the last news"
    assert EVENT.chunk == b"%x\r\n" % len(EVENT.data) + EVENT.data + b"\r\n"


def test_a_reader_that_lags_is_cut_off_not_buffered(monkeypatch):
    monkeypatch.setattr(stream, "MAX_BACKLOG", 1000)

    async def run() -> tuple[Transport, Direct]:
        transport = Transport()
        outlet = Direct(transport, True)
        outlet.offer(EVENT)
        transport.backlog = 1001  # the reader stopped reading
        outlet.offer(EVENT)
        outlet.offer(EVENT)
        return transport, outlet

    transport, outlet = run_apart(run())
    assert transport.written == [EVENT.chunk] and transport.closed, "cut off: it reconnects from Last-Event-ID"
    assert outlet.done.done() and outlet.cut


def test_a_pumped_outlet_sends_the_newest_and_never_lets_a_keep_alive_replace_an_event():
    async def run() -> list[bytes]:
        sent: list[bytes] = []

        async def send(message) -> None:
            sent.append(message["body"])

        outlet = Pumped()
        outlet.offer(EVENT)
        outlet.offer(KEEP)  # an event waits: the comment is dropped
        pump = asyncio.ensure_future(outlet.pump(send))
        await asyncio.sleep(0)
        outlet.offer(KEEP)
        await asyncio.sleep(0)
        outlet.offer(EVENT)
        outlet.offer(LAST)  # two versions before the pump ran: the newest only
        await asyncio.wait_for(pump, 5)
        return sent

    assert run_apart(run()) == [EVENT.data, KEEP.data, LAST.data]
