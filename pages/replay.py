"""The optimal game, played forwards from the finished dp table: an animated replay in the browser."""

from ui import frame, state
from ui.parts import game

view, sol = frame.page("replay_title", projected=True)
game.row(sol, view, state.REPLAY_PRESET, keys=True)
game.replay_page(sol, view)
state.sync_url()
