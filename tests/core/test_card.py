"""A shared link's card (stonegame/card.py, ui/server/card.py without a server): its words, what it
never says (a winner before the verdict, or for a quiz or a locked link), how hostile text is cleaned
and escaped (checked by parsing the HTML), which requests are pages, and the picture's bounds."""

import html
from html.parser import HTMLParser
from typing import NamedTuple

import pytest
from starlette.applications import Starlette

from stonegame import card as cards
from stonegame.i18n import t
from stonegame.link import Link, read_link
from tests.loop import run_apart
from ui.server import card, renderer


def link(query: str) -> Link:
    """The Link a query string asks for."""
    return read_link(card.params_of({"query_string": query.encode()}))


class Tags(HTMLParser):
    """Every start tag of a document, with its attributes, and the text of its <title>."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.title, self._in_title = "", False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_title = tag == "title"

    def handle_endtag(self, tag):
        self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def parsed(html: str) -> Tags:
    tags = Tags()
    tags.feed(html)
    return tags


def metas(html: str) -> dict[str, str]:
    """The document's <meta> tags, by property or name -> content."""
    return {a.get("property") or a.get("name"): a.get("content") for tag, a in parsed(html).tags if tag == "meta"}


# --- the words -------------------------------------------------------------------------------------


def test_the_issues_example_title_asks_before_the_verdict():
    found = cards.card_for(link("values=1,2,3,7&step=5"), "row", winner="Bob")
    assert found.title == "Stone Game III · [1,2,3,7] · step 5 of 9: who wins?"
    assert "Bob" not in found.title + found.description, "step 5 is not the verdict: nothing is spoiled"
    assert "1 to 3 piles" in found.description and found.locale == "en_US"


@pytest.mark.parametrize(("lang", "says"), [("en", "Bob wins"), ("zh", "Bob 获胜")])
def test_the_verdict_names_the_winner_in_the_links_language(lang, says):
    found = cards.card_for(link(f"values=1,2,3,7&step=9&lang={lang}"), "row", winner="Bob")
    assert found.title.endswith(says) and found.description.endswith(says)
    assert found.lang == lang


def test_a_tie_is_called_a_tie():
    assert cards.card_for(link("values=1,2,3,6&step=9"), "row", winner="Tie").title.endswith("a tie")


def test_the_server_solves_the_verdict_and_only_there():
    assert card.winner_at(link("values=1,2,3,7&step=9")) == "Bob"
    assert card.winner_at(link("values=1,2,3,-9&step=9")) == "Alice"
    assert card.winner_at(link("values=1,2,3,7&step=8")) is None
    assert card.winner_at(link("values=1,2,3,7&step=9&lock=1")) is None


def test_a_locked_teachers_link_reveals_no_answer_even_at_the_verdict():
    found = cards.card_for(link("values=1,2,3,7&step=9&lock=1"), "row", winner="Bob")
    assert "Bob" not in found.title + found.description and found.title.endswith("who wins?")
    assert found.image_query == {"lock": "1"}, "its picture is the row at step 0, nothing filled"


def test_a_quiz_link_reveals_no_answer_and_no_step():
    found = cards.card_for(link("values=1,2,3,7&step=9"), "quiz", winner="Bob")
    assert "Bob" not in found.title + found.description and "9" not in found.title
    assert found.image_query["lock"] == "1" and "step" not in found.image_query


@pytest.mark.parametrize(
    "query", ["values=1,,x", "values=1,2&step=99", "lang=fr", "random=0", "k=9", "values=1&values=2"]
)
def test_a_link_that_does_not_parse_gets_the_general_card(query):
    found = cards.card_for(link(query), "row", winner="Bob")
    assert found == cards.general("en")
    assert found.title == t("app_title", "en") and found.image_query == {}


def test_a_long_row_is_shortened_and_counted():
    values = list(range(-9, 10)) * 300
    text = cards.row_text(values, "en")
    assert len(text) < 70 and text.endswith(f",…,{values[-1]}] ({len(values)} piles)")
    assert cards.row_text([1, 2, 3, 7], "zh") == "[1,2,3,7]"


# --- hostile text ------------------------------------------------------------------------------------

