"""Every way to solve it, on the user's row: recursion, memo, table, rolling window, two formulations."""

import streamlit as st

from ui import cache, frame, state
from ui.parts import ladder

lang = frame.page("ladder_title")
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
ladder.page(sol, lang)
state.sync_url()
