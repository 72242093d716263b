"""The Export page's embed: a copyable <iframe> for a course page or a learning platform, showing the
row on screen at the step being exported, in presenter mode, in Streamlit's embed mode (no toolbar) and
light theme (stonegame.card.iframe writes it; docs/links.md says what a host must set for it)."""

from __future__ import annotations

from urllib.parse import urlsplit

import streamlit as st

from stonegame.card import iframe
from stonegame.i18n import t
from stonegame.link import Link, fits_in_link
from ui import state
from ui.state import View


def app_base() -> str:
    """The app's address as this browser reached it (scheme and host), from the page's URL."""
    parts = urlsplit(st.context.url or "http://localhost:8501")
    return f"{parts.scheme}://{parts.netloc}"


def embed_link(step: int) -> Link:
    """The shared state as a link, opening at `step`."""
    link = state.current_link()
    return Link(link.values, link.random, step, link.lang, link.code, link.max_take, link.form)


def snippet(step: int, view: View) -> None:
    """A box: what the embed shows, and the <iframe> in a code block (its copy button copies it); a
    typed row too long for a link gets a note instead."""
    link, lang = embed_link(step), view.lang
    with st.container(border=True):
        st.markdown(f"**{t('embed_title', lang)}**")
        if link.random is None and not fits_in_link(link.values):
            st.caption(t("embed_too_long", lang))
            return
        st.caption(t("embed_help", lang, step=step))
        st.code(iframe(app_base(), link, t("embed_frame_title", lang)), language="html", wrap_lines=True)
