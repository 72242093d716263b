"""The export page's parts: the step to export, the downloads (the trace as CSV and JSON, this step's
chart as PNG and SVG, the whole fill as a GIF, the stage as HTML) and, when asked for, a preview of the
picture.

The page's run builds no scene: what it shows (the GIF's frame count, the render keys) comes from the
solved row and the window of piles the explainer animates. The explainer's spec is built only where a
picture is drawn: in the render worker, for a picture (stonegame.teach.pictures, from the row, k, the
window, the frame, the language, the listing and the form), and in this process for the preview, once
it is asked for.

The PNG, the GIF and the HTML have two buttons, Make and then Download (ui/parts/files.py, which also
says what a Download pressed on a page an earlier server drew does). Pictures are made by the render service
(ui/server/renderer.py), never in the server's threads: a picture's Make asks the service (a file asked for
while the visitor's earlier one is being made is queued behind it, up to renderer.PER_SESSION files per
session; a bounded queue per server, a time limit), the page shows "making the file…", a fragment
holding no button looks every POLL seconds and runs the page again when the service's answer changes,
and once the file is made its Download button hands over the
bytes the service keeps (cached by RenderKey, so a second visitor, a rerun or forty clicks cost
nothing). Busy, too slow or failed: a message in the page's language. The SVG (ONE_CLICK, ~0.2 s)
is asked for on the page's run, and the trace files are made on it: one click each.

The trace files and the HTML page (no vl-convert) are made in this process when Make is clicked (a
fraction of a second) and kept in the bounded cache of made files (ui/files.made). No button or
callback holds the Solution.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, NamedTuple

import streamlit as st

from stonegame import Solution
from stonegame.draw.kit import described
from stonegame.fill.spec import opening
from stonegame.fill.view import gif_window
from stonegame.i18n import t
from stonegame.teach import export as exports
from stonegame.teach import gif, pictures
from stonegame.teach.export import Kind
from stonegame.window import GIF_WINDOW, Window
from ui import cache, state
from ui.parts import files
from ui.parts.fill import chart_spec, interactive_html, window_chart
from ui.server import renderer
from ui.state import View

BIG = 2**53 - 1  # the largest whole number a browser holds exactly: the step box's bounds
POLL = 1.0  # seconds between two looks at a file being made (the fragment's run_every)
TRACE_KINDS: tuple[Kind, ...] = ("csv", "json")
ONE_CLICK: tuple[Kind, ...] = ("svg",)  # pictures asked for on the page's run (cheap: ~0.2 s), no Make
# What the render service runs for each picture kind: the core's drawing of a spec (vl-convert, PIL only).
PICTURES: dict[str, Callable[..., bytes]] = {"png": exports.to_png, "svg": exports.to_svg, "gif": gif.to_gif}


class Scene(NamedTuple):
    """The row at a step as the explainer shows it, which every export draws (its chart is built only
    when a picture is made): the solved row, the step, the window of piles the explainer animates there,
    the frame of it that shows the step and how many frames it has, the row's digest, the view
    (language, code listing, formulation) it is drawn in, and the wider window the GIF animates. Made
    afresh each run; nothing kept by Streamlit holds it."""

    sol: Solution
    step: int
    win: Window
    frame: int
    frames: int
    row: str
    view: View = View("en", "py", "total", False)
    gif_win: Window | None = None  # the piles the GIF animates (gif_window): the whole row up to 20 piles
    gif_frames: int = 0  # the GIF's frames: one per step of gif_win

    @property
    def key(self) -> str:
        """The name of the scene: row, rule, window and view."""
        return f"{self.row}:{self.sol.max_take}:{self.win.lo}:{self.view.key}"


class Download(NamedTuple):
    """One download button's file: its name, its MIME type, and the function that makes its bytes."""

    name: str
    mime: str
    make: Callable[[], bytes]


# --- the step and the chart ----------------------------------------------------------------------


