"""deploy/nginx.conf.template passes the class room's routes unbuffered, with the sticky cookie."""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATE = (Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf.template").read_text()


def block(prefix: str) -> str:
    """The body of the template's `location <prefix> { ... }` block."""
    found = re.search(r"location " + re.escape(prefix) + r" \{(.*?)\n        \}", TEMPLATE, re.S)
    assert found, f"no location {prefix}"
    return found.group(1)


def test_the_class_rooms_streams_pass_unbuffered_and_stay_open():
    body = block("/classroom/")
    assert "proxy_buffering off;" in body and "proxy_read_timeout 1h;" in body


def test_the_class_room_keeps_the_same_sticky_cookie_as_the_websocket():
    assert "add_header Set-Cookie $st_set_route always;" in block("/classroom/")
    assert "proxy_pass http://$st_upstream;" in block("/classroom/")
    assert "$st_upstream" in block("= /_stcore/stream")
