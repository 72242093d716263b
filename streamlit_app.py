"""The server: Streamlit serving the app, whose main page is explainer.py (the others are in pages/),
with the app's own edge in front of it (ui/server/edge.py: a widget value of the wrong kind is dropped before
Streamlit reads it, the messages only a developer's menu sends are refused, and Streamlit's bundle goes
out compressed; a page request gets index.html with the link's preview card, ui/server/card.py, whose
routes serve the card's picture, /robots.txt and the app's icon), the chart templates a class asks for
first made as it starts (ui/server/warm.py, in a thread of its own; STONEGAME_WARM=0 skips it, as the
tests' servers do), and the class room's routes under /classroom/ (ui/server/rooms/: JSON and an event
stream per room, outside any script run).

`streamlit run streamlit_app.py` finds `app` and serves it with the same flags and
.streamlit/config.toml as any Streamlit script (Streamlit 1.67's st.App, its "ASGI mode").
"""

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import streamlit as st
from starlette.middleware import Middleware

from ui.server import card, heap, steady, timing, warm
from ui.server.edge import Edge
from ui.server.rooms import side
from ui.server.rooms.routes import classroom_routes


@asynccontextmanager
async def lifespan(app: st.App) -> AsyncIterator[None]:
    """At start, make the first chart templates in the background (unless STONEGAME_WARM=0), then freeze
    the heap (ui/server/heap.py); build what every run's new_session message repeats once
    (ui/server/steady.py); with STONEGAME_TIMING=DIR, time every script run into DIR (ui/server/timing.py,
    for the load test); with STONEGAME_ROOM_SOCKETS=DIR, serve the class room's routes on a unix socket there too
    (ui/server/rooms/side.py: nginx's event streams)."""
    if os.environ.get("STONEGAME_WARM", "1") != "0":
        warm.in_background(then=heap.freeze)  # what start made, templates too, out of the collector's way
    else:
        heap.freeze()
    steady.install()
    watch = timing.install()
    async with side.serving(rooms, socket):
        yield
    if watch is not None:
        watch.cancel()


try:
    rooms = classroom_routes()  # reads the class room's settings (STONEGAME_TRUSTED_PROXIES, ...) once
    socket = side.socket_path(st.get_option("server.port"))  # STONEGAME_ROOM_SOCKETS: serve.py's nginx
except ValueError as bad:  # a setting the app cannot use stops it in one line, not a traceback
    raise SystemExit(f"could not start: {bad}") from None

app = st.App(
    "explainer.py",
    routes=[*card.ROUTES, *rooms],
    middleware=[Middleware(Edge)],
    lifespan=lifespan,
)
