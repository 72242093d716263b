"""A shared link as it unfurls: every page request gets Streamlit's index.html with the link's card in
it (stonegame/card.py: Open Graph and Twitter <meta> tags, <html lang>, the app's own <title> and icon),
and the card's picture, /robots.txt and the icon have routes of their own (ROUTES, in streamlit_app.py).

Why here. Streamlit's index.html says "Streamlit" with Streamlit's icon; st.set_page_config changes
that only once a page's script has run in a browser, so a crawler, a chat's link preview or an early
bookmark never sees the app's name. The edge (ui/server/edge.py) hands page requests to `answer_page`.

Vocabulary:
    page      a GET or HEAD of "/" or "/<page>" (one path segment of letters, digits, _ and -): what
              Streamlit answers with index.html; which card it gets comes from ui/nav.py's PAGES
    picture   GET /card.png?<link>: the link's card, 1200 × 630 (stonegame.card.face: the app's name, the
              row, the step, the question or verdict and the step's cells; stonegame.teach.preview draws
              it), made by the render service (ui/server/renderer.py: its queue, its CPU and wall limits,
              its cache, under RenderKey kind "card"). The query is read as a link (stonegame.link);
              nothing else of the request (no path, file name or size) reaches the maker
    client    who asks for pictures: the peer's address (behind nginx, nginx's: then all visitors share
              one allowance, which still bounds the server's work)

Bounds, so that previews never starve the classes: a picture already made is sent from the cache; a
new one needs a token from its client's bucket (RATE per minute, BURST at once) and one of CARD_JOBS
places (pictures being made for cards at once, of the render queue's 8 shared with the Export page);
the render service then takes one job per client at a time (its per-session rule). Otherwise: 429 with
Retry-After. Nothing depends on the user agent: crawlers and people get the same bytes.
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import re
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from stonegame import card as cards
from stonegame.i18n import t
from stonegame.link import Link, read_link, write_link
from stonegame.memo import Memo, Policy
from stonegame.parse import format_values
from stonegame.teach import preview
from stonegame.terms import Winner
from ui import cache, nav
from ui.server import renderer
from ui.server.rooms.routes import SHORT
from ui.server.static import index_html

PAGE_PATH = re.compile(r"/[A-Za-z0-9_-]{0,64}")  # "/" or one path segment: never a file (no dot)
PAGES: dict[str, cards.Page] = {
    ("/" if file == "explainer.py" else "/" + Path(file).stem): "quiz" if file == "pages/quiz.py" else "row"
    for file, _, _ in nav.PAGES
}
HOST = re.compile(r"(?:[A-Za-z0-9-]{1,63}\.)*[A-Za-z0-9-]{1,63}(?::\d{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](?::\d{1,5})?")
PICTURE = "/card.png"
ICON = "/icon.svg"
CHARSET = '<meta charset="UTF-8" />'  # index.html's first tag in <head>; the card's tags go after it
RATE = 6.0  # new pictures a client may ask for per minute ...
BURST = 3  # ... and at once, after a quiet while
CARD_JOBS = 2  # pictures being made for cards at once (the render queue holds 8, shared with the Export page)
MAX_CLIENTS = 4096  # clients remembered by the rate limit, at most (the least recently seen are forgotten)
RETRY_AFTER = "30"  # seconds, in a 429 or 503
VERDICT_MAX_PILES = 5000  # a card names the winner of a row up to this long (solved for it); longer rows ask
ROBOTS = """# Stone Game III, explained: a teaching app. Every page is for people, and for link previews.
# Pages and /card.png (a link's preview picture) may be fetched; the rest is the app's own machinery:
# its websocket and health check, and per-session downloads that expire.
User-agent: *
Allow: /
Disallow: /_stcore/
Disallow: /media/
Disallow: /component/
"""
ICON_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
    '<text x="50" y="82" font-size="84" text-anchor="middle">🪨</text></svg>'
)

# --- the page -------------------------------------------------------------------------------------


def page_of(scope: Scope) -> cards.Page | None:
    """Which card a request gets if it is a page request (a GET or HEAD of PAGE_PATH): its page's
    (PAGES), or the general card for a path no page has; None for any other request."""
    path = scope.get("path", "")
    if scope.get("type") != "http" or scope.get("method") not in ("GET", "HEAD") or not PAGE_PATH.fullmatch(path):
        return None
    if path == SHORT:  # the class room's light join form, a route of its own
        return None
    return PAGES.get(path, "general")


def params_of(scope: Scope) -> dict[str, list[str]]:
    """The request's query parameters, each a list of its values (undecodable bytes replaced)."""
    query = scope.get("query_string", b"").decode("utf-8", errors="replace")
    return parse_qs(query, keep_blank_values=True)


