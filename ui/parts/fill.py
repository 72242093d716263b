"""The explainer page's parts: the compact header (title, row input, examples), the stage (the player,
the caption, the picture and the code, drawn in the browser by stonegame/draw/stage.js), the long-row
overview, how to read it, the answer and the share link."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from urllib.parse import urlencode, urljoin, urlparse

import streamlit as st

from stonegame import ParseError, Solution, format_values, parse_values
from stonegame.draw.stage import STAGE_CSS, STAGE_JS, stage_html
from stonegame.fill.charts import OVERVIEW_PICK
from stonegame.fill.spec import Spec, at_frame, opening, overview_spec, window_spec
from stonegame.fill.stage import (
    FOLLOW_MAX,
    Data,
    at_step,
    frame_steps,
    stage_window,
    step_of_frame,
)
from stonegame.fill.view import frame_of_step, pile_of_step
from stonegame.i18n import t
from stonegame.link import MAX_SEED, URL_VALUES_LIMIT, fits_in_link, random_row, write_link
from stonegame.narration import verdict_formula
from stonegame.parse import MAX_PILES, MAX_TEXT
from stonegame.terms import EXAMPLES, Code, Form, Lang
from stonegame.window import WINDOW, Window
from ui import cache, nav, specs, state
from ui.parts import vega
from ui.state import View

PRESETS = {f"preset_{name}": row for name, row in EXAMPLES.items()}  # catalogue key -> row
RANDOM_N, RANDOM_SEED = 12, 7  # the random row's controls start at 12 piles, seed 7
TEXTBOX_LIMIT = 20_000  # characters: a longer row is not echoed into the text box
STAGE = st.components.v2.component("stonegame_stage", js=STAGE_JS, css=STAGE_CSS)  # in a shadow root


def _row_text(values: list[int]) -> str:
    """What the text box shows for a row: LeetCode's format, or nothing for a very long row."""
    text = format_values(values)
    return f"[{text}]" if len(text) <= TEXTBOX_LIMIT else ""


def _apply_text() -> None:
    """Callback: parse the text box; on success make it the row, else keep the row and say why.
    A locked row (a teacher's link) is never changed."""
    if st.session_state[state.LOCK]:
        return
    try:
        values = parse_values(st.session_state[state.W_ROW_TEXT])
    except ParseError as err:
        st.session_state[state.NOTICES] = [state.Notice("bad_input", {"reason": (err.key, err.fields)})]
        return
    state.set_row(values)


def _apply_preset(values: list[int], rand: tuple[int, int] | None = None) -> None:
    """Load a preset (or a seeded random row) into the row and the text box, unless the row is locked."""
    if st.session_state[state.LOCK]:
        return
    state.set_row(values, rand)
    st.session_state[state.W_ROW_TEXT] = _row_text(values)


def _pick_preset() -> None:
    """Callback: load the preset chosen in the pills, then clear the choice so it can be picked again."""
    key = state.valid(state.W_PRESET, tuple(PRESETS), None)
    if key is not None:
        _apply_preset(PRESETS[key])
    st.session_state[state.W_PRESET] = None


def _draw_random() -> None:
    """Callback: draw the seeded random row the random controls ask for."""
    n = state.valid(state.W_RANDOM_N, range(1, MAX_PILES + 1), RANDOM_N)
    seed = state.valid(state.W_RANDOM_SEED, range(MAX_SEED + 1), RANDOM_SEED)
    _apply_preset(random_row(n, seed), (n, seed))


def presenter_bar(sol: Solution, view: View, beside: Callable[[], None] | None = None, keys: bool = True) -> None:
    """Presenter mode's line: the row (when it fits one window), the keys (on a page whose player takes
    them), the page's `beside` (Start a class) and the way back, on one line. Without `beside` the way
    back takes a column of 3 in 10, so its name is never cut ("Exit presenter …") on a centred page."""
    if beside is None:
        left, right = st.columns([7, 3], vertical_alignment="center")
    else:
        left, middle, right = st.columns([7, 2, 2], vertical_alignment="center")
    summary = t("row_summary", view.lang, n=sol.n, total=sol.total)
    row = f"`[{format_values(sol.values)}]` · " if sol.n <= WINDOW else ""
    left.markdown(f"{row}{summary}" + (f" · {t('keys_hint', view.lang)}" if keys else ""))
    if beside is not None:
        with middle:
            beside()
    right.button(t("exit_presenter", view.lang), key=state.W_EXIT_PRESENT, on_click=_exit_presenter, width="stretch")


