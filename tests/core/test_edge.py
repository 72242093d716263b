"""The edge in front of Streamlit (ui/server/edge.py), without a server: which browser messages go on, which
widget values are dropped from them, which messages are refused; the middleware's websocket loop; and
which requests get Streamlit's bundle gzipped from memory.

The widget states below are what a Chromium session on the app sent (read off the websocket once, in
viewer mode): a number input of whole numbers sends int_value, a cleared one (or a radio with no
choice yet) a state with no value at all, the overview's click a JSON string, the stage's "link" a
JSON trigger."""

import gzip
import math
from pathlib import Path

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

from tests.loop import run_apart
from tests.widget_states import widget_state
from ui import state
from ui.server import edge


def wid(key, internal=False):
    """A widget id as Streamlit makes it for this key (a component's trigger with `internal`)."""
    return ("$$STREAMLIT_INTERNAL_KEY_" if internal else "") + f"$$ID-0123456789abcdef0123456789abcdef-{key}"


def widget(key, internal=False, **value):
    """A WidgetState for the widget with this key and one value (field=value; an array field takes a list)."""
    return widget_state(wid(key, internal), **value)


def rerun(*widgets):
    """A rerun_script message as the browser sends it, with these widget states, as bytes."""
    msg = BackMsg()
    msg.rerun_script.query_string = "values=1,2,3,7&lang=zh"
    msg.rerun_script.page_script_hash = "a1b2c3"
    msg.rerun_script.context_info.timezone = "Europe/Berlin"
    msg.rerun_script.widget_states.widgets.extend(widgets)
    return msg.SerializeToString()


def forwarded(data):
    """The message the edge forwards for `data`, parsed (None if it is dropped)."""
    out = edge.checked(data)
    if out is None:
        return None
    msg = BackMsg()
    msg.ParseFromString(out)
    return msg


def kept_ids(data):
    return [w.id for w in forwarded(data).rerun_script.widget_states.widgets]


BROWSER = [  # one of every kind, as Chromium sent them
    widget("w_present", bool_value=False),
    widget("w_lang", string_value="English"),
    widget("w_max_take", string_array_value=["3"]),
    widget("explainer_row_text", string_value="[-5,9,-7,-1]"),
    widget("FormSubmitter:explainer_row_form-应用", trigger_value=True),
    widget("explainer_preset", string_array_value=["Example 1 · [1,2,3,7]"]),
    widget("explainer_random_n", int_value=12),
    widget("explainer_random_seed", int_value=7),
    widget("explainer_pile", double_array_value=[2998.0]),
    widget("explainer_overview", string_value='{"selection":{"pick":[{"start":80,"stop":100}]}}'),
    widget("explainer_stage__events", internal=True, json_trigger_value='[{"event":"link","value":0}]'),
    widget("explainer_stage", json_value="{}"),
    widget("quiz_take_0"),  # a radio with no choice yet: no value at all
    widget("quiz_dp_0", string_value="7"),
    widget("export_w_step", double_value=2.0),
    widget("export_make_png", trigger_value=True),
    widget("deck_load_greedy", trigger_value=True),
    widget("replay_turn", double_array_value=[2.0]),
]


def test_a_browsers_message_goes_on_byte_for_byte():
    data = rerun(*BROWSER)
    assert edge.checked(data) is data, "not even parsed and written again"


@pytest.mark.parametrize("kind", ["app_heartbeat", "stop_script"])
def test_the_frontends_other_messages_go_on_byte_for_byte(kind):
    msg = BackMsg()
    setattr(msg, kind, True)
    data = msg.SerializeToString()
    assert edge.checked(data) is data


def test_a_download_request_goes_on_byte_for_byte():
    msg = BackMsg()
    msg.backend_operation_request.request_id = "346d6f74"
    msg.backend_operation_request.deferred_file.file_id = "e07f1b13"
    data = msg.SerializeToString()
    assert edge.checked(data) is data


# --- the forgeries Streamlit 1.67 fails on (tests/core/test_forged.py), and more of each kind -----------

