"""The shared card's picture, in Chromium (issue 33): for a short row, a 50,000-pile row and a Chinese link
at the verdict, the page's og:image (its meta tags as before) answers a 1200 × 630 PNG that is the card
drawn from the link: the app's name, the row, "Step n of N" and the question (the verdict at the verdict
step only), every text at least 14 px tall when Chromium shows the card 480 px wide (a chat's size);
the same picture again comes from the cache.

On main before the fix the picture was the stage scaled into the card: its smallest text 11.4 px at 1200
wide (4.6 px at 480), with neither the app's name nor the question."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image, ImageChops, ImageStat
from playwright.sync_api import Page, expect

from stonegame import card as cards
from stonegame.link import Link, random_row
from stonegame.solver import solve
from stonegame.teach import preview

from .helpers import SCREENSHOT_DIR, open_app

SVG = "{http://www.w3.org/2000/svg}"
LONG = random_row(50_000, 1)
CASES = [
    # (link, its card's Link and row, the query of its og:image, texts the card must show, texts it must not)
    (
        "/?values=1,2,3,7&step=5",
        Link(step=5),
        "step=5",
        ["Stone Game III, explained", "[1,2,3,7]", "Step 5 of 9", "Who wins?"],
        ["Bob wins", "Alice wins"],
    ),
    (
        "/?random=50000&seed=1&step=70000",
        Link(LONG, random=(50_000, 1), step=70_000),
        "random=50000&seed=1&step=70000",
        ["Stone Game III, explained", "(50000 piles)", "Step 70000 of 100001", "Who wins?", "30000"],
        ["Alice wins", "Bob wins", "A tie"],
    ),
    (
        "/?values=1,2,3,7&step=9&lang=zh",
        Link(step=9, lang="zh"),
        "step=9&lang=zh",
        ["石子游戏 III 图解", "[1,2,3,7]", "第 9 步，共 9 步", "Bob 获胜"],
        ["谁会赢？"],
    ),
]
# Each <text>'s font size as Chromium draws it (its font-size times the SVG's scale on screen).
DRAWN = """() => [...document.querySelectorAll('svg text')].map(t =>
    ({text: t.textContent, px: parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a}))"""


def texts(svg: str) -> tuple[list[str], list[float]]:
    """The SVG's texts (each <text> with its <tspan>s) and their font sizes."""
    nodes = ET.fromstring(svg).iter(SVG + "text")
    found = [(("".join(node.itertext())), float(node.get("font-size", "0"))) for node in nodes]
    return [t for t, _ in found], [size for _, size in found]


def og(page: Page, name: str) -> str:
    """The content of the page's <meta property=name> or <meta name=name>."""
    tag = page.locator(f"meta[property='{name}'], meta[name='{name}']")
    expect(tag).to_have_count(1)
    return tag.get_attribute("content") or ""


@pytest.mark.parametrize(("link", "shown", "query", "says", "never"), CASES, ids=["short", "long", "zh-verdict"])
def test_the_shared_picture_is_a_card_a_chat_can_read(page: Page, app_url: str, link, shown, query, says, never):
    open_app(page, link)
    image = og(page, "og:image")
    assert image == og(page, "twitter:image") == f"{app_url}/card.png?{query}", "the meta tags are as before"
    assert (og(page, "og:image:width"), og(page, "og:image:height")) == ("1200", "630")

    answer = page.request.get(image)
    assert answer.status == 200 and answer.headers["content-type"] == "image/png"
    served = Image.open(io.BytesIO(answer.body())).convert("RGB")
    assert served.size == (1200, 630)

    face = cards.face(shown, solve(shown.values))
    svg = preview.card_svg(face)
    drawn = Image.open(io.BytesIO(preview.card_png(face))).convert("RGB")
    difference = ImageStat.Stat(ImageChops.difference(served, drawn)).mean
    assert max(difference) < 1.0, f"the served picture is this link's card (mean difference {difference})"

    words, sizes = texts(svg)
    card_text = " ".join(words)
    assert all(word in card_text for word in says), f"{says} on the card: {words}"
    assert not any(word in card_text for word in never), f"none of {never} on the card: {words}"
    assert min(sizes) * preview.SHOWN / preview.SIZE[0] >= 14, f"smallest font {min(sizes)} px at 1200 wide"

    page.set_viewport_size({"width": 600, "height": 400})
    fluid = svg.replace("<svg ", '<svg style="width: 100%; height: auto" ', 1)
    page.set_content(f'<div style="width: {preview.SHOWN}px">{fluid}</div>')
    measured = page.evaluate(DRAWN)
    assert len(measured) == len(words)
    smallest = min(measured, key=lambda m: m["px"])
    assert smallest["px"] >= 14, f"at 480 px wide the smallest text is {smallest}"
    page.set_content(f'<img src="{image}" width="480" alt="">')
    expect(page.locator("img")).to_have_js_property("complete", True)
    page.locator("img").screenshot(path=str(SCREENSHOT_DIR / f"card-{shown.lang}-{len(shown.values)}-480.png"))

    again = page.request.get(image)
    assert again.status == 200 and again.body() == answer.body(), "the same picture again, from the cache"


def test_the_card_names_the_winner_at_the_verdict_step_only():
    sol = solve([1, 2, 3, 7])
    for step in range(sol.last_step + 1):
        words, _ = texts(preview.card_svg(cards.face(Link(step=step), sol)))
        verdict = "Bob wins" in " ".join(words)
        assert verdict == (step == sol.last_step), f"step {step}: {words}"
        assert ("Who wins?" in " ".join(words)) != verdict
