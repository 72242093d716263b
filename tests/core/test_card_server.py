"""The card in a real server (`streamlit run streamlit_app.py`, a port of its own): what `curl` of a link
gets (index.html with the link's <meta> tags, <html lang>, the app's <title> and icon), the same bytes
for a crawler's user agent as for a browser's, hostile links that put no markup in the page (the
answer is parsed), and the picture: a 1200 × 630 PNG of the link's step, another for another step, and
the same bytes whatever else the visitor puts in its query."""

import http.client
import io
from urllib.parse import quote, urlsplit

import pytest
from PIL import Image

from scripts.servers import StreamlitServer
from stonegame.i18n import t
from tests.core.test_card import metas, parsed

BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
CRAWLERS = (
    "facebookexternalhit/1.1",
    "Slackbot-LinkExpanding 1.0",
    "Twitterbot/1.0",
    "Discordbot/2.0",
    "LinkedInBot/1.0",
)


@pytest.fixture(scope="module")
def server():
    with StreamlitServer() as started:
        yield started


def get(server, target: str, agent: str = BROWSER, host: str | None = None, method: str = "GET"):
    """One request to the server: (status, headers, body)."""
    address = urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=90)
    headers = {"User-Agent": agent, **({"Host": host} if host else {})}
    connection.request(method, target, headers=headers)
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body


def page(server, target: str, **kwargs) -> str:
    status, headers, body = get(server, target, **kwargs)
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    return body.decode("utf-8")


def test_curl_of_a_link_shows_its_card(server):
    html = page(server, "/?values=1,2,3,7&step=5")
    tags, found = parsed(html), metas(html)
    assert found["og:title"] == found["twitter:title"] == "Stone Game III · [1,2,3,7] · step 5 of 9: who wins?"
    assert found["og:image"] == f"{server.url}/card.png?step=5" and found["og:url"] == f"{server.url}/?step=5"
    assert found["og:locale"] == "en_US" and found["twitter:card"] == "summary_large_image"
    assert tags.title == found["og:title"], "the app's words in <title>, not Streamlit's"
    assert ("link", {"rel": "icon", "type": "image/svg+xml", "href": "./icon.svg"}) in tags.tags


def test_a_chinese_link_at_the_verdict(server):
    html = page(server, "/trace?values=1,2,3,7&step=9&lang=zh")
    assert ("html", {"lang": "zh"}) in parsed(html).tags
    found = metas(html)
    assert found["og:title"].endswith("Bob 获胜") and found["og:locale"] == "zh_CN"
    assert found["og:url"] == f"{server.url}/trace?step=9&lang=zh"


def test_a_head_request_gets_the_headers_only(server):
    status, headers, body = get(server, "/?step=3", method="HEAD")
    assert status == 200 and body == b"" and headers["cache-control"] == "no-cache"


@pytest.mark.parametrize("agent", CRAWLERS)
def test_crawlers_get_the_same_html_as_people(server, agent):
    target = "/?values=4,-2,9&step=7"
    assert page(server, target, agent=agent) == page(server, target)


HOSTILE = [
    "values=%22%3E%3Cscript%3Ealert(1)%3C/script%3E",
    "values=1,2&step=%3C/title%3E%3Cscript%3Ealert(1)%3C/script%3E",
    "values=1,2,3&code=%27%22%26amp;%26",
    "values=1,2,3&lang=%22%3E%3Cscript%3E",
    "lang=xx",
    "values=%E2%80%AE1,2,3%E2%80%8F",
    "values=1%002,3",
    "values=" + quote(",".join(["7"] * 7_500)),  # a 15,000-character row
    "random=" + quote('"><script>'),
]


@pytest.mark.parametrize("query", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_link_puts_no_markup_in_the_page(server, query):
    plain = parsed(page(server, "/"))
    html = page(server, "/?" + query)
    tags = parsed(html)
    assert [tag for tag, _ in tags.tags] == [tag for tag, _ in plain.tags], "the same elements as any page"
    assert "<script>alert" not in html and "\u202e" not in html and "\x00" not in html
    found = metas(html)
    assert found["og:title"] == t("app_title", "en"), "a link that does not parse gets the general card"
    assert found["og:image"] == f"{server.url}/card.png" and len(html) < len(page(server, "/")) + 200


def test_a_forged_host_is_not_written_into_the_page(server):
    found = metas(page(server, "/?step=2", host='evil"><script>x</script>'))
    assert "evil" not in found["og:url"] and found["og:url"].endswith("/?step=2")


def test_robots_is_small_and_honest(server):
    status, headers, body = get(server, "/robots.txt")
    assert status == 200 and headers["content-type"].startswith("text/plain")
    assert b"User-agent: *" in body and b"Disallow: /_stcore/" in body and len(body) < 1024


def png(server, target: str) -> bytes:
    status, headers, body = get(server, target)
    assert status == 200 and headers["content-type"] == "image/png", body[:200]
    return body


def test_the_picture_is_a_1200_by_630_png_of_the_links_step(server):
    first, fifth = png(server, "/card.png"), png(server, "/card.png?step=5")
    for data in (first, fifth):
        picture = Image.open(io.BytesIO(data))
        assert picture.format == "PNG" and picture.size == (1200, 630)
    assert first != fifth, "step 0 and step 5 are different pictures"
    assert png(server, "/card.png?step=5&path=/etc/passwd&file=x.png&width=9000&height=9000") == fifth
    assert png(server, "/card.png?values=../../etc/passwd") == first, "a bad row: the general card's picture"
    assert png(server, "/card.png?step=5&lock=1") == first, "a locked link's picture shows step 0"
