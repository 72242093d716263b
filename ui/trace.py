"""The trace page's parts: each trace table shown (the first rows of a long one) with a CSV download."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
import streamlit as st

from stonegame import Solution
from stonegame.i18n import t

NAMES = {"trace_steps": "steps", "trace_candidates": "candidates", "trace_positions": "positions"}
SHOWN_ROWS = 1000  # rows drawn in the page; the download carries them all


def of(sol: Solution) -> dict[str, pd.DataFrame]:
    """The solver's three tidy tables, by file name."""
    return {"steps": sol.trace, "candidates": sol.candidates, "positions": sol.positions}


def _csv(table: pd.DataFrame) -> Callable[[], bytes]:
    """A function that writes the table as UTF-8 CSV: the download runs it only when clicked."""
    return lambda: table.to_csv(index=False).encode("utf-8")


def show(name: str, table: pd.DataFrame, lang: str) -> None:
    """The table's first SHOWN_ROWS rows and a button that downloads all of it."""
    if len(table) > SHOWN_ROWS:
        st.caption(t("trace_large", lang, shown=SHOWN_ROWS, rows=len(table)))
    st.dataframe(table.head(SHOWN_ROWS), hide_index=True, width="stretch")
    st.download_button(
        t("download_csv", lang, name=name),
        _csv(table),
        file_name=f"stone-game-{name}.csv",
        mime="text/csv",
        key=f"trace_download_{name}",
        on_click="ignore",
    )
