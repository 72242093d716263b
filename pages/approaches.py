"""Every way to solve it, on the user's row: recursion, memo, table, rolling window, two formulations."""

from ui import frame, state
from ui.parts import ladder

view, sol = frame.page("ladder_title", projected=True)
ladder.page(sol, view)
state.sync_url()
