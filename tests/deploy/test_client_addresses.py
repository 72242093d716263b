"""The class room counts each client behind the real nginx of scripts/serve.py by its own address: one
student's wrong codes shut out that student's address, not every browser nginx forwards. Clients are
distinct source addresses of this machine (127.0.0.2, 127.0.0.3, ...: loopback answers on all of
127.0.0.0/8), each with its socket bound before it connects; the replica trusts only nginx
(STONEGAME_TRUSTED_PROXIES unset: loopback). Run with the replica bound as serve.py binds it
(127.0.0.1, an IPv4 socket) and as Streamlit binds by default (a dual-stack socket, on which nginx
arrives as ::ffff:127.0.0.1). The rules themselves: tests/classroom/test_addresses.py."""

from __future__ import annotations

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
