"""Whose address a request is (ui/server/rooms/guard.py): the peer's, unless the peer is a trusted proxy;
then the right-most X-Forwarded-For entry no trusted proxy wrote. The trusted proxies come from
STONEGAME_TRUSTED_PROXIES (loopback by default, in its IPv4, IPv6 and IPv4-mapped forms), and a bad entry
stops the server at its start in one line. Through the real nginx of scripts/serve.py:
tests/deploy/test_client_addresses.py."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from starlette.testclient import TestClient

from scripts.servers import ROOT, SERVER_ARGS, free_port
from stonegame import room as rm
from tests.classroom.test_routes import app_for, refused, url
from ui.server.rooms.guard import LOOPBACK, TRUSTED_PROXIES, client_address, proxies_from_env, read_proxies
from ui.server.rooms.routes import Guards

DEFAULT = read_proxies("")
SCHOOL = "203.0.113.5"  # a client's public address
FORGED = "198.51.100.66"  # what a client writes into its own X-Forwarded-For


def test_the_default_trusts_a_proxy_on_this_machine_in_every_form_a_socket_shows_it():
    assert DEFAULT == read_proxies(",".join(LOOPBACK)) == proxies_from_env({})
    for proxy in ("127.0.0.1", "::1", "::ffff:127.0.0.1"):
        assert client_address(proxy, SCHOOL, DEFAULT) == SCHOOL, proxy
    for other in ("127.0.0.2", "::ffff:127.0.0.3", "10.0.0.1"):  # loopback's other addresses are clients
        assert client_address(other, SCHOOL, DEFAULT) == other.removeprefix("::ffff:"), other


def test_a_peer_that_is_no_trusted_proxy_is_the_client_whatever_it_forwards():
    assert client_address(SCHOOL, f"{FORGED}, 127.0.0.1", DEFAULT) == SCHOOL
    assert client_address("unknown", FORGED, DEFAULT) == "unknown"  # no peer at all (a test's context)


def test_entries_left_of_the_proxys_own_are_the_clients_to_forge_and_ignored():
    assert client_address("127.0.0.1", f"{FORGED}, {SCHOOL}", DEFAULT) == SCHOOL
    assert client_address("127.0.0.1", f"127.0.0.1, {SCHOOL}", DEFAULT) == SCHOOL, "a forged proxy entry too"


def test_a_chain_of_trusted_proxies_is_walked_back_to_the_first_untrusted_entry():
    chain = read_proxies("127.0.0.1, 10.0.0.0/8, 192.168.231.0/24")
    # the client -> a load balancer (10.1.0.2) -> nginx (192.168.231.2) -> the app, which sees nginx
    forwarded = f"{FORGED}, {SCHOOL}, 10.1.0.2"
    assert client_address("192.168.231.2", forwarded, chain) == SCHOOL
    assert client_address("192.168.231.2", forwarded, DEFAULT) == "192.168.231.2", "an untrusted nginx is the client"
    assert client_address("10.1.0.2", f"{SCHOOL}, 192.168.231.2", DEFAULT) == "10.1.0.2"


def test_ipv4_mapped_addresses_are_their_ipv4_form_for_peers_entries_and_settings():
    proxies = read_proxies("::ffff:10.0.0.0/104")
    assert proxies == read_proxies("10.0.0.0/8")
    assert client_address("::ffff:10.9.8.7", f"::ffff:{SCHOOL}", proxies) == SCHOOL, "one client is one key"
    assert client_address("10.9.8.7", f"{SCHOOL}, ::ffff:10.1.1.1", proxies) == SCHOOL
    assert client_address(f"::ffff:{SCHOOL}", "", DEFAULT) == SCHOOL
    assert client_address("::1", "2001:db8::7", DEFAULT) == "2001:db8::7"


def test_a_header_of_trusted_proxies_only_gives_its_left_most_and_none_gives_the_peer():
    assert client_address("127.0.0.1", "::1, 127.0.0.1", DEFAULT) == "::1"
    for empty in ("", " ", ", ,"):
        assert client_address("::ffff:127.0.0.1", empty, DEFAULT) == "127.0.0.1", repr(empty)


def test_an_entry_that_is_no_ip_address_ends_the_walk_as_the_clients_own_claim():
    assert client_address("127.0.0.1", f"{SCHOOL}, unknown", DEFAULT) == "unknown"
    assert client_address("127.0.0.1", f"{FORGED}, {SCHOOL}:4711", DEFAULT) == f"{SCHOOL}:4711"
    assert client_address("127.0.0.1", f"{SCHOOL}, unknown, 127.0.0.1", DEFAULT) == "unknown"


def test_the_setting_takes_addresses_and_networks_with_spaces_and_stray_commas():
    assert read_proxies(" 10.0.0.0/8 ,, fd00::/8, 192.0.2.1,") == read_proxies("10.0.0.0/8,fd00::/8,192.0.2.1")
    assert proxies_from_env({TRUSTED_PROXIES: " "}) == DEFAULT
    assert proxies_from_env({TRUSTED_PROXIES: "10.0.0.0/8"}) == read_proxies("10.0.0.0/8"), "replaces loopback"


@pytest.mark.parametrize("bad", ["nginx", "10.0.0.1/8", "300.1.2.3", "10.0.0.0/33", "2001:db8::/129", "*"])
def test_a_bad_entry_is_refused_in_one_line_naming_the_variable_and_the_entry(bad):
    with pytest.raises(ValueError) as refused_:
        proxies_from_env({TRUSTED_PROXIES: f"127.0.0.1, {bad}"})
    said = str(refused_.value)
    assert said.startswith(f"{TRUSTED_PROXIES}: {bad!r} ") and "\n" not in said, said


def test_the_routes_count_the_client_behind_a_dual_stack_proxy_not_the_proxy(store):
    other = {"X-Forwarded-For": f"{FORGED}, 198.51.100.10"}
    with TestClient(app_for(store), client=("::ffff:127.0.0.1", 5000)) as client:
        for _ in range(20):
            refused(client.get(url(rm.new_code()), headers={"X-Forwarded-For": SCHOOL}), 404, "unknown_room")
        refused(client.get(url("ABCDEF"), headers={"X-Forwarded-For": f"::ffff:{SCHOOL}"}), 429, "too_many_codes")
        refused(client.get(url("ABCDEF"), headers=other), 404, "unknown_room")


def test_the_routes_trust_the_proxies_they_are_given_and_read_every_forwarded_header(store):
    guards = Guards(proxies=read_proxies("192.168.231.0/24"))
    with TestClient(app_for(store, guards), client=("192.168.231.2", 5000)) as client:
        for _ in range(20):
            client.get(url(rm.new_code()), headers=[("X-Forwarded-For", FORGED), ("X-Forwarded-For", SCHOOL)])
        refused(client.get(url("ABCDEF"), headers={"X-Forwarded-For": SCHOOL}), 429, "too_many_codes")
        refused(client.get(url("ABCDEF"), headers={"X-Forwarded-For": FORGED}), 404, "unknown_room")


def test_a_bad_setting_stops_the_server_at_its_start_in_one_line(tmp_path):
    command = [sys.executable, "-m", "streamlit", "run", "streamlit_app.py", "--server.port", str(free_port())]
    env = {**os.environ, "STONEGAME_WARM": "0", "STONEGAME_STATE": str(tmp_path), TRUSTED_PROXIES: "::1, nginx"}
    done = subprocess.run(
        [*command, *SERVER_ARGS], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 1, done.stdout + done.stderr
    said = f"could not start: {TRUSTED_PROXIES}: 'nginx' is not an IP address or a network like 10.0.0.0/8."
    assert done.stderr.splitlines()[-1] == said, done.stderr  # (Streamlit's own notes may come before it)
    assert "Traceback" not in done.stdout + done.stderr
