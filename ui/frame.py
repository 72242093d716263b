"""The frame every page shares: page config, state from the URL, the sidebar, and the notices."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace
from typing import NamedTuple

import streamlit as st

from stonegame import Solution
from stonegame.draw.kit import MUTED
from stonegame.i18n import LANG_NAMES, t
from stonegame.terms import CODES, FORMS, LANGS, TAKES, Code, Lang
from ui import cache, nav, state
from ui.state import View

CODE_NAMES: dict[Code, str] = {"py": "Python", "java": "Java"}
# Our own constant CSS (nothing a user controls): less empty space above the title, a calmer title;
# captions in MUTED (AA contrast; Streamlit draws them at opacity 0.6: 3.9:1); section headings are h2
# (after the page's h1, for screen readers' heading order) at the size of Streamlit's h3; the approaches
# page's two recurrences shrink with their box (container units) instead of scrolling sideways in it (a
# scrolling region that a keyboard cannot reach); Play's moves wrap their words rather than cut them ("…").
STYLE = (
    """<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.6rem; }
[data-testid="stHeader"] { background: transparent; pointer-events: none; }
[data-testid="stHeader"] button, [data-testid="stHeader"] a { pointer-events: auto; }
@media (max-width: 640px) {
  [data-testid="stHeader"] { background: white; }
  [data-testid="stMainBlockContainer"] { padding-top: 3.6rem; }
}
h1 { font-size: 2.1rem !important; padding-top: 0 !important; }
[data-testid="stMainBlockContainer"] h2 { font-size: 1.5rem; }
[data-testid="stCaptionContainer"] { opacity: 1; color: MUTED; }
.st-key-html_lang { display: none; }
[class*="st-key-ladder_form_"] { container-type: inline-size; }
[class*="st-key-ladder_form_"] h3 { font-size: 1.05rem; }
[class*="st-key-ladder_form_"] .katex-display { overflow: visible; }
.st-key-ladder_form_total .katex-display > .katex { font-size: min(1.21em, 5.2cqw); }
.st-key-ladder_form_diff .katex-display > .katex { font-size: min(1.21em, 4.1cqw); }
[class*="st-key-play_take_"] button [data-testid="stMarkdownContainer"],
[class*="st-key-play_take_"] button p { white-space: normal; overflow: visible; }
@media (pointer: coarse) {  /* a touch screen: every control at least 44 x 44 CSS px (WCAG 2.5.5) */
  [data-testid="stAppViewContainer"] button, [data-testid="stPageLink-NavLink"], [data-testid="stExpander"] summary,
  [data-testid="stRadioOption"], [data-testid="stCheckbox"] label, [data-testid="stSelectbox"] input,
  [data-baseweb="input"], [data-baseweb="textarea"] { min-height: 44px !important; min-width: 44px !important; }
  [data-testid="stPageLink-NavLink"], [data-testid="stRadioOption"], [data-testid="stCheckbox"] label {
    display: flex; align-items: center; box-sizing: border-box; }
  [data-testid="stRadioOption"] { padding-right: 0.75rem; }
}
/* --- the other pages on a touch screen (issue 40, helper words): kept apart from the rules above --- */
@media (pointer: coarse) {  /* tabs (the trace table's), and the boxes typed into (the quiz's answers) */
  [data-testid="stAppViewContainer"] [role="tab"] { min-height: 44px !important; min-width: 44px !important; }
  [data-testid="stNumberInputContainer"] { height: auto !important; min-height: 44px; }
  [data-testid="stNumberInputField"] { min-height: 44px; box-sizing: border-box; }
  [data-testid="stTextInput"] input { min-height: 44px; box-sizing: border-box; }  /* the quiz's typed answers */
  /* a table's toolbar, always shown on touch and 64 px tall with thumb-sized buttons, hid its header row
     (the padding) and the line of words above the table (the margin: the deck's "Alice 3, Bob 10 → Bob") */
  [data-testid="stDataFrame"] { padding-top: 24px; margin-top: 32px; }
}
/* a trace table shows all its columns on a wide screen and the ones the fill is about on a phone
   (ui/parts/trace.py NARROW), so a phone never scrolls the table sideways to find dp, take and opponent */
