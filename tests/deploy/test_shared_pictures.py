"""The lecture hall's pictures through the real nginx of scripts/serve.py (scripts/topology.Topology, 2 replicas,
SQLite): every phone of a class asks for a step's picture at one URL that names it (the view's stage.picture),
with no student id in it; the replicas mark it immutable, and nginx keeps it, so the second phone's request is a
HIT of nginx's cache (X-Cache-Status) and 40 phones asking at once for a new step make one request to a replica
(proxy_cache_lock). Gzip stays right: gzipped for a phone that takes it (Vary: Accept-Encoding), plain for one
that does not (nginx unpacks its copy)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx2
import pytest

from scripts.servers import free_port
from scripts.topology import Topology
from tests.e2e.helpers import skip_without_nginx
from ui.server.rooms.routes import PREFIX

pytestmark = pytest.mark.nginx
ROW = [5, -3, 8, 2, -1, 7]
PHONES = 40


@pytest.fixture(scope="module")
def hall(tmp_path_factory) -> Iterator[Topology]:
    """nginx and 2 replicas on SQLite, as serve.py starts them."""
    skip_without_nginx()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("STONEGAME_STATE", str(tmp_path_factory.mktemp("state")))
        patch.setenv("STONEGAME_WARM", "0")
        patch.delenv("STONEGAME_ROOMS", raising=False)
        patch.delenv("STONEGAME_TRUSTED_PROXIES", raising=False)
        with Topology(replicas=2, port=free_port(), host="127.0.0.1", say=lambda _: None) as topology:
            yield topology


def client(topology: Topology) -> httpx2.Client:
    """A client of nginx with no cookies kept (each request may reach either replica)."""
    return httpx2.Client(base_url=topology.url.rstrip("/"), timeout=60.0)


def a_class(web: httpx2.Client) -> tuple[str, str, list[str]]:
    """A class of ROW with two phones joined by its link: its code, the teacher's secret, the phones' ids."""
    made = web.post(f"{PREFIX}/rooms", json={"values": ROW})
    assert made.status_code == 201, made.text
    code, secret, token = made.json()["code"], made.json()["secret"], made.json()["room"]["join"]
    phones = [web.post(f"{PREFIX}/rooms/{code}/join", json={"join": token}).json()["student"] for _ in range(2)]
    return code, secret, phones


def picture_url(web: httpx2.Client, code: str, student: str, step: int) -> str:
    """The picture URL phone.js asks for at `step`, from the view this student's stream would bring."""
    view = web.post(f"{PREFIX}/rooms/{code}/me", json={"student": student}).json()
    assert "picture" in view["stage"], f"the view names no picture for its row: {sorted(view['stage'])}"
    return f"{PREFIX}/rooms/{code}/pictures/{view['stage']['picture']}/en/py/{step}.svg"


def test_two_phones_share_one_picture_url_and_the_second_is_nginx_s(hall):
    with client(hall) as web:
        code, _, (one, two) = a_class(web)
        url = picture_url(web, code, one, 0)
        assert url == picture_url(web, code, two, 0) and one not in url and two not in url
        first = web.get(url, headers={"Accept-Encoding": "gzip"})
        second = web.get(url, headers={"Accept-Encoding": "gzip"})
        plain = web.get(url, headers={"Accept-Encoding": "identity"})
    assert first.status_code == second.status_code == plain.status_code == 200, first.text[:300]
    assert (first.headers.get("x-cache-status"), second.headers.get("x-cache-status")) == ("MISS", "HIT")
    cache = second.headers["cache-control"]
    assert "public" in cache and "immutable" in cache and "max-age=31536000" in cache, cache
    assert second.headers["content-type"].startswith("image/svg+xml")
    assert second.headers.get("content-encoding") == "gzip" and "Accept-Encoding" in second.headers.get("vary", "")
    assert plain.headers.get("content-encoding") is None and plain.headers.get("x-cache-status") == "HIT"
    assert plain.content.startswith(b"<svg") and second.content == plain.content  # httpx2 unpacked it


