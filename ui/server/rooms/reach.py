"""Where phones reach the app: the address a class's join link and QR code start with. No Streamlit here.

    public   STONEGAME_PUBLIC_URL: an http:// or https:// address with a host (and maybe a path the app
             is served under); when set, it wins
    server   Streamlit's browser.serverAddress (a host, maybe with a path) and browser.serverPort, when
             the address is not loopback (its default, "localhost", is)
    browser  the address the teacher's browser used (st.context.url)
    lan      this machine's address on its network: the IPv4 address of the interface the default route
             uses, offered in place of a loopback browser address
    loopback an address that reaches only this machine, never a phone: localhost (and *.localhost),
             127.0.0.0/8, ::1, ::ffff:127.0.0.1

The LAN address is found without a network call: the default route's interface from /proc/net/route,
then that interface's IPv4 address by the SIOCGIFADDR ioctl. Not by connect() of a UDP socket to some
public address (which sends no packet either): that asks the kernel which source address it would use
for a made-up destination, where the ioctl reads the very thing we mean, the default route's interface,
with no outside address written into the code. A machine with no /proc/net/route (not Linux), no
default route or no IPv4 address on its interface finds none, and says so.
"""

from __future__ import annotations

import fcntl
import ipaddress
import os
import re
import socket
import struct
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Literal, NamedTuple
from urllib.parse import urlsplit

PUBLIC_URL = "STONEGAME_PUBLIC_URL"
ROUTES = Path("/proc/net/route")
SIOCGIFADDR = 0x8915  # Linux's ioctl: an interface's address (linux/sockios.h)
RTF_UP = 0x1  # a route in use (linux/route.h)
HOST = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$")
Source = Literal["public", "server", "browser", "lan", "loopback"]


class Base(NamedTuple):
    """The join link's start (scheme://host[:port][/path], no trailing slash; "" when nothing is known: the
    link is then relative), where it came from, and the loopback host the browser used ("" unless the
    source is lan or loopback: what the projector warns about)."""

    root: str
    source: Source
    unreachable: str = ""


# --- loopback --------------------------------------------------------------------------------------


def is_loopback(host: str) -> bool:
    """Whether a host (a name, an IPv4 address, an IPv6 one with or without brackets) reaches only this
    machine: localhost or a name under .localhost, 127.0.0.0/8, ::1, or an IPv4-mapped loopback."""
    name = host.strip().strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        found = ipaddress.ip_address(name)
    except ValueError:
        return False
    mapped = getattr(found, "ipv4_mapped", None)
    return (mapped or found).is_loopback


# --- the configured public address -----------------------------------------------------------------


def read_public_url(text: str) -> str:
    """STONEGAME_PUBLIC_URL's value as a join link's start (scheme://host[:port][/path], no trailing
    slash), "" when it is unset or blank; ValueError naming the variable for anything else: a scheme
    other than http/https, no host or a malformed one, a bad port, a user, a query or a fragment."""
    given = text.strip()
    if not given:
        return ""
    if any(c.isspace() for c in given):
        raise ValueError(f"{PUBLIC_URL}={given!r}: an address has no spaces.")
    parts = urlsplit(given)
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not given.lower().startswith(f"{scheme}://"):
        raise ValueError(f"{PUBLIC_URL}={given!r}: it must start with http:// or https://.")
    if parts.username is not None or parts.query or parts.fragment or given.endswith(("?", "#")):
        raise ValueError(f"{PUBLIC_URL}={given!r}: it must be a plain address, with no user, query or fragment.")
    host = parts.hostname or ""
    if not (HOST.match(host) or (_is_ipv6(host) and "[" in parts.netloc)):
        raise ValueError(f"{PUBLIC_URL}={given!r}: it has no host, or not a valid one.")
    try:
        parts.port  # noqa: B018 - raises ValueError for a port that is no number in 0..65535
    except ValueError:
        raise ValueError(f"{PUBLIC_URL}={given!r}: its port is not a number from 1 to 65535.") from None
    if parts.port == 0 or parts.netloc.endswith(":"):
        raise ValueError(f"{PUBLIC_URL}={given!r}: its port is not a number from 1 to 65535.")
    return f"{scheme}://{parts.netloc.lower()}{parts.path.rstrip('/')}"


