"""An ASGI app served for real by uvicorn in a thread, on a free local port: real sockets, so a client
that closes a stream is a real disconnect (Starlette's TestClient does not send one)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import uvicorn

from scripts.servers import free_port


class LiveServer:
    """uvicorn serving `app` on 127.0.0.1 in a daemon thread, from __enter__ (started) to __exit__."""

    def __init__(self, app: object) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def wait_until(condition: Callable[[], object], timeout: float = 15.0, what: str = "the condition") -> None:
    """Return once condition() is true (looked at every 20 ms); AssertionError after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {timeout:.0f} s"
        time.sleep(0.02)
