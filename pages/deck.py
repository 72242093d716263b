"""The misconception deck: one card per classic trap, each with the row that catches it, its numbers,
and a button that loads the row for the explainer."""

import streamlit as st

from stonegame.i18n import t
from ui import frame, state
from ui.parts import deck, teach

view, sol = frame.page("deck_title", projected=True)
st.caption(t("deck_intro", view.lang))
teach.row_line(sol, view)
deck.cards_shown(view)
state.sync_url()
