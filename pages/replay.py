"""The optimal game, played forwards from the finished dp table: an animated replay in the browser."""

import streamlit as st

from ui import cache, frame, state
from ui.parts import game

lang = frame.page("replay_title")
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
game.row(sol, lang, state.REPLAY_PRESET)
game.replay_page(sol, lang)
state.sync_url()
