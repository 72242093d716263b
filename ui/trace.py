"""The trace page's parts: each trace table shown (the first rows of a long one) with a CSV download.

The page shows the steps' phases in its language; the CSV keeps the trace's schema (phase is one of
solver.PHASES, in English, whatever the language), so a script or a spreadsheet reads every class's
download the same way."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pandas as pd
import streamlit as st

from stonegame import Solution
from stonegame.i18n import t
from stonegame.solver import PHASES
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


def csv_of(table: pd.DataFrame) -> Callable[[], bytes]:
    """A function that writes the table as UTF-8 CSV: the download runs it only when clicked."""
    return lambda: table.to_csv(index=False).encode("utf-8")


def shown(table: pd.DataFrame, lang: Lang) -> pd.DataFrame:
    """The table's first SHOWN_ROWS rows as the page draws them: a phase column in `lang`'s words."""
    head = table.head(SHOWN_ROWS)
    if "phase" not in head.columns:
        return head
    names = {phase: t("trace_phase_" + phase, lang) for phase in PHASES}
    return head.assign(phase=head["phase"].cat.rename_categories(names))


def show(table: Table, lang: Lang) -> None:
    """The table's first SHOWN_ROWS rows (with a note when there are more) and a button, named after
    its tab, that downloads all of it as stone-game-<name>.csv."""
    rows = table.table
    if len(rows) > SHOWN_ROWS:
        st.caption(t("trace_large", lang, shown=SHOWN_ROWS, rows=len(rows)))
    st.dataframe(shown(rows, lang), hide_index=True, width="stretch")
    st.download_button(
        t("trace_download", lang, name=t(table.tab, lang)),
        csv_of(rows),
        file_name=f"stone-game-{table.name}.csv",
        mime="text/csv",
        key=state.TRACE_DOWNLOAD.format(name=table.name),
        on_click="ignore",
    )
