"""The class room's routes against the ASGI app (Starlette's TestClient), on both stores: the whole
flow, the event stream (retry, ids = versions, Last-Event-ID, a step pushed with no request of the
student's), and every refusal of the issue's security list, each with nothing counted."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import httpx2
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from stonegame import room as rm
from tests.classroom.live import LiveServer
from tests.loop import run_apart
from ui.server.rooms.guard import Gauge
from ui.server.rooms.limits import StoreWindow
from ui.server.rooms.routes import MAX_BODY, PREFIX, Classroom, Guards
from ui.server.rooms.store import DOWN

ROW = [1, 2, 3, 7]


def app_for(store, guards: Guards | None = None) -> Starlette:
    """The class room's routes alone, over this store."""
    return Starlette(routes=Classroom(lambda: store, guards).routes())


@pytest.fixture
def client(store):
    """A TestClient on the routes over `store`, with fresh guards, from a proxy on this machine (so
    X-Forwarded-For names the address, as nginx sends it)."""
    with TestClient(app_for(store), client=("127.0.0.1", 5000)) as made:
        yield made


def url(code: str, tail: str = "") -> str:
    """The route of a room, with `tail` after it."""
    return f"{PREFIX}/rooms/{code}{tail}"


def start(client, **stage) -> tuple[str, str]:
    """A new room on ROW (or the stage given): its code and secret."""
    made = client.post(f"{PREFIX}/rooms", json={"values": ROW, **stage})
    assert made.status_code == 201, made.text
    return made.json()["code"], made.json()["secret"]


def join(client, code: str) -> str:
    """A new student's id."""
    joined = client.post(url(code, "/join"), json={})
    assert joined.status_code == 201, joined.text
    return joined.json()["student"]


def refused(response, status: int, reason: str) -> None:
    """The response is a JSON refusal of this status and reason, with a one-line message."""
    assert response.status_code == status, response.text
    body = response.json()
    assert body["reason"] == reason and body["error"] and "\n" not in body["error"], body
    assert "Traceback" not in response.text


def test_a_class_end_to_end(client):
    code, secret = start(client, step=5)
    students = [join(client, code) for _ in range(3)]
    assert client.post(url(code, "/status"), json={"student": students[2], "status": "exploring"}).status_code == 200
    view = client.get(url(code)).json()
    assert (view["joined"], view["following"], view["exploring"]) == (3, 2, 1)
    assert "secret" not in json.dumps(view) and "digest" not in json.dumps(view)
    asked = client.post(url(code, "/questions"), json={"secret": secret, "kind": "dp"})
    assert asked.status_code == 201
    wrong = next(c for c in asked.json()["questions"][0]["choices"] if c != 7)  # the buttons are drawn per room
    for student, value in zip(students, (7, 7, wrong), strict=True):
        mine = client.post(url(code, "/questions/1/answer"), json={"student": student, "answer": value})
        assert mine.status_code == 200 and mine.json()["mine"] == {"1": value}
    assert client.get(url(code)).json()["questions"][0]["answered"] == 3
    taught = client.post(url(code, "/questions/1"), json={"secret": secret, "state": "revealed"}).json()
    first = taught["questions"][0]
    assert (first["expected"], first["counts"], first["right"]) == (7, {str(wrong): 1, "7": 2}, 2)
    shown = client.get(url(code)).json()["questions"][0]
    assert (shown["state"], shown["expected"], shown["right"]) == ("revealed", 7, 2)
    assert client.post(url(code, "/teacher"), json={"secret": secret}).json()["version"] == view["version"] + 3 + 2
    assert client.post(url(code, "/end"), json={"secret": secret}).status_code == 200
    refused(client.get(url(code)), 410, "ended")


def events(client, code: str, count: int, headers: dict[str, str] | None = None, opened=None) -> list[dict]:
    """The first `count` events of the room's stream: each as {"id", "event", "data"}, plus "retry";
    `opened` (a threading.Event), if given, is set once the first data event has arrived."""
    got: list[dict] = []
    current: dict = {}
    with client.stream("GET", url(code, "/events"), headers=headers or {}) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        assert stream.headers["x-accel-buffering"] == "no" and "content-encoding" not in stream.headers
        for line in stream.iter_lines():
            if line == "":
                if current:
                    got.append(current)
                    if opened is not None and "data" in current:
                        opened.set()
                current = {}
                if len(got) == count:
                    break
                continue
            field, _, value = line.partition(": ")
            current[field] = json.loads(value) if field == "data" else value
    return got


