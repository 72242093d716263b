"""The lesson: ten short chapters from "what is this game" to the O(1) window, each a few sentences beside
a live piece of the app in a set state, with a question to answer before going on; then how it went."""

from ui import frame, state
from ui.parts import lesson

view, _ = frame.page("lesson_title", title=False, projected=True)  # each chapter draws its own title and row
lesson.page(view)
state.sync_url(lesson.params())
