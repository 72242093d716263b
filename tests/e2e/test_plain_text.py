"""What a visitor sends comes back as plain text (issue 14, item 5), in a real browser: a token from a
link or the text box, echoed in a warning, becomes no link (GFM's literal autolinks included), no
code (block or span), no emphasis, math, colour directive or strike-through; control and format characters
(line breaks, tabs, bidi overrides and isolates, zero-width marks) are shown as visible escapes."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from .helpers import open_explainer, wait_for_app_run, wait_for_chart

TEXT_BOX = ".st-key-explainer_row_text textarea"
MARKUP = "a, code, pre, strong, em, del, .katex, img, [data-testid='stMarkdownPre'], span[style*='color']"

LINKED = [  # (query, what the warning must show)
    ("lang=" + quote("https://ev.il/login"), "https://ev.il/login"),
    ("lang=" + quote("www.ev.il/a"), "www.ev.il/a"),
    ("lang=" + quote("me@ev.il"), "me@ev.il"),
    ("lang=x%0A%0A%20%20%20%20PRESS%20F5", "x\\u000a\\u000a    PRESS F5"),
    ("lang=abc%E2%80%AEdef", "abc\\u202edef"),
    ("lang=" + quote("a\u2066b\u200bc\td"), "a\\u2066b\\u200bc\\u0009d"),
    ("lang=" + quote("**b** $x$ :red[r] ~~s~~ [x](https://ev.il)"), "**b** $x$ :red[r] ~~s~~ [x](https://ev.il)"),
    ("lang=" + quote("a`b``c"), "a`b``c"),
    ("values=" + quote("1,https://ev.il/x"), "https://ev.il/x"),
]
TYPED = [
    ("1, https://ev.il/login", "https://ev.il/login"),
    ("1, www.ev.il", "www.ev.il"),
    ("2, me@ev.il", "me@ev.il"),
]


def assert_plain(page: Page, shown: str) -> None:
    """One warning at least; none holds markup (not even a code span); one shows `shown` as its
    characters (the start of it, when the message shortens a long token; the invisible word joiners
    that keep a URL from becoming a link left out, and runs of spaces shown as one, as HTML does)."""
    alerts = page.get_by_test_id("stAlertContainer")
    expect(alerts.first).to_be_visible()
    assert alerts.locator(MARKUP).count() == 0, alerts.first.inner_html()
    texts = [" ".join(text.replace("\u2060", "").split()) for text in alerts.all_inner_texts()]
    assert any(" ".join(shown.split())[:18] in text for text in texts), texts


@pytest.mark.parametrize(("query", "shown"), LINKED, ids=[q[:30] for q, _ in LINKED])
def test_a_linked_token_is_shown_as_plain_text(page: Page, query, shown):
    open_explainer(page, "/?" + query)
    assert_plain(page, shown)


def test_a_typed_token_is_shown_as_plain_text(page: Page):
    open_explainer(page, "/")
    for typed, shown in TYPED:
        page.locator(TEXT_BOX).fill(typed)
        page.get_by_test_id("stMain").get_by_test_id("stFormSubmitButton").click()
        wait_for_app_run(page)
        wait_for_chart(page)
        assert_plain(page, shown)
