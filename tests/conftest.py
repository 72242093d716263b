"""Every server a test starts skips the chart templates' warm-up at start (streamlit_app.py, ui/server/warm.py):
~9 s of CPU per server, and the suite starts dozens on two cores. tests/core/test_warm.py tests it."""

import os

os.environ.setdefault("STONEGAME_WARM", "0")
