"""Streamlit's per-run work whose answer cannot change while the server runs, done once per process.

Every script run starts with a `new_session` message, and Streamlit 1.67 builds its config and its six
theme sections from the config options each time (streamlit/runtime/app_session.py,
`_populate_config_msg` and `_populate_theme_msg`): about 1 ms of the event loop's time per run, a
twentieth of a cached run's CPU (py-spy), for the same answer on every run. The options are read once, at start
(.streamlit/config.toml; the server watches no files), so each section's message is built on first use
and copied after that. Installed by streamlit_app.py's lifespan.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from google.protobuf.message import Message
from streamlit.runtime import app_session


def once_per_section(populate: Callable[..., None]) -> Callable[..., None]:
    """`populate(msg, *section)` that fills `msg` with a copy of what the first call for the same section
    filled (each section's message is built once)."""
    built: dict[tuple[Any, ...], Message] = {}

    def copied(msg: Message, *section: Any) -> None:
        if section not in built:
            fresh = type(msg)()
            populate(fresh, *section)
            built[section] = fresh
        msg.CopyFrom(built[section])

    return copied


def install() -> None:
    """Build the new_session message's config and theme sections once per process (idempotent)."""
    if not getattr(app_session, "_stonegame_steady", False):
        app_session._populate_config_msg = once_per_section(app_session._populate_config_msg)
        app_session._populate_theme_msg = once_per_section(app_session._populate_theme_msg)
        app_session._stonegame_steady = True
