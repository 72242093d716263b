"""A shared link in the browser: the card's <meta> tags a page carries for three links (English, Chinese,
one that does not parse), and the Export page's <iframe> snippet pasted into a course page on another
origin and site (a second port of 127.0.0.1, the app being on localhost), where the stage draws and
steps in Chromium."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import Frame, Page, expect

from .helpers import STAGE, open_app, wait_for_app_run, wait_for_stage

COURSE_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Week 5: dynamic programming</title></head>
<body><h1>Week 5: Stone Game III</h1>
{snippet}
</body></html>"""


def og(page: Page, name: str) -> str | None:
    """The content of the page's <meta property=name> (Open Graph) or <meta name=name>."""
    tag = page.locator(f"meta[property='{name}'], meta[name='{name}']")
    expect(tag).to_have_count(1)
    return tag.get_attribute("content")


@pytest.mark.parametrize(
    ("link", "title", "locale", "image"),
    [
        ("/?values=1,2,3,7&step=5", "Stone Game III · [1,2,3,7] · step 5 of 9: who wins?", "en_US", "/card.png?step=5"),
        (
            "/?values=1,2,3,7&step=9&lang=zh",
            "石子游戏 III · [1,2,3,7] · 第 9 步，共 9 步：Bob 获胜",
            "zh_CN",
            "/card.png?step=9&lang=zh",
        ),
        ("/?values=1,%22%3E%3Cscript%3Ex&step=2", "Stone Game III, explained", "en_US", "/card.png"),
    ],
    ids=["en", "zh", "bad"],
)
def test_a_pages_meta_tags_are_its_links_card(page: Page, app_url: str, link, title, locale, image):
    open_app(page, link)
    assert og(page, "og:title") == og(page, "twitter:title") == title
    assert og(page, "og:locale") == locale
    assert og(page, "og:image") == app_url + image
    assert og(page, "twitter:card") == "summary_large_image"
    assert page.evaluate("document.documentElement.lang") == locale[:2]
    expect(page.locator("script:not([src])").filter(has_text="<script")).to_have_count(0)


@pytest.fixture
def course_site() -> Iterator[tuple[str, dict[str, str]]]:
    """A course page's web server on another port of 127.0.0.1: it serves `pages["/"]` (set by the test)."""
    pages: dict[str, str] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # http.server's name for a GET
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", pages
    httpd.shutdown()
    httpd.server_close()
    thread.join(10)


def embedded(page: Page) -> Frame:
    """The app's frame inside the course page, once it exists."""
    expect(page.locator("iframe")).to_have_count(1)
    handle = page.locator("iframe").element_handle()
    frame = handle.content_frame() if handle else None
    assert frame is not None
    return frame


def test_the_export_pages_iframe_steps_the_stage_inside_a_course_page(page: Page, course_site):
    open_app(page, "/export?values=1,2,3,7&step=3")
    code = page.get_by_test_id("stCode").filter(has_text="<iframe")
    expect(code).to_have_count(1)
    expect(page.get_by_test_id("stMainMenu")).to_be_visible()  # the app itself has Streamlit's menu
    snippet = code.locator("code").inner_text().strip()
    assert "embed=true" in snippet and "embed_options=light_theme" in snippet and "present=1" in snippet
    site, pages = course_site
    pages["/"] = COURSE_PAGE.format(snippet=snippet)
    page.goto(site + "/")
    frame = embedded(page)
    wait_for_app_run(frame)
    wait_for_stage(frame)
    bar = frame.locator(STAGE).locator(".status")
    expect(bar).to_contain_text("Step 3 of 9")
    expect(frame.get_by_test_id("stMainMenu")).to_have_count(0)  # embed mode: no toolbar, no menu
    expect(frame.get_by_test_id("stSidebar")).to_be_hidden()
    frame.locator(STAGE).locator("button.nav-next").click()
    expect(bar).to_contain_text("Step 4 of 9")
    frame.locator(STAGE).locator("button.nav-last").click()
    expect(bar).to_contain_text("Step 9 of 9")
    assert page.url == site + "/", "the course page stays; the app steps inside its frame"
    assert "embed=true" in frame.url and "embed_options=light_theme" in frame.url, "a reload stays embedded"
