"""The class room's limits measured as issue 34 measured them: through the real nginx of scripts/serve.py
(scripts/topology.Topology) at 2 replicas, on each store (SQLite in a folder both replicas share, and a
real redis-server), with requests sent at once (50 in flight) from distinct addresses of this machine
(127.0.0.x sources, which nginx names in X-Forwarded-For). The server is a hall's: 1,000 seats a room and
1,000 link joins at once per address (STONEGAME_ROOM_STUDENTS, STONEGAME_JOINS_AT_ONCE). One topology per
store for the whole module.

The wrong codes, the rooms made and the seats are counted in the store (limits.StoreBlocker,
limits.StoreWindow, the room's paces), so their bound is exact whatever replica a request reaches (the
requests send no cookie, so nginx may send each to either replica)."""

from __future__ import annotations

import asyncio
import math
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx2
import pytest

from scripts.servers import free_port
from scripts.topology import Topology
from stonegame import room as rm
from tests.e2e.helpers import skip_without_nginx
from ui.server.rooms.routes import PREFIX

pytestmark = pytest.mark.nginx
REPLICAS = 2
IN_FLIGHT = 50
ROW = [5, -3, 8, 2, -1, 7, 4, -6]


@pytest.fixture(scope="module", params=["sqlite", "redis"])
def serve(request, tmp_path_factory) -> Iterator[Topology]:
    """nginx and 2 replicas on this store, as serve.py starts them, for a hall."""
    skip_without_nginx()
    env = {
        "STONEGAME_STATE": str(tmp_path_factory.mktemp("state")),
        "STONEGAME_WARM": "0",
        "STONEGAME_ROOM_STUDENTS": "1000",
        "STONEGAME_JOINS_AT_ONCE": "1000",
    }
    if request.param == "redis":
        env["STONEGAME_ROOMS"] = request.getfixturevalue("redis_server").url
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        if request.param == "sqlite":
            patch.delenv("STONEGAME_ROOMS", raising=False)
        patch.delenv("STONEGAME_TRUSTED_PROXIES", raising=False)
        with Topology(replicas=REPLICAS, port=free_port(), host="127.0.0.1", say=lambda _: None) as topology:
            yield topology


def at_once(topology: Topology, source: str, requests: list[tuple[str, str, dict | None]]) -> list[httpx2.Response]:
    """Send every (method, path, json) to nginx from `source`, IN_FLIGHT at a time, with no cookie (so
    nginx may send each to either replica): the answers in order."""

    async def all_of() -> list[httpx2.Response]:
        gate = asyncio.Semaphore(IN_FLIGHT)
        limits = httpx2.Limits(max_connections=IN_FLIGHT)
        transport = httpx2.AsyncHTTPTransport(local_address=source, limits=limits)
        async with httpx2.AsyncClient(base_url=topology.url, transport=transport, timeout=60) as client:

            async def one(method: str, path: str, body: dict | None) -> httpx2.Response:
                async with gate:
                    client.cookies.clear()
                    return await client.request(method, path, json=body)

            return await asyncio.gather(*(one(*r) for r in requests))

    with ThreadPoolExecutor(1) as apart:  # a loop of its own, whatever loop the test's thread has
        return apart.submit(asyncio.run, all_of()).result()


def statuses(answers: list[httpx2.Response]) -> Counter:
    """How many answers had each status."""
    return Counter(a.status_code for a in answers)


def room(topology: Topology, source: str) -> dict:
    """A new room on ROW made from `source`: its code, secret and teacher's view."""
    (made,) = at_once(topology, source, [("POST", f"{PREFIX}/rooms", {"values": ROW})])
    assert made.status_code == 201, made.text
    return made.json()


def test_wrong_codes_sent_at_once_hold_the_limit(serve):
    wrong = [("GET", f"{PREFIX}/rooms/{rm.new_code()}", None) for _ in range(300)]
    answers = statuses(at_once(serve, "127.0.0.2", wrong))
    assert answers == {404: 20, 429: 280}, answers


def test_rooms_asked_for_at_once_hold_the_limit(serve):
    answers = at_once(serve, "127.0.0.3", [("POST", f"{PREFIX}/rooms", {"values": ROW})] * 150)
    assert statuses(answers) == {201: 5, 429: 145}, statuses(answers)
    late = next(a for a in answers if a.status_code == 429).json()
    assert late == {
        "error": "Too many classes started from this address: wait a few minutes.",
        "reason": "too_many_rooms",
    }


def test_seats_taken_at_once_hold_the_pace(serve):
    code = room(serve, "127.0.0.4")["code"]
    began = time.monotonic()
    typed = statuses(at_once(serve, "127.0.0.5", [("POST", f"{PREFIX}/rooms/{code}/join", {})] * 150))
    back = math.ceil((time.monotonic() - began) / 5)  # a typed seat comes back every 5 s
    assert set(typed) == {201, 429} and 40 <= typed[201] <= 40 + back, typed
    other = statuses(at_once(serve, "127.0.0.6", [("POST", f"{PREFIX}/rooms/{code}/join", {})]))
    assert other == {201: 1}, "another address has a pace of its own"


def test_a_hall_of_a_thousand_phones_from_one_address_is_never_refused(serve):
    made = room(serve, "127.0.0.7")
    code, secret, token = made["code"], made["secret"], made["room"]["join"]
    joins = at_once(serve, "127.0.0.8", [("POST", f"{PREFIX}/rooms/{code}/join", {"join": token})] * 1000)
    assert statuses(joins) == {201: 1000}, statuses(joins)
    (asked,) = at_once(
        serve, "127.0.0.7", [("POST", f"{PREFIX}/rooms/{code}/questions", {"secret": secret, "kind": "winner"})]
    )
    assert asked.status_code == 201, asked.text
    answer = f"{PREFIX}/rooms/{code}/questions/1/answer"
    bodies = [{"student": j.json()["student"], "answer": rm.WINNERS[n % 3]} for n, j in enumerate(joins)]
    answers = at_once(serve, "127.0.0.8", [("POST", answer, body) for body in bodies])
    assert statuses(answers) == {200: 1000}, statuses(answers)
    (view,) = at_once(serve, "127.0.0.7", [("POST", f"{PREFIX}/rooms/{code}/teacher", {"secret": secret})])
    assert view.json()["joined"] == 1000 and view.json()["questions"][0]["answered"] == 1000