HOSTILE = [
    '"><script>alert(1)</script>',
    "</title><img src=x onerror=alert(1)>",
    "'\"&amp;&",
    "\u202egnp.exe",
    "a\x00b",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_clean_drops_controls_and_bidi_marks(text):
    out = cards.clean(text + "\u200f\u2066\x07\u2028")
    assert not any(c in out for c in "\x00\u202e\u200f\u2066\x07\u2028")


def test_clean_bounds_a_value():
    assert len(cards.clean("x" * 15_000)) == cards.MAX_CHARS and cards.clean("x" * 15_000).endswith("…")


@pytest.mark.parametrize("text", HOSTILE)
def test_meta_escapes_every_value_so_the_html_has_only_meta_tags(text):
    hostile = cards.Card(text, text, "en", {})
    html = cards.meta(hostile, "http://h/?" + text, "http://h/card.png?" + text)
    tags = parsed(html).tags
    assert {tag for tag, _ in tags} == {"meta"} and len(tags) == 15
    assert metas(html)["og:title"] == cards.clean(text), "the value reads back as the (cleaned) text"
    assert "<script" not in html and "<img" not in html


def test_the_page_html_gets_lang_title_icon_and_tags_without_markup_from_the_link():
    index = card.index_html()
    for marker in ('<html lang="en">', "<title>Streamlit</title>", '<link rel="shortcut icon"', card.CHARSET):
        assert marker in index, f"Streamlit's index.html changed: {marker} is gone"
    hostile = cards.Card('</title><script>x</script>"', "d", "zh", {})
    out = parsed(card.with_card(index, hostile, "http://h/", "http://h/card.png"))
    assert ("html", {"lang": "zh"}) in out.tags
    assert out.title == '</title><script>x</script>"'
    assert ("link", {"rel": "icon", "type": "image/svg+xml", "href": "./icon.svg"}) in out.tags
    assert [tag for tag, _ in out.tags].count("script") == [tag for tag, _ in parsed(index).tags].count("script")


def page_html(path: str, query: str = "") -> str:
    """The HTML a GET of `path?query` is answered with (card.page_bytes)."""
    scope = {"type": "http", "method": "GET", "path": path, "query_string": query.encode(), "headers": []}
    return card.page_bytes(scope, card.page_of(scope)).decode("utf-8")


@pytest.mark.parametrize(
    ("query", "lang", "sent"),
    [("", "en", None), ("lang=zh", "zh", "zh"), ("lang=en", "en", "en"), ("lang=%22%3E", "en", None)],
)
def test_slash_carries_a_join_box_inside_root_that_the_light_join_form_answers(query, lang, sent):
    """Issue 35, "typing the code on `/`": a phone's `/` shows a join box as soon as its HTML is in, long before
    Streamlit's bundle (seconds on a slow phone), inside #root (React empties it when the app draws). A plain
    GET form to the light join form: ?class=<the code>, and the link's language if it named one (else the form
    reads the browser's)."""
    out = page_html("/", query)
    root = out[out.index('<div id="root">') :]
    assert '<form id="quickjoin"' in root and root.index("</form>") < root.index("</div>\n  </body>")
    tags = parsed(root).tags
    form = next(a for tag, a in tags if tag == "form")
    assert (form["action"], form["method"]) == ("./join", "get")
    inputs = {a["name"]: a for tag, a in tags if tag == "input"}
    assert set(inputs) == ({"class", "lang"} if sent else {"class"})
    assert sent is None or inputs["lang"]["value"] == sent
    assert ("label", {"for": "quickjoin-code"}) in tags and inputs["class"]["id"] == "quickjoin-code"
    assert html.escape(t("class_quick_label", lang)) in root and t("class_join_button", lang) in root
    assert [tag for tag, _ in tags].count("script") == 0, "no script: Enter and Join are the form's"
    assert "@media (max-width: 640px)" in root, "a phone's only: a projector never sees it flash"


def test_no_other_page_carries_the_join_box():
    for path in ("/trace", "/quiz", "/no_such_page"):
        assert "quickjoin" not in page_html(path), path


# --- which requests are pages ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "method", "page"),
    [
        ("/", "GET", "row"),
        ("/trace", "HEAD", "row"),
        ("/quiz", "GET", "quiz"),
        ("/no_such_page", "GET", "general"),
        ("/favicon.png", "GET", None),
        ("/card.png", "GET", None),
        ("/_stcore/health", "GET", None),
        ("/static/js/index.js", "GET", None),
        ("/", "POST", None),
        ("/join", "GET", None),  # the class room's light join form (routes.SHORT), a route of its own
    ],
)
def test_page_requests(path, method, page):
    assert card.page_of({"type": "http", "path": path, "method": method}) == page


def test_a_websocket_is_never_a_page():
    assert card.page_of({"type": "websocket", "path": "/", "method": "GET"}) is None


@pytest.mark.parametrize(
    ("host", "forwarded", "base"),
    [
        ("class.example.org", "https", "https://class.example.org"),
        ("127.0.0.1:8501", "", "http://127.0.0.1:8501"),
        ('evil"><script>', "javascript", "http://10.0.0.1:8501"),
    ],
)
def test_base_url_reads_only_a_host_name_and_http_or_https(host, forwarded, base):
    headers = [(b"host", host.encode()), (b"x-forwarded-proto", forwarded.encode())]
    scope = {"headers": headers, "scheme": "http", "server": ("10.0.0.1", 8501)}
    assert card.base_url(scope) == base


