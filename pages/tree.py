"""The full game tree of a short row, merged into n + 1 states, flattened into the dp array; and the counts."""

from ui import frame, state
from ui.parts import game

view, sol = frame.page("tree_title")
game.row(sol, view, state.TREE_PRESET)
game.tree_page(sol, view)
state.sync_url()