def test_the_stream_pushes_the_teachers_step_to_a_student(client):
    code, secret = start(client)
    join(client, code)

    opened = threading.Event()

    def teach() -> None:
        opened.wait(15)  # the student's stream is open and has the first view
        client.post(url(code, "/stage"), json={"secret": secret, "step": 4, "playing": True})

    threading.Thread(target=teach).start()
    retry, first, second = events(client, code, 3, opened=opened)
    assert retry == {"retry": "2000"}
    assert (first["id"], first["event"], first["data"]["stage"]["step"]) == ("2", "room", 0)
    assert (second["id"], second["data"]["stage"]["step"], second["data"]["stage"]["playing"]) == ("3", 4, True)


def test_last_event_id_resumes_after_what_the_student_has(client):
    code, secret = start(client)
    client.post(url(code, "/stage"), json={"secret": secret, "step": 2})

    # whether the step is led before or after the stream opens, a stream resumed after version 2 sends 3
    threading.Thread(
        target=client.post, args=(url(code, "/stage"),), kwargs={"json": {"secret": secret, "step": 3}}
    ).start()
    _, resumed = events(client, code, 2, {"Last-Event-ID": "2"})
    assert resumed["id"] == "3" and resumed["data"]["stage"]["step"] == 3, "version 2 was not sent again"


def test_the_stream_says_the_class_ended_and_closes(client):
    code, secret = start(client)

    opened = threading.Event()

    def end() -> None:
        opened.wait(15)
        client.post(url(code, "/end"), json={"secret": secret})

    threading.Thread(target=end).start()
    _, _, ended = events(client, code, 3, opened=opened)
    assert ended["data"]["ended"] is True


def test_an_ended_room_is_a_final_answer_and_never_a_wrong_code(client):
    """A phone that slept through the end reconnects every few seconds: each time it gets the end, as a
    stream of one event it stops on (or 410 with the last view), and the address is never shut out."""
    code, secret = start(client)
    student = join(client, code)
    assert client.post(url(code, "/end"), json={"secret": secret}).status_code == 200
    for _ in range(25):  # more than the 20 wrong codes that shut an address out
        stream = client.get(url(code, "/events"))
        assert stream.status_code == 200 and stream.headers["content-type"].startswith("text/event-stream")
        data = [json.loads(line[6:]) for line in stream.text.splitlines() if line.startswith("data: ")]
        assert len(data) == 1 and data[0]["ended"] is True and data[0]["code"] == code, stream.text
        gone = client.post(url(code, "/me"), json={"student": student})
        refused(gone, 410, "ended")
        assert gone.json()["room"]["ended"] is True and "digest" not in gone.text and student not in gone.text
    refused(client.get(url(code, "/stage-data")), 410, "ended")
    refused(client.post(url(code, "/join"), json={}), 410, "ended")
    new_code, _ = start(client)
    assert client.post(url(new_code, "/join"), json={}).status_code == 201, "the address was never shut out"


@pytest.mark.parametrize(
    ("tail", "body"),
    [
        ("/stage", {"step": 3}),
        ("/questions", {"kind": "dp"}),
        ("/questions/1", {"state": "locked"}),
        ("/end", {}),
        ("/teacher", {}),
    ],
)
def test_a_wrong_or_replayed_secret_is_forbidden(client, tail, body):
    code, secret = start(client, step=5)
    other, _ = start(client, step=5)
    client.post(url(code, "/questions"), json={"secret": secret, "kind": "dp"})
    before = client.post(url(code, "/teacher"), json={"secret": secret}).json()
    other_secret = client.post(f"{PREFIX}/rooms", json={"values": ROW}).json()["secret"]
    for forged in (rm.new_secret(), other_secret, None, 5, secret[:-1]):
        refused(client.post(url(code, tail), json={**body, "secret": forged}), 403, "wrong_secret")
    student = join(client, other)
    refused(client.post(url(code, tail), json={**body, "secret": student}), 403, "wrong_secret")
    after = client.post(url(code, "/teacher"), json={"secret": secret}).json()
    assert after == before, "nothing a forged request sent changed the room"


