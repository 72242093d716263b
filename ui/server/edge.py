"""The app's edge: an ASGI middleware in front of Streamlit (streamlit_app.py puts it there) that reads
every message a browser sends on the websocket before Streamlit does, and sends Streamlit's own
JavaScript and CSS compressed. Why each check exists, and how it is tested: docs/security.md.

Vocabulary:
    message   one binary websocket frame from the browser: a BackMsg (Streamlit's protobuf)
    widget    one WidgetState in a `rerun_script` message: the widget's id and at most one value field
    key       the key the widget was drawn with, the end of its id (`$$ID-<hash>-<key>`); its kind
              comes from ui/state.py WIDGETS
    fits      a widget's value is of its kind and well formed (KINDS below), or it has no value at all
              (what the browser sends for a cleared input; Streamlit reads it as the widget's default)

`checked` drops a message that does not parse, has no type or is REFUSED, and drops from a
`rerun_script` every widget that does not fit; Streamlit then keeps that widget's last value and runs
no callback for it. `CompressedAssets` gzips Streamlit's hashed files once per process (a file too small
to be worth it is kept as it is), and answers them from memory.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import math
import mimetypes
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from google.protobuf.message import DecodeError
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from streamlit.web.server.starlette.starlette_server_config import STATIC_ASSET_CACHE_MAX_AGE_SECONDS

from ui.server import card
from ui.server.static import static_dir
from ui.state import WIDGETS, WidgetKind

LOG = logging.getLogger(__name__)

STREAM = "/_stcore/stream"  # Streamlit's websocket
REFUSED = frozenset(
    {"clear_cache", "set_run_on_save", "load_git_info", "debug_disconnect_websocket", "debug_shutdown_runtime"}
)
ID_PREFIXES = frozenset({"$$ID", "$$STREAMLIT_INTERNAL_KEY_$$ID"})  # a widget's id; a component's trigger's
INT64 = 2**63 - 1
JSON_MAX_CHARS = 65_536  # a JSON value longer than this is dropped unread (the browser's are under 100 bytes)
SLIDER_MAX_VALUES = 2  # a slider sends one value, a range slider two

# --- widgets ------------------------------------------------------------------------------------


def _slider(values: Sequence[float]) -> bool:
    """Whether a slider's values are one or two finite numbers (checked in the event loop, so never a
    long list)."""
    return 0 < len(values) <= SLIDER_MAX_VALUES and all(math.isfinite(v) for v in values)


def _whole_number_input(value: float) -> bool:
    """Whether a number input of whole numbers reads `value` without failing: finite, within int64."""
    return math.isfinite(value) and -INT64 <= value <= INT64


def _parses(text: str) -> bool:
    """Whether `text` is JSON of at most JSON_MAX_CHARS characters (parsed in the event loop, where 2 MB
    would hold up every session for ~60 ms)."""
    if len(text) > JSON_MAX_CHARS:
        return False
    try:
        json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested too deep for Python's parser
        return False
    return True


def _selection(text: str) -> bool:
    """Whether `text` is a chart's selection state as Streamlit reads it: a JSON object (of at most
    JSON_MAX_CHARS characters) whose "selection", if it has one, is an object."""
    if len(text) > JSON_MAX_CHARS:
        return False
    try:
        state = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(state, dict) and isinstance(state.get("selection", {}), dict)


# Each kind: the WidgetState fields its widgets' browser side fills, and what such a value must be.
# Streamlit 1.67: a number input of whole numbers sends int_value, of decimals double_value; a slider
# double_array_value; a select slider, pills and segmented control string_array_value; a radio,
# selectbox and text area string_value; a chart's selection string_value holding JSON; a component
# json_value, its events json_trigger_value.
KINDS: dict[WidgetKind, dict[str, Callable[[object], bool]]] = {
    "button": {"trigger_value": lambda _: True},
    "toggle": {"bool_value": lambda _: True},
    "text": {"string_value": lambda _: True},
    "number": {"int_value": lambda _: True, "double_value": _whole_number_input},
    "slider": {"double_array_value": lambda v: _slider(v.data)},
    "options": {"string_array_value": lambda _: True},
    "selection": {"string_value": _selection},
    "component": {"json_value": _parses},
    "events": {"json_trigger_value": _parses},
}


FIELDS = {"q": r"\d+", "k": r"\d+", "label": ".+"}  # what a template's field may be: a number, any label, else a word


def key_pattern(template: str) -> re.Pattern[str]:
    """A key template ("quiz_take_{q}") as a pattern matching every key it formats to."""
    parts = re.split(r"\{(\w+)\}", template)  # literal, field, literal, field, ..., literal
    return re.compile("".join(re.escape(p) if i % 2 == 0 else FIELDS.get(p, r"\w+") for i, p in enumerate(parts)))


EXACT = {key: kind for key, kind in WIDGETS.items() if "{" not in key}
TEMPLATES = [(key_pattern(key), kind) for key, kind in WIDGETS.items() if "{" in key]


def widget_key(widget_id: str) -> str | None:
    """The key of the widget with this id (`$$ID-<hash>-<key>`; a component's event trigger is
    `$$STREAMLIT_INTERNAL_KEY_$$ID-<hash>-<key>__events`); None for any other id, or a widget drawn
    without a key."""
    prefix, _, rest = widget_id.partition("-")
    _, _, key = rest.partition("-")
    return key if prefix in ID_PREFIXES and key and key != "None" else None


def kind_of(key: str | None) -> WidgetKind | None:
    """The kind of the widget drawn with this key (ui/state.py WIDGETS), None if no widget has it."""
    if key is None:
        return None
    if key in EXACT:
        return EXACT[key]
    return next((kind for pattern, kind in TEMPLATES if pattern.fullmatch(key)), None)


def fits(widget: WidgetState) -> bool:
    """Whether the widget's value is one its kind's deserialiser reads without failing: no value at
    all, or one in a field of the kind that passes the kind's check. An unknown widget never fits."""
    kind = kind_of(widget_key(widget.id))
    field = widget.WhichOneof("value")
    if kind is None or field is None:
        return kind is not None
    check = KINDS[kind].get(field)
    return check is not None and check(getattr(widget, field))


