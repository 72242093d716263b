"""Running a coroutine from a test, whatever ran before it."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """asyncio.run(coroutine) in a thread of its own: once a browser test has run, pytest-playwright's
    sync API keeps an event loop running in the main thread, where asyncio.run refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
