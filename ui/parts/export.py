"""The export page's parts: the step to export, the downloads (the trace as CSV and JSON, this step's
chart as PNG and SVG, the whole fill as a GIF, the stage as HTML) and, when asked for, a preview of the
picture.

The page's run builds no chart: what it shows (the GIF's frame count, the render keys) comes from the
solved row and the window of piles the explainer animates. The explainer's spec is built only where a
picture is drawn: in the render worker, for a picture (stonegame.teach.pictures, from the row, k, the
window, the frame, the language, the listing and the form), and in this process for the preview, once
it is asked for.

Every file has two buttons, Make and then Download (ui/parts/files.py, which also says what a Download
pressed on a page an earlier server drew does). Pictures are made by the render service
(ui/server/renderer.py), never in the server's threads: a picture's Make asks the service (one file in flight
per session, a bounded queue per server, a time limit), the page shows "making the file…" and asks
again every POLL seconds from a fragment, and once the file is made its Download button hands over the
bytes the service keeps (cached by RenderKey, so a second visitor, a rerun or forty clicks cost
nothing). Busy, too slow or failed: a message in the page's language.

The trace files and the HTML page (no vl-convert) are made in this process when Make is clicked (a
fraction of a second) and kept in the bounded cache of made files (ui/files.made). No button or
callback holds the Solution.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple

import streamlit as st

from stonegame import Solution
from stonegame.draw.kit import described
from stonegame.fill.spec import opening
from stonegame.i18n import t
from stonegame.teach import export as exports
from stonegame.teach import gif, pictures
from stonegame.teach.export import Kind
from stonegame.terms import Code, Form, Lang
from stonegame.window import Window
from ui import cache, state
from ui.parts import files
from ui.parts.fill import chart_spec, interactive_html
from ui.server import renderer

POLL = 1.0  # seconds between two looks at a file being made (the fragment's run_every)
TRACE_KINDS: tuple[Kind, ...] = ("csv", "json")
# What the render service runs for each picture kind: the core's drawing of a spec (vl-convert, PIL only).
PICTURES: dict[str, Callable[..., bytes]] = {"png": exports.to_png, "svg": exports.to_svg, "gif": gif.to_gif}


class Chart(NamedTuple):
    """What the page exports, no chart built: the solved row, the step, the window of piles the explainer
    animates there, the frame of it that shows the step and how many frames it has, the row's digest,
    and the language, code listing and formulation it is drawn in. Made afresh each run; nothing kept by
    Streamlit holds it."""

    sol: Solution
    step: int
    win: Window
    frame: int
    frames: int
    row: str
    lang: Lang = "en"
    code: Code = "py"
    form: Form = "total"

    @property
    def key(self) -> str:
        """The name of the chart: row, rule, window, language, formulation, code."""
        return f"{self.row}:{self.sol.max_take}:{self.win.lo}:{self.lang}:{self.form}:{self.code}"


class Download(NamedTuple):
    """One download button's file: its name, its MIME type, and the function that makes its bytes."""

    name: str
    mime: str
    make: Callable[[], bytes]


# --- the step and the chart ----------------------------------------------------------------------


def _set_step() -> None:
    """Callback: the step to export, shared with the explainer (a step outside the row, a forged value,
    leaves it as it was)."""
    ss = st.session_state
    last = cache.solution(ss[state.VALUES], ss[state.MAX_TAKE]).last_step
    ss[state.STEP] = state.valid(state.EXPORT_W_STEP, range(last + 1), min(ss[state.STEP], last))


def step_input(sol: Solution, lang: Lang) -> int:
    """The step to export (the explainer's step; changing it here changes it there), clamped to the row."""
    step = min(st.session_state[state.STEP], sol.last_step)
    st.session_state[state.STEP] = step
    st.session_state[state.EXPORT_W_STEP] = step
    st.number_input(t("export_step", lang), 0, sol.last_step, key=state.EXPORT_W_STEP, on_change=_set_step)
    return step


def chart_at(sol: Solution, step: int, lang: Lang) -> Chart:
    """What the page exports of the row at `step`, in the page's language, formulation and code: the
    explainer's window and frame for the step (what the explainer shows), no chart built."""
    win, frame = opening(sol, step)
    ss = st.session_state
    frames, row = pictures.frame_count(sol, win), cache.digest(sol.values)
    return Chart(sol, step, win, frame, frames, row, lang, ss[state.CODE], ss[state.FORM])


