"""The class room counts each client behind the real nginx of scripts/serve.py by its own address: one
student's wrong codes shut out that student's address, not every browser nginx forwards. Clients are
distinct source addresses of this machine (127.0.0.2, 127.0.0.3, ...: loopback answers on all of
127.0.0.0/8), each with its socket bound before it connects; the replica trusts only nginx
(STONEGAME_TRUSTED_PROXIES unset: loopback). Run with the replica bound as serve.py binds it
(127.0.0.1, an IPv4 socket) and as Streamlit binds by default (a dual-stack socket, on which nginx
arrives as ::ffff:127.0.0.1). The rules themselves: tests/classroom/test_addresses.py."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import httpx2
import pytest

from scripts.servers import free_port
from scripts.topology import REPLICA_ARGS, Topology
from stonegame import room as rm
from tests.e2e.helpers import skip_without_nginx
from ui.server.rooms.routes import PREFIX

pytestmark = pytest.mark.nginx
WRONG_CODES = 20  # Guards.codes: the 20th wrong code in a minute shuts the address out


@pytest.fixture(params=[REPLICA_ARGS, ()], ids=["serve-bind", "streamlit-default-bind"])
def topology(request, tmp_path, monkeypatch) -> Iterator[Topology]:
    """nginx and one replica, its rooms in SQLite in tmp_path, bound as the parameter says."""
    skip_without_nginx()
    monkeypatch.setenv("STONEGAME_STATE", str(tmp_path / "state"))
    monkeypatch.setenv("STONEGAME_WARM", "0")
    monkeypatch.delenv("STONEGAME_ROOMS", raising=False)
    monkeypatch.delenv("STONEGAME_TRUSTED_PROXIES", raising=False)
    said: list[str] = []
    with Topology(replicas=1, port=free_port(), host="127.0.0.1", say=said.append, replica_args=request.param) as t:
        yield t


def client_from(topology: Topology, source: str) -> httpx2.Client:
    """An HTTP client of nginx whose connections come from `source`."""
    transport = httpx2.HTTPTransport(local_address=source)
    return httpx2.Client(base_url=topology.url, transport=transport, timeout=30)


def test_one_clients_wrong_codes_shut_out_that_client_and_no_one_else(topology):
    with client_from(topology, "127.0.0.4") as teacher:
        made = teacher.post(f"{PREFIX}/rooms", json={"values": [1, 2, 3, 7]})
        assert made.status_code == 201, made.text
        code = made.json()["code"]
    with client_from(topology, "127.0.0.2") as prankster, client_from(topology, "127.0.0.3") as student:
        wrong = [prankster.get(f"{PREFIX}/rooms/{rm.new_code()}").status_code for _ in range(WRONG_CODES)]
        assert wrong == [404] * WRONG_CODES
        assert prankster.get(f"{PREFIX}/rooms/{code}").status_code == 429, "the prankster is shut out"
        forged = prankster.get(f"{PREFIX}/rooms/{code}", headers={"X-Forwarded-For": "127.0.0.3"})
        assert forged.status_code == 429, "a forged X-Forwarded-For is no way out"
        other = student.get(f"{PREFIX}/rooms/{rm.new_code()}")
        assert other.status_code == 404, f"another address got {other.status_code}: {other.text}"
        joined = student.post(f"{PREFIX}/rooms/{code}/join", json={})
        assert joined.status_code == 201, joined.text


@pytest.fixture
def one_stream_each(tmp_path, monkeypatch) -> Iterator[Topology]:
    """nginx and one replica as serve.py starts them (its class room's streams on a unix socket), one open
    stream allowed per address."""
    skip_without_nginx()
    monkeypatch.setenv("STONEGAME_STATE", str(tmp_path / "state"))
    monkeypatch.setenv("STONEGAME_WARM", "0")
    monkeypatch.setenv("STONEGAME_STREAMS_PER_ADDRESS", "1")
    monkeypatch.delenv("STONEGAME_ROOMS", raising=False)
    monkeypatch.delenv("STONEGAME_TRUSTED_PROXIES", raising=False)
    with Topology(replicas=1, port=free_port(), host="127.0.0.1", say=lambda _: None) as t:
        yield t


def first_view(client: httpx2.Client, code: str, student: str) -> tuple[int, dict]:
    """Open the room's stream as `student`: its status and, if 200, its first event's view."""
    with client.stream("GET", f"{PREFIX}/rooms/{code}/events", params={"you": student}) as stream:
        if stream.status_code != 200:
            stream.read()
            return stream.status_code, {}
        for line in stream.iter_lines():
            if line.startswith("data: "):
                return 200, json.loads(line[6:])
    return 200, {}


def logged_streams(topology: Topology, count: int, within: float = 10.0) -> list[dict]:
    """The event streams' lines of nginx's access log once it holds `count` (nginx writes one when the stream
    closes, which it may notice after its client has gone), or as they are after `within` seconds."""
    deadline = time.monotonic() + within
    while True:
        served = [json.loads(line) for line in topology.access_log.read_text().splitlines()]
        streams = [s for s in served if "/events?" in s["request"]]
        if len(streams) >= count or time.monotonic() > deadline:
            return streams
        time.sleep(0.05)


def test_a_class_stream_comes_through_the_replicas_socket_counted_for_its_own_address(one_stream_each):
    """The event stream reaches the replica on its unix socket (ui/server/rooms/side.py), and the replica still
    tells its clients apart: one stream an address, so a second from the same address is refused while another
    address gets its own."""
    topology = one_stream_each
    with client_from(topology, "127.0.0.4") as teacher:
        made = teacher.post(f"{PREFIX}/rooms", json={"values": [1, 2, 3, 7]})
        assert made.status_code == 201, made.text
        code = made.json()["code"]
    with client_from(topology, "127.0.0.2") as one, client_from(topology, "127.0.0.3") as other:
        ids = [c.post(f"{PREFIX}/rooms/{code}/join", json={}).json()["student"] for c in (one, one, other)]
        with one.stream("GET", f"{PREFIX}/rooms/{code}/events", params={"you": ids[0]}) as open_one:
            assert open_one.status_code == 200
            status, _ = first_view(one, code, ids[1])
            assert status == 429, "a second stream from the same address"
            status, view = first_view(other, code, ids[2])
            assert status == 200 and view["code"] == code, "another address has its own"
    streams = logged_streams(topology, 3)
    socket = f"unix:{topology.prefix}/sockets/{topology.replicas[0].port}.sock"
    assert len(streams) == 3 and {s["upstream"] for s in streams} == {socket}, streams
    assert {s["served"] for s in streams} == {"r1"}, "the socket's answer names its replica"
