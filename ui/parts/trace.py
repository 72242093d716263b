"""The trace page's parts: each trace table shown (the first rows of a long one) with its CSV's two
buttons, Make and then Download (ui/parts/files.py: made in this process on a click, kept in the bounded
cache of made files under the row's digest, and made again when a Download was pressed on a page an
earlier server drew).

The page shows the steps' phases in its language; the CSV keeps the trace's schema (phase is one of
solver.PHASES, in English, whatever the language), so a script or a spreadsheet reads every class's
download the same way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

import pandas as pd
import streamlit as st

from stonegame import Solution
from stonegame.i18n import t
from stonegame.solver import PHASES
from stonegame.terms import Lang
from ui import cache, state
from ui.parts import files
from ui.state import View

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


def csv_of(table: pd.DataFrame) -> bytes:
    """The table as UTF-8 CSV, without the index."""
    return table.to_csv(index=False).encode("utf-8")


def _csv_file(values: Sequence[int], max_take: int, name: str) -> bytes:
    """The CSV of the row's table `name`, from the solved row (solved again if it was dropped)."""
    return csv_of(next(table.table for table in of(cache.solution(values, max_take)) if table.name == name))


def _maker(sol: Solution, name: str) -> Callable[[], bytes]:
    """The maker of the row's CSV of table `name` (holding the row's values, never the Solution)."""
    return partial(_csv_file, sol.values, sol.max_take, name)


NARROW = {  # the columns a phone shows of each table: the ones the fill is about, without sideways scroll
    "steps": ("step", "i", "phase", "dp", "take", "opponent"),
    "candidates": ("i", "k", "j", "dp_j", "gain", "best"),
    "positions": ("i", "value", "dp", "take"),
}
BLANK = "—"  # a cell with no number (the value of the start and the verdict, past the last pile)


def shown(table: pd.DataFrame, lang: Lang, columns: Sequence[str] | None = None) -> pd.DataFrame:
    """The table's first SHOWN_ROWS rows as the page draws them (only `columns`, if given): the phase
    in `lang`'s words, a missing value as BLANK (the column then holds text), the headers in `lang`."""
    head = table.head(SHOWN_ROWS)
    if columns is not None:
        head = head[list(columns)]
    if "phase" in head.columns:
        names = {phase: t("trace_phase_" + phase, lang) for phase in PHASES}
        head = head.assign(phase=head["phase"].cat.rename_categories(names))
    blanks = [c for c in head.columns if head[c].isna().any()]
    head = head.assign(**{c: [BLANK if pd.isna(v) else str(v) for v in head[c]] for c in blanks})
    return head.rename(columns={c: t("trace_col_" + c, lang) for c in head.columns})


def _grid(rows: pd.DataFrame, lang: Lang, columns: Sequence[str] | None = None) -> None:
    """One st.dataframe of the rows (shown()), its text columns of numbers aligned right like the rest."""
    frame = shown(rows, lang, columns)
    phase = t("trace_col_phase", lang)
    texts = [c for c in frame.columns if c != phase and pd.api.types.is_string_dtype(frame[c])]
    config = {c: st.column_config.TextColumn(alignment="right") for c in texts}
    st.dataframe(frame, hide_index=True, width="stretch", column_config=config)


def show(table: Table, sol: Solution, view: View) -> None:
    """The table's first SHOWN_ROWS rows (with a note when there are more): all its columns on a wide
    screen, its NARROW ones on a phone (two containers, one hidden by ui/frame.py's CSS on each width),
    and under them, in the left half, the two buttons, named after its tab, that make all of it as
    stone-game-<name>.csv (kept under the row's digest, its rule and the table's name) and download it."""
    rows = table.table
    if len(rows) > SHOWN_ROWS:
        st.caption(t("trace_large", view.lang, shown=SHOWN_ROWS, rows=len(rows)))
    with st.container(key=state.TRACE_WIDE.format(name=table.name)):
        _grid(rows, view.lang)
    with st.container(key=state.TRACE_NARROW.format(name=table.name)):
        _grid(rows, view.lang, NARROW[table.name])
        st.caption(t("trace_narrow", view.lang))
    key = f"table:{cache.digest(sol.values)}:{sol.max_take}:{table.name}"
    with st.columns([1, 1])[0]:
        files.made_here(_buttons(table, view), view, key, _maker(sol, table.name))


def _buttons(table: Table, view: View) -> files.Buttons:
    """The table's buttons: its keys, "Make <tab> as CSV" and "Download <tab> as CSV", its file's name."""
    name = t(table.tab, view.lang)
    return files.Buttons(
        make=state.TRACE_MAKE.format(name=table.name),
        download=state.TRACE_DOWNLOAD.format(name=table.name),
        wait=state.TRACE_WAIT.format(name=table.name),
        make_label=t("trace_make", view.lang, name=name),
        label=t("trace_download", view.lang, name=name),
        file_name=f"stone-game-{table.name}.csv",
        mime="text/csv",
    )
