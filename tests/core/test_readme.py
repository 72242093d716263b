"""The README's two set-up commands are the ones the project really uses."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP_COMMAND = "pip install -r requirements.txt && streamlit run streamlit_app.py"
TEST_COMMAND = "pip install -r requirements-test.txt && python -m pytest"


def test_readme_gives_the_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    assert f"```bash\n{APP_COMMAND}\n```" in readme
    assert f"```bash\n{TEST_COMMAND}\n```" in readme
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert TEST_COMMAND in ci


def test_the_app_requirements_are_pinned():
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            assert "==" in line, line
    assert "streamlit==1.67.0" in (ROOT / "requirements.txt").read_text()