def test_unknown_and_malformed_codes_are_404_and_400(client):
    refused(client.get(url("ABCDEF")), 404, "unknown_room")
    for bad in ("abc", "ABCDE0", "%00%00%00%00%00%00", "A" * 300):
        refused(client.get(url(bad)), 400, "bad_request")


def test_twenty_wrong_codes_in_a_minute_shut_the_address_out(client):
    code, _ = start(client)
    other = {"X-Forwarded-For": "198.51.100.9"}
    for _ in range(20):
        refused(client.get(url(rm.new_code()), headers=other), 404, "unknown_room")
    shut = client.get(url(code), headers=other)
    refused(shut, 429, "too_many_codes")
    assert int(shut.headers["retry-after"]) > 60
    refused(client.post(url(code, "/join"), json={}, headers=other), 429, "too_many_codes")
    assert client.get(url(code), headers={"X-Forwarded-For": "198.51.100.10"}).status_code == 200, "others go on"


def test_a_forged_forwarded_for_cannot_escape_the_limit(store):
    with TestClient(app_for(store), client=("203.0.113.7", 5000)) as remote:
        for n in range(20):
            remote.get(url(rm.new_code()), headers={"X-Forwarded-For": f"10.0.0.{n}"})
        refused(remote.get(url("ABCDEF")), 429, "too_many_codes")


@pytest.mark.parametrize(
    ("make", "status", "reason"),
    [
        (lambda s, q: {"student": s, "answer": 9}, 400, "bad_request"),  # the take at dp[3] is 1 only
        (lambda s, q: {"student": s, "answer": "1"}, 400, "bad_request"),
        (lambda s, q: {"student": s, "answer": None}, 400, "bad_request"),
        (lambda s, q: {"student": rm.new_student(), "answer": 1}, 403, "unknown_student"),
        (lambda s, q: {"student": "../../etc", "answer": 1}, 403, "unknown_student"),
        (lambda s, q: {"answer": 1}, 403, "unknown_student"),
    ],
)
def test_bad_answers_are_refused_and_not_counted(client, make, status, reason):
    code, secret = start(client, step=5)
    student = join(client, code)
    client.post(url(code, "/questions"), json={"secret": secret, "kind": "take"})
    refused(client.post(url(code, "/questions/1/answer"), json=make(student, 1)), status, reason)
    assert client.get(url(code)).json()["questions"][0]["answered"] == 0


def test_only_an_offered_answer_counts(client):
    code, secret = start(client, step=5)
    student = join(client, code)
    asked = client.post(url(code, "/questions"), json={"secret": secret, "kind": "dp"}).json()["questions"][0]
    offered = sorted(asked["choices"])
    assert 7 in offered and len(offered) == 4 and (asked["low"], asked["high"]) == (-13, 13)
    outside = [v for v in (10, -13, 12, -12, 11) if v not in offered][:2]  # in low..high but no button
    for bad in (*outside, 7.0, True, "7"):
        answer = client.post(url(code, "/questions/1/answer"), json={"student": student, "answer": bad})
        refused(answer, 400, "bad_request")
        assert answer.json()["error"] == f"answer must be one of {', '.join(map(str, offered))}, not {bad!r}."
    assert client.get(url(code)).json()["questions"][0]["answered"] == 0
    wrong = next(c for c in offered if c != 7)
    assert client.post(url(code, "/questions/1/answer"), json={"student": student, "answer": wrong}).status_code == 200
    client.post(url(code, "/questions/1"), json={"secret": secret, "state": "revealed"})
    counted = client.post(url(code, "/teacher"), json={"secret": secret}).json()["questions"][0]
    assert (counted["answered"], counted["counts"]) == (1, {str(wrong): 1}), "no bar but the buttons' on the projector"


