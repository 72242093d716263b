"""Altair's wrapper classes made cheaper to build: their lookup table built once per process instead
of on every encoding, and no validation of each one as it is made. No Streamlit here; installed when
stonegame.draw is imported.

Every encoding given as a shorthand string or a dict (`"word:N"`, `alt.value(6)`,
`alt.condition(...)`) goes through `SchemaBase.from_dict`, which builds a fresh `_FromDict`: a table
from the JSON-dumped schema of each of Altair's ~580 wrapper classes to the classes. Rebuilding it
was ~12 % of the server's CPU under the load test (json.dumps under `_FromDict.hash_schema`, in
scripts/profile_server.py's breakdown). The table depends only on the classes, whose schemas are
fixed, so it is kept per tuple of classes; the charts built are the same. (Altair's open pull request
vega/altair#3547 builds it once too.) It relies on a private class, so it is installed only on the
pinned Altair version; on any other it leaves Altair alone.

Altair's debug mode (on by default) also validates every wrapper object against the schema as it is
made (alt.Title, alt.Scale, each mark's MarkDef ...), for better tracebacks: ~11 % of a chart build.
`install` switches it off with Altair's own `disable_debug_mode`; the charts built are the same, and
the tests still validate every builder's spec with `to_dict(validate=True)`.
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
    """Switch Altair's debug mode off, and share _FromDict's table if Altair is the pinned version;
    whether the table is shared now."""
    schemapi.disable_debug_mode()
    if alt.__version__ != PINNED:
        return False
    schemapi._FromDict.__init__ = _init
    return True


def installed() -> bool:
    """Whether Altair's _FromDict shares its table and its debug mode is off (install() took effect)."""
    return schemapi._FromDict.__init__ is _init and not schemapi.DEBUG_MODE