STREAMLIT_FAILS = [
    ("w_max_take", {"double_array_value": [99.0]}),
    ("explainer_preset", {"string_value": "x"}),
    ("explainer_preset", {"int_value": 3}),
    ("explainer_random_n", {"double_value": math.nan}),
    ("explainer_random_n", {"double_value": math.inf}),
    ("explainer_random_seed", {"double_value": math.nan}),
    ("export_w_step", {"double_value": math.nan}),
    ("export_w_step", {"double_value": math.inf}),
    ("export_w_step", {"string_value": "x"}),
    ("explainer_overview", {"string_value": "not json"}),
    ("explainer_overview", {"string_value": "5"}),
    ("explainer_overview", {"string_value": "null"}),
    ("explainer_overview", {"string_value": '{"selection": 5}'}),
    ("explainer_overview", {"string_value": '{"selection": "x"}'}),
    ("explainer_overview", {"string_value": '"selection"'}),
    ("quiz_winner_4", {"int_value": 1}),
    ("quiz_w_level", {"int_value": 9}),
    ("play_side", {"int_value": 0}),
    ("explainer_row_text", {"int_value": 5}),
    ("explainer_row_text", {"bool_value": True}),
]

MORE = [
    ("explainer_random_n", {"double_value": -math.inf}),
    ("explainer_random_n", {"double_value": 1e300}),  # int() of it works, but is no int64
    ("quiz_dp_0", {"double_value": 2.0**63}),
    ("quiz_dp_0", {"int_value": 7}),  # the quiz's answers are typed text (issue 40)
    ("explainer_random_n", {"string_value": "12"}),
    ("explainer_pile", {"double_array_value": [math.nan]}),
    ("replay_turn", {"double_array_value": [1.0, math.inf]}),
    ("explainer_pile", {"double_value": 3.0}),
    ("w_lang", {"string_array_value": ["zh"]}),
    ("w_present", {"string_value": "true"}),
    ("explainer_draw", {"bool_value": True}),
    ("explainer_share_lock", {"trigger_value": True}),
    ("explainer_overview", {"string_value": "[" * 60_000}),  # too deep for Python's parser
    ("explainer_overview", {"string_value": '{"selection": {"pick": [' + "1," * 40_000 + "1]}}"}),  # too long
    ("explainer_stage", {"json_value": "[" + "1," * 40_000 + "1]"}),
    ("explainer_pile", {"double_array_value": []}),
    ("explainer_pile", {"double_array_value": [1.0] * 3}),
    ("explainer_overview", {"json_value": '{"selection": {}}'}),
    ("explainer_stage", {"json_value": "not json"}),
    ("explainer_stage", {"string_value": "{}"}),
    ("quiz_take_0", {"int_value": 0}),
    ("export_download_png", {"string_value": "x"}),
]


@pytest.mark.parametrize(("key", "value"), STREAMLIT_FAILS + MORE, ids=lambda v: str(v)[:40])
def test_a_value_of_the_wrong_kind_is_dropped_and_the_rest_goes_on(key, value):
    forged = widget(key, **value)
    data = rerun(BROWSER[1], forged, BROWSER[3])
    msg = forwarded(data)
    assert [w.id for w in msg.rerun_script.widget_states.widgets] == [BROWSER[1].id, BROWSER[3].id]
    original = BackMsg()
    original.ParseFromString(data)
    del original.rerun_script.widget_states.widgets[1]
    assert msg == original, "everything but the dropped widget is as the browser sent it"


def test_the_stages_trigger_is_dropped_unless_it_is_json():
    bad = widget("explainer_stage__events", internal=True, json_trigger_value="[{")
    assert kept_ids(rerun(bad, BROWSER[0])) == [BROWSER[0].id]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("explainer_random_n", {"double_value": 1e18}),  # Streamlit itself clamps to the input's bounds
        ("explainer_random_seed", {"double_value": 2.5}),  # ... and makes 2.5 the whole number 2
        ("quiz_opponent_0", {"string_value": "9" * 100_000}),  # the app reads it (stonegame.parse.parse_whole)
        ("explainer_overview", {"string_value": '{"other": 1}'}),  # no selection: Streamlit's empty one
        ("explainer_overview", {"string_value": '{"selection": {"pick": [{"start": NaN}]}}'}),  # the app checks
        ("w_lang", {"string_value": "fr"}),  # of the right kind: the app validates the value (state.valid)
        ("play_take_2", {"trigger_value": True}),
        ("trace_download_steps", {"trigger_value": True}),
        ("FormSubmitter:quiz_form_3-Reveal", {"trigger_value": True}),
        ("export_w_step", {}),  # a cleared input: no value at all
    ],
)
def test_a_value_of_the_right_kind_goes_on(key, value):
    data = rerun(widget(key, **value))
    assert edge.checked(data) is data


