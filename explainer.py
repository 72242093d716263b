"""The explainer: type a row, watch the suffix sums and the dp table fill right to left, on one stage;
a teacher can start a class on it, and the class's light student pages follow theirs."""

import streamlit as st

from ui import frame, state
from ui.parts import classroom, fill

view, sol = frame.page("app_title", title=False, stage=True, arrive=classroom.arrive, side=classroom.sidebar_box)
if classroom.opening(view):  # a class link's first run: the tab says whether it leads before the page is drawn
    st.stop()
if classroom.moved(view):  # an old student link: a student follows on the light page
    st.stop()
if not view.present:
    fill.header(sol, view)
    fill.intro(view, beside=lambda: classroom.join_popover(view))
classroom.said(view)
phones = classroom.teacher_panel(view)  # where phones reach the app, worked out once
if view.present and classroom.seat() is None:  # the projector's first screen: the row, Start a class, Exit
    fill.presenter_bar(sol, view, beside=lambda: classroom.presenter_start(view))
fill.stage(sol, view, lead=classroom.leading(), hold=classroom.holding())
classroom.questions_panel(view)
classroom.control_elsewhere(view, phones)
fill.long_row(sol, view)
if view.present and classroom.seat() is not None:  # in a class the first screen is the class's panel
    fill.presenter_bar(sol, view)
fill.how_to_read(sol, view)
fill.answer(sol, view)
fill.share(sol, view)
state.sync_url(classroom.link_params())
