"""Where phones reach the app (ui/server/rooms/reach.py): a configured public address wins, then Streamlit's
browser.serverAddress, then the browser's own address; a loopback one is replaced by this machine's LAN
address (the default route's interface, read with no network call), or kept, and warned about, when there
is none. In a real browser: tests/e2e/test_class_hour.py."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from ui.server.rooms import reach
from ui.server.rooms.reach import Base, choose_base, default_interface, is_loopback, lan_address, read_public_url

HEAD = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
TABLE = HEAD + (
    "wlan0\t0000A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0\n"  # the LAN itself: no default route
    "wlan0\t00000000\t0100A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n"  # a default route, metric 600
    "eth0\t00000000\t0101A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0\n"  # a better one (lower metric) wins
    "tun0\t00000000\t00000000\t0000\t0\t0\t0\t00000000\t0\t0\t0\n"  # a route not in use counts for nothing
)
LAN = "192.168.1.20"


def never() -> str | None:
    raise AssertionError("the LAN address was looked for although it was not needed")


@pytest.mark.parametrize(
    "host",
    ["localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1"],
)
def test_every_name_of_this_machine_is_loopback(host):
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["192.168.1.20", "10.0.0.1", "::ffff:10.0.0.1", "fe80::1", "class.example.org", ""])
def test_an_address_a_phone_may_reach_is_not_loopback(host):
    assert not is_loopback(host)


@pytest.mark.parametrize(
    ("given", "read"),
    [
        ("", ""),
        ("   ", ""),
        ("https://class.example.org", "https://class.example.org"),
        ("HTTPS://Class.Example.org/", "https://class.example.org"),  # scheme and host in one case, no "/"
        ("http://192.168.1.20:8501", "http://192.168.1.20:8501"),
        ("https://school.example.org/stonegame/", "https://school.example.org/stonegame"),  # served under a path
        ("http://[2001:db8::5]:8080", "http://[2001:db8::5]:8080"),
    ],
)
def test_a_public_url_is_read_as_the_links_start(given, read):
    assert read_public_url(given) == read


@pytest.mark.parametrize(
    "given",
    [
        "class.example.org",  # no scheme
        "ftp://class.example.org",
        "javascript:alert(1)",
        "http://",  # no host
        "http:///path",
        "http://exa mple.org",
        "http://-bad-.example.org",
        "http://class.example.org:99999",
        "http://class.example.org:0",
        "http://class.example.org:",
        "http://teacher:pw@class.example.org",
        "https://class.example.org/?class=X",
        "https://class.example.org/#top",
        "http://2001:db8::5",  # an IPv6 host without brackets
    ],
)
def test_a_bad_public_url_is_refused_in_one_line_that_names_the_variable(given):
    with pytest.raises(ValueError, match=r"^STONEGAME_PUBLIC_URL=") as refused:
        read_public_url(given)
    assert "\n" not in str(refused.value)


def test_the_public_url_is_read_from_the_environment():
    assert reach.public_url({reach.PUBLIC_URL: "https://class.example.org/"}) == "https://class.example.org"
    assert reach.public_url({}) == ""


def test_the_default_route_with_the_lowest_metric_names_the_interface():
    assert default_interface(TABLE) == "eth0"
    assert default_interface(HEAD + "wlan0\t0000A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n") is None
    assert default_interface("") is None and default_interface(HEAD + "garbage\tzz\n") is None


def test_the_lan_address_is_the_default_interfaces_ipv4_address(tmp_path: Path):
    routes = tmp_path / "route"
    routes.write_text(TABLE)
    asked: list[str] = []
    assert lan_address(routes, lambda name: asked.append(name) or LAN) == LAN and asked == ["eth0"]


def test_no_route_table_no_default_route_or_no_address_finds_none(tmp_path: Path):
    missing, only_lan = tmp_path / "missing", tmp_path / "route"
    only_lan.write_text(HEAD + "wlan0\t0000A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n")
    assert lan_address(missing, lambda _: LAN) is None  # not Linux: no /proc/net/route
    assert lan_address(only_lan, lambda _: LAN) is None
    routes = tmp_path / "table"
    routes.write_text(TABLE)
    assert lan_address(routes, lambda _: None) is None  # the interface has no IPv4 address
    assert lan_address(routes, lambda _: "127.0.0.1") is None


def test_an_interface_that_does_not_exist_has_no_address():
    assert reach.interface_ipv4("no-such-if0") is None


def test_this_machines_lan_address_if_any_is_its_default_interfaces_and_no_loopback():
    found = lan_address()
    if found is not None:
        socket.inet_aton(found)  # an IPv4 address
        assert not is_loopback(found)


def test_a_configured_public_address_wins_over_everything():
    assert choose_base("https://class.example.org", "http://localhost:8501/", "10.0.0.9", 80, never) == Base(
        "https://class.example.org", "public"
    )


def test_streamlits_server_address_wins_over_the_browsers_unless_it_is_loopback():
    assert choose_base("", "http://localhost:8501/", "class.example.org", 8501, never) == Base(
        "http://class.example.org:8501", "server"
    )
    assert (
        choose_base("", "https://x.org/", "class.example.org/app/", 443, never).root == "https://class.example.org/app"
    )
    assert choose_base("", "http://10.0.0.5:8501/", "localhost", 8501, never) == Base("http://10.0.0.5:8501", "browser")


def test_a_reachable_browser_address_is_kept_without_its_path_or_query():
    assert choose_base("", "https://class.example.org/lesson?x=1", "", 0, never) == Base(
        "https://class.example.org", "browser"
    )


@pytest.mark.parametrize("seen", ["http://localhost:8501/?values=1,2", "http://127.0.0.1:8501/", "http://[::1]:8501/"])
def test_a_loopback_browser_address_gives_way_to_the_lan_address_on_the_same_port(seen):
    base = choose_base("", seen, "localhost", 8501, lambda: LAN)
    assert base.root == f"http://{LAN}:8501" and base.source == "lan" and is_loopback(base.unreachable)


def test_a_loopback_address_with_no_lan_address_stays_and_is_named():
    assert choose_base("", "http://localhost:8501/", "localhost", 8501, lambda: None) == Base(
        "http://localhost:8501", "loopback", "localhost"
    )


def test_no_browser_address_gives_a_relative_link():
    assert choose_base("", "", "localhost", 8501, never) == Base("", "browser")