def _exit_presenter() -> None:
    """Callback: leave presenter mode."""
    st.session_state[state.PRESENT] = False


def header(sol: Solution, view: View) -> None:
    """One line above the stage: the title (and the row's summary under it), the text box with its apply
    button, and the example rows and the random row in a popover (drawn while it is open)."""
    if state.W_ROW_TEXT not in st.session_state:
        st.session_state[state.W_ROW_TEXT] = _row_text(sol.values)
    locked = st.session_state[state.LOCK]
    with st.container(key=state.W_HEADER):
        title, row, more = st.columns([5, 7, 2], vertical_alignment="bottom")
        title.title(t("app_title", view.lang))
        title.caption(t("row_summary", view.lang, n=sol.n, total=sol.total))
        with row:
            _row_form(sol, view, locked)
        label = t("presets", view.lang)
        with more.popover(label, width="stretch", disabled=locked, key=state.W_MORE, on_change="rerun") as pop:
            if pop.open:  # drawn only while open (opening it is a run): four elements fewer on every other run
                _row_choices(view, locked)


def _row_form(sol: Solution, view: View, locked: bool) -> None:
    """The text box (its label read to screen readers, not shown) and its apply button on one line
    (Ctrl+Enter applies too); both disabled, with a note saying why, when the row is locked."""
    summary = t("row_summary", view.lang, n=sol.n, total=sol.total)
    with st.form(state.W_ROW_FORM, border=False, enter_to_submit=True):
        box, apply = st.columns([5, 1], vertical_alignment="bottom")
        box.text_area(
            t("input_label", view.lang),
            key=state.W_ROW_TEXT,
            help=t("input_help", view.lang),
            height=68,
            placeholder=summary if not _row_text(sol.values) else None,
            disabled=locked,
            max_chars=MAX_TEXT + 1,  # the browser stops a giant paste; one character over gets "too long"
            label_visibility="collapsed",
        )
        apply.form_submit_button(
            t("apply", view.lang), on_click=_apply_text, type="primary", disabled=locked, width="stretch"
        )
    if locked:
        st.caption(t("locked_row", view.lang))


def _row_choices(view: View, locked: bool) -> None:
    """The example rows as pills, and the seeded random row (all disabled when the row is locked); the
    random row's piles and seed start (each time the popover opens: shut, the inputs are not drawn and
    Streamlit forgets them) from the session's own random row (the one drawn last, or the link's) if it
    has one, else from RANDOM_N and RANDOM_SEED."""
    n, seed = st.session_state[state.RANDOM] or (RANDOM_N, RANDOM_SEED)
    n = n if 1 <= n <= MAX_PILES else RANDOM_N
    seed = seed if 0 <= seed <= MAX_SEED else RANDOM_SEED
    st.pills(
        t("presets", view.lang),
        list(PRESETS),
        key=state.W_PRESET,
        format_func=lambda key: t(key, view.lang),
        on_change=_pick_preset,
        disabled=locked,
    )
    st.number_input(t("random_size", view.lang), 1, MAX_PILES, n, key=state.W_RANDOM_N, disabled=locked)
    st.number_input(t("random_seed", view.lang), 0, MAX_SEED, seed, key=state.W_RANDOM_SEED, disabled=locked)
    st.button(
        "🎲 " + t("preset_random", view.lang), key=state.W_DRAW, on_click=_draw_random, type="primary", disabled=locked
    )


def _set_step(step: int) -> None:
    """Callback helper: the explainer opens at this step."""
    st.session_state[state.STEP] = int(step)


def _pile_slider(sol: Solution, view: View) -> None:
    """For a row longer than the stage carries: the pile the window shows (it moves the step there)."""
    st.session_state[state.W_PILE] = pile_of_step(sol, st.session_state[state.STEP])
    st.slider(
        t("window_pile", view.lang),
        0,
        sol.n - 1,
        key=state.W_PILE,
        on_change=_set_pile,
    )


