"""ui/server/rooms/side.py: the class room's routes on a unix socket of the replica's own (nginx's event
streams), its requests read as the loopback's, the folder checked at start."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import httpx2
import pytest
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from scripts.servers import ROOT, SERVER_ARGS, free_port
from ui.server.rooms import side


async def who(request: Request) -> JSONResponse:
    """The client the route sees and the X-Forwarded-For it was sent."""
    client = request.client.host if request.client else None
    return JSONResponse({"client": client, "forwarded": request.headers.get("x-forwarded-for")})


ROUTES = [Route("/who", who)]


async def ask_over(path: str, forwarded: str) -> dict:
    """GET /who over the unix socket at `path` (in a thread: the server answers in this event loop)."""

    def get() -> dict:
        with httpx2.Client(transport=httpx2.HTTPTransport(uds=path), base_url="http://replica") as client:
            return client.get("/who", headers={"X-Forwarded-For": forwarded}).json()

    return await asyncio.to_thread(get)


def test_the_routes_answer_on_the_socket_as_from_the_loopback_and_the_socket_goes_at_the_end(tmp_path):
    path = tmp_path / "8501.sock"
    path.write_text("left by a replica before")  # replaced, not refused

    async def run() -> dict:
        async with side.serving(ROUTES, path):
            assert path.is_socket()
            return await ask_over(str(path), "203.0.113.7")

    said = asyncio.run(run())
    assert said == {"client": "127.0.0.1", "forwarded": "203.0.113.7"}, "nginx's header passed on, read as nginx's"
    assert not path.exists()


def test_no_folder_set_means_no_socket():
    assert side.socket_path(8501, {}) is None
    assert side.socket_path(8501, {side.SOCKETS: ""}) is None


def test_the_socket_is_named_by_the_replicas_port_in_the_folder(tmp_path):
    assert side.socket_path(8502, {side.SOCKETS: str(tmp_path)}) == tmp_path / "8502.sock"
    with pytest.raises(ValueError, match=rf"^{side.SOCKETS}='{tmp_path}/gone' is not a folder"):
        side.socket_path(8502, {side.SOCKETS: str(tmp_path / "gone")})
    deep = tmp_path / ("d" * (side.MAX_PATH - 10 - len(str(tmp_path))))  # MAX_PATH - 9 bytes long
    deep.mkdir()
    with pytest.raises(ValueError, match=r"is too long: a unix socket's path has at most 107 bytes"):
        side.socket_path(8502, {side.SOCKETS: str(deep)})  # "/8502.sock": one byte past the most
    assert len(str(side.socket_path(85, {side.SOCKETS: str(deep)}))) == side.MAX_PATH - 1


def test_a_request_with_a_client_keeps_it():
    seen: list[dict] = []

    async def app(scope, receive, send) -> None:
        seen.append(scope)

    asyncio.run(side.Local(app)({"type": "http", "client": ("10.0.0.7", 5000)}, None, None))
    asyncio.run(side.Local(app)({"type": "http", "client": None}, None, None))
    asyncio.run(side.Local(app)({"type": "lifespan"}, None, None))
    assert [s.get("client") for s in seen] == [("10.0.0.7", 5000), side.LOOPBACK, None]


def test_a_socket_folder_that_is_not_there_stops_the_server_at_its_start_in_one_line(tmp_path):
    command = [sys.executable, "-m", "streamlit", "run", "streamlit_app.py", "--server.port", str(free_port())]
    gone = tmp_path / "gone"
    env = {**os.environ, "STONEGAME_WARM": "0", "STONEGAME_STATE": str(tmp_path), side.SOCKETS: str(gone)}
    done = subprocess.run(
        [*command, *SERVER_ARGS], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 1, done.stdout + done.stderr
    said = f"could not start: {side.SOCKETS}='{gone}' is not a folder: it names where the class room's socket goes"
    assert done.stderr.splitlines()[-1] == said, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
