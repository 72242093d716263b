"""The edge in a real server (`streamlit run streamlit_app.py`, on a port of its own): the messages only
Streamlit's developer menu and debug tools send are refused and answered with nothing, a frame that is
no BackMsg does not close the connection, and Streamlit's hashed JavaScript and CSS (those of 1 KB or
more) come gzipped to a browser that accepts it, the same bytes once unpacked.

Against a server without the edge (`streamlit run explainer.py`) the message test fails: Streamlit
obeys set_run_on_save (and says so), logs a warning for each debug message, and closes the connection
on a frame it cannot parse. (It answers load_git_info only in a clone with a remote, after running git
in its event loop: not seen here; tests/core/test_edge.py checks the message is refused.)"""

import gzip
import http.client
import re
from urllib.parse import urlsplit

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from scripts.client import ASSET, Stats
from scripts.hostile import HostileTab
from scripts.meter import Server
from tests.loop import run_apart
from ui.server import edge


@pytest.fixture(scope="module")
def server():
    started = Server()
    yield started
    started.stop()


class Answers:
    """A tab's websocket, noting the type of every ForwardMsg the server sends on it."""

    def __init__(self, ws):
        self._ws, self.kinds, self.run_on_save = ws, [], []

    def __getattr__(self, name):
        return getattr(self._ws, name)

    async def recv(self):
        raw = await self._ws.recv()
        msg = ForwardMsg()
        msg.ParseFromString(raw)
        self.kinds.append(msg.WhichOneof("type"))
        if self.kinds[-1] == "session_status_changed":
            self.run_on_save.append(msg.session_status_changed.run_on_save)
        return raw


async def after_the_developer_menu(base):
    """Open the app, send every message of the developer menu and debug tools, a frame that is no
    BackMsg and a text frame, then run the page: what the server sent from the first of them on."""
    tab = HostileTab(base, Stats())
    try:
        await tab.open("values=1,2,3")
        tab.ws = answers = Answers(tab.ws)
        for kind in ("set_run_on_save", "load_git_info", "debug_disconnect_websocket", "debug_shutdown_runtime"):
            msg = BackMsg()
            setattr(msg, kind, True)
            await tab.send(msg)
        await tab.ws.send(b"\xff\xff\xff")
        await tab.ws.send("not a protobuf")
        await tab.rerun("after")  # the connection is still open, and the run answers in order
        return answers
    finally:
        await tab.close()


def test_the_developer_menus_messages_get_no_answer_and_the_connection_stays_open(server):
    answers = run_apart(after_the_developer_menu(server.url))
    assert "script_finished" in answers.kinds
    assert True not in answers.run_on_save, "set_run_on_save was not obeyed"
    log = server.log()
    assert "Client tried to" not in log, "the debug messages never reached Streamlit"
    assert "Error deserializing back message" not in log
    assert server.alive()


# --- Streamlit's bundle --------------------------------------------------------------------------


def get(base, path, **headers):
    """The status, headers (lower-case names) and raw body of a GET (nothing decompressed)."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request("GET", path, headers={name.replace("_", "-"): v for name, v in headers.items()})
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


def first_visit_assets(base):
    """The hashed JavaScript and CSS files index.html names (what a browser fetches first)."""
    _, _, html = get(base, "/")
    return ["/" + asset.decode() for asset in dict.fromkeys(ASSET.findall(html))]


def test_the_bundle_comes_gzipped_and_unpacks_to_exactly_streamlits_bytes(server):
    assets = first_visit_assets(server.url)
    assert any(re.fullmatch(r"/static/js/index\.[\w-]+\.js", a) for a in assets), assets
    sizes = {"plain": 0, "gzip": 0}
    for asset in assets:
        status, plain_headers, plain = get(server.url, asset)
        assert status == 200 and "content-encoding" not in plain_headers
        status, headers, packed = get(server.url, asset, accept_encoding="gzip, deflate, br")
        if len(plain) < edge.GZIP_MIN_BYTES:  # too small to be worth it: sent as it is
            assert (status, packed, headers.get("content-encoding")) == (200, plain, None), asset
            continue
        assert status == 200 and headers["content-encoding"] == "gzip", asset
        assert gzip.decompress(packed) == plain, asset
        sizes["plain"], sizes["gzip"] = sizes["plain"] + len(plain), sizes["gzip"] + len(packed)
        assert int(headers["content-length"]) == len(packed)
        assert headers["vary"] == plain_headers["vary"] == "Accept-Encoding"
        assert headers["cache-control"] == plain_headers["cache-control"]
        assert "immutable" in headers["cache-control"]
        assert headers["content-type"] == plain_headers["content-type"]
        assert get(server.url, asset, accept_encoding="gzip")[2] == packed, "made once, then the same bytes"
    assert sizes["gzip"] < sizes["plain"] / 3, sizes


def test_everything_else_is_streamlits_answer_untouched(server):
    status, headers, body = get(server.url, "/_stcore/health", accept_encoding="gzip")
    assert (status, body) == (200, b"ok") and "vary" not in headers
    status, headers, _ = get(server.url, "/", accept_encoding="gzip")
    assert status == 200 and headers.get("cache-control") == "no-cache" and "content-encoding" not in headers
    asset = first_visit_assets(server.url)[0]
    status, headers, _ = get(server.url, asset, accept_encoding="gzip", range="bytes=0-9")
    assert (status, headers["content-length"]) == (206, "10"), "a range is Streamlit's to answer"
    etag = get(server.url, asset)[1]["etag"]
    assert get(server.url, asset, accept_encoding="gzip", if_none_match=etag)[0] == 304
