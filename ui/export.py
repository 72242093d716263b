"""The export page's parts: the step to export, the downloads (the trace as CSV and JSON, this step's
chart as PNG and SVG, the whole fill as a GIF) and a preview of the picture.

Each download's bytes are made by one small function of the Chart (`_csv` … `_gif`, in MAKERS), only
when its button is clicked, on another thread: they read the Chart, never the session.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple

import streamlit as st

from stonegame import Solution
from stonegame.i18n import t
from stonegame.teach import export as exports
from stonegame.teach import gif
from stonegame.teach.export import Kind
from stonegame.terms import Lang
from stonegame.window import Window
from ui import cache, state
from ui.explainer import chart_spec


class Chart(NamedTuple):
    """What the page exports: the solved row, the explainer's playable spec opened at `step`, the window
    of piles it animates, and `key`, naming it in the render cache (row, rule, window, language,
    formulation, code)."""

    sol: Solution
    spec: dict[str, Any]
    step: int
    win: Window
    key: str


class Download(NamedTuple):
    """One download button's file: its name, its MIME type, and the function that makes its bytes."""

    name: str
    mime: str
    make: Callable[[], bytes]


# --- the step and the chart ----------------------------------------------------------------------


def _set_step() -> None:
    """Callback: the step to export, shared with the explainer."""
    st.session_state[state.STEP] = int(st.session_state[state.EXPORT_W_STEP])


def step_input(sol: Solution, lang: Lang) -> int:
    """The step to export (the explainer's step; changing it here changes it there), clamped to the row."""
    step = min(st.session_state[state.STEP], sol.last_step)
    st.session_state[state.STEP] = step
    st.session_state[state.EXPORT_W_STEP] = step
    st.number_input(t("export_step", lang), 0, sol.last_step, key=state.EXPORT_W_STEP, on_change=_set_step)
    return step


def chart_at(sol: Solution, step: int, lang: Lang) -> Chart:
    """The explainer's own chart of the row at `step`, in the page's language, formulation and code (the
    same cached builder the explainer uses, so the picture is what the explainer shows)."""
    code, form = st.session_state[state.CODE], st.session_state[state.FORM]
    spec, win = chart_spec(sol, step, lang, code, form)
    key = f"{cache.digest(sol.values)}:{sol.max_take}:{win.lo}:{lang}:{form}:{code}"
    return Chart(sol, spec, step, win, key)


def preview(chart: Chart, lang: Lang) -> None:
    """The picture the PNG and SVG will hold, drawn by the browser from the same static spec (folded:
    the chart's code listing is wider than a phone)."""
    static = exports.static_spec(chart.spec, exports.current_frame(chart.spec), width=None)
    with st.expander(t("export_preview", lang)):
        st.vega_lite_chart(spec=static, width="stretch", key=state.EXPORT_PREVIEW)


# --- the files -----------------------------------------------------------------------------------


def _csv(chart: Chart) -> bytes:
    """The trace as CSV."""
    return exports.trace_csv(chart.sol)


def _json(chart: Chart) -> bytes:
    """The row, its answer and the trace as JSON."""
    return exports.trace_json(chart.sol)


def _png(chart: Chart) -> bytes:
    """The chart at its opening frame as PNG."""
    return exports.to_png(chart.spec, exports.current_frame(chart.spec))


def _svg(chart: Chart) -> bytes:
    """The chart at its opening frame as SVG."""
    return exports.to_svg(chart.spec, exports.current_frame(chart.spec))


def _gif(chart: Chart) -> bytes:
    """Every frame of the chart as an animated GIF, from the render cache when it was made before."""
    return _cached_gif(chart.key, chart.spec)


@cache.cached(**{**cache.CACHE, "max_entries": 8})
def _cached_gif(key: str, _spec: dict[str, Any]) -> bytes:
    """The GIF of the chart whose spec has this key (rendering takes about a second a frame: kept)."""
    return gif.to_gif(_spec)


MAKERS: dict[Kind, Callable[[Chart], bytes]] = {"csv": _csv, "json": _json, "png": _png, "svg": _svg, "gif": _gif}


def download(kind: Kind, chart: Chart) -> Download:
    """The file of the `kind` button for this chart: its name, MIME type, and its maker bound to the chart."""
    return Download(exports.file_name(kind, chart.sol.n, chart.step), exports.MIME[kind], partial(MAKERS[kind], chart))


# --- the buttons ---------------------------------------------------------------------------------


def downloads(chart: Chart, lang: Lang) -> None:
    """The download buttons in three boxes: the trace (CSV, JSON), this step's picture (PNG, SVG) and
    the whole fill (GIF)."""
    _box(chart, "export_trace", ("csv", "json"), t("export_trace_help", lang, steps=len(chart.sol.trace)), lang)
    _box(chart, "export_picture", ("png", "svg"), t("export_picture_help", lang), lang)
    _box(chart, "export_animation", ("gif",), _gif_help(chart, lang), lang)


def _box(chart: Chart, title: str, kinds: Sequence[Kind], help_text: str, lang: Lang) -> None:
    """A bordered box: its title, what its files hold, and a download button per kind, side by side."""
    with st.container(border=True):
        st.markdown(f"**{t(title, lang)}**")
        st.caption(help_text)
        for column, kind in zip(st.columns(len(kinds)), kinds, strict=True):
            with column:
                _button(chart, kind, lang)


def _button(chart: Chart, kind: Kind, lang: Lang) -> None:
    """The `kind` download button (the GIF's disabled when the chart has too many frames for one)."""
    file = download(kind, chart)
    st.download_button(
        t("export_" + kind, lang),
        data=file.make,
        file_name=file.name,
        mime=file.mime,
        key=state.EXPORT_DOWNLOAD.format(kind=kind),
        on_click="ignore",
        disabled=kind == "gif" and exports.frame_count(chart.spec) > exports.MAX_GIF_FRAMES,
        icon=":material/download:",
        width="stretch",
    )


def _gif_help(chart: Chart, lang: Lang) -> str:
    """What the GIF holds (the whole row, or the window of piles the explainer animates at this step)
    and how long it takes to make; or that the chart has too many frames for one."""
    frames = exports.frame_count(chart.spec)
    seconds = exports.gif_seconds(frames)
    if frames > exports.MAX_GIF_FRAMES:
        return t("export_gif_too_long", lang, frames=frames, most=exports.MAX_GIF_FRAMES)
    win, n = chart.win, chart.sol.n
    if win.hi - win.lo < n:
        return t("export_gif_window", lang, frames=frames, lo=win.lo, hi=win.hi - 1, n=n, seconds=seconds)
    return t("export_gif_help", lang, frames=frames, seconds=seconds)
