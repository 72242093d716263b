"""The class room's routes on a unix socket of the replica's own, beside Streamlit's TCP port, for nginx.

A step of a class is one event written to every phone's stream: at 1,000 phones, a thousand writes by the
replicas, each to nginx on this machine. Over TCP on the loopback such a write costs about 8 µs of the
replica's CPU (the kernel's TCP path and nginx's wakeup); over a unix socket about 4 µs (scripts/halltest.py
and docs/performance.md have the figures). Streamlit 1.67's own server cannot listen on a unix socket ("Unix
sockets are not supported with Starlette currently"), so when STONEGAME_ROOM_SOCKETS names a folder, the app's
lifespan (streamlit_app.py) also serves the class room's routes on `<folder>/<Streamlit's port>.sock`, with
uvicorn's h11 protocol in the same event loop: the same routes, hub and store as on the TCP port.
scripts/topology.py sets the folder and points nginx's stream location at the sockets; without it nothing
changes.

A unix socket's peer is a process of this machine: its requests carry the loopback address as their client
(what nginx on the TCP port has), so the trusted proxies and the guards read them the same way.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path

import uvicorn
from starlette.applications import Starlette
from starlette.routing import BaseRoute
from starlette.types import ASGIApp, Receive, Scope, Send

SOCKETS = "STONEGAME_ROOM_SOCKETS"  # a folder: each replica serves the class room on <folder>/<its port>.sock
MAX_PATH = 107  # bytes in a unix socket's path (Linux's sun_path holds 108 with the final NUL)
LOOPBACK = ("127.0.0.1", 0)  # the client a unix socket's request carries


class Local:
    """ASGI middleware: a request without a client address (a unix socket's) comes from LOOPBACK."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not scope.get("client"):
            scope = {**scope, "client": LOOPBACK}
        await self.app(scope, receive, send)


def socket_path(port: int, env: Mapping[str, str] = os.environ) -> Path | None:
    """Where this replica (Streamlit on `port`) serves the class room: <SOCKETS>/<port>.sock; None if unset;
    ValueError if it names no folder, or one whose socket's path would be too long for a unix socket."""
    folder = env.get(SOCKETS, "")
    if not folder:
        return None
    if not Path(folder).is_dir():
        raise ValueError(f"{SOCKETS}={folder!r} is not a folder: it names where the class room's socket goes")
    path = Path(folder) / f"{port}.sock"
    if len(os.fsencode(path)) > MAX_PATH:
        raise ValueError(f"{SOCKETS}={folder!r} is too long: a unix socket's path has at most {MAX_PATH} bytes")
    return path


@contextlib.asynccontextmanager
async def serving(routes: Sequence[BaseRoute], path: Path | None) -> AsyncIterator[None]:
    """While inside: `routes` served on the unix socket at `path` (nothing if None) by uvicorn's h11 protocol in
    this event loop (its startup and shutdown only: the signals stay Streamlit's server's); the socket file is
    replaced if one is left from a replica before, and removed at the end."""
    if path is None:
        yield
        return
    path.unlink(missing_ok=True)
    config = uvicorn.Config(
        Local(Starlette(routes=list(routes))),
        uds=str(path),
        http="h11",  # the event streams write straight to h11's transport (ui/server/rooms/stream.py)
        lifespan="off",
        log_config=None,  # the process's logging stays as Streamlit set it up
        access_log=False,  # as Streamlit's own server
        proxy_headers=False,  # the routes read X-Forwarded-For themselves (ui/server/rooms/guard.py)
        timeout_keep_alive=75,  # longer than nginx keeps an idle connection to a replica
    )
    config.load()
    server = uvicorn.Server(config)
    server.lifespan = config.lifespan_class(config)
    await server.startup()
    try:
        yield
    finally:
        server.should_exit = True
        await server.shutdown()
        path.unlink(missing_ok=True)
