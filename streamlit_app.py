"""The server: Streamlit serving the app, whose main page is explainer.py (the others are in pages/).

`streamlit run streamlit_app.py` finds `app` and serves it with the same flags and
.streamlit/config.toml as any Streamlit script (Streamlit 1.67's st.App, its "ASGI mode"), so the
app's own ASGI middleware can stand in front of Streamlit.
"""

import streamlit as st

app = st.App("explainer.py")