def base_url(scope: Scope) -> str:
    """The address the visitor used, scheme and host: X-Forwarded-Proto if http or https (nginx sets
    it), and the Host header if it is a host name or address (else the server's own address)."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}
    forwarded = headers.get("x-forwarded-proto", "").lower()
    scheme = forwarded if forwarded in ("http", "https") else scope.get("scheme", "http")
    host = headers.get("host", "")
    if not HOST.fullmatch(host):
        server = scope.get("server") or ("localhost", None)
        host = server[0] if server[1] is None else f"{server[0]}:{server[1]}"
    return f"{scheme}://{host}"


def winner_at(link: Link) -> Winner | None:
    """Who wins the link's row, if the card may say so: the link opens at the verdict, is not locked,
    and its row is at most VERDICT_MAX_PILES long (solved here; a longer one keeps its question)."""
    if link.lock or link.problems or not cards.is_verdict(link) or len(link.values) > VERDICT_MAX_PILES:
        return None
    return cache.solution(link.values, link.max_take).winner


def page_card(scope: Scope, page: cards.Page) -> tuple[cards.Card, str, str]:
    """The page's card, its canonical address (the link written again, never the visitor's text) and
    its picture's address."""
    link = read_link(params_of(scope))
    found = cards.card_for(link, page, winner_at(link) if page == "row" else None)
    base = base_url(scope)
    own = {} if link.problems or not cards.carried(link) or page == "general" else write_link(link)
    url = base + (scope["path"] if page != "general" else "/") + ("?" + urlencode(own) if own else "")
    image = base + PICTURE + ("?" + urlencode(found.image_query) if found.image_query else "")
    return found, url, image


def with_card(index: str, card: cards.Card, url: str, image: str) -> str:
    """index.html with <html lang> the card's, the app's name as its <title>, the app's icon, and the
    card's <meta> tags first in <head>, after its charset (where a crawler that reads only the start
    finds them, and the charset stays within the first 1024 bytes)."""
    out = re.sub(r"<html lang=\"[^\"]*\">", f'<html lang="{card.lang}">', index, count=1)
    out = re.sub(r"<title>.*?</title>", f"<title>{cards.attribute(card.title)}</title>", out, count=1, flags=re.S)
    out = re.sub(r"<link rel=\"shortcut icon\"[^>]*>", f'<link rel="icon" type="image/svg+xml" href=".{ICON}" />', out)
    anchor = CHARSET if CHARSET in out else "<head>"
    return out.replace(anchor, anchor + "\n" + cards.meta(card, url, image), 1)


