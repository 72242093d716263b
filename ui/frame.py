"""The frame every page shares: page config, state from the URL, the sidebar, and the notices."""

from __future__ import annotations

import streamlit as st

from stonegame.i18n import LANG_NAMES, LANGS, t
from stonegame.link import CODES, FORMS
from ui import state
from ui.nav import PAGES

CODE_NAMES = {"py": "Python", "java": "Java"}
# Our own constant CSS (nothing a user controls): less empty space above the title, a calmer title.
STYLE = """<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.6rem; }
[data-testid="stHeader"] { background: transparent; pointer-events: none; }
[data-testid="stHeader"] * { pointer-events: auto; }
h1 { font-size: 2.1rem !important; padding-top: 0 !important; }
</style>"""


# Presenter mode: no sidebar, no toolbar, bigger title; the page's own exit button brings them back.
PRESENTER_STYLE = """<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stHeader"],
[data-testid="stToolbar"] { display: none !important; }
[data-testid="stMainBlockContainer"] { padding-top: 1.2rem; max-width: 100%; }
h1 { font-size: 2.6rem !important; }
</style>"""


def page(title_key: str) -> str:
    """Set up a page: config, state (reading the URL on a session's first run), sidebar; return the language."""
    st.set_page_config(page_title=t("app_title"), page_icon="🪨", layout="wide")
    state.start()
    st.html(STYLE)
    if st.session_state[state.PRESENT]:
        st.html(PRESENTER_STYLE)
    else:
        sidebar()
    lang = st.session_state[state.LANG]
    st.title(t(title_key, lang))
    for notice in st.session_state[state.NOTICES]:
        st.warning(state.render(notice, lang), icon="⚠️")
    return lang


def _copy_widget(widget_key: str, state_key: str) -> None:
    """Callback: copy a widget's value into its shared state key."""
    st.session_state[state_key] = st.session_state[widget_key]


def sidebar() -> None:
    """Page links, the language switch and the code listing choice, the same on every page."""
    lang = st.session_state[state.LANG]
    with st.sidebar:
        st.markdown(f"### 🪨 {t('app_title', lang)}")
        for path, key, icon in PAGES:
            st.page_link(path, label=t(key, lang), icon=icon)
        st.divider()
        st.session_state[state.W_PRESENT] = st.session_state[state.PRESENT]
        st.toggle(
            t("presenter_mode", lang),
            key=state.W_PRESENT,
            help=t("presenter_help", lang),
            on_change=_copy_widget,
            args=(state.W_PRESENT, state.PRESENT),
        )
        st.session_state[state.W_LANG] = st.session_state[state.LANG]
        st.radio(
            t("language", lang),
            LANGS,
            key=state.W_LANG,
            format_func=LANG_NAMES.get,
            horizontal=True,
            on_change=_copy_widget,
            args=(state.W_LANG, state.LANG),
        )
        st.session_state[state.W_MAX_TAKE] = st.session_state[state.MAX_TAKE]
        st.select_slider(
            t("max_take", lang),
            options=[1, 2, 3, 4, 5],
            key=state.W_MAX_TAKE,
            help=t("max_take_help", lang),
            on_change=_copy_widget,
            args=(state.W_MAX_TAKE, state.MAX_TAKE),
        )
        st.session_state[state.W_FORM] = st.session_state[state.FORM]
        st.radio(
            t("formulation", lang),
            FORMS,
            key=state.W_FORM,
            format_func=lambda form: t("form_" + form, lang),
            on_change=_copy_widget,
            args=(state.W_FORM, state.FORM),
        )
        st.session_state[state.W_CODE] = st.session_state[state.CODE]
        st.radio(
            t("code_language", lang),
            CODES,
            key=state.W_CODE,
            format_func=CODE_NAMES.get,
            horizontal=True,
            on_change=_copy_widget,
            args=(state.W_CODE, state.CODE),
        )
