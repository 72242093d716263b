"""scripts/phone_join.py --quick: the lecture hall's phone benchmark runs end to end (the app behind nginx,
Chromium at 390×844, throttled and not) and prints its lines (the link, the typed code and, of the same
runs, from its Enter) in the shape the README quotes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.helpers import chromium_available, chromium_path, skip_without_nginx

ROOT = Path(__file__).resolve().parents[2]
SECONDS = r"median \d+\.\d\d s p90 \d+\.\d\d s"
WIRE = r"\d+\.\d KB \(websocket \d+\.\d KB\) in \d+ requests"
WHERE = r"\((app|light) via nginx, \d+ replicas?\)"
TIMES = rf"throttled {SECONDS} \| unthrottled {SECONDS} \| 2 contexts"
LINES = {
    "link": rf"^link  {WHERE}: {TIMES}$",
    "typed": rf"^typed {WHERE}: {TIMES}$",
    "enter": rf"^enter {WHERE}: {TIMES}$",
    "visit": rf"^visit {WHERE}: first {WIRE} \| second from cache {WIRE}$",
    "warm": r"^replicas warmed up in \d+ s$",
}


@pytest.mark.nginx
@pytest.mark.browser
def test_the_quick_phone_benchmark_prints_its_figures() -> None:
    skip_without_nginx()
    if not chromium_available():
        pytest.skip(f"Chromium not found at {chromium_path()}")
    done = subprocess.run(  # no retry: the benchmark waits for the replicas' warm-up before its first phone
        [sys.executable, "scripts/phone_join.py", "--quick", "--replicas", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    for name, shape in LINES.items():
        found = [line for line in lines if re.match(shape, line)]
        assert len(found) == 1, f"no {name} line shaped {shape!r} in:\n{done.stdout}"
