"""The core never imports Streamlit: checked in a fresh interpreter, since other tests import it."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_stonegame_does_not_import_streamlit():
    code = (
        "import sys, stonegame, stonegame.charts, stonegame.view, stonegame.link, stonegame.listing;"
        "sys.exit('streamlit' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr or "stonegame pulled in streamlit"
