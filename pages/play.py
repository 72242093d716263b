"""Play one side of the current row against a computer that reads the dp table; see what each move cost."""

import streamlit as st

from ui import cache, frame, state
from ui.parts import game

lang = frame.page("play_title")
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
game.row(sol, lang, state.PLAY_PRESET)
game.play_page(sol, lang)
state.sync_url()