def test_the_canonical_url_is_the_link_written_again_not_the_visitors_text():
    scope = {"path": "/", "query_string": b"values=1,2,3,7&step=5&x=%22%3E%3Cscript%3E", "headers": [(b"host", b"h")]}
    _, url, image = card.page_card(scope, "row")
    assert url == "http://h/?step=5" and image == "http://h/card.png?step=5"


# --- the picture ---------------------------------------------------------------------------------------


def test_the_picture_reads_only_a_parsed_link():
    plain = card.picture_key(card.picture_link(card.params_of({"query_string": b"values=4,5&step=2"})))
    extra = b"values=4,5&step=2&path=../../etc/passwd&file=x.png&width=99999&height=9&scale=40"
    assert card.picture_key(card.picture_link(card.params_of({"query_string": extra}))) == plain
    assert card.picture_link(card.params_of({"query_string": b"values=../etc"})) == Link()
    assert card.picture_link(card.params_of({"query_string": b"values=4,5&step=5&lock=1"})).step == 0


def test_a_java_links_picture_is_the_python_ones():
    java = card.picture_key(card.picture_link(card.params_of({"query_string": b"values=4,5&step=2&code=java"})))
    assert java == card.picture_key(card.picture_link(card.params_of({"query_string": b"values=4,5&step=2"})))


def test_the_picture_has_the_export_pngs_limits():
    assert renderer.LIMITS.get("card", renderer.DEFAULT_LIMIT) == renderer.LIMITS["png"]


def test_a_clients_bucket_runs_dry_and_fills_again():
    buckets = card.Buckets(rate=6.0, burst=2)
    assert [buckets.take("a", now=0.0) for _ in range(3)] == [True, True, False]
    assert buckets.take("b", now=0.0), "another client has its own"
    assert buckets.take("a", now=10.0) and not buckets.take("a", now=10.0), "one token grows in 10 s"


class FakeService:
    """A render service whose cache holds one picture."""

    def __init__(self, key):
        self.key, self.asked = key, 0

    def status(self, key):
        return renderer.Done(b"\x89PNG made", cached=True) if key == self.key else None

    def request(self, *args, **kwargs):
        self.asked += 1
        return renderer.Busy("queue")


class Answer(NamedTuple):
    status_code: int
    headers: dict[str, str]
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode()


class Client:
    """Calls an ASGI app with one GET and collects its answer (starlette's TestClient needs httpx)."""

    def __init__(self, app):
        self.app = app

    def get(self, target: str) -> Answer:
        path, _, query = target.partition("?")
        scope = {"type": "http", "method": "GET", "path": path, "query_string": query.encode(), "headers": []}
        scope |= {"client": ("203.0.113.9", 5000), "server": ("h", 80), "scheme": "http", "root_path": ""}
        sent = []

        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            sent.append(message)

        run_apart(self.app(scope, receive, send))
        start = sent[0]
        headers = {k.decode(): v.decode() for k, v in start["headers"]}
        return Answer(start["status"], headers, b"".join(m.get("body", b"") for m in sent[1:]))


@pytest.fixture
def client(monkeypatch):
    made = card.picture_key(card.picture_link(card.params_of({"query_string": b"step=3"})))
    service = FakeService(made)
    monkeypatch.setattr(renderer, "service", lambda: service)
    monkeypatch.setattr(card, "BUCKETS", card.Buckets(rate=0.0, burst=1))
    return Client(Starlette(routes=card.ROUTES)), service


def test_a_made_picture_is_sent_from_the_cache_whatever_the_allowance(client):
    test_client, _ = client
    for _ in range(3):
        answer = test_client.get("/card.png?step=3")
        assert answer.status_code == 200 and answer.content == b"\x89PNG made"
        assert answer.headers["content-type"] == "image/png"


def test_a_new_picture_past_the_allowance_or_with_a_full_queue_is_429(client):
    test_client, service = client
    first = test_client.get("/card.png?step=4")
    assert first.status_code == 429 and service.asked == 1, "the queue was full"
    second = test_client.get("/card.png?step=5")
    assert second.status_code == 429 and service.asked == 1, "the bucket was empty: not even asked"
    assert second.headers["retry-after"] == card.RETRY_AFTER


def test_robots_and_the_icon(client):
    test_client, _ = client
    robots = test_client.get("/robots.txt")
    assert robots.status_code == 200 and "User-agent: *" in robots.text and "Disallow: /_stcore/" in robots.text
    icon = test_client.get("/icon.svg")
    assert icon.headers["content-type"].startswith("image/svg+xml") and "🪨" in icon.text


def test_the_embed_snippet_opens_the_row_at_its_step_in_embed_mode():
    snippet = cards.iframe("https://class.example.org", Link([4, 5, 6], step=3, lang="zh"), 'a"b')
    tag, attrs = parsed(snippet).tags[0]
    assert tag == "iframe" and attrs["title"] == 'a"b'
    assert attrs["src"] == (
        "https://class.example.org/?values=4,5,6&step=3&lang=zh&present=1&embed=true&embed_options=light_theme"
    )
