"""The garbage collector, set for a server whose heap is mostly what it made at start (modules, Streamlit's,
pandas' and Altair's own objects, the chart templates): those are frozen out of its reach.

Why: with runner.postScriptGC off (.streamlit/config.toml), Python's own full collections still come, each
walking the whole 200-300 MB heap with every thread stopped: the load test saw three in a minute, 100-170 ms
each, every run in flight waiting them out (ui/server/timing.py counts them). Frozen objects are never
walked again; what the sessions make is still collected as before.
"""

from __future__ import annotations

import gc


def freeze() -> None:
    """Collect once, then move every object still alive into the permanent generation (gc.freeze), which no
    later collection walks."""
    gc.collect()
    gc.freeze()