# --- messages -------------------------------------------------------------------------------------


def checked(data: bytes) -> bytes | None:
    """What to forward for this websocket message: None to drop it (not a BackMsg, no type, or
    REFUSED), `data` itself if it holds nothing to drop, else the message again without the widgets
    of its `rerun_script` that do not fit."""
    msg = BackMsg()
    try:
        msg.ParseFromString(data)
    except (DecodeError, ValueError, RecursionError):
        return None
    kind = msg.WhichOneof("type")
    if kind is None or kind in REFUSED:
        return None
    if kind != "rerun_script":
        return data
    states = msg.rerun_script.widget_states
    kept = [widget for widget in states.widgets if fits(widget)]
    if len(kept) == len(states.widgets):
        return data
    states.CopyFrom(WidgetStates(widgets=kept))
    return msg.SerializeToString()


def _forwarded(data: bytes | None) -> bytes | None:
    """checked(data), for a binary frame; None for a text frame (no BackMsg) or if checking failed
    (logged: the frame is dropped rather than the error raised into the server)."""
    if data is None:
        return None
    try:
        return checked(data)
    except Exception:
        LOG.exception("A websocket message could not be checked; dropped.")
        return None


def _checking(receive: Receive) -> Receive:
    """`receive` for Streamlit's websocket, with each browser message replaced by _forwarded's
    answer, or left out if that is None (the next one is read instead)."""

    async def checked_receive() -> Message:
        while True:
            message = await receive()
            if message["type"] != "websocket.receive":
                return message
            forward = _forwarded(message.get("bytes"))
            if forward is not None:
                return {**message, "bytes": forward, "text": None}
            LOG.debug("dropped a websocket message")

    return checked_receive


# --- Streamlit's bundle, compressed --------------------------------------------------------------

COMPRESSED = (".js", ".mjs", ".css", ".json", ".map", ".svg", ".html")  # files worth compressing
GZIP_MIN_BYTES = 1024  # smaller files are sent as they are (from memory too: a first visit asks for ~20 of them)
GZIP_LEVEL = 9  # compressed once per process, so the smallest answer is worth the time
GZIP_BUDGET = 32 * 2**20  # bytes of compressed files kept in memory in all; past it, files go plain
CACHE_CONTROL = f"public, immutable, max-age={STATIC_ASSET_CACHE_MAX_AGE_SECONDS}"  # as Streamlit sends them
VARY = (b"vary", b"Accept-Encoding")


def bundle_files(root: Path) -> dict[str, Path]:
    """The files of Streamlit's bundle answered from memory, by the path Streamlit serves each at
    (/static/js/index.<hash>.js ...): under root/static, of a COMPRESSED type."""
    return {
        "/" + path.relative_to(root).as_posix(): path
        for path in sorted((root / "static").rglob("*"))
        if path.suffix in COMPRESSED and path.is_file()
    }


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header accepts gzip (named, or `*`, without q=0)."""
    for part in accept_encoding.lower().split(","):
        name, _, params = part.partition(";")
        quality = re.search(r"q\s*=\s*([^;\s]*)", params)
        if name.strip() in ("gzip", "*") and (quality is None or _positive(quality.group(1))):
            return True
    return False


def _positive(number: str) -> bool:
    """Whether a q-value is above zero (a malformed one counts as zero)."""
    try:
        return float(number) > 0
    except ValueError:
        return False


def _headers(scope: Scope) -> dict[bytes, bytes]:
    """The request's headers by lower-case name (the last of repeated ones)."""
    return dict(scope.get("headers") or [])