def _set_pile() -> None:
    """Callback: the "Look at pile" slider moved; open at the suffix step of that pile (the row's
    length read from the session: a callback kept by the widget must not hold the Solution); a pile
    outside the row (a forged value) leaves the step as it was."""
    n = len(st.session_state[state.VALUES])
    pile = state.valid(state.W_PILE, range(n), None)
    if pile is not None:
        _set_step(n - pile)


def chart_spec(sol: Solution, step: int, view: View, scale: float = 1.0) -> tuple[Spec, Window]:
    """The explainer chart's playable spec for this row opening at `step`, and the window of piles it
    animates: the cached spec of the step's window, with its frame set in a shallow copy (so a new
    start step costs no new chart)."""
    win, frame = opening(sol, step)
    return at_frame(_window_spec(cache.row_key(sol), sol, win.lo, view.lang, view.code, view.form, scale), frame), win


def window_chart(sol: Solution, lo: int, view: View, size: int) -> Spec:
    """The explainer chart's spec for the window of `size` piles starting at lo, at frame 0 (cached):
    what the exported GIF animates."""
    return _window_spec(cache.row_key(sol), sol, lo, view.lang, view.code, view.form, 1.0, size)


@cache.cached(cache.CACHE)
def _window_spec(
    key: str, _sol: Solution, lo: int, lang: Lang, code: Code, form: Form, scale: float, size: int = WINDOW
) -> Spec:
    """The spec of the window of `size` piles starting at lo for the row with this key (cached as a
    dict: building the Altair chart costs far more than a script run should)."""
    return window_spec(_sol, lo, lang, code, form, scale, size)


def _pick_bin() -> None:
    """Callback: the overview was clicked; open the explainer at the suffix step of the bin's middle pile
    (a click that names no bin of this row, only a script sends one, changes nothing)."""
    n = len(st.session_state[state.VALUES])
    pile = picked_pile(st.session_state.get(state.W_OVERVIEW), n)
    if pile is not None:
        _set_step(n - pile)


