"""The app server answers /_stcore/health while the hostile programs run: the app is started (scripts.servers's
StreamlitServer, as the browser tests start it), the whole hostile set runs three times over through a pool of
child processes from four threads (as four students pressing Run at once would), and a poller asks the health
endpoint meanwhile. Every answer must come within 1 s, and the poller must have asked while the runs went on."""

import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from scripts.servers import StreamlitServer
from stonegame.write.run import Pool
from tests.write.test_hostile import HOSTILE

ANSWER_BOUND = 1.0  # seconds per health answer
ROUNDS = 3  # the hostile set three times over, so the runs last long enough to be polled often


@pytest.fixture(scope="module")
def server():
    with StreamlitServer() as s:
        yield s


def poll_health(url: str, stop: threading.Event, took: list[float], failed: list[str]) -> None:
    """Ask /_stcore/health every 50 ms until `stop` is set, keeping each answer's time (or what went wrong)."""
    while not stop.is_set():
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as answer:
                body = answer.read()
            took.append(time.perf_counter() - started)
            if body != b"ok":
                failed.append(f"answered {body!r}")
        except OSError as e:
            failed.append(repr(e))
        stop.wait(0.05)


def test_health_answers_while_hostile_programs_run(server):
    pool = Pool(2)
    stop, took, failed = threading.Event(), [], []
    poller = threading.Thread(target=poll_health, args=(server.url, stop, took, failed), daemon=True)
    try:
        poller.start()
        started = time.perf_counter()
        with ThreadPoolExecutor(4) as threads:
            outcomes = list(
                threads.map(lambda h: pool.run(h[2], h[1], [([3, -1, 4, 1, 5, 9, 2, 6], 3)])[0], HOSTILE * ROUNDS)
            )
        ran = time.perf_counter() - started
        polls_during = len(took)
    finally:
        stop.set()
        poller.join(10)
        pool.close()
    print(
        f"{len(HOSTILE) * ROUNDS} hostile programs in {ran:.2f} s; "
        f"{polls_during} health answers, slowest {max(took):.3f} s"
    )
    assert all(o.kind in ("refused", "error", "stopped") for o in outcomes)
    assert failed == []
    assert polls_during >= 3, "the poller asked too few times while the programs ran"
    assert max(took) <= ANSWER_BOUND, sorted(took)[-5:]
