"""The approach-ladder page's parts: the ladder at a glance, the two formulations with their identity
check, one animated chart per rung, and how the counters grow. Everything is read off the cached
solve and stonegame.ladder; the charts' specs (stonegame.ladder.spec) are cached ready to send (ui.specs:
their datasets as Arrow bytes)."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
import streamlit as st

from stonegame import Solution
from stonegame.i18n import t
from stonegame.ladder import rungs as ap
from stonegame.ladder import spec
from stonegame.ladder.view import (
    answer,
    count_text,
    glance_table,
    latex,
    name_of,
    ring_source,
    summary_table,
)
from stonegame.terms import FORMS, Code, Form, Lang
from stonegame.window import WINDOW, window_at
from ui import cache, specs, state
from ui.state import View

IDENTITY_SHOWN = 200  # rows of the identity table drawn on the page (all of them are checked)
# Our own constant CSS: the wide summary table and the formulas scroll inside their boxes on a phone,
# never the whole page.
SCROLLING = (state.LADDER_SUMMARY, *(state.LADDER_FORM.format(form=form) for form in FORMS))
# On a phone the ladder table fits its column: 12 px type and narrow padding, every cell wrapping between words
# only (issue 40: it was 579 px wide in a 358-px column; then Streamlit's nowrap cells ran "exponential: C(n)
# calls" over the next column; then overflow-wrap: anywhere split "memory" and "exponential:" mid-word).
# The growth charts' fold gives its charts the column's whole width (its side padding cut a legend label to
# "cells written (the sa…").
NARROW_TABLE = f"""@media (max-width: 640px) {{
  .st-key-{state.LADDER_SUMMARY} table {{ table-layout: auto; width: 100%; font-size: 12px; }}
  .st-key-{state.LADDER_SUMMARY} th, .st-key-{state.LADDER_SUMMARY} td {{
    padding: 0.3rem 0.15rem !important; white-space: normal !important; }}
  .st-key-{state.LADDER_SUMMARY} th *, .st-key-{state.LADDER_SUMMARY} td * {{
    overflow-wrap: normal !important; word-break: normal !important; hyphens: manual; }}
  .st-key-{state.LADDER_GROWTH_OPEN} [data-testid="stExpanderDetails"] {{ padding-left: 0; padding-right: 0; }}
}}"""
# The tabs' words in the body's colour (the picked tab keeps its pink and its red border): the theme's red
# words on the picked tab's pink read 4.47:1, under WCAG's 4.5 (axe, issue 40).
PICKED_TAB = f'.st-key-{state.LADDER_PICK} [data-testid="stMarkdownContainer"] p {{ color: #31333F !important; }}'
STYLE = (
    f"<style>\n{', '.join(f'.st-key-{key}' for key in SCROLLING)} {{ overflow-x: auto; }}\n{NARROW_TABLE}\n"
    f"{PICKED_TAB}\n</style>"
)


# --- cached work (keyed by the row's digest and the settings; the Solution itself is not hashed) ---------


@cache.cached(cache.PAGE)
def _runs(key: str, max_take: int, _sol: Solution) -> dict[ap.Rung, ap.Run]:
    """Every rung run (or counted) on the row."""
    return ap.ladder(_sol)


@cache.cached(cache.PAGE)
def _identity(key: str, max_take: int, _sol: Solution) -> ap.Identity:
    """diff[i] against 2·dp[i] − suffix[i] on every position of the row."""
    return ap.identity(_sol)


@cache.cached(cache.PAGE)
def _growth(max_take: int) -> pd.DataFrame:
    """The counters for n = 1..30 (read-only, shared)."""
    return ap.growth(max_take)


@cache.cached(cache.PAGE)
def _calls_spec(key: str, max_take: int, _sol: Solution, memo: bool, lang: Lang, form: Form) -> spec.Spec:
    """The spec of the recursion's (or the memo's) animated chart, ready to send."""
    return specs.arrow_datasets(spec.calls_spec(_sol, memo, lang, form))


@cache.cached(cache.PAGE)
def _table_spec(key: str, max_take: int, _sol: Solution, lang: Lang, code: Code, form: Form) -> spec.Spec:
    """The spec of the bottom-up table's animated chart, ready to send."""
    return specs.arrow_datasets(spec.table_spec(_sol, lang, code, form))


