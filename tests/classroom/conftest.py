"""The class room's fixtures: a real redis-server on a free port of 127.0.0.1 (Debian's, started and
stopped here; never a fake), and `store`, parametrised over both stores so every test runs on each."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from scripts.servers import free_port
from stonegame.room import Limits
from ui.server.rooms.redis_store import RedisStore
from ui.server.rooms.sqlite_store import SqliteStore
from ui.server.rooms.store import Store

REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"


class RedisServer:
    """redis-server on a free local port, its data (appendonly, fsync always) in `folder`."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder, self.port = folder, port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisServer:
        """Start the server and wait until it answers PING (10 s at most)."""
        args = [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--daemonize", "no"]
        args += ["--dir", str(self.folder), "--appendonly", "yes", "--appendfsync", "always"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + 10
        while True:
            try:
                if client.ping():
                    return self
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)
            finally:
                client.close()

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 5 s) and wait for it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None


def redis_available() -> bool:
    """Whether Debian's redis-server is installed (.ci/run installs it)."""
    return Path(REDIS).exists()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One redis-server for the session's tests (each test flushes it through `store`)."""
    if not redis_available():
        pytest.fail("redis-server is missing: apt-get install -y redis-server (.ci/run does)")
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


def make_store(kind: str, tmp_path: Path, redis_server: RedisServer | None, limits: Limits) -> Store:
    """A fresh store of this kind: a new SQLite file, or the session's Redis emptied."""
    if kind == "sqlite":
        return SqliteStore(tmp_path / "state" / "rooms.sqlite3", limits)
    assert redis_server is not None
    redis.Redis.from_url(redis_server.url).flushdb()
    return RedisStore(redis_server.url, limits)


@pytest.fixture(params=["sqlite", "redis"])
def kind(request: pytest.FixtureRequest) -> str:
    """Which store the test runs on."""
    return request.param


@pytest.fixture
def limits() -> Limits:
    """Small limits, so tests reach them: 5 students a room, 3 rooms open."""
    return Limits(students=5, rooms=3)


@pytest.fixture
def store(kind: str, tmp_path: Path, request: pytest.FixtureRequest, limits: Limits) -> Iterator[Store]:
    """A fresh store of `kind` with `limits`."""
    server = request.getfixturevalue("redis_server") if kind == "redis" else None
    made = make_store(kind, tmp_path, server, limits)
    yield made
    made.close()
