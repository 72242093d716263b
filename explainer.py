"""The explainer: type a row, watch the suffix sums and the dp table fill right to left, on one stage."""

from ui import frame, state
from ui.parts import fill

view, sol = frame.page("app_title", title=False, stage=True)  # the header draws the title beside the row input
fill.style(view)
if not view.present:
    fill.header(sol, view)
fill.stage(sol, view)
fill.long_row(sol, view)
if view.present:
    fill.presenter_bar(sol, view)
if not view.present:
    fill.start_lesson(view)
fill.how_to_read(sol, view)
fill.answer(sol, view)
fill.share(sol, view)
state.sync_url()
