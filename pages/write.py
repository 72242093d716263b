"""Write it yourself: the student writes the fill in Python (from the loop body, the whole loop or the whole
function), runs it on this row and sees each cell of their tables against the truth, the first wrong one named
with its step in the explainer; then checks it on rows they cannot see."""

import streamlit as st

from stonegame.i18n import t
from ui import frame, state
from ui.parts import write

view, sol = frame.page("write_title", arrive=write.arrive_mode)
write.defaults()
st.markdown(t("write_intro", view.lang, row=f"`[{write.short(list(sol.values))}]`", k=sol.max_take))
mode = write.mode_control(view.lang)
code = write.editor(mode, view.lang)
write.java_hint(view, sol)
run, check, again = st.columns(3)
run.button(
    t("write_run", view.lang), key=state.W_WRITE_RUN, on_click=write.ask, args=("run",), type="primary", width="stretch"
)
check.button(t("write_check", view.lang), key=state.W_WRITE_CHECK, on_click=write.ask, args=("check",), width="stretch")
again.button(
    t("write_reset", view.lang), key=state.W_WRITE_RESET, on_click=write.start_again, args=(mode,), width="stretch"
)
if write.asked("run"):
    write.run_row(code, mode, sol)
if write.asked("check"):
    write.check_rows(code, mode, sol)
write.result(sol, view, mode, code)
write.checked(view, mode)
write.code_link(mode, code, view)
state.sync_url({state.WRITE_MODE_PARAM: mode})
