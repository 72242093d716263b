"""Debian's redis-server on a free port of 127.0.0.1, started and stopped by its owner: by
`scripts/serve.py --rooms redis` for a local class, by scripts/classtest.py, and by the class room's
tests (tests/classroom/conftest.py). Its data (`--appendonly yes`, no RDB snapshots) lives in a folder
the owner gives, so a restart of the same object on the same folder and port keeps every write.
Needs only the app's requirements (redis-py).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator, MutableMapping
from pathlib import Path

import redis

from scripts.servers import free_port

REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
# A class's redis-server fsyncs its append-only file once a second (Redis's default), as the SQLite store
# commits with synchronous=NORMAL: every acknowledged write is in the file (in the OS's cache) before
# Redis answers, so a restart or a killed redis-server loses nothing; only a power cut can lose the
# last second. "always" (the tests') fsyncs each write, which a class's burst of answers then queues on.
CLASS_FSYNC = "everysec"
REDIS_HINT = "redis-server not found: install Debian's with `apt-get install -y redis-server` (.ci/run does)."


def redis_available() -> bool:
    """Whether Debian's redis-server is installed."""
    return Path(REDIS).exists()


class RedisServer:
    """redis-server on a free local port (or `port`), its append-only file in `folder`; `fsync` is
    redis's appendfsync ("always" for the tests' restarts, "everysec" for a class)."""

    def __init__(self, folder: Path, port: int | None = None, fsync: str = "always") -> None:
        self.folder, self.port, self.fsync = Path(folder), port or free_port(), fsync
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        """The running server's process id (None when stopped)."""
        return None if self.proc is None else self.proc.pid

    def start(self, timeout: float = 10.0) -> RedisServer:
        """Start the server and return once it answers PING; RuntimeError if it exits or does not
        answer within `timeout` seconds."""
        self.folder.mkdir(parents=True, exist_ok=True)
        args = [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--daemonize", "no"]
        args += ["--dir", str(self.folder), "--appendonly", "yes", "--appendfsync", self.fsync]
        self.proc = subprocess.Popen(  # its own session: a Ctrl+C to the owner's terminal is the owner's to act on
            args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + timeout
        try:
            while True:
                try:
                    if client.ping():
                        return self
                except redis.ConnectionError:
                    if time.monotonic() > deadline or self.proc.poll() is not None:
                        self.stop()
                        raise RuntimeError(f"redis-server did not start on port {self.port}") from None
                    time.sleep(0.05)
        finally:
            client.close()

    def stop(self) -> None:
        """Stop the server this object started (SIGTERM, then SIGKILL after 5 s) and wait for it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


@contextlib.contextmanager
def rooms_env(
    rooms: str, folder: Path, env: MutableMapping[str, str] = os.environ, fsync: str = CLASS_FSYNC
) -> Iterator[str]:
    """Point the class room's store at `rooms` for the processes started inside (they inherit `env`):
    "sqlite" (the file in STONEGAME_STATE, as it is), "redis" (a redis-server of our own on a free port,
    its append-only file in `folder`, fsynced as `fsync` says, stopped at the end) or an existing
    redis://host:port/db (checked with PING). Yields STONEGAME_ROOMS's value; ValueError for anything
    else, RuntimeError if Redis does not answer. The environment is restored at the end."""
    before = env.get("STONEGAME_ROOMS")
    server: RedisServer | None = None
    if rooms == "sqlite":
        url = "sqlite"
    elif rooms == "redis":
        if not redis_available():
            raise RuntimeError(REDIS_HINT)
        server = RedisServer(folder, fsync=fsync).start()
        url = server.url
    elif rooms.startswith(("redis://", "rediss://", "unix://")):
        url = rooms
        check = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        try:
            check.ping()
        except (redis.RedisError, OSError) as error:
            raise RuntimeError(f"{url} does not answer: {error}") from error
        finally:
            check.close()
    else:
        raise ValueError(f"--rooms must be sqlite, redis or redis://host:port/db, not {rooms!r}")
    env["STONEGAME_ROOMS"] = url
    try:
        yield url
    finally:
        if before is None:
            env.pop("STONEGAME_ROOMS", None)
        else:
            env["STONEGAME_ROOMS"] = before
        if server is not None:
            server.stop()
