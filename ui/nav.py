"""The pages, in sidebar order: (file, catalogue key of its label, icon). Every page is listed here."""

PAGES = (
    ("streamlit_app.py", "nav_explainer", "📈"),
    ("pages/trace.py", "nav_trace", "📋"),
)
