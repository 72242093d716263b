"""The class room inside the real app: `streamlit run streamlit_app.py` (scripts/servers.py), two of
them on one store, as serve.py's replicas are. The teacher leads on one; a student's event stream,
opened on the other with a browser's Accept-Encoding, gets the step uncompressed and at once
(neither the app's edge nor Streamlit's gzip holds it back), with no script run; and no other site's
page can post to the routes."""

from __future__ import annotations

import json
import threading
import time

import httpx2
import pytest

from scripts.servers import StreamlitServer
from tests.classroom.conftest import make_store
from tests.classroom.live import wait_until
from ui.server.rooms.routes import PREFIX

BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd", "Accept": "text/event-stream"}


@pytest.fixture
def replicas(kind, tmp_path, request, monkeypatch):
    """Two app servers on one store of `kind` (the environment they inherit names it)."""
    if kind == "redis":
        server = request.getfixturevalue("redis_server")
        make_store(kind, tmp_path, server, None).close()  # empties the session's Redis
        monkeypatch.setenv("STONEGAME_ROOMS", server.url)
    else:
        monkeypatch.setenv("STONEGAME_STATE", str(tmp_path / "state"))
    first = StreamlitServer()
    try:
        second = StreamlitServer()
    except BaseException:
        first.stop()
        raise
    yield first, second
    first.stop()
    second.stop()


def read_events(response, count: int, got: list[tuple[float, dict]]) -> None:
    """Append the first `count` events' (arrival time, data) of an open stream to `got`."""
    for line in response.iter_lines():
        if line.startswith("data: "):
            got.append((time.monotonic(), json.loads(line[6:])))
            if len(got) == count:
                return


def test_a_step_on_one_replica_reaches_a_student_on_the_other(replicas):
    teacher_side, student_side = replicas
    with httpx2.Client(timeout=20) as client:
        made = client.post(f"{teacher_side.url}{PREFIX}/rooms", json={"values": [5, -3, 8, 2, -1, 7, 4, -6]})
        assert made.status_code == 201, made.text
        code, secret = made.json()["code"], made.json()["secret"]
        joined = client.post(f"{student_side.url}{PREFIX}/rooms/{code}/join", json={})
        assert joined.status_code == 201, joined.text
        got: list[tuple[float, dict]] = []
        with client.stream("GET", f"{student_side.url}{PREFIX}/rooms/{code}/events", headers=BROWSER) as stream:
            assert stream.status_code == 200 and "content-encoding" not in stream.headers
            assert stream.headers["content-type"].startswith("text/event-stream")
            reader = threading.Thread(target=read_events, args=(stream, 2, got), daemon=True)
            reader.start()
            wait_until(lambda: got, what="the first view")  # then the teacher presses "next"
            pressed = time.monotonic()
            led = client.post(f"{teacher_side.url}{PREFIX}/rooms/{code}/stage", json={"secret": secret, "step": 12})
            assert led.status_code == 200, led.text
            reader.join(10)
    assert len(got) == 2, f"the student's stream gave {len(got)} events"
    (_, first), (arrived, second) = got
    assert first["stage"]["step"] == 0 and second["stage"]["step"] == 12
    assert arrived - pressed < 2.0, f"the step took {arrived - pressed:.2f} s to arrive"
    print(f"step arrival across replicas: {1000 * (arrived - pressed):.0f} ms")
    with httpx2.Client(timeout=20) as client:  # and the app around the routes is as it was
        assert client.get(f"{student_side.url}/_stcore/health").text == "ok"
        assert client.get(f"{student_side.url}/").status_code == 200
        assert_no_other_site_can_post(client, f"{student_side.url}{PREFIX}/rooms/{code}/join")


def assert_no_other_site_can_post(client: httpx2.Client, url: str) -> None:
    """Another site's page can send JSON only after a CORS preflight, which the app does not grant, and
    the one kind it may send without asking (a form's text/plain) is refused unread."""
    evil = {"Origin": "https://evil.example"}
    asked = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}
    preflight = client.options(url, headers=evil | asked)
    assert "access-control-allow-origin" not in preflight.headers, preflight.headers
    simple = client.post(url, content=b"{}", headers=evil | {"content-type": "text/plain"})
    assert simple.status_code == 415