def _is_ipv6(host: str) -> bool:
    try:
        return isinstance(ipaddress.ip_address(host), ipaddress.IPv6Address)
    except ValueError:
        return False


def public_url(env: Mapping[str, str] = os.environ) -> str:
    """The environment's STONEGAME_PUBLIC_URL as read_public_url reads it."""
    return read_public_url(env.get(PUBLIC_URL, ""))


# --- the LAN address ----------------------------------------------------------------------------------


def default_interface(table: str) -> str | None:
    """The interface of the default route (destination and mask 0.0.0.0, in use; the lowest metric
    first) in the text of /proc/net/route, None if it has none."""
    found: list[tuple[int, str]] = []
    for line in table.splitlines()[1:]:
        fields = line.split()
        if len(fields) < 8:
            continue
        name, destination, flags, metric, mask = fields[0], fields[1], fields[3], fields[6], fields[7]
        try:
            up, default = int(flags, 16) & RTF_UP, int(destination, 16) == 0 == int(mask, 16)
            rank = int(metric)
        except ValueError:
            continue
        if up and default:
            found.append((rank, name))
    return min(found)[1] if found else None


def interface_ipv4(name: str) -> str | None:
    """The IPv4 address of the named interface (the SIOCGIFADDR ioctl on an unconnected UDP socket: no
    packet, no route lookup), None if it has none or the machine does not answer the ioctl."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            answer = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
    except (OSError, ValueError):
        return None
    return socket.inet_ntoa(answer[20:24])


def lan_address(routes: Path = ROUTES, address_of: Callable[[str], str | None] = interface_ipv4) -> str | None:
    """This machine's address on its network: the IPv4 address of the default route's interface; None
    when there is no route table to read, no default route, or no usable address on it."""
    try:
        table = routes.read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    name = default_interface(table)
    found = address_of(name) if name else None
    return found if found and not is_loopback(found) and found != "0.0.0.0" else None


# --- choosing -------------------------------------------------------------------------------------------


def choose_base(
    public: str,
    browser: str,
    server_address: str = "localhost",
    server_port: int = 0,
    find_lan: Callable[[], str | None] = lan_address,
) -> Base:
    """Where the join link starts: the public address if one is configured (already read by
    read_public_url); else browser.serverAddress (with browser.serverPort, in the browser's scheme) if it
    is not loopback; else the browser's own address, unless it is loopback: then this machine's LAN
    address on the browser's port (find_lan is called only then), or, with none found, the loopback
    address as it is. A browser address with no host gives "" (a relative link)."""
    if public:
        return Base(public, "public")
    seen = urlsplit(browser)
    scheme = seen.scheme if seen.scheme in ("http", "https") else "http"
    host, _, path = server_address.strip().partition("/")
    if host and not is_loopback(host):
        return Base(f"{scheme}://{_netloc(host, server_port, scheme)}{_path(path)}", "server")
    if not seen.hostname:
        return Base("", "browser")
    root = f"{scheme}://{seen.netloc}"
    if not is_loopback(seen.hostname):
        return Base(root, "browser")
    lan = find_lan()
    if lan is None:
        return Base(root, "loopback", seen.hostname)
    return Base(f"{scheme}://{_netloc(lan, seen.port or 0, scheme)}", "lan", seen.hostname)


def _netloc(host: str, port: int, scheme: str) -> str:
    """host:port, with no port when it is the scheme's own (or none), an IPv6 host in brackets."""
    shown = f"[{host}]" if _is_ipv6(host) else host
    return shown if port in (0, {"http": 80, "https": 443}[scheme]) else f"{shown}:{port}"


def _path(path: str) -> str:
    """A path the app is served under as a link's part: "/path", no trailing slash; "" for none."""
    clean = path.strip("/")
    return f"/{clean}" if clean else ""
