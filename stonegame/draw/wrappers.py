"""Altair's lookup of wrapper classes, built once per process instead of on every encoding. No
Streamlit here; installed when stonegame.draw is imported.

Every encoding given as a shorthand string or a dict (`"word:N"`, `alt.value(6)`,
`alt.condition(...)`) goes through `SchemaBase.from_dict`, which builds a fresh `_FromDict`: a table
from the JSON-dumped schema of each of Altair's ~580 wrapper classes to the classes. Rebuilding it
was ~12 % of the server's CPU under the load test (json.dumps under `_FromDict.hash_schema`, in
scripts/profile_server.py's breakdown). The table depends only on the classes, whose schemas are
fixed, so it is kept per tuple of classes; the charts built are the same. (Altair's open pull request
vega/altair#3547 builds it once too.) It relies on a private class, so it is installed only on the
pinned Altair version; on any other it leaves Altair alone.
"""

from __future__ import annotations

from typing import Any

import altair as alt
from altair.utils import schemapi

PINNED = "6.3.0"
KEPT = 4  # tables kept at most (one per set of wrapper classes; the app has one)

_tables: dict[tuple[type, ...], Any] = {}
_build = schemapi._FromDict.__init__


def _init(self: schemapi._FromDict, wrapper_classes: Any, /) -> None:
    """_FromDict.__init__, with the table of these classes built once and then shared."""
    classes = tuple(wrapper_classes)
    table = _tables.get(classes)
    if table is None:
        _build(self, classes)
        if len(_tables) >= KEPT:
            _tables.clear()
        _tables[classes] = self.class_dict
    else:
        self.class_dict = table


def install() -> bool:
    """Share _FromDict's table if Altair is the pinned version; whether it is shared now."""
    if alt.__version__ != PINNED:
        return False
    schemapi._FromDict.__init__ = _init
    return True


def installed() -> bool:
    """Whether Altair's _FromDict shares its table (install() took effect)."""
    return schemapi._FromDict.__init__ is _init
