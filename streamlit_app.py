"""The server: Streamlit serving the app, whose main page is explainer.py (the others are in pages/),
with the app's own edge in front of it (ui/edge.py: a widget value of the wrong kind is dropped before
Streamlit reads it, the messages only a developer's menu sends are refused, and Streamlit's bundle goes
out compressed).

`streamlit run streamlit_app.py` finds `app` and serves it with the same flags and
.streamlit/config.toml as any Streamlit script (Streamlit 1.67's st.App, its "ASGI mode").
"""

import streamlit as st
from starlette.middleware import Middleware

from ui.edge import Edge

app = st.App("explainer.py", middleware=[Middleware(Edge)])