def test_answers_to_a_locked_or_unknown_question_are_refused(client):
    code, secret = start(client, step=5)
    student = join(client, code)
    refused(
        client.post(url(code, "/questions/1/answer"), json={"student": student, "answer": 1}), 404, "unknown_question"
    )
    client.post(url(code, "/questions"), json={"secret": secret, "kind": "take"})
    client.post(url(code, "/questions/1/answer"), json={"student": student, "answer": 1})
    client.post(url(code, "/questions/1"), json={"secret": secret, "state": "locked"})
    refused(client.post(url(code, "/questions/1/answer"), json={"student": student, "answer": 1}), 409, "closed")
    counted = client.post(url(code, "/teacher"), json={"secret": secret}).json()["questions"][0]
    assert (counted["answered"], counted["counts"]) == (1, {"1": 1})


@pytest.mark.parametrize(
    ("body", "headers", "status", "reason"),
    [
        (b"{", {"content-type": "application/json"}, 400, "bad_json"),
        (b"[1, 2]", {"content-type": "application/json"}, 400, "bad_json"),
        (b"\xff\xfe", {"content-type": "application/json"}, 400, "bad_json"),
        (b"[" * 5000, {"content-type": "application/json"}, 413, "too_big"),
        (b'{"values": [1]}', {"content-type": "text/plain"}, 415, "not_json"),
        (b'{"values": [1]}', {}, 415, "not_json"),
        (
            json.dumps({"values": [1] * 200, "pad": "x" * MAX_BODY}).encode(),
            {"content-type": "application/json"},
            413,
            "too_big",
        ),
        (b'{"values": "1,2"}', {"content-type": "application/json"}, 400, "bad_request"),
    ],
)
def test_malformed_and_oversized_bodies_are_refused(client, body, headers, status, reason):
    refused(client.post(f"{PREFIX}/rooms", content=body, headers=headers), status, reason)


def test_a_body_that_lies_about_its_length_is_cut_at_the_cap(store):
    app = app_for(store)
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"x" * 1024, "more_body": True}  # never ends

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": f"{PREFIX}/rooms",
        "headers": [(b"content-type", b"application/json"), (b"content-length", b"10")],
        "query_string": b"",
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
        "scheme": "http",
        "root_path": "",
    }
    run_apart(asyncio.wait_for(app(scope, receive, send), 5))
    assert sent[0]["status"] == 413


def test_a_full_room_and_too_many_rooms_say_so(client, limits):
    code, _ = start(client)
    for _ in range(limits.students):
        join(client, code)
    refused(client.post(url(code, "/join"), json={}), 409, "full")
    for n in range(limits.rooms - 1):
        client.post(f"{PREFIX}/rooms", json={"values": ROW}, headers={"X-Forwarded-For": f"192.0.2.{n}"})
    refused(
        client.post(f"{PREFIX}/rooms", json={"values": ROW}, headers={"X-Forwarded-For": "192.0.2.99"}), 409, "full"
    )


def test_room_creation_is_rate_limited_per_address(store):
    guards = Guards(creates=StoreWindow(lambda: store, "rooms", 2, 600.0))  # counted in the test's store
    with TestClient(app_for(store, guards)) as client:
        start(client)
        start(client)
        refused(client.post(f"{PREFIX}/rooms", json={"values": ROW}), 429, "too_many_rooms")


def test_streams_per_address_are_capped(store):
    guards = Guards(streams=Gauge(2, 100))
    with TestClient(app_for(store, guards)) as client:
        code, _ = start(client)
        with client.stream("GET", url(code, "/events")), client.stream("GET", url(code, "/events")):
            refused(client.get(url(code, "/events")), 429, "too_many_streams")