@cache.cached(cache.PAGE)
def _window_spec(key: str, max_take: int, _sol: Solution, lang: Lang, form: Form) -> spec.Spec:
    """The spec of the rolling window's animated chart, ready to send."""
    return specs.arrow_datasets(spec.window_spec(_sol, lang, form))


@cache.cached(cache.PAGE)
def _growth_specs(max_take: int, n: int, lang: Lang) -> tuple[spec.Spec, spec.Spec]:
    """The specs of the growth charts (work, memory), the row's n marked if it is on them, ready to send."""
    work, memory = spec.growth_specs(_growth(max_take), max_take, n, lang)
    return specs.arrow_datasets(work), specs.arrow_datasets(memory)


def _key(sol: Solution) -> str:
    """The row's digest, for the caches."""
    return cache.digest(sol.values)


# --- the page's parts -------------------------------------------------------------------------------------


def row(sol: Solution, view: View) -> None:
    """The row the page runs on, in one short line (what the page is, and where to change the row, come under
    the rungs: about)."""
    st.markdown(f"**{t('ladder_row_short', view.lang, n=sol.n, total=sol.total, k=sol.max_take)}**")


def about(sol: Solution, view: View) -> None:
    """What the page is, what the counters mean, and where to change the row and the settings."""
    st.markdown(t("ladder_intro", view.lang))
    st.caption(t("ladder_counters_help", view.lang))
    st.markdown(t("ladder_row", view.lang, n=sol.n, total=sol.total, k=sol.max_take))


def summary(sol: Solution, view: View) -> None:
    """The ladder at a glance: each rung's cost and counters on the row (glance_table), and whether all
    agree with the solver (its answer said once)."""
    runs = _runs(_key(sol), sol.max_take, sol)
    table = glance_table(summary_table(sol, runs, view.lang, view.form), view.lang)
    with st.container(key=state.LADDER_SUMMARY):
        st.table(table.set_index(table.columns[0]))
    answers = {run.dp0 for run in runs.values() if run.dp0 is not None}
    if answers == {sol.dp[0]}:
        winner = t("winner_" + sol.winner, view.lang)
        st.success(
            t("ladder_all_agree", view.lang, name=name_of(view.form), value=answer(sol, 0, view.form), winner=winner),
            icon="✅",
        )
    else:
        st.error(t("ladder_disagree", view.lang))


def _formulation(sol: Solution, shown: Form, view: View) -> None:
    """One formulation's box: its name (marked if it is the sidebar's choice), its recurrence, what it
    means, and its answer on the row."""
    with st.container(border=True, key=state.LADDER_FORM.format(form=shown)):
        chosen = f"  {t('ladder_form_in_use', view.lang)}" if shown == view.form else ""
        st.markdown(f"### {t('ladder_form_' + shown, view.lang)}{chosen}")
        st.latex(latex(shown, sol.max_take))
        st.markdown(t(f"ladder_form_{shown}_body", view.lang))
        winner = t("winner_" + sol.winner, view.lang)
        st.markdown(t("ladder_form_values", view.lang, name=name_of(shown), value=answer(sol, 0, shown), winner=winner))


def _identity_check(sol: Solution, view: View) -> None:
    """Whether diff[i] = 2·dp[i] − suffix[i] on every position of the row, and the first rows of the check."""
    check = _identity(_key(sol), sol.max_take, sol)
    if check.all_agree:
        st.success(t("ladder_identity_all", view.lang, rows=check.rows, n=sol.n))
    else:
        st.error(t("ladder_identity_some", view.lang, bad=check.rows - check.agreeing, rows=check.rows))
    first = check.table.head(IDENTITY_SHOWN)
    piles = ["—" if pd.isna(v) else str(v) for v in first["value"]]  # position n has no pile
    shown = first.assign(value=piles).rename(
        columns={
            "value": t("ladder_col_value", view.lang),
            "two_dp_minus_suffix": "2·dp − suffix",
            "agrees": t("ladder_col_agrees", view.lang),
        }
    )
    with st.container(key=state.LADDER_IDENTITY):
        st.dataframe(shown, hide_index=True, width="stretch", height=min(36 + 35 * len(shown), 300))
    if check.rows > IDENTITY_SHOWN:
        st.caption(t("ladder_identity_shown", view.lang, shown=IDENTITY_SHOWN, rows=check.rows))