def _set_step() -> None:
    """Callback: the step to export, shared with the explainer; a whole number outside the row is
    noted (EXPORT_STEP_BAD, said by step_input) and leaves the step as it was, as does a forged value."""
    ss = st.session_state
    last = cache.session_solution().last_step
    typed = ss.get(state.EXPORT_W_STEP)
    if isinstance(typed, int | float) and float(typed).is_integer() and not 0 <= typed <= last:
        ss[state.EXPORT_STEP_BAD] = int(typed)
        return
    ss.pop(state.EXPORT_STEP_BAD, None)
    ss[state.STEP] = state.valid(state.EXPORT_W_STEP, range(last + 1), min(ss[state.STEP], last))


def step_input(sol: Solution, view: View) -> int:
    """The step to export (the explainer's step; changing it here changes it there), clamped to the row.
    The box takes any whole number: one outside the row gets a sentence with the row's range, once."""
    step = min(st.session_state[state.STEP], sol.last_step)
    st.session_state[state.STEP] = step
    st.session_state[state.EXPORT_W_STEP] = step
    st.number_input(
        t("export_step", view.lang), -BIG, BIG, step=1, key=state.EXPORT_W_STEP, on_change=_set_step
    )  # any whole number the browser holds exactly: a step outside the row is answered, not refused silently
    bad = st.session_state.pop(state.EXPORT_STEP_BAD, None)
    if bad is not None:
        st.warning(t("export_step_range", view.lang, token=bad, last=sol.last_step, step=step), icon=":material/error:")
    return step


def scene_at(sol: Solution, step: int, view: View) -> Scene:
    """What the page exports of the row at `step`, in the page's language, formulation and code: the
    explainer's window and frame for the step (what the explainer shows), no chart built."""
    win, frame = opening(sol, step)
    frames, row = pictures.frame_count(sol, win), cache.digest(sol.values)
    whole = gif_window(sol, step)
    return Scene(
        sol, step, win, frame, frames, row, replace(view, present=False), whole, pictures.frame_count(sol, whole)
    )


