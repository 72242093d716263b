"""Which store the environment names (STONEGAME_ROOMS, STONEGAME_STATE): apart from store.py, which
both stores build on, so that neither store's module is imported by the interface it implements."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ui.server.rooms.store import Store


def state_dir(env: Mapping[str, str] = os.environ) -> Path:
    """The folder the SQLite store's file lives in: STONEGAME_STATE, else $XDG_STATE_HOME/stonegame,
    else ~/.local/state/stonegame."""
    if env.get("STONEGAME_STATE"):
        return Path(env["STONEGAME_STATE"])
    return Path(env.get("XDG_STATE_HOME") or Path.home() / ".local" / "state") / "stonegame"


def from_env(env: Mapping[str, str] = os.environ) -> Store:
    """The store the environment names: RedisStore for STONEGAME_ROOMS=redis://..., else SqliteStore."""
    url = env.get("STONEGAME_ROOMS", "").strip()
    if url.startswith(("redis://", "rediss://", "unix://")):
        from ui.server.rooms.redis_store import RedisStore  # only a Redis deployment needs redis-py

        return RedisStore(url)
    if url not in ("", "sqlite"):
        raise ValueError(f"STONEGAME_ROOMS must be redis://host:port/db or sqlite, not {url!r}.")
    from ui.server.rooms.sqlite_store import SqliteStore

    return SqliteStore(state_dir(env) / "rooms.sqlite3")
