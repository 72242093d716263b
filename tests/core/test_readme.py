"""The app's requirements are pinned (the README's run command installs exactly these). The README's
commands and links are checked in test_docs.py."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_requirements_are_pinned():
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            assert "==" in line, line
    assert "streamlit==1.67.0" in (ROOT / "requirements.txt").read_text()
