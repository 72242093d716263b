"""Free ports for the servers the tests and scripts start: drawn outside the range the kernel gives
outgoing connections, never handed out twice, and a server whose port was taken before it bound it
starts on another (CI once lost 177 browser tests to "Port 54189 is not available")."""

from __future__ import annotations

import socket

import pytest

from scripts import servers
from scripts.servers import StreamlitServer, ephemeral_ports, free_port


def test_free_ports_are_outside_the_ephemeral_range_and_never_handed_out_twice() -> None:
    ports = [free_port() for _ in range(100)]
    ephemeral = ephemeral_ports()
    assert not [p for p in ports if p in ephemeral], f"ports in the kernel's range {ephemeral}: {ports}"
    assert len(set(ports)) == len(ports), f"handed out twice: {sorted(ports)}"


def test_a_port_taken_before_streamlit_binds_it_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    taken = socket.socket()
    taken.bind(("0.0.0.0", 0))
    taken.listen()
    drawn = [taken.getsockname()[1]]
    real = servers.free_port

    def first_the_taken_one() -> int:
        return drawn.pop() if drawn else real()

    monkeypatch.setattr(servers, "free_port", first_the_taken_one)
    try:
        with StreamlitServer() as server:
            assert server.port != taken.getsockname()[1]
            assert server.alive()
    finally:
        taken.close()
