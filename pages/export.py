"""Exports for slides and notebooks: the trace as CSV and JSON, this step's chart as PNG and SVG, and
the whole fill as an animated GIF, each made on the server only when its button is clicked; and the
stage as an iframe for a course page."""

import streamlit as st

from stonegame.i18n import t
from ui import frame, state
from ui.parts import embed, export, teach

view, sol = frame.page("export_title", presentable=False)  # files for slides: not projected
st.caption(t("export_intro", view.lang))
teach.row_line(sol, view)
scene = export.scene_at(sol, export.step_input(sol, view), view)
export.downloads(scene, view)
export.preview(scene, view)
embed.snippet(scene.step, view)
state.sync_url()
