"""The pages, in sidebar order: (file, catalogue key of its label, icon). Every page is listed here."""

PAGES = (
    ("pages/lesson.py", "lesson_nav", "🎓"),
    ("explainer.py", "nav_explainer", "📈"),
    ("pages/trace.py", "nav_trace", "📋"),
    ("pages/replay.py", "replay_nav", "🎬"),
    ("pages/play.py", "play_nav", "🎮"),
    ("pages/tree.py", "tree_nav", "🌳"),
    ("pages/approaches.py", "ladder_nav", "🪜"),
    ("pages/quiz.py", "quiz_nav", "❓"),
    ("pages/deck.py", "deck_nav", "🃏"),
    ("pages/export.py", "export_nav", "📤"),
)
