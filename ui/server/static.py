"""Streamlit's own files as installed: its static folder (index.html, and its bundle under static/),
which the edge compresses and the card answers page requests with."""

from __future__ import annotations

import functools
from pathlib import Path


def static_dir() -> Path:
    """Streamlit's static directory in the installed package (index.html, and its bundle in static/)."""
    from streamlit import file_util

    return Path(file_util.get_static_dir())


@functools.cache
def index_html() -> str:
    """Streamlit's index.html, as installed (read once)."""
    return (static_dir() / "index.html").read_text(encoding="utf-8")
