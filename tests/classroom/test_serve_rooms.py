"""`scripts/serve.py --rooms redis` as a person runs it: it starts a redis-server of its own on a free
port of 127.0.0.1, every replica gets STONEGAME_ROOMS naming it, a room made through nginx lives there,
and SIGTERM stops the redis-server with everything else. `--rooms redis://...` of a Redis that does
not answer is refused in one line, before anything starts."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
import redis

from scripts.servers import ROOT, free_port
from tests.deploy.test_deploy import descendants, running
from tests.e2e.helpers import skip_without_nginx

pytestmark = pytest.mark.nginx


@pytest.fixture(autouse=True)
def nginx() -> None:
    """serve.py runs nginx: without one, skip with the hint (fail under CI=true)."""
    skip_without_nginx()


def started(serve: subprocess.Popen[str]) -> list[str]:
    """serve.py's lines up to "serving on" (or "could not start")."""
    lines: list[str] = []
    for line in serve.stdout:
        lines.append(line)
        if line.startswith(("serving on", "could not start")):
            break
    return lines


def test_serve_py_rooms_redis_starts_its_own_redis_and_stops_it():
    port = free_port()
    command = [sys.executable, "scripts/serve.py", "--replicas", "1", "--port", str(port), "--host", "127.0.0.1"]
    serve = subprocess.Popen(
        [*command, "--rooms", "redis"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        lines = started(serve)
        assert lines[-1].startswith(f"serving on http://127.0.0.1:{port}/"), "".join(lines)
        url = re.search(r"class room store: (redis://127\.0\.0\.1:\d+/0)", "".join(lines)).group(1)
        tree = descendants(serve.pid)
        commands = {pid: Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0") for pid in tree}
        (server,) = [pid for pid, c in commands.items() if b"redis-server" in c[0]]
        (replica,) = [pid for pid, c in commands.items() if b"streamlit_app.py" in c]
        environ = Path(f"/proc/{replica}/environ").read_bytes().split(b"\0")
        assert f"STONEGAME_ROOMS={url}".encode() in environ
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/classroom/rooms",
            data=json.dumps({"values": [1, 2, 3]}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=20) as made:
            code = json.loads(made.read())["code"]
        client = redis.Redis.from_url(url)
        assert client.exists(f"sg:room:{code}") and client.config_get("appendonly") == {"appendonly": "yes"}
        client.close()
        serve.send_signal(signal.SIGTERM)
        rest, _ = serve.communicate(timeout=60)
    finally:
        if serve.poll() is None:  # a failed check: SIGTERM still lets serve.py stop its redis-server and replicas
            serve.terminate()
            try:
                serve.wait(60)
            except subprocess.TimeoutExpired:
                serve.kill()
                serve.wait()
    assert serve.returncode == 0 and rest.rstrip().endswith("stopped."), rest
    assert not running(server) and [pid for pid in tree if running(pid)] == [], "processes left behind"


def test_serve_py_refuses_a_redis_that_does_not_answer():
    url = f"redis://127.0.0.1:{free_port()}/0"
    done = subprocess.run(
        [sys.executable, "scripts/serve.py", "--port", "0", "--rooms", url],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1 and done.stdout.startswith(f"could not start: {url} does not answer"), done.stdout
