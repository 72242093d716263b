"""The class room's limits when requests come at once from one address, on both stores: every limit is
checked and counted in one step, so N requests sent together count as N; and a request that proves
itself (a teacher's secret, a student's id) passes a limit meant for guessers. The requests go through
the routes' ASGI app with 64 in flight (httpx over ASGI; the routes run their store calls in worker
threads, so the lookups do overlap)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import httpx2 as httpx
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from stonegame import room as rm
from stonegame.room import Limits
from ui.server.rooms.routes import PREFIX, Classroom
from ui.server.rooms.store import StoreDown

ROW = [5, -3, 8, 2, -1, 7, 4, -6]
SCHOOL = {"X-Forwarded-For": "198.51.100.20"}  # the school's one address, as nginx on this machine says it
HOME = {"X-Forwarded-For": "203.0.113.9"}  # a phone on mobile data
IN_FLIGHT = 64


@pytest.fixture
def limits() -> Limits:
    """Room for a hall: 1,000 students a room, 200 rooms."""
    return Limits(students=1000, rooms=200)


def url(code: str, tail: str = "") -> str:
    """The route of a room, with `tail` after it."""
    return f"{PREFIX}/rooms/{code}{tail}"


@pytest.fixture
def classroom(store) -> Classroom:
    """The routes' state over `store`, with fresh guards (kept across the test's bursts)."""
    return Classroom(lambda: store)


def run(classroom, requests: list[tuple[str, str, dict | None, dict]]) -> tuple[list[httpx.Response], Counter]:
    """Send every (method, path, json, headers) through the classroom's routes, IN_FLIGHT at a time, from a
    proxy on this machine; the answers in order, and how often the store looked a room up."""
    store = classroom.store()
    looked: Counter = Counter()
    room = store.room

    def counted(code: str) -> rm.Room:
        looked[code] += 1
        return room(code)

    store.room = counted
    app = Starlette(routes=classroom.routes())

    async def all_of() -> list[httpx.Response]:
        gate = asyncio.Semaphore(IN_FLIGHT)
        transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://class") as client:

            async def one(method: str, path: str, body: dict | None, headers: dict) -> httpx.Response:
                async with gate:
                    return await client.request(method, path, json=body, headers=headers)

            return await asyncio.gather(*(one(*r) for r in requests))

    try:
        with ThreadPoolExecutor(1) as apart:  # a loop of its own, whatever loop an earlier test left running here
            return apart.submit(asyncio.run, all_of()).result(), looked
    finally:
        store.room = room


def made(store) -> tuple[str, str]:
    """A room on ROW at the step before dp[3] is written: its code and secret."""
    secret = rm.new_secret()
    return store.create(rm.Stage(tuple(ROW), 3, "total", 12), secret), secret


def statuses(answers: list[httpx.Response]) -> Counter:
    """How many answers had each status."""
    return Counter(a.status_code for a in answers)


def test_wrong_codes_sent_at_once_are_looked_up_at_most_twenty(store, classroom):
    made(store)
    wrong = [rm.new_code() for _ in range(400)]
    answers, looked = run(classroom, [("GET", url(code), None, SCHOOL) for code in wrong])
    assert statuses(answers) == {404: 20, 429: 380}, statuses(answers)
    assert sum(looked.values()) == 20, "no more lookups than the limit, however many came at once"
    late = answers[-1]
    assert late.json()["reason"] == "too_many_codes" and int(late.headers["retry-after"]) > 60


def test_rooms_asked_for_at_once_count_as_many(store, classroom):
    body = {"values": ROW}
    answers, _ = run(classroom, [("POST", f"{PREFIX}/rooms", body, SCHOOL) for _ in range(150)])
    assert statuses(answers) == {201: 5, 429: 145}, statuses(answers)


def test_a_request_that_proves_itself_passes_a_shut_address(store, classroom):
    code, secret = made(store)
    student, _ = store.join(code)
    store.ask(code, secret, "dp")
    offered = store.room(code).questions[0].choices
    answers, _ = run(classroom, [("GET", url(rm.new_code()), None, SCHOOL) for _ in range(25)])
    assert statuses(answers)[429] == 5, "the address is shut out"
    proven = [
        ("POST", url(code, "/teacher"), {"secret": secret}, SCHOOL),
        ("POST", url(code, "/stage"), {"secret": secret, "step": 12}, SCHOOL),
        ("POST", url(code, "/me"), {"student": student}, SCHOOL),
        ("POST", url(code, "/status"), {"student": student, "status": "exploring"}, SCHOOL),
        ("POST", url(code, "/questions/1/answer"), {"student": student, "answer": offered[0]}, SCHOOL),
    ]
    answers, _ = run(classroom, proven)
    assert [a.status_code for a in answers] == [200] * 5, [a.text for a in answers]
    assert store.room(code).answers[1] == {student: offered[0]}, "the answer counted"
    unproven = [
        ("POST", url(code, "/join"), {}, SCHOOL),
        ("GET", url(code), None, SCHOOL),
        ("POST", url(code, "/teacher"), {"secret": rm.new_secret()}, SCHOOL),  # a forged secret: no 403
        ("POST", url(code, "/me"), {"student": rm.new_student()}, SCHOOL),  # an id it never issued
        ("POST", url(rm.new_code(), "/me"), {"student": student}, SCHOOL),  # a real id, a guessed code
    ]
    answers, _ = run(classroom, unproven)
    assert [a.status_code for a in answers] == [429] * 5, "a shut address learns nothing of which codes exist"


def test_a_students_stream_proves_itself_with_their_id(store):
    code, _ = made(store)
    student, _ = store.join(code)
    with TestClient(Starlette(routes=Classroom(lambda: store).routes()), client=("127.0.0.1", 5000)) as client:
        for _ in range(20):
            client.get(url(rm.new_code()), headers=SCHOOL)
        assert client.get(url(code, "/events"), headers=SCHOOL).status_code == 429, "shut out"
        with client.stream("GET", url(code, f"/events?you={student}"), headers=SCHOOL) as stream:
            assert stream.status_code == 200
            first = next(line for line in stream.iter_lines() if line.startswith("data: "))
        assert json.loads(first[6:])["code"] == code
        assert client.get(url(code, f"/events?you={rm.new_student()}"), headers=SCHOOL).status_code == 429


def test_the_teachers_stream_proves_itself_with_the_rooms_stream_id(store):
    code, secret = made(store)
    lead = store.room(code).lead
    assert lead == rm.lead_id(secret) and secret not in lead and lead != store.room(code).join
    with TestClient(Starlette(routes=Classroom(lambda: store).routes()), client=("127.0.0.1", 5000)) as client:
        made_view = client.post(f"{PREFIX}/rooms", json={"values": ROW}, headers=HOME).json()["room"]
        assert made_view["lead"] and made_view["lead"] not in json.dumps(client.get(url(made_view["code"])).json())
        for _ in range(20):
            client.get(url(rm.new_code()), headers=SCHOOL)
        assert client.get(url(code, "/events"), headers=SCHOOL).status_code == 429, "shut out"
        with client.stream("GET", url(code, f"/events?you={lead}"), headers=SCHOOL) as stream:
            assert stream.status_code == 200, "the projector's stream opens all the same"
            first = json.loads(next(line for line in stream.iter_lines() if line.startswith("data: "))[6:])
        assert first["code"] == code and first["joined"] == 0, "the teacher takes no seat"
        assert client.get(url(code, f"/events?you={rm.lead_id(rm.new_secret())}"), headers=SCHOOL).status_code == 429
        student, _ = store.join(code)
        assert client.get(url(code, "/stage-data"), headers=SCHOOL).status_code == 429
        assert client.get(url(code, f"/stage-data?you={student}"), headers=SCHOOL).status_code == 200, "a row change"


def reason(answers: list[httpx.Response], status: int) -> set[str]:
    """The reasons of the answers with this status."""
    return {a.json()["reason"] for a in answers if a.status_code == status}


def test_seats_taken_at_once_count_as_many(store, classroom):
    code, _ = made(store)
    now = store.clock()
    store.clock = lambda: now  # no seat comes back while the bursts run (250 a minute would give one in 0.24 s)
    token = store.room(code).join
    typed, _ = run(classroom, [("POST", url(code, "/join"), {}, SCHOOL) for _ in range(100)])
    assert statuses(typed) == {201: 40, 429: 60}, statuses(typed)
    assert reason(typed, 429) == {"too_many_joins"}
    assert min(int(a.headers["retry-after"]) for a in typed if a.status_code == 429) >= 1
    linked, _ = run(classroom, [("POST", url(code, "/join"), {"join": token}, SCHOOL) for _ in range(300)])
    assert statuses(linked) == {201: 250, 429: 50}, "the link's pace: 250 at once, not a whole hall's room"
    forged, _ = run(classroom, [("POST", url(code, "/join"), {"join": rm.join_token(rm.new_secret())}, HOME)] * 60)
    assert statuses(forged) == {403: 60} and reason(forged, 403) == {"wrong_join"}
    home, _ = run(classroom, [("POST", url(code, "/join"), {}, HOME) for _ in range(60)])
    assert statuses(home) == {201: 40, 429: 20}, "another address has its own pace"
    assert len(store.room(code).students) == 330


def test_the_link_joins_from_a_shut_address_and_a_typed_code_does_not(store, classroom):
    code, _ = made(store)
    token = store.room(code).join
    answers, _ = run(classroom, [("GET", url(rm.new_code()), None, SCHOOL) for _ in range(25)])
    assert statuses(answers)[429] == 5, "a prankster's wrong codes shut the school's address out"
    linked, _ = run(classroom, [("POST", url(code, "/join"), {"join": token}, SCHOOL) for _ in range(50)])
    assert statuses(linked) == {201: 50}, "new students who scan the QR code join all the same"
    refused = [
        ("POST", url(code, "/join"), {}, SCHOOL),  # the typed code
        ("POST", url(code, "/join"), {"join": rm.join_token(rm.new_secret())}, SCHOOL),  # another room's token
        ("POST", url(rm.new_code(), "/join"), {"join": token}, SCHOOL),  # a real token, a guessed code
    ]
    answers, _ = run(classroom, refused)
    assert [a.status_code for a in answers] == [429] * 3 and reason(answers, 429) == {"too_many_codes"}
    assert len(store.room(code).students) == 50


def test_a_hall_from_one_address_is_never_refused(store, classroom):
    code, secret = made(store)
    store.limits = replace(store.limits, linked=rm.Pace(1000, 1000))  # a hall's server: STONEGAME_JOINS_AT_ONCE=1000
    token = store.room(code).join
    joins, _ = run(classroom, [("POST", url(code, "/join"), {"join": token}, SCHOOL) for _ in range(1000)])
    assert statuses(joins) == {201: 1000}, statuses(joins)
    students = [j.json()["student"] for j in joins]
    store.ask(code, secret, "dp")
    offered = store.room(code).questions[0].choices
    answer = url(code, "/questions/1/answer")
    answers, _ = run(
        classroom, [("POST", answer, {"student": s, "answer": offered[n % 4]}, SCHOOL) for n, s in enumerate(students)]
    )
    assert statuses(answers) == {200: 1000}, statuses(answers)
    counted = store.room(code).answers[1]
    assert len(counted) == 1000 and sorted(Counter(counted.values()).values()) == [250] * 4


def test_a_store_that_is_down_counts_no_wrong_code(store, classroom):
    def down(code: str) -> rm.Room:
        raise StoreDown("the test's outage")

    store.room = down
    answers, _ = run(classroom, [("GET", url(rm.new_code()), None, SCHOOL) for _ in range(25)])
    assert statuses(answers) == {503: 25}, statuses(answers)
    del store.room  # back to the class's own method
    answers, _ = run(classroom, [("GET", url(rm.new_code()), None, SCHOOL)])
    assert statuses(answers) == {404: 1}, "the outage shut nobody out"
