"""The embedded store: one SQLite file in WAL mode, shared by every process on the machine (the
replicas of scripts/serve.py). A change runs in one `BEGIN IMMEDIATE` transaction, which SQLite
serialises across processes, so two replicas never both count one answer or both take one code.
Fan-out between processes is a poll: hub.py reads `versions` for the watched rooms, once per process."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from stonegame import room as rm
from stonegame.room import Limits, Room
from ui.server.rooms.store import Clock, Step, Store, guarded

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    touched REAL NOT NULL,
    ended INTEGER NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS limits (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL,
    failed INTEGER NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS limits_key ON limits (key, at);
CREATE TABLE IF NOT EXISTS blocks (
    key TEXT PRIMARY KEY,
    until REAL NOT NULL
)
"""
T = TypeVar("T")
BUSY_MS = 5000  # how long a writer waits for another process's transaction before SQLite gives up
BUSY_PAUSE = 0.005  # seconds between tries of a statement SQLite refused as busy at once


def busy(statement: Callable[[], T]) -> T:
    """statement(), tried again every BUSY_PAUSE while SQLite refuses it as busy or locked (which it does
    at once, past any busy handler, when waiting could deadlock), for up to BUSY_MS; then its error."""
    deadline = time.monotonic() + BUSY_MS / 1000
    while True:
        try:
            return statement()
        except sqlite3.OperationalError as error:
            if not any(word in str(error) for word in ("locked", "busy")) or time.monotonic() > deadline:
                raise
        time.sleep(BUSY_PAUSE)


class SqliteStore(Store):
    """Rooms in one SQLite file (made with its folder on first use); one connection per thread."""

    errors = (sqlite3.Error, OSError)

    def __init__(self, path: Path, limits: Limits | None = None, clock: Clock = time.time) -> None:
        super().__init__(limits, clock)
        self.path = Path(path)
        self._local = threading.local()
        self._prepared, self._prepared_lock = False, threading.Lock()

    def _connection(self) -> sqlite3.Connection:
        """This thread's connection, opened on its first use: SQLite's busy handler waiting up to BUSY_MS for
        another writer, synchronous=NORMAL, and, the store's first connection only, the file prepared."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
            conn.execute("PRAGMA synchronous=NORMAL")  # WAL's durable-enough default: a power cut loses the last writes
            self._prepare(conn)
            self._local.conn = conn
        return conn

    def _prepare(self, conn: sqlite3.Connection) -> None:
        """Once per store: WAL mode (kept in the file: every later connection opens in it) and the schema,
        each retried while SQLite says busy (busy()). Set-up on every thread's connection once raced: two
        connections switching a fresh file to WAL at once can get SQLITE_BUSY at once, which no busy
        handler waits out (1 "database is locked" in ~1,000 creates, 128 in flight over 2 processes)."""
        with self._prepared_lock:
            if self._prepared:
                return
            busy(lambda: conn.execute("PRAGMA journal_mode=WAL"))
            busy(lambda: conn.executescript(SCHEMA))
            self._prepared = True

    @contextmanager
    def _locked(self, name: str) -> Iterator[None]:
        """One write transaction (BEGIN IMMEDIATE takes the file's write lock at once, so the reads
        inside it see what no other process can change until COMMIT), begun through busy()."""
        conn = self._connection()
        busy(lambda: conn.execute("BEGIN IMMEDIATE"))
        try:
            yield
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _get(self, code: str) -> Room | None:
        """The room's record, decoded."""
        row = self._connection().execute("SELECT data FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None else rm.room_from_json(json.loads(row[0]))

    def _put(self, room: Room) -> None:
        """Insert or replace the room's record."""
        self._connection().execute(
            "INSERT OR REPLACE INTO rooms (code, version, touched, ended, data) VALUES (?, ?, ?, ?, ?)",
            (room.code, room.version, room.touched, int(room.ended), json.dumps(rm.room_to_json(room))),
        )

    def _codes(self) -> list[tuple[str, float, bool]]:
        """Every room's code, touched time and ended flag."""
        rows = self._connection().execute("SELECT code, touched, ended FROM rooms").fetchall()
        return [(code, touched, bool(ended)) for code, touched, ended in rows]

    def _drop(self, codes: Sequence[str]) -> None:
        """Delete these rooms."""
        self._connection().executemany("DELETE FROM rooms WHERE code = ?", [(c,) for c in codes])

    def _limit(self, key: str, step: Step) -> tuple[bool, float]:
        """Store.limit's step in one BEGIN IMMEDIATE transaction (SQLite serialises them across processes)."""
        conn = self._connection()
        with self._locked("limits"):
            conn.execute("DELETE FROM limits WHERE key = ? AND at <= ?", (key, step.now - step.seconds))
            row = conn.execute("SELECT until FROM blocks WHERE key = ?", (key,)).fetchone()
            left = max(0.0, row[0] - step.now) if row else 0.0
            (entries,) = conn.execute("SELECT count(*) FROM limits WHERE key = ?", (key,)).fetchone()
            newest = "SELECT id FROM limits WHERE key = ? AND failed = 0 ORDER BY id DESC LIMIT 1"
            pending = conn.execute(newest, (key,)).fetchone()
            if step.op == "take":
                if left or entries >= step.most:
                    return False, left
                conn.execute("INSERT INTO limits (key, failed, at) VALUES (?, 0, ?)", (key, step.now))
                return True, 0.0
            if step.op == "fail":
                if pending:
                    conn.execute("UPDATE limits SET failed = 1, at = ? WHERE id = ?", (step.now, pending[0]))
                else:
                    conn.execute("INSERT INTO limits (key, failed, at) VALUES (?, 1, ?)", (key, step.now))
                (failed,) = conn.execute("SELECT count(*) FROM limits WHERE key = ? AND failed = 1", (key,)).fetchone()
                if step.block and failed >= step.most:
                    conn.execute(
                        "INSERT OR REPLACE INTO blocks (key, until) VALUES (?, ?)", (key, step.now + step.block)
                    )
                    left = step.block
            elif step.op == "drop" and pending:
                conn.execute("DELETE FROM limits WHERE id = ?", (pending[0],))
            if not left and row:
                conn.execute("DELETE FROM blocks WHERE key = ?", (key,))
            return False, left

    @guarded
    def versions(self, codes: Sequence[str]) -> dict[str, int]:
        """The version of each of these rooms that exists, in one query."""
        if not codes:
            return {}
        marks = ",".join("?" * len(codes))
        rows = self._connection().execute(f"SELECT code, version FROM rooms WHERE code IN ({marks})", list(codes))
        return dict(rows.fetchall())

    def close(self) -> None:
        """Close this thread's connection (other threads' close when their thread ends)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
