"""The misconception deck: one card per classic trap, each with the row that catches it, its numbers,
and a button that loads the row for the explainer."""

import streamlit as st

from stonegame.i18n import t
from ui import cache, frame, state
from ui.parts import deck, teach

lang = frame.page("deck_title")
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
st.caption(t("deck_intro", lang))
teach.row_line(sol, lang)
deck.cards_shown(lang)
state.sync_url()
