"""scripts/halltest.py --quick: the lecture hall's test runs end to end (one real Chromium visit of the light
page recorded, then 50 phones replaying it through nginx to two replicas on a redis-server) and prints
classtest.py's lines and its own in the shape the README quotes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from scripts.redis_server import redis_available
from tests.e2e.helpers import chromium_available, chromium_path, skip_without_nginx

ROOT = Path(__file__).resolve().parents[2]
LINES = {
    "class": r"^class: 50 students, store redis, 2 replicas$",
    "steps": r"^step arrival: p50 \d+ ms, p95 \d+ ms \(teacher press to student receipt\), 0 missed$",
    "answers": r"^answers: 50 sent, 50 counted, 0 lost$",
    "broadcast": r"^server CPU per step broadcast: \d+\.\d ms \(all replicas\)$",
    "phones": r"^phones: 50, first visit \d+\.\d KB in \d+ requests, server CPU per joining phone \d+\.\d ms, "
    r"memory per phone -?\d+ KB$",
    "memory": r"^server memory: \d+ MB together",
    "parts": r"^  by part, per step \(idle not taken off\): replicas \d+\.\d ms, renders \d+\.\d ms, "
    r"row preparation \d+\.\d ms, nginx \d+\.\d ms$",
    "prepared": r"^row preparation CPU: [1-9]\d* ms over the class, \d+ ms a row \(2 rows; .*\), not in CPU per step$",
    "pace": r"^pace: teacher \(the next press once the class has the step, 200 ms, and the next step's picture is made",
    "ahead": r"^pace: teacher .*; phones keep the next step ahead as phone.js does \(its picture fetched once the step "
    r"is drawn\): [1-9]\d* of 400 steps drawn from a picture fetched ahead$",
    "opened": r"^  the phones came in once the class's first row was prepared: \d+\.\d s after the class opened",
    "ready": r"^step arrival after the picture was ready: p50 \d+ ms, p95 \d+ ms \(.*; 8 steps probed\)$",
    # issue 35's guards at the hall's size: a guesser from the hall's one address is shut out, the hall goes on
    "guesser": r"^guesser from the hall's address: 21 wrong codes typed, answered 404 x20, 429 x1$",
    "shut": r"^  then the class's own code typed from there: 429$",
    "late": r"^  then one more phone from that address by the class's link: 201$",
    # nginx had room for every connection (at 4,096 a hall of 1,000 ran short: idle keep-alive ones were closed
    # under requests) and logged nothing worse than notice
    "nginx": r"^nginx: at most \d+ descriptors open at once \(connections and files\); worker_connections 16384$",
    "nginx log": r"^nginx's error log: nothing at warn or above$",
}


@pytest.mark.nginx
@pytest.mark.browser
def test_the_quick_hall_test_prints_its_figures() -> None:
    skip_without_nginx()
    if not chromium_available():
        pytest.skip(f"Chromium not found at {chromium_path()}")
    if not redis_available():
        pytest.skip("redis-server not found")
    done = subprocess.run(
        [sys.executable, "scripts/halltest.py", "--quick", "--store", "redis", "--replicas", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    for name, shape in LINES.items():
        found = [line for line in lines if re.match(shape, line)]
        assert len(found) == 1, f"no {name} line shaped {shape!r} in:\n{done.stdout}"
    recorded = [line for line in lines if line.startswith("  visit: ")]
    assert any("/join" in line for line in recorded) and any("/events" in line for line in recorded), done.stdout
