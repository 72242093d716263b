"""The game tree of a short row grown depth by depth, its positions merged into n + 1 states, laid flat as
the dp array, a step at a time; and the counts."""

from ui import frame, state
from ui.parts import game

view, sol = frame.page("tree_title", arrive=game.arrive_at_stage, own_line=True)  # game.row draws it
game.row(sol, view, state.TREE_PRESET)
game.tree_page(sol, view)
state.sync_url(game.tree_params(sol))