@pytest.mark.parametrize(
    "widget_id",
    [
        wid("no_such_widget"),
        wid("None"),  # a widget drawn without a key
        "$$ID-0123-quiz_take_0x",
        "quiz_take_0",
        "$$OTHER-0123-w_lang",
        wid("explainer_stage__other", internal=True),
        "",
    ],
)
def test_a_widget_the_app_does_not_draw_is_dropped(widget_id):
    data = rerun(WidgetState(id=widget_id, string_value="x"), BROWSER[0])
    assert kept_ids(data) == [BROWSER[0].id]


def test_a_message_of_only_forged_widgets_still_runs_the_page():
    msg = forwarded(rerun(widget("w_lang", int_value=1), widget("export_w_step", double_value=math.nan)))
    assert msg.WhichOneof("type") == "rerun_script" and not msg.rerun_script.widget_states.widgets
    assert msg.rerun_script.query_string == "values=1,2,3,7&lang=zh"


@pytest.mark.parametrize("kind", sorted(edge.REFUSED))
def test_the_developer_menus_messages_are_refused(kind):
    msg = BackMsg()
    setattr(msg, kind, True)
    assert edge.checked(msg.SerializeToString()) is None


@pytest.mark.parametrize("data", [b"", b"\xff\xff\xff\xff", b"garbage\x00\x01", rerun(*BROWSER)[:-3], b"\x0a" * 5000])
def test_a_message_that_is_no_backmsg_is_dropped(data):
    assert edge.checked(data) is None


def test_every_kind_of_the_table_has_its_fields():
    assert set(state.WIDGETS.values()) <= set(edge.KINDS)
    assert all(edge.KINDS[kind] for kind in edge.KINDS)


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("quiz_take_12", "text"),
        ("export_make_gif", "button"),
        ("FormSubmitter:explainer_row_form-Apply", "button"),
        ("explainer_stage__events", "events"),
        ("w_max_take", "options"),
        ("w_max_takes", None),
        (None, None),
    ],
)
def test_a_key_has_the_kind_of_its_entry_or_template(key, kind):
    assert edge.kind_of(key) == kind


# --- the middleware's websocket loop --------------------------------------------------------------


def test_the_websocket_gets_the_checked_messages_and_the_connection_stays_open():
    """The app behind the edge reads: the good message, the forged one without its bad widget, then the
    disconnect; the refused, text and garbage frames in between never reach it."""
    good, forged = rerun(*BROWSER), rerun(BROWSER[0], widget("w_lang", int_value=1))
    clear = BackMsg(clear_cache=True).SerializeToString()
    frames = [
        {"type": "websocket.connect"},
        {"type": "websocket.receive", "bytes": good},
        {"type": "websocket.receive", "bytes": clear},
        {"type": "websocket.receive", "text": "hello"},
        {"type": "websocket.receive", "bytes": b"\xff"},
        {"type": "websocket.receive", "bytes": forged},
        {"type": "websocket.disconnect", "code": 1000},
    ]
    seen = []

    async def app(scope, receive, send):
        while (message := await receive())["type"] != "websocket.disconnect":
            seen.append(message)
        seen.append(message)

    async def receive():
        return frames.pop(0)

    async def go():
        middleware = edge.Edge(app)
        await middleware({"type": "websocket", "path": "/_stcore/stream"}, receive, None)

    run_apart(go())
    assert [m["type"] for m in seen] == [
        "websocket.connect",
        "websocket.receive",
        "websocket.receive",
        "websocket.disconnect",
    ]
    assert seen[1]["bytes"] is good
    assert seen[2]["bytes"] == edge.checked(forged) and len(seen[2]["bytes"]) < len(forged)


# --- Streamlit's bundle -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "accepted"),
    [
        ("gzip, deflate, br, zstd", True),
        ("br;q=1.0, gzip;q=0.8", True),
        ("*", True),
        ("gzip;q=0", False),
        ("gzip;q=0.000", False),
        ("gzip;q=x", False),
        ("deflate, br", False),
        ("identity", False),
        ("", False),
    ],
)
def test_gzip_is_accepted_as_the_header_says(header, accepted):
    assert edge.accepts_gzip(header) is accepted


def bundle_request(path, method="GET", **headers):
    """An ASGI HTTP scope for `path` with these headers (underscores for dashes)."""
    raw = [(name.replace("_", "-").encode(), value.encode()) for name, value in headers.items()]
    return {"type": "http", "method": method, "path": path, "headers": raw}