def test_a_closed_stream_gives_its_place_back_on_a_real_server(store):
    guards = Guards(streams=Gauge(2, 100))
    with LiveServer(app_for(store, guards)) as live, httpx2.Client(base_url=live.url, timeout=10) as client:
        code = client.post(f"{PREFIX}/rooms", json={"values": ROW}).json()["code"]
        for _ in range(3):  # three times two streams, each closed by the client: never refused
            with client.stream("GET", url(code, "/events")) as one, client.stream("GET", url(code, "/events")) as two:
                assert one.status_code == two.status_code == 200
                next(one.iter_lines()), next(two.iter_lines())
            deadline = time.monotonic() + 5
            while guards.streams.open and time.monotonic() < deadline:
                time.sleep(0.05)  # uvicorn tells the app of the disconnect; the stream's finally runs
            assert not guards.streams.open, "a closed stream gives its place back"


def test_an_unknown_room_has_no_stream(client):
    refused(client.get(url("ABCDEF", "/events")), 404, "unknown_room")


@pytest.mark.parametrize("kind", ["redis-down", "sqlite-down"])
def test_a_store_that_is_down_is_refused_in_one_line(kind, tmp_path):
    from scripts.servers import free_port
    from stonegame.room import Limits
    from ui.server.rooms.redis_store import RedisStore
    from ui.server.rooms.sqlite_store import SqliteStore

    (tmp_path / "file").write_text("")
    store = (
        RedisStore(f"redis://127.0.0.1:{free_port()}/0", Limits())
        if kind == "redis-down"
        else SqliteStore(tmp_path / "file" / "rooms.sqlite3", Limits())
    )
    with TestClient(app_for(store)) as client:
        refused(client.post(f"{PREFIX}/rooms", json={"values": ROW}), 503, "store_down")
        refused(client.get(url("ABCDEF")), 503, "store_down")
        refused(client.get(url("ABCDEF", "/events")), 503, "store_down")
        assert client.get(url("ABCDEF")).json()["error"] == DOWN


def test_a_store_that_cannot_be_made_is_down_too():
    def broken():
        raise ValueError("STONEGAME_ROOMS must be redis://host:port/db or sqlite, not 'x'.")

    with TestClient(Starlette(routes=Classroom(broken).routes())) as client:
        refused(client.get(url("ABCDEF")), 503, "store_down")


def test_the_default_stream_cap_holds_a_class_and_refuses_more(store):
    guards = Guards()
    assert (guards.streams.limit, guards.streams.total) == (250, 2000), "a whole class behind one address fits"
    with TestClient(app_for(store, guards)) as client:
        code, _ = start(client)
        for _ in range(250):  # the gauge as 250 open streams from this address leave it (opening them
            assert guards.streams.take("testclient")  # for real is test_streams_per_address_are_capped's)
        for _ in range(3):
            refused(client.get(url(code, "/events")), 429, "too_many_streams")
        assert guards.streams.open["testclient"] == 250, "a refused stream takes no place"
        assert client.get(url(code)).status_code == 200, "the address can still read the room"


def test_a_stream_keeps_a_students_seat_from_being_reclaimed(client, store):
    code, _ = start(client)
    idle, follower = join(client, code), join(client, code)
    assert set(store.room(code).idle) == {idle, follower}, "a new seat is idle until it follows or answers"
    with client.stream("GET", url(code, f"/events?you={follower}")) as stream:
        assert stream.status_code == 200
    assert set(store.room(code).idle) == {idle}, "opening the stream marks the seat as following"


def test_the_teacher_renews_the_join_token_and_the_old_link_takes_no_seat(client):
    code, secret = start(client)
    old = client.post(url(code, "/teacher"), json={"secret": secret}).json()["join"]
    assert client.post(url(code, "/join"), json={"join": old}).status_code == 201
    refused(client.post(url(code, "/join-token"), json={"secret": rm.new_secret()}), 403, "wrong_secret")
    renewed = client.post(url(code, "/join-token"), json={"secret": secret})
    assert renewed.status_code == 200 and renewed.json()["join"] not in ("", old), renewed.text
    stale = client.post(url(code, "/join"), json={"join": old})
    refused(stale, 403, "wrong_join")
    assert stale.json()["error"] == (
        "This join link is not this class's, or its teacher made a new one: scan the QR code again, or type the code."
    )
    assert client.post(url(code, "/join"), json={"join": renewed.json()["join"]}).status_code == 201
    assert client.get(url(code)).json()["joined"] == 2
