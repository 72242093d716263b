"""The full game tree of a short row, merged into n + 1 states, flattened into the dp array; and the counts."""

import streamlit as st

from ui import cache, frame, state
from ui.parts import game

lang = frame.page("tree_title")
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
game.row(sol, lang, state.TREE_PRESET)
game.tree_page(sol, lang)
state.sync_url()