def picked_pile(event: object, n: int) -> int | None:
    """The middle pile of the bin an overview click selected, for a row of n piles: the event's
    selection must hold a list whose first item maps "start" to a whole number in 0..n and "stop" to one
    in start+1..n+1 (the overview's bins); anything else (a forged event) gives None."""
    selection = event.get("selection") if hasattr(event, "get") else None
    picked = selection.get(OVERVIEW_PICK) if hasattr(selection, "get") else None
    first = picked[0] if isinstance(picked, list) and picked else None
    start = first.get("start") if isinstance(first, dict) else None
    stop = first.get("stop") if isinstance(first, dict) else None
    if not state.allowed(start, range(n + 1)) or not state.allowed(stop, range(int(start) + 1, n + 2)):
        return None
    return min((int(start) + int(stop)) // 2, n - 1)


def long_row(sol: Solution, view: View) -> None:
    """For a row longer than the stage carries (FOLLOW_MAX piles): which piles it shows, the whole row at a
    glance with that window marked (a click moves it), and the pile to look at."""
    if sol.n <= FOLLOW_MAX:
        return
    win = stage_window(sol, st.session_state[state.STEP])
    st.info(t("window_note", view.lang, n=sol.n, lo=win.lo, hi=win.hi - 1, last=win.last), icon="🔎")
    spec = _overview_spec(cache.row_key(sol), sol, win.lo, win.hi, view.lang)
    st.vega_lite_chart(
        spec=spec, width="stretch", key=state.W_OVERVIEW, on_select=_pick_bin, selection_mode=OVERVIEW_PICK
    )
    _pile_slider(sol, view)


@cache.cached(cache.CACHE)
def _overview_spec(key: str, _sol: Solution, lo: int, hi: int, lang: Lang) -> Spec:
    """The overview chart's Vega-Lite spec for the row with this key and this window, its datasets as
    Arrow bytes (st.vega_lite_chart passes them through instead of converting them on every run)."""
    return specs.arrow_datasets(overview_spec(_sol, lo, hi, lang))


def stage(sol: Solution, view: View, lead: bool = False, hold: int | None = None) -> None:
    """The stage of this row at the current step (its data cached per row, window, language, listing,
    form and mode; a new step only copies it with another start), with the Vega bundle's address, and
    whether it leads a class (told the step `hold` the class is held at, so that asking takes the projector
    back to it); once "Link to this step" was pressed, the link to that step."""
    ss = st.session_state
    fields = {"linkable": True, "follow": False, "lead": lead, "hold": hold}
    STAGE(data=_stage_bytes(sol, view, ss[state.STEP], fields), key=state.STAGE, on_link_change=_link)
    if ss[state.LINKED]:
        st.code(_share_url(), language=None)
        st.caption(t("stage_link_help", view.lang))


def stage_at(sol: Solution, view: View, step: int, key: str, hide: tuple[str, ...] = ()) -> None:
    """The stage of a row that is not the session's (the lesson's chapters), opening at `step`, without
    "Link to this step" (the page's link is the lesson's), and without the parts `hide` names (what the
    lesson has not taught yet: stonegame.fill.stage.untaught)."""
    STAGE(data=_stage_bytes(sol, view, step, {"linkable": False}, hide=hide), key=key)


def _stage_bytes(
    sol: Solution,
    view: View,
    step: int,
    fields: dict[str, bool | int | None],
    hide: tuple[str, ...] = (),
) -> bytes:
    """The stage's data as JSON bytes (stage.js parses them): the cached body of the row's stage in this
    view (cache.stage_body, or cache.untaught_body without the parts `hide` names), opening at the frame
    showing `step`, with the Vega bundle's address (its loader drawn first if the bundle is not written yet)
    and the page's `fields`.
    Bytes, because Streamlit would otherwise serialise the ~30-130 KB dict to JSON twice on every run."""
    win = stage_window(sol, step)
    key, start = cache.row_key(sol), frame_of_step(sol, win, step)
    if hide:
        body = cache.untaught_body(key, sol, win.lo, view.lang, view.code, view.form, view.present, hide)
    else:
        body = cache.stage_body(key, sol, win.lo, view.lang, view.code, view.form, view.present)
    url = vega.bundle_url()
    if url is None:
        vega.loader()
    return cache.opened(body, {"start": start, "bundle": url, **fields})


def intro(view: View, beside: Callable[[], None]) -> None:
    """Under the header, for a newcomer: what the game is and asks, in two sentences, with the way into
    the lesson and the page's `beside` ("Join a class") to its right (each under the other on a phone)."""
    with st.container(key=state.W_INTRO):
        words, lesson, right = st.columns([5, 2.5, 1.5], vertical_alignment="center")
        words.markdown(t("explainer_intro", view.lang))
        lesson.page_link(nav.page("pages/lesson.py"), label=t("lesson_start", view.lang), icon="🎓", width="stretch")
        with right:
            beside()


def _link() -> None:
    """Callback: "Link to this step" was pressed; the step on screen becomes the page's step (so the
    address bar and the share link carry it) and the link is shown. A frame that is not a whole number
    among the window's frames (only a script sends one) is ignored."""
    ss = st.session_state
    sent = ss.get(state.STAGE) or {}
    frame = sent.get("link") if hasattr(sent, "get") else None
    sol = cache.session_solution()
    win = stage_window(sol, ss[state.STEP])
    if not state.allowed(frame, range(len(frame_steps(sol, win)))):  # none, or forged: nothing happens
        return
    ss[state.STEP] = step_of_frame(sol, win, int(frame))
    ss[state.LINKED] = True


def how_to_read(sol: Solution, view: View) -> None:
    """How to read the stage, folded away (its text drawn only while it is open)."""
    with st.expander(t("how_it_works", view.lang), key=state.W_HOW, on_change="rerun") as box:
        if box.open:
            st.markdown(t("how_it_works_body", view.lang, k=sol.max_take))


def answer(sol: Solution, view: View) -> None:
    """The verdict, folded away so the animation can reveal it first (drawn only while it is open)."""
    with st.expander(t("answer", view.lang), key=state.W_ANSWER, on_change="rerun") as box:
        if not box.open:
            return
        a, b, w = st.columns(3)
        a.metric(t("alice_total", view.lang), sol.alice)
        b.metric(t("bob_total", view.lang), sol.bob)
        w.metric(t("answer", view.lang), t("winner_" + sol.winner, view.lang))
        st.markdown(f"`{verdict_formula(sol)}`")


SHARE_BOXES = (  # the share link's checkboxes: their label's key, the link flag each ticks, the widget's key
    ("share_lock", "lock", state.W_SHARE_LOCK),
    ("share_present", "present", state.W_SHARE_PRESENT),
    ("share_quiz", "quiz", state.W_SHARE_QUIZ),
)


def share(sol: Solution, view: View) -> None:
    """The link that reopens this row at this step, ready to copy, folded away (drawn only while it is
    open); a teacher can lock the row in it, make it open in presenter mode, or make it open the quiz on
    this row (the ticks are kept while it is folded). A row too long for a link that is not a seeded
    random one gets a note that the link leaves it out."""
    with st.expander(t("share_link", view.lang), key=state.W_SHARE, on_change="rerun") as box:
        if not box.open:
            return
        for column, (label, flag, key) in zip(st.columns(3), SHARE_BOXES, strict=True):
            st.session_state[key] = st.session_state[state.SHARE_TICKS][flag]
            column.checkbox(t(label, view.lang), key=key, on_change=_tick, args=(flag, key))
        st.code(_share_url(), language=None)
        st.caption(t("share_help", view.lang))
        if st.session_state[state.RANDOM] is None and not fits_in_link(sol.values):
            st.caption(t("share_too_long", view.lang, limit=URL_VALUES_LIMIT))


def _tick(flag: str, key: str) -> None:
    """Callback: a share checkbox changed; keep its tick under its link flag."""
    st.session_state[state.SHARE_TICKS] = {**st.session_state[state.SHARE_TICKS], flag: bool(st.session_state[key])}


def _share_url() -> str:
    """The link the share checkboxes ask for: the shared state's parameters with the lock and presenter
    flags as ticked (lock first), on this app's address; with the quiz ticked, the quiz page's address,
    without the step, asking for this row."""
    ss = st.session_state
    ticks = ss[state.SHARE_TICKS]
    link = replace(state.current_link(), lock=False, present=False)
    if ticks["quiz"]:
        link = replace(link, step=0)
    flags = {"lock": ticks["lock"], "present": ticks["present"]}  # link.py's parameters
    params = write_link(link) | {name: "1" for name, ticked in flags.items() if ticked}
    base = (st.context.url or "").split("?")[0]
    base += "" if urlparse(base).path else "/"  # http://host:port/?… rather than http://host:port?…
    if ticks["quiz"]:
        base = urljoin(base, state.SHARE_QUIZ_PAGE)
        key, value = state.SHARE_QUIZ_ROW
        params[key] = value
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"{base}?{query}" if query else base


def interactive_html(sol: Solution, step: int, view: View) -> Callable[[], bytes]:
    """The maker of the stage as one HTML file (stage_html) for this row at `step`, in the page's language,
    listing and form (never presenter mode): its data is read from the session now, the bundle and the
    page are put together only when called (a download's click, maybe on another thread)."""
    win = stage_window(sol, step)
    data = cache.stage(cache.row_key(sol), sol, win.lo, view.lang, view.code, view.form, False)
    row = replace(state.current_link(), step=0, present=False, lock=False)
    link = urljoin((st.context.url or "").split("?")[0] or "/", ".")  # the app's root, from any page
    title = f"{t('app_title', view.lang)} · {t('row_summary', view.lang, n=sol.n, total=sol.total)}"
    opened = {**at_step(data, sol, win, step), "title": title, "link": f"{link}?{urlencode(write_link(row), safe=',')}"}
    return partial(_html_file, opened)


def _html_file(data: Data) -> bytes:
    """The stage of this data as one HTML file, with the Vega bundle inlined, as UTF-8 bytes."""
    return stage_html(data, vega.bundle_text()).encode("utf-8")