def preview(chart: Chart, lang: Lang) -> None:
    """A switch, off until turned on, and then the picture the PNG and SVG will hold, drawn by the
    browser from the explainer's static spec (built in this run: ui.parts.fill.chart_spec, cached), named
    for screen readers, its axes and legends in readable ink (kit.described)."""
    if not st.toggle(t("export_show_preview", lang), key=state.EXPORT_W_PREVIEW):
        return
    spec, _ = chart_spec(chart.sol, chart.step, chart.lang, chart.code, chart.form)
    static = exports.static_spec(spec, chart.frame, width=None)
    static = described(
        static, t("export_picture", lang) + " · " + t("step_of", lang, step=chart.step, last=chart.sol.last_step)
    )
    st.vega_lite_chart(spec=static, width="stretch", key=state.EXPORT_PREVIEW)


# --- the files -----------------------------------------------------------------------------------


TRACE_FILES: dict[str, Callable[[Solution], bytes]] = {"csv": exports.trace_csv, "json": exports.trace_json}


def _trace_bytes(values: Sequence[int], max_take: int, kind: Kind) -> bytes:
    """The trace of the row as CSV or JSON, from the solved row (solved again if it was dropped)."""
    return TRACE_FILES[kind](cache.solution(values, max_take))


def _trace_make(sol: Solution, kind: Kind) -> Callable[[], bytes]:
    """The maker of the row's trace file of this kind (holding the row's values, never the Solution)."""
    return partial(_trace_bytes, sol.values, sol.max_take, kind)


def _trace_key(sol: Solution, kind: Kind) -> str:
    """What the row's trace file of this kind is kept under in the cache of made files."""
    return f"trace:{cache.digest(sol.values)}:{sol.max_take}:{kind}"


def render_key(chart: Chart, kind: str) -> renderer.RenderKey:
    """What the `kind` picture of this chart depends on: the row and its rule, the step (a GIF animates
    the window, so its first pile instead), the language, the code listing, k and the formulation."""
    step = chart.win.lo if kind == "gif" else chart.step
    return renderer.RenderKey(chart.row, step, chart.lang, chart.code, chart.sol.max_take, chart.form, kind)


def job(chart: Chart, kind: str) -> tuple[Callable[..., bytes], tuple[Any, ...]]:
    """What the render service runs for the `kind` picture of this chart: the core's maker and its
    arguments, the explainer's spec of the window (ui.parts.fill.chart_spec: filled from its template and
    cached, built here when a picture is asked for, never on the page's run) and for a PNG or SVG the
    frame to draw."""
    spec, _ = chart_spec(chart.sol, chart.step, chart.lang, chart.code, chart.form)
    return PICTURES[kind], (spec,) if kind == "gif" else (spec, chart.frame)


def download(kind: Kind, chart: Chart) -> Download:
    """The file of the `kind` button for this chart: its name, MIME type, and a maker of its bytes (the
    trace in this process; a picture rendered by the service, waited for: for tests and scripts)."""
    name, mime = exports.file_name(kind, chart.sol.n, chart.step), exports.MIME[kind]
    if kind in TRACE_KINDS:
        return Download(name, mime, partial(files.made, _trace_key(chart.sol, kind), _trace_make(chart.sol, kind)))
    return Download(name, mime, partial(_rendered, render_key(chart, kind), *job(chart, kind)))


def _rendered(key: renderer.RenderKey, maker: Callable[..., bytes], args: tuple[Any, ...]) -> bytes:
    """The picture's bytes from the render service, waiting for them (RuntimeError if not made)."""
    result = renderer.service().render("export-tests", key, maker, *args)
    if not isinstance(result, renderer.Done):
        raise RuntimeError(f"the {key.kind} was not made: {result}")
    return result.data


def session_token() -> str:
    """This session's name for the render service (a random id kept in the session)."""
    return st.session_state.setdefault(state.RENDER_SESSION, uuid.uuid4().hex)


# --- the buttons ---------------------------------------------------------------------------------


def downloads(chart: Chart, lang: Lang) -> None:
    """The download boxes: the trace (CSV, JSON), this step's picture (PNG, SVG) and the whole fill
    (GIF); the pictures' boxes inside a fragment that looks again every POLL seconds while one of
    them is being made."""
    _box(chart, "export_trace", TRACE_KINDS, t("export_trace_help", lang, steps=chart.sol.last_step + 1), lang)
    if any(isinstance(renderer.service().status(render_key(chart, kind)), renderer.Pending) for kind in PICTURES):
        st.fragment(_pictures, run_every=POLL)(chart, lang, polling=True)
    else:
        _pictures(chart, lang)
    _html_box(chart, lang)


def _pictures(chart: Chart, lang: Lang, polling: bool = False) -> None:
    """The picture boxes. Polling (in the fragment), once nothing is being made any more, the whole
    page runs again, so that the fragment stops looking."""
    if polling and not any(
        isinstance(renderer.service().status(render_key(chart, k)), renderer.Pending) for k in PICTURES
    ):
        st.rerun(scope="app")
    _box(chart, "export_picture", ("png", "svg"), t("export_picture_help", lang), lang)
    _box(chart, "export_animation", ("gif",), _gif_help(chart, lang), lang)


