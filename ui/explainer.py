"""The explainer page's parts: the row input, the summary, the player chart and the answer."""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urljoin, urlparse

import streamlit as st

from stonegame import ParseError, Solution, format_values, parse_values
from stonegame.explain import verdict_formula
from stonegame.explainer.charts import OVERVIEW_PICK, PRESENTER_SCALE
from stonegame.explainer.spec import Spec, at_frame, opening, overview_spec, window_spec
from stonegame.explainer.view import pile_of_step, window_for_step
from stonegame.i18n import t
from stonegame.link import MAX_SEED, URL_VALUES_LIMIT, fits_in_link, random_row, write_link
from stonegame.parse import MAX_PILES, MAX_TEXT
from stonegame.terms import EXAMPLES, Code, Form, Lang
from stonegame.window import WINDOW, Window
from ui import cache, state

PRESETS = {f"preset_{name}": row for name, row in EXAMPLES.items()}  # catalogue key -> row
TEXTBOX_LIMIT = 20_000  # characters: a longer row is not echoed into the text box


def _row_text(values: list[int]) -> str:
    """What the text box shows for a row: LeetCode's format, or nothing for a very long row."""
    text = format_values(values)
    return f"[{text}]" if len(text) <= TEXTBOX_LIMIT else ""


def _row_key(sol: Solution) -> str:
    """The cache key of a solved row: its values' digest and its take limit."""
    return f"{cache.digest(sol.values)}:{sol.max_take}"


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
    key = st.session_state[state.W_PRESET]
    if key in PRESETS:
        _apply_preset(PRESETS[key])
    st.session_state[state.W_PRESET] = None


def _draw_random() -> None:
    """Callback: draw the seeded random row the random controls ask for."""
    n, seed = int(st.session_state[state.W_RANDOM_N]), int(st.session_state[state.W_RANDOM_SEED])
    _apply_preset(random_row(n, seed), (n, seed))


def presenter_bar(sol: Solution, lang: Lang) -> None:
    """Presenter mode's one line above the chart: the row (when it fits one window), the keys, and the
    way back."""
    left, right = st.columns([4, 1], vertical_alignment="center")
    summary = t("row_summary", lang, n=sol.n, total=sol.total)
    row = f"`[{format_values(sol.values)}]` · " if sol.n <= WINDOW else ""
    left.markdown(f"### {row}{summary}")
    left.caption(t("keys_hint", lang))
    right.button(t("exit_presenter", lang), key=state.W_EXIT_PRESENT, on_click=_exit_presenter, width="stretch")


def _exit_presenter() -> None:
    """Callback: leave presenter mode."""
    st.session_state[state.PRESENT] = False


def row_input(sol: Solution, lang: Lang) -> None:
    """The text box (applied with its button or Ctrl+Enter) on the left; on the right the example
    rows, the random row, the step the animation opens at and, for long rows, the pile to look at."""
    if state.W_ROW_TEXT not in st.session_state:
        st.session_state[state.W_ROW_TEXT] = _row_text(sol.values)
    locked = st.session_state[state.LOCK]
    left, right = st.columns([5, 4])
    with left:
        _row_form(sol, lang, locked)
    with right:
        _row_choices(sol, lang, locked)


def _row_form(sol: Solution, lang: Lang, locked: bool) -> None:
    """The text box, labelled with the row's summary, and its apply button (Ctrl+Enter applies too);
    both disabled, with a note saying why, when the row is locked."""
    summary = t("row_summary", lang, n=sol.n, total=sol.total)
    with st.form(state.W_ROW_FORM, border=False, enter_to_submit=True):
        st.text_area(
            f"{t('input_label', lang)} · {summary}",
            key=state.W_ROW_TEXT,
            help=t("input_help", lang),
            height=68,
            placeholder=summary if not _row_text(sol.values) else None,
            disabled=locked,
            max_chars=MAX_TEXT + 1,  # the browser stops a giant paste; one character over gets "too long"
        )
        st.form_submit_button(t("apply", lang), on_click=_apply_text, type="primary", disabled=locked)
        if locked:
            st.caption(t("locked_row", lang))


def _row_choices(sol: Solution, lang: Lang, locked: bool) -> None:
    """The example rows as pills, the seeded random row in a popover (both disabled when the row is
    locked), and beside it the start controls."""
    st.pills(
        t("presets", lang),
        list(PRESETS),
        key=state.W_PRESET,
        format_func=lambda key: t(key, lang),
        on_change=_pick_preset,
        disabled=locked,
    )
    dice, step = st.columns(2, vertical_alignment="bottom")
    with dice.popover("🎲 " + t("preset_random", lang), width="stretch", disabled=locked):
        st.number_input(t("random_size", lang), 1, MAX_PILES, 12, key=state.W_RANDOM_N)
        st.number_input(t("random_seed", lang), 0, MAX_SEED, 7, key=state.W_RANDOM_SEED)
        st.button(t("preset_random", lang), key=state.W_DRAW, on_click=_draw_random, type="primary")
    with step:
        start_controls(sol, lang)


def _set_step(step: int) -> None:
    """Callback helper: the explainer opens at this step."""
    st.session_state[state.STEP] = int(step)


def start_controls(sol: Solution, lang: Lang) -> None:
    """The step the animation opens at (kept within the row's steps), and for long rows the pile the
    window shows."""
    step = min(st.session_state[state.STEP], sol.last_step)
    st.session_state[state.STEP] = step
    st.session_state[state.W_STEP] = step
    st.number_input(
        t("start_step", lang),
        0,
        sol.last_step,
        key=state.W_STEP,
        on_change=lambda: _set_step(st.session_state[state.W_STEP]),
    )
    if sol.n > WINDOW:
        st.session_state[state.W_PILE] = pile_of_step(sol, step)
        st.slider(
            t("window_pile", lang),
            0,
            sol.n - 1,
            key=state.W_PILE,
            on_change=_set_pile,
        )