def formulations(sol: Solution, view: View) -> None:
    """The two formulations side by side (the sidebar's choice marked), why they agree, and the check of
    diff[i] = 2·dp[i] − suffix[i] on every position of the row."""
    st.header(t("ladder_forms", view.lang))
    for shown in FORMS:
        _formulation(sol, shown, view)
    st.markdown(t("ladder_bridge", view.lang))
    _identity_check(sol, view)


def _chart(rung: ap.Rung, shown: spec.Spec, view: View) -> None:
    """A rung's animated chart (projected in presenter mode: ui.specs.shown), in a container keyed by the rung (so
    a browser test can find it)."""
    with st.container(key=state.LADDER_RUNG.format(rung=rung)):
        st.vega_lite_chart(
            spec=specs.shown(shown, view.present), width="stretch", key=state.LADDER_CHART.format(name=rung)
        )


def recursion(sol: Solution, view: View) -> None:
    """Rung 1: the exact call count; the call sequence animated if the row is small enough."""
    calls = ap.recursion_calls(sol.n, sol.max_take)
    shown = count_text(calls, view.lang)
    if sol.n <= ap.DRAW_PILES and calls <= ap.DRAW_CALLS:
        _chart("recursion", _calls_spec(_key(sol), sol.max_take, sol, False, view.lang, view.form), view)
    else:
        note = t(
            "ladder_not_drawn_recursion", view.lang, piles=ap.DRAW_PILES, limit=ap.DRAW_CALLS, n=sol.n, calls=shown
        )
        st.caption(note)
    st.markdown(t("ladder_intro_recursion", view.lang))
    st.info(t("ladder_exact_calls", view.lang, n=sol.n, k=sol.max_take, calls=shown), icon="🧮")


def memo(sol: Solution, view: View) -> None:
    """Rung 2: the memo's call sequence animated for short rows; its depth and Python's recursion limit."""
    if sol.n <= ap.MEMO_PILES:
        _chart("memo", _calls_spec(_key(sol), sol.max_take, sol, True, view.lang, view.form), view)
    else:
        st.caption(t("ladder_not_drawn_memo", view.lang, piles=ap.MEMO_PILES, n=sol.n))
    st.markdown(t("ladder_intro_memo", view.lang))
    st.caption(t("ladder_recursion_limit", view.lang, depth=sol.n + 1))


def _long_row_note(sol: Solution, view: View) -> None:
    """For a row longer than the animation's window: which piles it shows."""
    if sol.n > WINDOW:
        st.info(t("ladder_long_row", view.lang, n=sol.n, hi=window_at(sol, 0).hi - 1, size=WINDOW), icon="🔎")


def table(sol: Solution, view: View) -> None:
    """Rung 3: the bottom-up fill, from the solver's own trace, with the Python or Java listing."""
    _long_row_note(sol, view)
    _chart("table", _table_spec(_key(sol), sol.max_take, sol, view.lang, view.code, view.form), view)
    st.markdown(t("ladder_intro_table", view.lang))


def window(sol: Solution, view: View) -> None:
    """Rung 4: the rolling window, and why posts keep one slot more (with that listing)."""
    _long_row_note(sol, view)
    _chart("window", _window_spec(_key(sol), sol.max_take, sol, view.lang, view.form), view)
    st.markdown(t("ladder_intro_window", view.lang))
    size = sol.max_take + 1
    with st.expander(t("ladder_ring_title", view.lang, size=size)):
        st.markdown(t("ladder_ring_body", view.lang, k=sol.max_take, size=size))
        st.code(ring_source(view.form, view.lang), language="python")
    st.caption(t("ladder_listing_note", view.lang))