def _box(chart: Chart, title: str, kinds: Sequence[Kind], help_text: str, lang: Lang) -> None:
    """A bordered box: its title, what its files hold, and a button per kind, side by side."""
    with st.container(border=True):
        st.markdown(f"**{t(title, lang)}**")
        st.caption(help_text)
        for column, kind in zip(st.columns(len(kinds)), kinds, strict=True):
            with column:
                if kind in TRACE_KINDS:
                    _trace_button(chart, kind, lang)
                else:
                    _picture(chart, kind, lang)


def _trace_button(chart: Chart, kind: Kind, lang: Lang) -> None:
    """A trace file's two buttons (files.made_here): the file made from the solved row."""
    files.made_here(_buttons(chart, kind, lang), lang, _trace_key(chart.sol, kind), _trace_make(chart.sol, kind))


def _buttons(chart: Chart, kind: Kind, lang: Lang) -> files.Buttons:
    """The `kind` file's buttons: its keys, "Make: <kind>" and "<kind>", its name and MIME type."""
    return files.Buttons(
        make=state.EXPORT_MAKE.format(kind=kind),
        download=state.EXPORT_DOWNLOAD.format(kind=kind),
        wait=state.EXPORT_WAIT.format(kind=kind),
        make_label=t("export_make", lang, what=t("export_" + kind, lang)),
        label=t("export_" + kind, lang),
        file_name=exports.file_name(kind, chart.sol.n, chart.step),
        mime=exports.MIME[kind],
    )


def _picture(chart: Chart, kind: Kind, lang: Lang) -> None:
    """A picture's two buttons: Make (until the service has the file), which asks the render service,
    and Download (disabled until then); under them what the service answered when it is not a file."""
    if kind == "gif" and chart.frames > exports.MAX_GIF_FRAMES:
        st.button(t("export_" + kind, lang), key=state.EXPORT_MAKE.format(kind=kind), disabled=True, width="stretch")
        return
    key, buttons = render_key(chart, kind), _buttons(chart, kind, lang)
    result = renderer.service().status(key)
    if result is None and files.make_button(buttons):
        result = _ask(chart, kind, key)
    if files.stale_press(buttons, files.download_button(buttons, _made(result))):
        result = result or _ask(chart, kind, key)  # made again by this server's service
    files.restart_note(buttons, lang)
    if result is not None and not isinstance(result, renderer.Done):
        _say(result, lang)


def _made(result: renderer.Result | None) -> bytes:
    """The file's bytes if the service answered with them, else none."""
    return result.data if isinstance(result, renderer.Done) else b""


def _ask(chart: Chart, kind: Kind, key: renderer.RenderKey) -> renderer.Result:
    """Ask the render service for the picture; if it is now being made, run the page again (so the
    fragment looks again until it is ready)."""
    maker, args = job(chart, kind)
    result = renderer.service().request(session_token(), key, maker, *args)
    if isinstance(result, renderer.Pending):
        st.rerun()
    return result


def _say(result: renderer.Result, lang: Lang) -> None:
    """The message for a result that is not a file: making it (info), busy or could not (warning)."""
    key = renderer.message_key(result)
    if key is None:
        return
    text = t(key, lang, seconds=result.limit) if isinstance(result, renderer.TooSlow) else t(key, lang)
    (st.info if isinstance(result, renderer.Pending) else st.warning)(text, icon=":material/hourglass_top:")


def _gif_help(chart: Chart, lang: Lang) -> str:
    """What the GIF holds (the whole row, or the window of piles the explainer animates at this step)
    and how long it takes to make; or that the chart has too many frames for one."""
    frames = chart.frames
    seconds = exports.gif_seconds(frames)
    if frames > exports.MAX_GIF_FRAMES:
        return t("export_gif_too_long", lang, frames=frames, most=exports.MAX_GIF_FRAMES)
    win, n = chart.win, chart.sol.n
    if win.hi - win.lo < n:
        return t("export_gif_window", lang, frames=frames, lo=win.lo, hi=win.hi - 1, n=n, seconds=seconds)
    return t("export_gif_help", lang, frames=frames, seconds=seconds)


def _html_box(chart: Chart, lang: Lang) -> None:
    """The stage as one interactive HTML file, in a box of its own: made on Make (in this process: the
    page and the Vega bundle put together, no rendering), then downloaded."""
    with st.container(border=True):
        st.markdown(f"**{t('export_html_title', lang)}**")
        st.caption(t("export_html_help", lang))
        key = f"html:{chart.key}:{chart.step}:{st.context.url or ''}"
        files.made_here(
            _buttons(chart, "html", lang), lang, key, lambda: interactive_html(chart.sol, chart.step, lang)()
        )
