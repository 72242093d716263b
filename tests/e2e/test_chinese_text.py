"""The Chinese pages as the browser draws them (issue 12, 中文): no ASCII comma, colon, semicolon, ! or ?
next to a Chinese character, in the page's text or inside its charts (generated strings included), and no
line of a chart's wrapped text left holding a single character ("置", "的。", "0。"). The unit tests
(tests/core/test_punctuation.py, test_text.py) check the strings the core builds; this checks what
arrives on screen, on every page, on a phone (the narrowest layout) and on a desktop for the issue's own
examples."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from .helpers import DESKTOP, PHONE, open_app
from .test_accessibility import PATHS, drawn

CJK = "\u3000-\u303f\u4e00-\u9fff\uff00-\uffef"  # CJK punctuation, ideographs, full-width forms
ASCII_IN_CHINESE = re.compile(rf"[{CJK}]\s*[,:;!?]|[,:;!?]\s*[{CJK}]")
# What does not count towards a line's characters: spaces (NBSP, ZWSP too) and punctuation.
NOT_A_LETTER = re.compile(r"[\s\u00a0\u200b。，、；：？！）」』”,.:;!?)\]]")
# The page's own text and every open shadow root's (the explainer's stage lives in one), every SVG text
# as its lines (Vega draws a wrapped text as one tspan per line), and the stage's sentence as the lines the
# browser broke it into (one line per distinct top of its characters' boxes).
SHOWN = """() => {
  const roots = [document, ...[...document.querySelectorAll('*')].filter(e => e.shadowRoot).map(e => e.shadowRoot)];
  const svg = roots.flatMap(r => [...r.querySelectorAll('svg text')].map(t => {
    const spans = [...t.querySelectorAll('tspan')].map(s => s.textContent);
    return spans.length ? spans : [t.textContent];
  }));
  const lines = el => {
    const out = [];
    let top = null;
    const range = document.createRange();
    for (const node of el.childNodes) {
      for (let k = 0; node.nodeType === 3 && k < node.data.length; k++) {
        range.setStart(node, k); range.setEnd(node, k + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        if (top === null || Math.abs(box.top - top) > 2) { out.push(''); top = box.top; }
        out[out.length - 1] += node.data[k];
      }
    }
    return out;
  };
  const own = roots.slice(1).map(r => [...r.children].map(c => c.innerText || c.textContent || '').join('\\n'));
  const html = roots.flatMap(r => [...r.querySelectorAll('.sentence')]).map(lines);
  return {body: [document.body.innerText, ...own], svg, html};
}"""
# The issue's examples: the diff sentence that ended "的。", the replay's title ("最|好") and legend ("位|置"),
# and its totals ("Bob: 已得 0").
EXAMPLES = ["/?values=1,2,3,7&form=diff&step=7", "/replay?values=1,2,3,7"]


def ascii_in_chinese(texts: list[str]) -> list[str]:
    """Each ASCII , : ; ! ? next to a Chinese character (spaces between allowed), with a little context."""
    return [t[max(0, m.start() - 12) : m.end() + 12] for t in texts for m in ASCII_IN_CHINESE.finditer(t)]


def lone_lines(wrapped: list[list[str]]) -> list[str]:
    """The wrapped texts (lines joined by |) with a line after the first holding one character or none,
    punctuation aside."""
    return ["|".join(lines) for lines in wrapped if any(len(NOT_A_LETTER.sub("", line)) <= 1 for line in lines[1:])]


def test_the_checks_find_what_the_issue_found():
    assert ascii_in_chinese(["Bob: 已得 0", "共 3 堆, 总和 13", "好!"]) and not ascii_in_chinese(["Bob：已得 0"])
    assert not ascii_in_chinese(["f(i) = max(2, 3)", "dp[1] = max(2 − 10, 5 − 7)，"])
    found = lone_lines([["这是所有选择中最好", "的。"], ["所在位", "置"], ["…dp[4] =", "0。"], ["一行"]])
    assert len(found) == 3 and not lone_lines([["这是所有选择中", "最好的。"], ["dp[4] = 0。"]])


def shown(page: Page) -> tuple[list[str], list[list[str]]]:
    """The page's texts (its own, its shadow roots', every SVG line) and its wrapped texts as lines (SVG
    texts and the stage's sentence)."""
    got = page.evaluate(SHOWN)
    wrapped = got["svg"] + got["html"]
    return [*got["body"], *(line for lines in wrapped for line in lines)], wrapped


@pytest.mark.parametrize(
    ("url", "viewport"),
    [(path, PHONE) for path in PATHS] + [(url, size) for url in EXAMPLES for size in (DESKTOP, PHONE)],
    ids=[f"{path}-phone" for path in PATHS] + [f"{url}-{s}" for url in EXAMPLES for s in ("desktop", "phone")],
)
def test_chinese_pages_use_full_width_punctuation_and_leave_no_character_alone(new_context, url: str, viewport):
    page = new_context(viewport=viewport).new_page()
    open_app(page, url + ("&" if "?" in url else "?") + "lang=zh")
    drawn(page)
    texts, wrapped = shown(page)
    assert re.search(f"[{CJK}]", texts[0]), "the page is in Chinese"
    if url in EXAMPLES and (viewport == PHONE or not url.startswith("/?")):
        # the stage's sentence has the whole width on a desktop: it wraps on a phone
        assert any(len(lines) > 1 for lines in wrapped), "the example draws wrapped text"
    assert ascii_in_chinese(texts) == []
    assert lone_lines(wrapped) == []