def growth(sol: Solution, view: View) -> None:
    """How the counters grow with n = 1..30 (a caption, the two growth charts), the row's n marked if it is on
    the charts (the page folds this part away under its title: its two charts cost the first load nothing)."""
    at_30 = count_text(ap.recursion_calls(max(ap.GROWTH_SIZES), sol.max_take), view.lang)
    st.caption(t("ladder_growth_caption", view.lang, k=sol.max_take, calls=at_30))
    n = sol.n if sol.n <= max(ap.GROWTH_SIZES) else 0
    for name, shown in zip(("growth_work", "growth_memory"), _growth_specs(sol.max_take, n, view.lang), strict=True):
        st.vega_lite_chart(
            spec=specs.shown(shown, view.present), width="stretch", key=state.LADDER_CHART.format(name=name)
        )
    if not n:
        st.caption(t("ladder_growth_off", view.lang, n=sol.n))


RUNG_PARTS = {"recursion": recursion, "memo": memo, "table": table, "window": window}
# A rung's tab that is not picked stays on the page with no height (its chart keeps its step and its width:
# a chart hidden with display: none would be drawn again, at step 0, when shown), and a negative top margin
# the size of the gap between blocks, so each hidden tab takes back the gap before it (without it the picked
# rung's player sat 16 px lower for each tab before it: the window's tab spanned 741 px at 1280×720).
HIDDEN = (
    "{ flex: none !important; height: 0 !important; min-height: 0 !important; overflow: hidden !important; "
    "visibility: hidden; margin-top: -1rem !important; }"
)
WRAPPED = '[data-testid="stLayoutWrapper"]:has(> {tab})'  # the flex item a keyed container is wrapped in


def _tab_style(shown: str) -> str:
    """The CSS that hides every rung's tab but the `shown` one (and the flex items they are wrapped in)."""
    hidden = [f".st-key-{state.LADDER_TAB.format(rung=rung)}" for rung in RUNG_PARTS if rung != shown]
    hidden += [WRAPPED.format(tab=tab) for tab in hidden]
    return f"<style>{', '.join(hidden)} {HIDDEN}</style>"


TAB_STYLES = {rung: _tab_style(rung) for rung in RUNG_PARTS}  # made once here: st.html gets only constants


def picked(view: View) -> ap.Rung:
    """The rung picked in the tab strip (the recursion at first), now also among the rungs seen."""
    rung = state.valid(state.LADDER_PICK, tuple(RUNG_PARTS), "recursion")
    st.session_state[state.LADDER_SEEN] = st.session_state.get(state.LADDER_SEEN, frozenset()) | {rung}
    return rung


def rungs(sol: Solution, view: View) -> None:
    """The four rungs, a tab each under the ladder table: the tab strip, then every rung seen so far this
    session drawn in its own container, all but the picked one hidden (so each keeps its step while another
    is shown, and a rung never picked costs the first load nothing)."""
    st.segmented_control(
        t("ladder_pick", view.lang),
        tuple(RUNG_PARTS),
        format_func=lambda rung: t("ladder_tab_" + rung, view.lang),
        key=state.LADDER_PICK,
        default="recursion",
        required=True,
        label_visibility="collapsed",
        width="stretch",
    )
    shown = picked(view)
    seen = st.session_state[state.LADDER_SEEN]
    st.html(TAB_STYLES[shown])
    for rung, part in RUNG_PARTS.items():
        with st.container(key=state.LADDER_TAB.format(rung=rung)):
            if rung in seen:
                part(sol, view)


def folded(label: str, key: str, part: Callable[[Solution, View], None], sol: Solution, view: View) -> None:
    """A part of the page folded away under `label`, drawn only while it is open (its formulas, table or
    charts cost the first load nothing: issue 40, the page's first load)."""
    with st.expander(label, key=key, on_change="rerun") as box:
        if box.open:
            part(sol, view)


def page(sol: Solution, view: View) -> None:
    """The whole page, top to bottom: the row, the ladder table, the rungs in tabs, then what explains them
    (the intro; the two formulations and how the counters grow, each folded away until opened: issue 40, a first
    load that draws one chart, the picked rung's)."""
    st.html(STYLE)
    row(sol, view)
    summary(sol, view)
    rungs(sol, view)
    about(sol, view)
    folded(t("ladder_forms_fold", view.lang), state.LADDER_FORMS_OPEN, formulations, sol, view)
    folded(t("ladder_growth", view.lang), state.LADDER_GROWTH_OPEN, growth, sol, view)