def test_a_hall_asking_at_once_for_a_new_step_costs_a_replica_one_request(hall):
    with client(hall) as web:
        code, secret, (one, _) = a_class(web)
        moved = web.post(f"{PREFIX}/rooms/{code}/stage", json={"secret": secret, "step": 3})
        assert moved.status_code == 200, moved.text
        url = picture_url(web, code, one, 3)
        with ThreadPoolExecutor(PHONES) as pool:
            answers = list(pool.map(lambda _: web.get(url, headers={"Accept-Encoding": "gzip"}), range(PHONES)))
    assert [a.status_code for a in answers] == [200] * PHONES
    said = Counter(a.headers.get("x-cache-status") for a in answers)
    assert said["MISS"] <= 1 and said["HIT"] >= PHONES - 1, said
    assert len({a.content for a in answers}) == 1
    # one request reached a replica: a phone's (its MISS), or the one the room's maker made to put the step
    # into nginx's cache ahead of the press (warm.py), which every phone then met as a HIT
    path = url.split("?")[0]
    proxied = [e for e in log_entries(hall) if path in e["request"] and e["upstream"]]
    assert len(proxied) == 1, proxied


def test_a_picture_of_a_row_the_class_left_or_past_the_row_is_refused_and_not_kept(hall):
    with client(hall) as web:
        code, secret, (one, _) = a_class(web)
        old = picture_url(web, code, one, 5)  # not 1 nor 2: those the room's maker put into nginx's cache (warm.py)
        web.post(f"{PREFIX}/rooms/{code}/stage", json={"secret": secret, "values": [1, 2, 3], "step": 0})
        gone = [web.get(old) for _ in range(2)]
        past = web.get(picture_url(web, code, one, 99))
    assert [a.status_code for a in gone] == [404, 404] and gone[1].headers.get("x-cache-status") == "MISS"
    assert "not of this class's row" in gone[0].json()["error"]
    assert past.status_code == 404 and "no step 99" in past.json()["error"]


def test_a_new_row_s_words_are_shared_and_kept_too(hall):
    with client(hall) as web:
        code, secret, (one, _) = a_class(web)
        web.post(f"{PREFIX}/rooms/{code}/stage", json={"secret": secret, "values": [4, -2, 7], "step": 0})
        url = picture_url(web, code, one, 0).replace("/py/0.svg", "/words.json")
        first, second = (web.get(url, headers={"Accept-Encoding": "gzip"}) for _ in range(2))
    assert first.status_code == second.status_code == 200, first.text[:300]
    assert (first.headers.get("x-cache-status"), second.headers.get("x-cache-status")) == ("MISS", "HIT")
    assert "immutable" in second.headers["cache-control"] and second.headers["content-type"] == "application/json"
    assert len(second.json()) == 2 * 3 + 2 and second.json()[3][0].endswith("Step 3 of 7")


def log_entries(topology: Topology) -> list[dict]:
    """nginx's access log, an entry (request, upstream, ...) per request answered."""
    return [json.loads(line) for line in topology.access_log.read_text().splitlines() if line.strip()]


def picture_upstreams(topology: Topology, code: str) -> set[str]:
    """The replicas (addresses) nginx asked for any picture of class `code`, from its access log."""
    wanted = f"{PREFIX}/rooms/{code}/pictures/"
    return {e["upstream"] for e in log_entries(topology) if wanted in e["request"] and e["upstream"]}


def test_a_class_s_pictures_are_all_made_by_one_replica(hall):
    """st_pictures hashes the class's code: every step's picture is asked of the same replica, so only it makes
    them (and makes them ahead), whichever replica each phone's request would otherwise reach."""
    with client(hall) as web:
        code, secret, (one, _) = a_class(web)
        for step in range(8):
            web.post(f"{PREFIX}/rooms/{code}/stage", json={"secret": secret, "step": step})
            url = picture_url(web, code, one, step)
            with client(hall) as phone:  # a phone new to nginx: without st_pictures, least_conn picks its replica
                assert phone.get(url).status_code == 200
    asked = picture_upstreams(hall, code)
    assert len(asked) == 1, f"a class's pictures were asked of {sorted(asked)}"
