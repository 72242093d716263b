"""Benchmark: a whole class answering one question at once, straight at the store (no HTTP): N students
seated in one room, then each answers from one of T threads (the threads a replica's endpoints run in:
anyio's pool holds 40), every answer's wall time from its call to its return. Printed per store: the
room's record size, answers counted, each answer's p50 / p95 / max, the whole burst's wall seconds and
this process's CPU per answer (the store's Python side; Redis's own is its process's). Exits 1 if an
answer was not counted.

    python scripts/bench_answers.py                        # 1,000 students, 40 threads, SQLite and Redis
    python scripts/bench_answers.py --students 200 --threads 1 --stores redis
    python scripts/bench_answers.py --quick                # 100 students (so it cannot rot)

Redis is Debian's redis-server on a free port of 127.0.0.1 (scripts/redis_server.py), started and stopped
here; SQLite a file in a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.redis_server import RedisServer, redis_available  # noqa: E402
from stonegame import room as rm  # noqa: E402
from ui.server.rooms.redis_store import RedisStore  # noqa: E402
from ui.server.rooms.sqlite_store import SqliteStore  # noqa: E402
from ui.server.rooms.store import Store  # noqa: E402

ROW = {"values": [5, -3, 8, 2, -1, 7, 4, -6]}
LOST: list[str] = []  # what made the run fail: answers sent and not counted


@contextmanager
def opened(kind: str, folder: Path, students: int) -> Iterator[Store]:
    """A store of this kind in `folder`, admitting `students` in one room from one address."""
    limits = rm.Limits(students=students, linked=rm.Pace(students, students))
    if kind == "sqlite":
        store = SqliteStore(folder / "rooms.sqlite3", limits)
        yield store
        store.close()
        return
    with RedisServer(folder / "redis", fsync="everysec").start() as server:
        store = RedisStore(server.url, limits)
        yield store
        store.close()


def burst(store: Store, students: int, threads: int) -> list[str]:
    """Seat `students` in a new room, open a question, answer it once per student from `threads` threads;
    the figures as lines."""
    secret = rm.new_secret()
    code = store.create(rm.read_stage(ROW), secret)
    token = store.room(code).join
    seated = [store.join(code, "10.0.0.1", token)[0] for _ in range(students)]
    number = store.ask(code, secret, "winner").questions[-1].number

    def answer(student: str) -> float:
        start = time.perf_counter()
        store.answer(code, student, number, "Alice")
        return time.perf_counter() - start

    cpu, wall = time.process_time(), time.perf_counter()
    with ThreadPoolExecutor(threads) as pool:
        times = sorted(pool.map(answer, seated))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    room = store.room(code)
    counted = len(room.answers.get(number, {}))
    size = len(json.dumps(rm.room_to_json(room)))
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    if counted != students:
        LOST.append(f"{students - counted} answers lost")
    return [
        f"  answers sent {students}, counted {counted}, version {room.version}, the room's record {size / 1024:.0f} KB",
        f"  an answer: p50 {1000 * statistics.median(times):.1f} ms, p95 {1000 * p95:.1f} ms, "
        f"max {1000 * times[-1]:.1f} ms",
        f"  the burst: {wall:.2f} s wall, {1000 * cpu / students:.2f} ms CPU an answer (this process)",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=1000)
    parser.add_argument("--threads", type=int, default=40, help="threads answering at once (anyio's pool: 40)")
    parser.add_argument("--stores", nargs="+", choices=("sqlite", "redis"), default=["sqlite", "redis"])
    parser.add_argument("--quick", action="store_true", help="100 students")
    args = parser.parse_args(argv)
    students = 100 if args.quick else args.students
    for kind in args.stores:
        if kind == "redis" and not redis_available():
            print("redis: skipped, no redis-server here")
            continue
        with tempfile.TemporaryDirectory() as folder, opened(kind, Path(folder), students) as store:
            print(f"{kind}: {students} students, {args.threads} threads")
            print("\n".join(burst(store, students, args.threads)))
    print(f"result: {'; '.join(LOST) or 'ok'}")
    return 1 if LOST else 0


if __name__ == "__main__":
    raise SystemExit(main())
