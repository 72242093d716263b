"""Play one side of the current row against a computer that reads the dp table; see what each move cost."""

from ui import frame, state
from ui.parts import game

view, sol = frame.page("play_title", projected=True)
game.row(sol, view, state.PLAY_PRESET)
game.play_page(sol, view)
state.sync_url()
