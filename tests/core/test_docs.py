"""The README is short and leads with its two commands, and every relative link and picture in the README
and docs/ resolves: to a file that exists and, for a #fragment, to a heading of that file."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")  # [text](target) and ![alt](target)
APP_COMMAND = "pip install -r requirements.txt && streamlit run streamlit_app.py"
TEST_COMMAND = "pip install -r requirements-test.txt && python -m pytest"


def prose(text: str) -> str:
    """The text without its fenced code blocks (a link inside code is code)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading's anchor on the page."""
    return {anchor(line.lstrip("#")) for line in prose(page.read_text()).splitlines() if line.startswith("#")}


def targets(page: Path) -> list[str]:
    """Every link or picture target on the page that is not a web address or an e-mail."""
    found = LINK.findall(prose(page.read_text()))
    return [t for t in found if not re.match(r"[a-z]+:", t)]


def test_the_anchor_rule_matches_githubs():
    assert anchor("Limits of the app, and what happens beyond them") == "limits-of-the-app-and-what-happens-beyond-them"
    assert anchor("The class room's stores") == "the-class-rooms-stores"
    assert anchor("Bird's eye view") == "birds-eye-view"


def test_every_page_links_somewhere_and_docs_open_with_a_summary():
    assert len(PAGES) >= 8
    for page in PAGES[1:]:
        first = prose(page.read_text()).split("\n\n")[1]  # the paragraph after the title
        assert not first.startswith(("#", "|", "-", "!")) and len(first) > 200, page.name


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_and_picture_resolves(page):
    for target in targets(page):
        path, _, fragment = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        assert file.is_file(), f"{page.name}: {target} names no file"
        if fragment:
            assert file.suffix == ".md", f"{page.name}: {target}"
            assert fragment in anchors(file), f"{page.name}: {target}: no such heading in {file.name}"


def test_a_broken_link_would_be_found(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Page\n\n[there](missing.md) and [here](#nowhere)\n\n```\n[code](not-a-link.md)\n```\n")
    assert targets(page) == ["missing.md", "#nowhere"]
    assert "nowhere" not in anchors(page)


def test_the_readme_is_short_and_its_two_commands_come_first():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= 150, len(lines)
    assert APP_COMMAND in lines[:40] and TEST_COMMAND in lines[:40]


def test_ci_runs_the_readmes_two_commands():
    readme = (ROOT / "README.md").read_text()
    assert f"```bash\n{APP_COMMAND}\n```" in readme and f"```bash\n{TEST_COMMAND}\n```" in readme
    ci = (ROOT / ".ci" / "run").read_text()
    assert TEST_COMMAND in ci.splitlines()  # word for word, on a line of its own
    assert f"'{APP_COMMAND}'" in ci  # started for real, and its health check awaited


def test_every_picture_in_docs_is_small():
    # the pictures are committed, and remade with every change they show (docs/contributing.md#pictures)
    for picture in sorted((ROOT / "docs").glob("*.png")):
        assert picture.stat().st_size <= 200_000, f"{picture.name}: {picture.stat().st_size} bytes"