[class*="st-key-trace_narrow_"] { display: none; }
@media (max-width: 640px) {
  [class*="st-key-trace_wide_"] { display: none; }
  [class*="st-key-trace_narrow_"] { display: flex; }
}
/* --- end of the other pages on a touch screen --- */
</style>"""
).replace("MUTED", MUTED)


# The constant CSS of the page with the stage, the explainer (nothing a user controls): on a wide screen the
# header line starts inside Streamlit's see-through header band (only the band's buttons take a click), the
# title is small enough to share its line with the row input, and the newcomer's two sentences with the way
# into the lesson and "Join a class" take one short line under it (fill.intro).
STAGE_STYLE = """<style>
[data-testid="stMainBlockContainer"] { padding: 3.9rem 1.5rem 1rem; }
@media (min-width: 641px) {  /* the header is see-through here, and only its buttons take a click */
  [data-testid="stMainBlockContainer"] { padding-top: 2.3rem; }
}
h1 { font-size: 1.6rem !important; padding: 0 0 0.2rem !important; white-space: nowrap; overflow: hidden;
     text-overflow: ellipsis; }
.st-key-explainer_header [data-testid="stCaptionContainer"] { margin-top: -0.4rem; }
.st-key-explainer_intro { margin: -0.85rem 0 -0.4rem; }
.st-key-explainer_intro p { font-size: 0.95rem; line-height: 1.25; margin: 0; }
.st-key-explainer_intro [data-testid="stPageLink-NavLink"] { min-height: 2.5rem; padding: 0 0.75rem;
  border-radius: 0.5rem; border: 1px solid #1a5fb4; background: #f0f5fc; display: flex; align-items: center; }
.st-key-explainer_intro [data-testid="stPageLink-NavLink"] p { font-weight: 600; color: #0b3d91; }
/* stacked on a phone, the words' last line ran 4 px under the lesson link: Streamlit's markdown box has a
   -1rem bottom margin, meant for a paragraph's own margin, which the intro's paragraphs do not have */
@media (max-width: 640px) { .st-key-explainer_intro [data-testid="stMarkdownContainer"] { margin-bottom: 0; } }
/* st.caption is its text colour at opacity 0.6 (2.8:1 on white): opaque #595959 is 7:1 (AA) */
[data-testid="stCaptionContainer"] { color: #595959 !important; opacity: 1 !important; }
</style>"""
STAGE_PRESENT_STYLE = """<style>
[data-testid="stMainBlockContainer"] { padding: 0.6rem 1rem 0.5rem; }
</style>"""

# One element per page sets `<html lang>` to the page's language, "en" or "zh" as the served index.html says
# it (ui/server/card.py; screen readers pick their voice by it, and Streamlit's own page says "en"). On a
# page with the stage it is SKIP, which also draws "Skip to the stage", the first thing a keyboard
# reaches (the sidebar's links and settings are ~20 Tab stops before the stage's Play), hidden until
# focused, which asks the stage (stonegame/draw/stage.js) to focus Play; elsewhere the smaller HTML_LANG.
# One element, not two: every element costs each run its share of Streamlit's work.
HTML_LANG_JS = """export default function ({data}) {
  if (document.documentElement.lang !== data.lang) document.documentElement.lang = data.lang;
}"""
HTML_LANG = st.components.v2.component("stonegame_html_lang", js=HTML_LANG_JS)
SKIP_JS = """export default function ({parentElement, data}) {
  if (document.documentElement.lang !== data.lang) document.documentElement.lang = data.lang;
  let link = parentElement.querySelector("a");
  if (!link) {
    link = Object.assign(document.createElement("a"), {href: "#", className: "skip"});
    link.addEventListener("click", e => { e.preventDefault(); window.dispatchEvent(new CustomEvent("stage-skip")); });
    parentElement.append(link);
  }
  link.textContent = data.label;
}"""
SKIP_CSS = """.skip { position: absolute; left: -10000px; }
.skip:focus { position: static; display: inline-block; padding: 0.4rem 0.8rem; font: 600 1.1rem sans-serif;
  color: #fff; background: #1a5fb4; border-radius: 0.4rem; outline: 3px solid #000; }"""
SKIP = st.components.v2.component("stonegame_skip", js=SKIP_JS, css=SKIP_CSS)

# Presenter mode: no sidebar, no toolbar, bigger title; the page's own exit button brings them back.
PRESENTER_STYLE = """<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stHeader"],
[data-testid="stToolbar"] { display: none !important; }
[data-testid="stMainBlockContainer"] { padding-top: 1.2rem; max-width: 100%; }
h1 { font-size: 2.6rem !important; }
</style>"""
# Presenter mode on a projected page without the stage (the quiz, Play, the replay): text the back row can
# read. Streamlit sizes its text in rem, so a 20 px root makes body text 20 px, and the words of buttons,
# widget labels and metric labels (their markdown) are raised to it too (captions stay 17.5 px); inline code
# (the row chip, 0.75em) is raised to 0.9em, what is typed (the quiz's answers) to 20 px, the title kept at
# 44 px; on a screen at least 640 px wide (a projector, not a phone), a chart's text under 16 px (Vega writes its
# size as an attribute, which CSS overrides) is drawn at 16 px. Not on a phone: Vega laid that text out at its own
# size (ui.specs.projected keeps a chart under 420 px as it is: a phone is read at arm's length), so drawn at 16 px
# it ran past the chart's edge, which cut it ("第 0 步，共 4 步" and the formula in the replay's 350 px column).
# A phone keeps its 16 px margins (Streamlit's 1rem, which the 20 px root made 20 px), so its charts keep the
# width, and so the text size, they have out of presenter mode.
PROJECTED_STYLE = """<style>
html { font-size: 20px; }
@media (max-width: 639px) { [data-testid="stMainBlockContainer"] { padding-left: 16px; padding-right: 16px; } }
h1 { font-size: 2.2rem !important; }
[data-testid="stMainBlockContainer"] code { font-size: 0.9em; }
[data-testid="stMainBlockContainer"] input { font-size: 1rem; }
[data-testid="stMainBlockContainer"] [data-testid="stMarkdownContainer"] p:not([data-testid="stMetricValue"] p) {
  font-size: 1rem; }
@media (min-width: 640px) {
  [data-testid="stVegaLiteChart"] svg text:is([font-size^="8"], [font-size^="9"], [font-size^="10"],
    [font-size^="11"], [font-size^="12"], [font-size^="13"], [font-size^="14"], [font-size^="15"]) {
    font-size: 16px; } }
</style>"""
# Each page's CSS goes out as one element: each element costs every run its share of Streamlit's work.
PRESENT_CSS = f"{STYLE}{PRESENTER_STYLE}"
PROJECTED_CSS = f"{STYLE}{PRESENTER_STYLE}{PROJECTED_STYLE}"
STAGE_CSS = f"{STYLE}{STAGE_STYLE}"
PRESENT_STAGE_CSS = f"{STYLE}{PRESENTER_STYLE}{STAGE_STYLE}{STAGE_PRESENT_STYLE}"


class Page(NamedTuple):
    """What a page script starts from: the session's view settings and its row, solved (cached)."""

    view: View
    sol: Solution


def page(
    title_key: str,
    title: bool = True,
    stage: bool = False,
    arrive: Callable[[], None] | None = None,
    side: Callable[[View], None] | None = None,
    projected: bool = False,
    own_line: bool = False,
    presentable: bool = True,
) -> Page:
    """Set up a page: config, state (reading the URL on a session's first run; then the page's `arrive`,
    which may change the row before it is solved), our CSS (with, on a page with the `stage`, its own,
    and in presenter mode, presenter mode's) in one element, the sidebar (hidden in
    presenter mode; on a page with the `stage`, the skip link to it first, which also sets `<html lang>`;
    the page's `side` section last), else the setter of `<html lang>` hidden in the page, the title (unless
    the page draws its own) and the notices; return the view settings and the session's row, solved.
    A `projected` page (one without the stage made for a projector) gets bigger text in presenter mode.
    In presenter mode a page that draws no presenter line of its own (neither the stage nor `own_line`)
    gets the way out on a line of its own, as the sidebar with its toggle is hidden. A page that is not
    `presentable` is drawn as it is out of presenter mode, with the sidebar's toggle off limits and, while
    the session's presenter mode is on (kept for the other pages), a sentence saying why."""
    st.set_page_config(page_title=t("app_title"), page_icon="🪨", layout="wide")
    state.start()
    if arrive is not None:
        arrive()
    view = state.view()
    held = view.present and not presentable  # presenter mode, kept for the other pages, not drawn here
    if held:
        view = replace(view, present=False)
    if view.present:
        if stage:
            st.html(PRESENT_STAGE_CSS)
        else:
            st.html(PROJECTED_CSS if projected else PRESENT_CSS)
        HTML_LANG(data={"lang": view.lang}, key=state.HTML_LANG)
    else:
        st.html(STAGE_CSS if stage else STYLE)
        if not stage:  # on a page with the stage, the sidebar's skip link sets it
            HTML_LANG(data={"lang": view.lang}, key=state.HTML_LANG)
        sidebar(stage, side, presentable)
    if view.present and not (stage or own_line):
        _way_out(view)
    if title:
        st.title(t(title_key, view.lang))
    if held:
        st.info(t("present_not_here", view.lang), icon="📽️")
    for notice in st.session_state[state.NOTICES]:
        st.warning(state.notice_text(notice, view.lang), icon="⚠️")
    return Page(view, cache.session_solution())


def _way_out(view: View) -> None:
    """Presenter mode's way out, the explainer's "Exit presenter mode" button, at the right of a line (in a
    container keyed state.WAY_OUT, which a page whose screen is fitted to 720 px lifts out of the flow with
    its own CSS: the lesson)."""
    with st.container(key=state.WAY_OUT):
        right = st.columns([7, 3], vertical_alignment="center")[1]
    right.button(t("exit_presenter", view.lang), key=state.W_EXIT_PRESENT, on_click=_leave_presenter, width="stretch")


def table(data: object, view: View, **grid: object) -> None:
    """A table of the page's numbers: in presenter mode an HTML table (st.table, its text sized by
    PROJECTED_STYLE for the back row), else Streamlit's data grid (st.dataframe with `grid`'s arguments),
    whose canvas draws 14 px text whatever the page's size. Without the index either way."""
    if view.present:
        st.table(data, hide_index=True)
    else:
        st.dataframe(data, hide_index=True, width="stretch", **grid)


def _leave_presenter() -> None:
    """Callback: leave presenter mode."""
    st.session_state[state.PRESENT] = False


def _copy_widget(widget_key: str, state_key: str, options: Collection[object]) -> None:
    """Callback: copy a widget's value into its shared state key if it is one of `options`; a forged
    one (only a script sends it) leaves the setting as it was (state.valid)."""
    st.session_state[state_key] = state.valid(widget_key, options, st.session_state[state_key])


def _setting(
    widget: Callable[..., object],
    label: str,
    state_key: str,
    widget_key: str,
    allowed: Collection[object] = (True, False),
    **kwargs: object,
) -> None:
    """A sidebar widget bound to a shared setting (one of `allowed`; a toggle's by default): it shows
    the setting and writes it back on change."""
    st.session_state[widget_key] = st.session_state[state_key]
    widget(label, key=widget_key, on_change=_copy_widget, args=(widget_key, state_key, allowed), **kwargs)


def sidebar(stage: bool = False, side: Callable[[View], None] | None = None, presentable: bool = True) -> None:
    """Page links and the shared settings (presenter mode, off limits on a page that is not
    `presentable`; language, k, formulation, code listing), the same on every page; above them, on a
    page with the stage, the skip link to it (which sets `<html lang>`); below them, the page's own
    section, if it has one."""
    lang = st.session_state[state.LANG]
    with st.sidebar:
        if stage:
            SKIP(data={"lang": lang, "label": t("skip_to_stage", lang)}, key=state.SKIP)
        st.markdown(f"### 🪨 {t('app_title', lang)}")
        for path, key, icon in nav.PAGES:
            st.page_link(nav.page(path), label=t(key, lang), icon=icon)
        st.divider()
        _settings(lang, presentable)
        if side is not None:
            st.divider()
            side(state.view())


def _settings(lang: Lang, presentable: bool = True) -> None:
    """The shared settings, each a widget bound to its state key: presenter mode (a toggle, off limits
    on a page that is not `presentable`, its help then saying why), the language (a row of options), k
    (a slider over TAKES), the formulation and the code listing."""
    why = t("presenter_help" if presentable else "present_not_here", lang)
    _setting(st.toggle, t("presenter_mode", lang), state.PRESENT, state.W_PRESENT, help=why, disabled=not presentable)
    _choice(t("language", lang), state.LANG, state.W_LANG, LANGS, LANG_NAMES.get, horizontal=True)
    _setting(
        st.select_slider,
        t("max_take", lang),
        state.MAX_TAKE,
        state.W_MAX_TAKE,
        TAKES,
        options=list(TAKES),
        help=t("max_take_help", lang),
    )
    _choice(t("formulation", lang), state.FORM, state.W_FORM, FORMS, lambda form: t("form_" + form, lang))
    _choice(t("code_language", lang), state.CODE, state.W_CODE, CODES, CODE_NAMES.get, horizontal=True)


def _choice(
    label: str,
    state_key: str,
    widget_key: str,
    options: tuple[str, ...],
    names: Callable[[str], str | None],
    horizontal: bool = False,
) -> None:
    """A shared setting chosen from `options` with radio buttons, each named by `names`."""
    _setting(st.radio, label, state_key, widget_key, options, options=options, format_func=names, horizontal=horizontal)