def wants_gzip(scope: Scope, files: dict[str, Path]) -> bool:
    """Whether the request is a plain GET of one of the bundle `files` from a client that accepts gzip:
    no Range, no conditional header (Streamlit answers those itself: a part, or 304)."""
    headers = _headers(scope)
    return (
        scope.get("method") == "GET"
        and scope.get("path") in files
        and accepts_gzip(headers.get(b"accept-encoding", b"").decode("latin-1"))
        and not {b"range", b"if-none-match", b"if-modified-since", b"if-range"} & headers.keys()
    )


def content_type(path: Path) -> str:
    """The Content-Type Streamlit (Starlette's FileResponse) sends for the file."""
    media = mimetypes.guess_type(path.name)[0] or "text/plain"
    return media + "; charset=utf-8" if media.startswith("text/") else media


def _kept(path: Path) -> tuple[bytes, bool]:
    """What is kept of a file: its bytes gzipped (no time stamp: the same bytes on every start) and True,
    or, under GZIP_MIN_BYTES, its bytes as they are and False."""
    plain = path.read_bytes()
    return (plain, False) if len(plain) < GZIP_MIN_BYTES else (gzip.compress(plain, GZIP_LEVEL, mtime=0), True)


class CompressedAssets:
    """Streamlit's bundle files (bundle_files), each read (and gzipped, unless too small) on its first
    request in a worker thread, once per process, and kept while the total stays within GZIP_BUDGET
    (past it, or if a file cannot be read, the file is sent plain by Streamlit)."""

    def __init__(self, root: Path, budget: int = GZIP_BUDGET) -> None:
        self.files = bundle_files(root)
        self.budget = budget
        self.kept = 0
        self._made: dict[str, asyncio.Future[tuple[bytes, bool] | None]] = {}

    async def kept_bytes(self, path: str) -> tuple[bytes, bool] | None:
        """The file at this URL path as kept (made now if it is the first request): its bytes and whether
        they are gzipped; None to let Streamlit send it."""
        if path not in self._made:
            self._made[path] = asyncio.ensure_future(self._make(path))
        return await asyncio.shield(self._made[path])

    async def _make(self, path: str) -> tuple[bytes, bool] | None:
        """The file as kept (_kept), counted against the budget; None if it does not fit or cannot be read
        (logged, never raised: the request then gets Streamlit's own answer)."""
        try:
            body, packed = await asyncio.to_thread(_kept, self.files[path])
        except Exception:
            LOG.exception("%s cannot be compressed; sent as it is.", path)
            return None
        if self.kept + len(body) > self.budget:
            return None
        self.kept += len(body)
        return body, packed

    async def answer(self, scope: Scope, receive: Receive, send: Send, app: ASGIApp) -> None:
        """Answer a request of wants_gzip with the file from memory (gzipped unless it is too small), or
        (past the budget) let `app` answer."""
        path = scope["path"]
        made = await self.kept_bytes(path)
        if made is None:
            await app(scope, receive, _varied(send))
            return
        body, packed = made
        headers = [
            (b"content-type", content_type(self.files[path]).encode()),
            *([(b"content-encoding", b"gzip")] if packed else []),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", CACHE_CONTROL.encode()),
            VARY,
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _varied(send: Send) -> Send:
    """`send` with Vary: Accept-Encoding added to the response (a file that has a gzipped answer too)."""

    async def varied_send(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), VARY]}
        await send(message)

    return varied_send


# --- the middleware -------------------------------------------------------------------------------


class Edge:
    """ASGI middleware: Streamlit's websocket with every message checked (`checked`), a page request
    answered with index.html and the link's card (ui/server/card.py), Streamlit's bundle gzipped from
    memory for a client that accepts it (`CompressedAssets`), everything else passed through."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.bundle = CompressedAssets(static_dir())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope.get("path", "").endswith(STREAM):
            await self.app(scope, _checking(receive), send)
        elif (page := card.page_of(scope)) is not None:  # index.html with the link's card (ui/server/card.py)
            await card.answer_page(scope, receive, send, page)
        elif scope["type"] == "http" and wants_gzip(scope, self.bundle.files):
            await self.bundle.answer(scope, receive, send, self.app)
        elif scope["type"] == "http" and scope.get("path") in self.bundle.files:
            await self.app(scope, receive, _varied(send))
        else:
            await self.app(scope, receive, send)
