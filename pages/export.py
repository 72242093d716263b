"""Exports for slides and notebooks: the trace as CSV and JSON, this step's chart as PNG and SVG, and
the whole fill as an animated GIF, each made on the server only when its button is clicked."""

import streamlit as st

from stonegame.i18n import t
from ui import frame, state
from ui.parts import export, teach

view, sol = frame.page("export_title")
st.caption(t("export_intro", view.lang))
teach.row_line(sol, view)
scene = export.scene_at(sol, export.step_input(sol, view), view)
export.downloads(scene, view)
export.preview(scene, view)
state.sync_url()
