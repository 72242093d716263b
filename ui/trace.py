"""The trace page's parts: each trace table shown (the first rows of a long one) with a CSV download."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pandas as pd
import streamlit as st

from stonegame import Solution
from stonegame.i18n import t
from stonegame.terms import Lang
from ui import state

SHOWN_ROWS = 1000  # rows drawn in the page; the download carries them all


class Table(NamedTuple):
    """One of the solver's tables as the page shows it: its tab's catalogue key, its file name, the table."""

    tab: str
    name: str
    table: pd.DataFrame


def of(sol: Solution) -> list[Table]:
    """The solver's three tidy tables, in tab order: one row per step, per candidate, per position."""
    return [
        Table("trace_steps", "steps", sol.trace),
        Table("trace_candidates", "candidates", sol.candidates),
        Table("trace_positions", "positions", sol.positions),
    ]


def _csv(table: pd.DataFrame) -> Callable[[], bytes]:
    """A function that writes the table as UTF-8 CSV: the download runs it only when clicked."""
    return lambda: table.to_csv(index=False).encode("utf-8")


def show(name: str, table: pd.DataFrame, lang: Lang) -> None:
    """The table's first SHOWN_ROWS rows (with a note when there are more) and a button that downloads
    all of it as stone-game-<name>.csv."""
    if len(table) > SHOWN_ROWS:
        st.caption(t("trace_large", lang, shown=SHOWN_ROWS, rows=len(table)))
    st.dataframe(table.head(SHOWN_ROWS), hide_index=True, width="stretch")
    st.download_button(
        t("download_csv", lang, name=name),
        _csv(table),
        file_name=f"stone-game-{name}.csv",
        mime="text/csv",
        key=state.TRACE_DOWNLOAD.format(name=name),
        on_click="ignore",
    )
