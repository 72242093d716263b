"""A replica's burst of room creates on a fresh SQLite file, for test_stores (run in its own process, as
scripts/serve.py runs replicas): `threads` creates at once on each of `paths` in turn, each file started
together with the other process (a multiprocessing Barrier); the errors it met, as one line each."""

from __future__ import annotations

import threading
from pathlib import Path

from stonegame import room as rm
from ui.server.rooms.sqlite_store import SqliteStore
from ui.server.rooms.store import StoreDown

STAGE = rm.Stage((5, -3, 8, 2), 2)


def burst(paths: list[str], threads: int, together, errors) -> None:
    """Create `threads` rooms at once on each fresh file of `paths` (after `together`'s wait), and put the
    StoreDown details met on the `errors` queue (then None, to say this process is done)."""
    for path in paths:
        together.wait()
        at_once(SqliteStore(Path(path), rm.Limits(students=10, rooms=10_000)), threads, errors)
    errors.put(None)


def at_once(store: SqliteStore, threads: int, errors) -> None:
    """`threads` creates on the store at once (a threading Barrier), each followed by a read of its room."""
    start = threading.Barrier(threads)

    def one() -> None:
        start.wait()
        try:
            store.room(store.create(STAGE, rm.new_secret()))
        except StoreDown as down:
            errors.put(down.detail)

    workers = [threading.Thread(target=one) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