ROOT = '<div id="root"></div>'  # where Streamlit's app is drawn: React empties it when the app first draws
# The join box on a phone's `/` (quick_join): shown inside #root, so it is there as soon as the HTML is, and gone
# when React draws the app (on a throttled phone the app's bundle takes many seconds; `/join` takes the code at
# once). Never on a wide screen, and only after 0.25 s, so a phone whose app draws within a moment never sees it
# flash (nor a projector).
QUICK_STYLE = """#quickjoin { display: none; }
@keyframes quickjoin-shown { to { visibility: visible; } }
@media (max-width: 640px) {
  #quickjoin { display: block; visibility: hidden; animation: quickjoin-shown 0s linear 0.25s forwards;
    margin: 0.75rem; padding: 0.6rem 0.8rem; border: 2px solid #1a5fb4;
    border-radius: 0.6rem; background: #f6f8fa; color: #1f2328;
    font: 1rem/1.4 "Source Sans", "Source Sans Pro", system-ui, sans-serif; }
  #quickjoin label { display: block; font-weight: 600; margin: 0 0 0.4rem; }
  #quickjoin .row { display: flex; gap: 0.5rem; }
  #quickjoin input { flex: 1 1 8rem; min-width: 0; min-height: 48px; padding: 0 0.6rem; font: 700 1.4rem/1 ui-monospace,
    monospace; letter-spacing: 0.15rem; text-transform: uppercase; border: 2px solid #767676; border-radius: 0.5rem; }
  #quickjoin input::placeholder { text-transform: none; letter-spacing: normal; font-weight: 400; }
  #quickjoin button { min-height: 48px; min-width: 48px; padding: 0 1rem; font: inherit; font-weight: 600;
    color: #fff; background: #1a5fb4; border: 2px solid #1a5fb4; border-radius: 0.5rem; }
  #quickjoin p { margin: 0.4rem 0 0; color: #57606a; }
}"""


def quick_join(lang: str, named: bool) -> str:
    """The join box in `/`'s HTML, in `lang`: a plain form (no script) asking the light join form at SHORT with
    ?class=<the code> (and &lang= if the link `named` one; else the form takes the browser's language), which
    answers with the class's light student page; shown on a phone only, until the app draws (QUICK_STYLE)."""
    esc = html.escape
    chosen = f'<input type="hidden" name="lang" value="{esc(lang)}">' if named else ""
    return (
        f'<style>{QUICK_STYLE}</style><form id="quickjoin" action=".{SHORT}" method="get" data-testid="quick-join">'
        f'<label for="quickjoin-code">{esc(t("class_quick_label", lang))}</label><div class="row">'
        f'<input id="quickjoin-code" name="class" maxlength="16" autocomplete="off" autocapitalize="characters" '
        f'spellcheck="false" enterkeyhint="go" placeholder="{esc(t("class_join_placeholder", lang))}">'
        f'{chosen}<button type="submit">{esc(t("class_join_button", lang))}</button></div>'
        f"<p>{esc(t('class_quick_loading', lang))}</p></form>"
    )


def page_bytes(scope: Scope, page: cards.Page) -> bytes:
    """The page's HTML: index.html with the card of this request's link; `/`'s with the join box in #root."""
    card, url, image = page_card(scope, page)
    out = with_card(index_html(), card, url, image)
    if scope.get("path") == "/":
        named = params_of(scope).get("lang", [""])[0] == card.lang  # a language the link names, read as one
        out = out.replace(ROOT, ROOT[:-6] + quick_join(card.lang, named) + "</div>", 1)
    return out.encode("utf-8")


async def answer_page(scope: Scope, receive: Receive, send: Send, page: cards.Page) -> None:
    """Answer a page request with page_bytes (made in a thread: a verdict's row is solved), never
    cached (as Streamlit sends index.html); a HEAD gets the headers only."""
    body = await asyncio.to_thread(page_bytes, scope, page)
    headers = [
        (b"content-type", b"text/html; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-cache"),
    ]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body if scope["method"] == "GET" else b""})


# --- the picture ----------------------------------------------------------------------------------