def preview(scene: Scene, view: View) -> None:
    """A switch, off until turned on, and then the picture the PNG and SVG will hold, drawn by the
    browser from the explainer's static spec (built in this run: ui.parts.fill.chart_spec, cached), named
    for screen readers, its axes and legends in readable ink (kit.described)."""
    if not st.toggle(t("export_show_preview", view.lang), key=state.EXPORT_W_PREVIEW):
        return
    spec, _ = chart_spec(scene.sol, scene.step, scene.view)
    static = exports.static_spec(spec, scene.frame, width=None)
    static = described(
        static,
        t("export_picture", view.lang) + " · " + t("step_of", view.lang, step=scene.step, last=scene.sol.last_step),
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


def render_key(scene: Scene, kind: str) -> renderer.RenderKey:
    """What the `kind` picture of this chart depends on: the row and its rule, the step (a GIF animates
    the window, so its first pile instead), the language, the code listing, k and the formulation."""
    step = scene.gif_win.lo if kind == "gif" and scene.gif_win else scene.step
    return renderer.RenderKey(
        scene.row, step, scene.view.lang, scene.view.code, scene.sol.max_take, scene.view.form, kind
    )


def job(scene: Scene, kind: str) -> tuple[Callable[..., bytes], tuple[Any, ...]]:
    """What the render service runs for the `kind` picture of this scene: the core's maker and its
    arguments, the explainer's spec of the window (ui.parts.fill.chart_spec: filled from its template and
    cached, built here when a picture is asked for, never on the page's run) and for a PNG or SVG the
    frame to draw."""
    if kind == "gif" and scene.gif_win is not None:
        return PICTURES[kind], (window_chart(scene.sol, scene.gif_win.lo, scene.view, GIF_WINDOW),)
    spec, _ = chart_spec(scene.sol, scene.step, scene.view)
    return PICTURES[kind], (spec, scene.frame)


def download(kind: Kind, scene: Scene) -> Download:
    """The file of the `kind` button for this scene: its name, MIME type, and a maker of its bytes (the
    trace in this process; a picture rendered by the service, waited for: for tests and scripts)."""
    name, mime = exports.file_name(kind, scene.sol.n, scene.step), exports.MIME[kind]
    if kind in TRACE_KINDS:
        return Download(name, mime, partial(files.made, _trace_key(scene.sol, kind), _trace_make(scene.sol, kind)))
    return Download(name, mime, partial(_rendered, render_key(scene, kind), *job(scene, kind)))


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


def downloads(scene: Scene, view: View) -> None:
    """The download boxes: the trace (CSV, JSON), this step's picture (PNG, SVG) and the whole fill
    (GIF), then the stage as HTML; while a picture is being made, a fragment that draws nothing looks
    every POLL seconds and runs the whole page again once the service says something new of one."""
    _box(scene, "export_trace", TRACE_KINDS, t("export_trace_help", view.lang, steps=scene.sol.last_step + 1), view)
    seen = _seen(scene)
    _box(scene, "export_picture", ("png", "svg"), t("export_picture_help", view.lang), view)
    _box(scene, "export_animation", ("gif",), _gif_help(scene, view), view)
    if any(name == "Pending" for name, _ in seen):
        st.fragment(_watch, run_every=POLL)(scene, seen)
    _html_box(scene, view)


def _seen(scene: Scene) -> tuple[tuple[str, int], ...]:
    """What the render service says of each picture, for this session: its kind of answer (Done, Pending,
    ..., or NoneType) and, while it is being made, its place in the session's line."""
    results = (renderer.service().status(render_key(scene, kind), session_token()) for kind in PICTURES)
    return tuple((type(r).__name__, r.place if isinstance(r, renderer.Pending) else 0) for r in results)


def _watch(scene: Scene, seen: tuple[tuple[str, int], ...]) -> None:
    """The watcher (a fragment): the whole page runs again once what the service says of the pictures is
    no longer `seen`. It holds no button: a Make or Download in a fragment is read by the fragment's run,
    and a press that fell as the last file was made was lost to the page's rerun (20 presses in 60)."""
    if _seen(scene) != seen:
        st.rerun(scope="app")


def _box(scene: Scene, title: str, kinds: Sequence[Kind], help_text: str, view: View) -> None:
    """A bordered box: its title, what its files hold, and a button per kind, side by side."""
    with st.container(border=True):
        st.markdown(f"**{t(title, view.lang)}**")
        st.caption(help_text)
        for column, kind in zip(st.columns(len(kinds)), kinds, strict=True):
            with column:
                if kind in TRACE_KINDS:
                    _trace_button(scene, kind, view)
                else:
                    _picture(scene, kind, view)


def _trace_button(scene: Scene, kind: Kind, view: View) -> None:
    """A trace file's one button: Download, holding the file made from the solved row (a few
    milliseconds, kept in files.made), so one click downloads it."""
    buttons = _buttons(scene, kind, view)
    st.download_button(
        buttons.label,
        data=files.made(_trace_key(scene.sol, kind), _trace_make(scene.sol, kind)),
        file_name=buttons.file_name,
        mime=buttons.mime,
        key=buttons.download,
        on_click="ignore",
        icon=files.DOWNLOAD_ICON,
        width="stretch",
    )


def _buttons(scene: Scene, kind: Kind, view: View) -> files.Buttons:
    """The `kind` file's buttons: its keys, "Make: <kind>" and "<kind>", its name and MIME type."""
    return files.Buttons(
        make=state.EXPORT_MAKE.format(kind=kind),
        download=state.EXPORT_DOWNLOAD.format(kind=kind),
        wait=state.EXPORT_WAIT.format(kind=kind),
        make_label=t("export_make", view.lang, what=t("export_" + kind, view.lang)),
        label=t("export_" + kind, view.lang),
        file_name=exports.file_name(kind, scene.sol.n, scene.step),
        mime=exports.MIME[kind],
    )


def _picture(scene: Scene, kind: Kind, view: View) -> None:
    """A picture's two buttons: Make (until the service has the file), which asks the render service,
    and Download (disabled until then); under them what the service answered when it is not a file. A
    ONE_CLICK picture has no Make: the run asks for it, and its Download is ready a moment later."""
    if kind == "gif" and scene.gif_frames > exports.MAX_GIF_FRAMES:
        st.button(
            t("export_" + kind, view.lang), key=state.EXPORT_MAKE.format(kind=kind), disabled=True, width="stretch"
        )
        return
    key, buttons = render_key(scene, kind), _buttons(scene, kind, view)
    result = renderer.service().status(key, session_token())
    if result is None and (kind in ONE_CLICK or files.make_button(buttons)):
        result = _ask(scene, kind, key)  # a cheap picture is asked for on the run: its Download is one click
    if files.stale_press(buttons, files.download_button(buttons, _made(result))):
        result = result or _ask(scene, kind, key)  # made again by this server's service
    files.restart_note(buttons, view)
    if result is not None and not isinstance(result, renderer.Done):
        _say(result, view)


def _made(result: renderer.Result | None) -> bytes:
    """The file's bytes if the service answered with them, else none."""
    return result.data if isinstance(result, renderer.Done) else b""


def _ask(scene: Scene, kind: Kind, key: renderer.RenderKey) -> renderer.Result:
    """Ask the render service for the picture (a ONE_CLICK one instead of the same kind's picture of a step
    or view left behind, so a visitor stepping fast never reaches their bound); if it is now being made,
    run the page again (so the fragment looks again until it is ready)."""
    maker, args = job(scene, kind)
    result = renderer.service().request(session_token(), key, maker, *args, instead=kind in ONE_CLICK)
    if isinstance(result, renderer.Pending):
        st.rerun()
    return result


def _say(result: renderer.Result, view: View) -> None:
    """The message for a result that is not a file: making it or queued behind the visitor's earlier
    file (info), busy or could not (warning)."""
    key = renderer.message_key(result)
    if key is None:
        return
    (st.info if isinstance(result, renderer.Pending) else st.warning)(
        t(key, view.lang, **_fields(result)), icon=":material/hourglass_top:"
    )


def _fields(result: renderer.Result) -> dict[str, Any]:
    """What a result's message names: the time limit, the visitor's bound, or the file's place in line."""
    if isinstance(result, renderer.TooSlow):
        return {"seconds": result.limit}
    if isinstance(result, renderer.Busy):
        return {"most": result.most}
    if isinstance(result, renderer.Pending):
        return {"place": result.place}
    return {}


def _gif_help(scene: Scene, view: View) -> str:
    """What the GIF holds (the whole row, or the window of piles the explainer animates at this step)
    and how long it takes to make; or that the chart has too many frames for one."""
    frames = scene.gif_frames
    seconds = exports.gif_seconds(frames)
    if frames > exports.MAX_GIF_FRAMES or scene.gif_win is None:
        return t("export_gif_too_long", view.lang, frames=frames, most=exports.MAX_GIF_FRAMES)
    win, n = scene.gif_win, scene.sol.n
    if win.hi - win.lo < n:
        return t("export_gif_window", view.lang, frames=frames, lo=win.lo, hi=win.hi - 1, n=n, seconds=seconds)
    return t("export_gif_help", view.lang, frames=frames, seconds=seconds)


def _html_box(scene: Scene, view: View) -> None:
    """The stage as one interactive HTML file, in a box of its own: made on Make (in this process: the
    page and the Vega bundle put together, no rendering), then downloaded."""
    with st.container(border=True):
        st.markdown(f"**{t('export_html_title', view.lang)}**")
        st.caption(t("export_html_help", view.lang))
        key = f"html:{scene.key}:{scene.step}:{st.context.url or ''}"
        files.made_here(
            _buttons(scene, "html", view), view, key, lambda: interactive_html(scene.sol, scene.step, scene.view)()
        )