def test_the_bundle_is_streamlits_own_hashed_javascript_and_css():
    files = edge.bundle_files(edge.static_dir())
    assert any(p.startswith("/static/js/index.") and p.endswith(".js") for p in files)
    assert any(p.endswith(".css") for p in files)
    assert all(p.startswith("/static/") and Path(f).suffix in edge.COMPRESSED for p, f in files.items())
    assert not any(p.endswith((".woff2", ".png")) for p in files), "already compressed"


def test_only_a_plain_get_that_accepts_gzip_is_answered_from_memory():
    files = edge.bundle_files(edge.static_dir())
    js = next(p for p in files if p.endswith(".js"))
    assert edge.wants_gzip(bundle_request(js, accept_encoding="gzip"), files)
    assert not edge.wants_gzip(bundle_request(js), files)
    assert not edge.wants_gzip(bundle_request(js, "HEAD", accept_encoding="gzip"), files)
    assert not edge.wants_gzip(bundle_request(js, accept_encoding="gzip", range="bytes=0-9"), files)
    assert not edge.wants_gzip(bundle_request(js, accept_encoding="gzip", if_none_match='"abc"'), files)
    assert not edge.wants_gzip(bundle_request("/", accept_encoding="gzip"), files)
    assert not edge.wants_gzip(bundle_request("/static/js/../../index.html", accept_encoding="gzip"), files)
    assert not edge.wants_gzip(bundle_request("/static/js/nope.js", accept_encoding="gzip"), files)


def answered(bundle, path):
    """The ASGI messages the bundle answers a gzip GET of `path` with (`app` answering what it does not)."""
    sent = []

    async def send(message):
        sent.append(message)

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"x-by", b"streamlit")]})
        await send({"type": "http.response.body", "body": b"plain"})

    async def go():
        await bundle.answer(bundle_request(path, accept_encoding="gzip"), None, send, app)

    run_apart(go())
    return dict(sent[0]["headers"]), sent[1]["body"]


def test_a_file_is_gzipped_once_and_then_sent_from_memory():
    bundle = edge.CompressedAssets(edge.static_dir())
    path = max(bundle.files, key=lambda p: bundle.files[p].stat().st_size)
    headers, body = answered(bundle, path)
    assert gzip.decompress(body) == bundle.files[path].read_bytes()
    assert headers[b"content-encoding"] == b"gzip" and headers[b"vary"] == b"Accept-Encoding"
    assert int(headers[b"content-length"]) == len(body) and bundle.kept == len(body)
    assert answered(bundle, path)[1] is body, "the same bytes, not gzipped again"


def test_a_file_too_small_to_gzip_is_sent_from_memory_as_it_is():
    bundle = edge.CompressedAssets(edge.static_dir())
    path = min(bundle.files, key=lambda p: bundle.files[p].stat().st_size)
    assert bundle.files[path].stat().st_size < edge.GZIP_MIN_BYTES, "Streamlit's bundle has such files"
    headers, body = answered(bundle, path)
    assert body == bundle.files[path].read_bytes() and b"content-encoding" not in headers
    assert headers[b"content-type"] == edge.content_type(bundle.files[path]).encode()
    assert int(headers[b"content-length"]) == len(body) and headers[b"vary"] == b"Accept-Encoding"
    assert b"immutable" in headers[b"cache-control"] and b"x-by" not in headers, "not Streamlit's answer"
    assert answered(bundle, path)[1] is body, "read once, then the same bytes"


def test_past_the_budget_files_go_plain_through_streamlit():
    bundle = edge.CompressedAssets(edge.static_dir(), budget=10)
    path = next(iter(bundle.files))
    headers, body = answered(bundle, path)
    assert (headers[b"x-by"], body) == (b"streamlit", b"plain") and headers[b"vary"] == b"Accept-Encoding"
    assert bundle.kept == 0


def test_a_file_that_cannot_be_read_goes_plain_through_streamlit(tmp_path):
    (tmp_path / "static" / "js").mkdir(parents=True)
    (tmp_path / "static" / "js" / "index.abc.js").write_text("x" * 5000)
    bundle = edge.CompressedAssets(tmp_path)
    assert list(bundle.files) == ["/static/js/index.abc.js"]
    (tmp_path / "static" / "js" / "index.abc.js").unlink()
    headers, body = answered(bundle, "/static/js/index.abc.js")
    assert (headers[b"x-by"], body) == (b"streamlit", b"plain")
