"""The export page's parts: the step to export, the downloads (the trace as CSV and JSON, this step's
chart as PNG and SVG, the whole fill as a GIF) and a preview of the picture."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from stonegame import Solution
from stonegame.explainer.view import WINDOW, window_for_step
from stonegame.i18n import t
from stonegame.teach import export
from ui import cache, state
from ui.explainer import chart_spec

# --- the exports --------------------------------------------------------------------------------


def chart(sol: Solution, lang: str) -> dict:
    """The explainer's own chart spec for the current row, step, language, formulation and code
    (the same cached builder the explainer uses, so the picture is what the explainer shows)."""
    spec, _ = chart_spec(
        sol, st.session_state[state.STEP], lang, st.session_state[state.CODE], st.session_state[state.FORM]
    )
    return spec


def _set_step() -> None:
    """Callback: the step to export, shared with the explainer."""
    st.session_state[state.STEP] = int(st.session_state[state.EXPORT_W_STEP])


def step_input(sol: Solution, lang: str) -> int:
    """The step to export (the explainer's step; changing it here changes it there), clamped to the row."""
    step = min(st.session_state[state.STEP], sol.last_step)
    st.session_state[state.STEP] = step
    st.session_state[state.EXPORT_W_STEP] = step
    st.number_input(t("export_step", lang), 0, sol.last_step, key=state.EXPORT_W_STEP, on_change=_set_step)
    return step


def preview(spec: dict, lang: str) -> None:
    """The picture the PNG and SVG will hold, drawn by the browser from the same static spec."""
    frame = export.current_frame(spec)
    with st.expander(t("export_preview", lang)):  # folded: the chart's code listing is wider than a phone
        st.vega_lite_chart(spec=export.static_spec(spec, frame, width=None), width="stretch", key=state.EXPORT_PREVIEW)


@st.cache_resource(**cache.RENDERS)
def _gif(key: str, _spec: dict) -> bytes:
    """The GIF of the chart whose spec has this key (rendering takes about a second a frame: kept)."""
    return export.to_gif(_spec)


def files(sol: Solution, spec: dict, step: int, key: str) -> dict[str, tuple[str, str, Callable[[], bytes]]]:
    """Each download as (file name, MIME type, a function that makes its bytes when the button is
    clicked), for the chart `spec` opened at `step`; `key` names the GIF in its cache. The functions
    read only the values given here, never the session: they run on another thread."""
    frame = export.current_frame(spec)
    stem = f"stone-game-{sol.n}-piles"
    return {
        "csv": (f"{stem}-trace.csv", "text/csv", lambda: export.trace_csv(sol)),
        "json": (f"{stem}-trace.json", "application/json", lambda: export.trace_json(sol)),
        "svg": (f"{stem}-step-{step}.svg", "image/svg+xml", lambda: export.to_svg(spec, frame)),
        "png": (f"{stem}-step-{step}.png", "image/png", lambda: export.to_png(spec, frame)),
        "gif": (f"{stem}-fill.gif", "image/gif", lambda: _gif(key, spec)),
    }


def downloads(sol: Solution, spec: dict, lang: str) -> None:
    """The download buttons: the trace (CSV, JSON), this step's picture (SVG, PNG), the whole fill (GIF)."""
    step = st.session_state[state.STEP]
    win = window_for_step(sol, step)
    key = f"{cache.digest(sol.values)}:{sol.max_take}:{win.lo}:{lang}"
    key += f":{st.session_state[state.FORM]}:{st.session_state[state.CODE]}"
    made = files(sol, spec, step, key)
    frames = export.frame_count(spec)
    groups = (
        ("export_trace", ("csv", "json"), t("export_trace_help", lang, steps=len(sol.trace))),
        ("export_picture", ("png", "svg"), t("export_picture_help", lang)),
        ("export_animation", ("gif",), _gif_help(sol, frames, win.lo, win.hi - 1, lang)),
    )
    for title, kinds, help_text in groups:
        with st.container(border=True):
            st.markdown(f"**{t(title, lang)}**")
            st.caption(help_text)
            for column, kind in zip(st.columns(len(kinds)), kinds, strict=True):
                name, mime, make = made[kind]
                column.download_button(
                    t("export_" + kind, lang),
                    data=make,
                    file_name=name,
                    mime=mime,
                    key=state.EXPORT_DOWNLOAD.format(kind=kind),
                    on_click="ignore",
                    disabled=kind == "gif" and frames > export.MAX_GIF_FRAMES,
                    icon=":material/download:",
                    width="stretch",
                )


def _gif_help(sol: Solution, frames: int, lo: int, hi: int, lang: str) -> str:
    """What the GIF holds and how long it takes to make."""
    seconds = round(frames * export.SECONDS_PER_FRAME)
    if frames > export.MAX_GIF_FRAMES:
        return t("export_gif_too_long", lang, frames=frames, most=export.MAX_GIF_FRAMES)
    if sol.n > WINDOW:
        return t("export_gif_window", lang, frames=frames, lo=lo, hi=hi, n=sol.n, seconds=seconds)
    return t("export_gif_help", lang, frames=frames, seconds=seconds)
