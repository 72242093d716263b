"""The class room's fixtures: a real redis-server on a free port of 127.0.0.1 (Debian's, started and
stopped here through scripts/redis_server.py, as serve.py and classtest.py start theirs; never a
fake), and `store`, parametrised over both stores so every test runs on each."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from scripts.redis_server import RedisServer, redis_available
from stonegame.room import Limits
from ui.server.rooms.redis_store import RedisStore
from ui.server.rooms.sqlite_store import SqliteStore
from ui.server.rooms.store import Store


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