class Buckets:
    """A token bucket per client: `rate` tokens a minute, at most `burst` held; thread-safe, bounded to
    `most` clients (the least recently seen forgotten, who then start full)."""

    def __init__(self, rate: float = RATE, burst: int = BURST, most: int = MAX_CLIENTS) -> None:
        self.rate, self.burst = rate / 60.0, burst
        self._held: Memo[str, tuple[float, float]] = Memo(Policy(max_entries=most), "card clients")
        self._lock = threading.Lock()  # a take reads and writes one client's bucket: one at a time

    def take(self, client: str, now: float | None = None) -> bool:
        """Take a token for the client if it has one (the tokens grown since its last ask added)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, then = self._held.get(client) or (float(self.burst), now)
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            self._held.put(client, (tokens - 1 if tokens >= 1 else tokens, now))
            return tokens >= 1


BUCKETS = Buckets()
_MAKING = threading.BoundedSemaphore(CARD_JOBS)


def picture_link(params: dict[str, list[str]]) -> Link:
    """The link a picture shows: the query read as a link; one with any problem, or a row too long for
    a link, is the default row's (the general card's picture); a locked one at step 0."""
    link = read_link(params)
    if link.problems or not cards.carried(link):
        return Link()
    return Link(link.values, link.random, 0 if link.lock else link.step, link.lang, link.code, link.max_take, link.form)


def picture_key(link: Link) -> renderer.RenderKey:
    """What the link's picture depends on: the row's digest, the step, language, k, formulation (not the
    listing, which the card does not show: a Java link's picture is the Python one's, made once)."""
    row = hashlib.blake2b(format_values(link.values).encode(), digest_size=16).hexdigest()
    return renderer.RenderKey(row, link.step, link.lang, "", link.max_take, link.form, "card")


def picture_job(link: Link) -> tuple[Any, ...]:
    """The maker's arguments for the link's picture: its face (the row solved, a window of its cells)."""
    return (cards.face(link, cache.solution(link.values, link.max_take)),)


def _made(key: renderer.RenderKey, link: Link, client: str) -> renderer.Result | None:
    """The picture made by the render service for this client (one of CARD_JOBS places held while its
    face is built and it is drawn), waited for; None if no place is free."""
    if not _MAKING.acquire(blocking=False):
        return None
    try:
        service = renderer.service()
        first = service.request("card:" + client, key, preview.card_png, *picture_job(link), most=1)  # one per client
        if not isinstance(first, renderer.Pending):
            return first
        return service.wait(key, renderer.LIMITS["png"].wall + 5.0)
    finally:
        _MAKING.release()


def _png(data: bytes) -> Response:
    """The picture, which may be cached for an hour (its address names everything it shows)."""
    return Response(data, media_type="image/png", headers={"cache-control": "public, max-age=3600"})


def _refused(status: int) -> Response:
    """No picture now: 429 (too many asked for) or 503 (it could not be made), with Retry-After."""
    return PlainTextResponse(f"{status}", status_code=status, headers={"retry-after": RETRY_AFTER})


async def picture(request: Request) -> Response:
    """GET /card.png?<link>: the link's picture from the cache, else made if the client's allowance and a
    place allow (429 if not; 503 if it could not be made)."""
    link = picture_link(params_of(request.scope))
    key = picture_key(link)
    known = renderer.service().status(key)
    if isinstance(known, renderer.Done):
        return _png(known.data)
    client = request.client.host if request.client else "unknown"
    if not BUCKETS.take(client):
        return _refused(429)
    result = await asyncio.to_thread(_made, key, link, client)
    if result is None or isinstance(result, renderer.Busy):
        return _refused(429)
    return _png(result.data) if isinstance(result, renderer.Done) else _refused(503)


async def robots(_: Request) -> Response:
    """GET /robots.txt: ROBOTS."""
    return PlainTextResponse(ROBOTS)


async def icon(_: Request) -> Response:
    """GET /icon.svg: the app's icon (its rock, as st.set_page_config names it) for the HTML's <link>."""
    return Response(ICON_SVG, media_type="image/svg+xml", headers={"cache-control": "public, max-age=86400"})


ROUTES = [
    Route(PICTURE, picture, methods=["GET"]),
    Route("/robots.txt", robots, methods=["GET"]),
    Route(ICON, icon, methods=["GET"]),
]