def _set_pile() -> None:
    """Callback: the "Look at pile" slider moved; open at the suffix step of that pile (the row's
    length read from the session: a callback kept by the widget must not hold the Solution)."""
    _set_step(len(st.session_state[state.VALUES]) - st.session_state[state.W_PILE])


def chart_spec(sol: Solution, step: int, lang: Lang, code: Code, form: Form, scale: float = 1.0) -> tuple[Spec, Window]:
    """The explainer chart's playable spec for this row opening at `step`, and the window of piles it
    animates: the cached spec of the step's window, with its frame set in a shallow copy (so a new
    start step costs no new chart)."""
    win, frame = opening(sol, step)
    return at_frame(_window_spec(_row_key(sol), sol, win.lo, lang, code, form, scale), frame), win


@cache.cached(**cache.CACHE)
def _window_spec(key: str, _sol: Solution, lo: int, lang: Lang, code: Code, form: Form, scale: float) -> Spec:
    """The spec of the window of piles starting at lo for the row with this key (cached as a dict:
    building the Altair chart costs far more than a script run should)."""
    return window_spec(_sol, lo, lang, code, form, scale)


def _pick_bin() -> None:
    """Callback: the overview was clicked; open the explainer at the suffix step of the bin's middle pile."""
    picked = st.session_state[state.W_OVERVIEW]["selection"].get(OVERVIEW_PICK) or []
    if picked:
        n = len(st.session_state[state.VALUES])
        pile = min((int(picked[0]["start"]) + int(picked[0]["stop"])) // 2, n - 1)
        _set_step(n - pile)


def overview(sol: Solution, lang: Lang) -> None:
    """For a long row: the whole row at a glance, with the window marked; a click moves the window."""
    if sol.n <= WINDOW:
        return
    win = window_for_step(sol, st.session_state[state.STEP])
    spec = _overview_spec(_row_key(sol), sol, win.lo, win.hi, lang)
    st.vega_lite_chart(
        spec=spec, width="stretch", key=state.W_OVERVIEW, on_select=_pick_bin, selection_mode=OVERVIEW_PICK
    )


@cache.cached(**cache.CACHE)
def _overview_spec(key: str, _sol: Solution, lo: int, hi: int, lang: Lang) -> Spec:
    """The overview chart's validated Vega-Lite spec for the row with this key and this window."""
    return overview_spec(_sol, lo, hi, lang)


def player(sol: Solution, lang: Lang) -> None:
    """The animated chart (enlarged in presenter mode), a note when only a window of the row is drawn,
    and how to read it."""
    ss = st.session_state
    scale = PRESENTER_SCALE if ss[state.PRESENT] else 1.0
    chart, win = chart_spec(sol, ss[state.STEP], lang, ss[state.CODE], ss[state.FORM], scale)
    if sol.n > WINDOW:
        st.info(t("window_note", lang, n=sol.n, lo=win.lo, hi=win.hi - 1, last=win.last), icon="🔎")
    st.vega_lite_chart(spec=chart, width="stretch", key=state.EXPLAINER_CHART)
    with st.expander(t("how_it_works", lang)):
        st.markdown(t("how_it_works_body", lang, k=sol.max_take))


def answer(sol: Solution, lang: Lang) -> None:
    """The verdict, folded away so the animation can reveal it first."""
    with st.expander(t("answer", lang)):
        a, b, w = st.columns(3)
        a.metric(t("alice_total", lang), sol.alice)
        b.metric(t("bob_total", lang), sol.bob)
        w.metric(t("answer", lang), t("winner_" + sol.winner, lang))
        st.markdown(f"`{verdict_formula(sol)}`")


def share(sol: Solution, lang: Lang) -> None:
    """The link that reopens this row at this step, ready to copy; a teacher can lock the row in it,
    make it open in presenter mode, or make it open the quiz on this row. A row too long for a link
    that is not a seeded random one gets a note that the link leaves it out."""
    with st.expander(t("share_link", lang)):
        lock, present, quiz = st.columns(3)
        lock.checkbox(t("share_lock", lang), key=state.W_SHARE_LOCK, value=st.session_state[state.LOCK])
        present.checkbox(t("share_present", lang), key=state.W_SHARE_PRESENT, value=st.session_state[state.PRESENT])
        quiz.checkbox(t("share_quiz", lang), key=state.W_SHARE_QUIZ)
        st.code(_share_url(), language=None)
        st.caption(t("share_help", lang))
        if st.session_state[state.RANDOM] is None and not fits_in_link(sol.values):
            st.caption(t("share_too_long", lang, limit=URL_VALUES_LIMIT))


def _share_url() -> str:
    """The link the share checkboxes ask for: the shared state's parameters with the lock and presenter
    flags as ticked (lock first), on this app's address; with the quiz ticked, the quiz page's address,
    without the step, asking for this row."""
    ss = st.session_state
    link = replace(state.current_link(), lock=False, present=False)
    if ss[state.W_SHARE_QUIZ]:
        link = replace(link, step=0)
    flags = {"lock": ss[state.W_SHARE_LOCK], "present": ss[state.W_SHARE_PRESENT]}  # link.py's parameters
    params = write_link(link) | {name: "1" for name, ticked in flags.items() if ticked}
    base = (st.context.url or "").split("?")[0]
    base += "" if urlparse(base).path else "/"  # http://host:port/?… rather than http://host:port?…
    if ss[state.W_SHARE_QUIZ]:
        base = urljoin(base, state.SHARE_QUIZ_PAGE)
        key, value = state.SHARE_QUIZ_ROW
        params[key] = value
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"{base}?{query}" if query else base
