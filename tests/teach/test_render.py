"""The render service (ui/server/renderer.py): renders run in a worker process with CPU and wall-clock limits,
a bounded queue, one render per session and a cache of its own; the calling thread is never blocked.

Most tests use the fake makers of tests/teach/render_fakes.py (echo, sleep, spin, hang, boom, page),
so they measure the service, not vl-convert; the heartbeat test and the real-makers test render the
explainer chart.
"""

import os
import re
import string
import subprocess
import sys
import threading
import time
from dataclasses import replace
from functools import cache
from pathlib import Path

import psutil
import pytest

from stonegame import solve
from stonegame.fill.spec import opening, step_spec
from stonegame.memo import Memo
from stonegame.teach import export, fonts, gif
from tests.teach import render_fakes as fakes
from ui.server import renderer
from ui.server.renderer import Busy, Done, Failed, Limit, Pending, Renderer, RenderKey, TooSlow

ROOT = Path(__file__).resolve().parents[2]


def key(kind="echo", step=0, row="r"):
    return RenderKey(row=row, step=step, lang="en", code="py", k=3, form="total", kind=kind)


@pytest.fixture
def service():
    """A one-worker service on the fake makers (no warm-up), shut down after the test."""
    made = []

    def make(**options):
        options = {"workers": 1, "warm_up": "", "makers_from": ("tests.",), **options}
        made.append(Renderer(**options))
        return made[-1]

    yield make
    for service in made:
        service.shutdown()


def gone(pid, timeout=10.0):
    """Whether the process has exited (or is a zombie nobody reaped yet) within timeout seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD):
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.05)  # polling a process table, not synchronising with the service
    return False


def wait_until(condition, timeout=30.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)  # polling


def test_a_render_runs_in_another_process_and_is_cached(service):
    svc = service()
    first = svc.render("s", key(), fakes.echo, "hi", 3)
    assert isinstance(first, Done) and not first.cached
    text, frame, pid, renders = first.data.decode().split("|")
    assert (text, frame) == ("hi", "3")
    assert int(pid) != os.getpid() and int(pid) in svc.pids(), "rendered by the worker, not by us"
    again = svc.request("other session", key(), fakes.echo, "ignored: the key decides")
    assert again == Done(first.data, cached=True), "the same bytes, from the cache, without a render"
    assert svc.status(key()) == again
    third = svc.render("s", key(step=1), fakes.echo, "hi", 1)
    assert third.data.decode().split("|")[3] == str(int(renders) + 1), "the cache hit rendered nothing"


def test_a_maker_that_returns_text_gives_utf8_bytes(service):
    """The "html" kind: a pure page builder of the core, (data, bundle) -> str, made in the worker."""
    svc = service()
    made = svc.render("s", key("html"), fakes.page, {"title": "Stone Game · 石子"}, "let x = 1;")
    assert made.data == "<!doctype html><title>Stone Game · 石子</title><script>let x = 1;</script>".encode()


def test_only_makers_from_the_core_are_run():
    svc = Renderer(workers=1, warm_up="")
    try:
        with pytest.raises(ValueError, match="not a maker from stonegame"):
            svc.request("s", key(), fakes.echo, "x")
        assert svc.pids() == [], "and no worker was started for it"
    finally:
        svc.shutdown()


def test_the_cpu_limit_kills_the_worker_and_a_new_one_takes_over(service):
    svc = service(limits={"spin": Limit(cpu=1.0, wall=60.0)})
    svc.render("s", key(), fakes.echo)  # a worker is running
    (old,) = svc.pids()
    result = svc.render("s", key("spin"), fakes.spin, 30)
    assert result == TooSlow(1.0)
    assert gone(old), "the overrunning worker was killed"
    wait_until(lambda: len(svc.pids()) == 1)
    (new,) = svc.pids()
    assert new != old, "and replaced at once"
    assert isinstance(svc.render("s", key(step=1), fakes.echo), Done), "the next job runs"
    assert svc.request("t", key("spin"), fakes.spin, 30) == TooSlow(1.0), "known slow: no second try"


def test_a_job_that_waits_is_stopped_by_the_wall_clock(service):
    svc = service(limits={"sleep": Limit(cpu=60.0, wall=1.0)})
    started = time.monotonic()
    assert svc.render("s", key("sleep"), fakes.sleep, 60) == TooSlow(60.0)
    assert time.monotonic() - started < 15
    assert isinstance(svc.render("s", key(), fakes.echo), Done)


def test_the_queue_is_bounded_and_answers_busy(service):
    svc = service(max_queue=2)
    running = svc.request("a", key("sleep"), fakes.sleep, 3)
    wait_until(lambda: svc.queued() == 0)  # the slot took it
    queued = [svc.request(s, key("sleep", step=i), fakes.sleep, 0) for i, s in enumerate("bc", 1)]
    assert all(isinstance(r, Pending) for r in [running, *queued])
    assert svc.request("d", key("sleep", step=9), fakes.sleep, 0) == Busy("queue")
    assert all(isinstance(svc.wait(r.key, 30), Done) for r in [running, *queued])
    assert isinstance(svc.render("d", key("sleep", step=9), fakes.sleep, 0), Done), "room again"


def test_a_sessions_files_queue_behind_each_other_up_to_its_bound_and_equal_keys_share_one(service):
    """Issue 40: a second file asked for while the first is made was refused ("One file at a time"); now it
    waits its turn (place 2), and only past PER_SESSION files is a session refused."""
    svc = service(per_session=3)
    mine = svc.request("s", key("sleep"), fakes.sleep, 1)
    assert mine == Pending(key("sleep")) and mine.place == 1 and svc.status(key("sleep"), "s") == mine
    second = svc.request("s", key("sleep", step=1), fakes.sleep, 0)
    assert second == Pending(key("sleep", step=1)) and second.place == 2, "queued behind the first, not refused"
    assert svc.status(key("sleep", step=1), "s").place == 2 and svc.status(key("sleep", step=1), "t").place == 1
    third = svc.request("s", key("sleep", step=2), fakes.sleep, 0)
    assert third.place == 3
    assert svc.request("s", key("sleep", step=3), fakes.sleep, 0) == Busy("session"), "the bound: 3 at once"
    assert svc.request("s", key("sleep"), fakes.sleep, 1) == mine, "a second click waits too"
    assert svc.request("t", key("sleep"), fakes.sleep, 1) == mine, "another session shares the render"
    done = svc.wait(mine.key, 30)
    assert isinstance(done, Done) and svc.status(key("sleep")) == Done(done.data, cached=True)
    assert done.data.decode().split("|")[3] == "1", "one render for the three requests"
    assert isinstance(svc.wait(second.key, 30), Done) and isinstance(svc.wait(third.key, 30), Done), "then made"
    assert isinstance(svc.render("s", key("sleep", step=3), fakes.sleep, 0), Done), "free again"


def test_a_failing_render_is_reported_remembered_and_the_worker_goes_on(service):
    svc = service()
    assert svc.render("s", key("boom"), fakes.boom) == Failed("ValueError: no such chart")
    assert svc.status(key("boom")) == Failed("ValueError: no such chart"), "asking again answers at once"
    assert isinstance(svc.render("s", key(), fakes.echo), Done)


def test_a_hung_worker_cannot_survive_shutdown(service, tmp_path):
    svc = service()
    started = tmp_path / "started"
    svc.request("s", key("hang"), fakes.hang, str(started))
    wait_until(started.exists)  # the worker is inside the maker, ignoring SIGTERM
    (pid,) = svc.pids()
    svc.shutdown()
    assert gone(pid), "SIGKILLed, whatever it ignores"
    assert svc.wait(key("hang"), 5) is None, "nothing known of it any more"
    assert svc.request("t", key(), fakes.echo) == Failed("the render service stopped")


def test_a_worker_dies_with_its_server(tmp_path):
    """The server process dies without shutting down (kill -9, OOM): the kernel kills its worker."""
    started = tmp_path / "started"
    code = f"""
import os, sys, time
sys.path.insert(0, {str(ROOT)!r})
from tests.teach import render_fakes
from ui.server.renderer import Renderer, RenderKey
r = Renderer(workers=1, warm_up="", makers_from=("tests.",))
r.request("s", RenderKey("r", 0, "en", "py", 3, "total", "hang"), render_fakes.hang, {str(started)!r})
while not os.path.exists({str(started)!r}):
    time.sleep(0.02)
print(r.pids()[0], flush=True)
os._exit(0)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert gone(int(out.stdout.split()[0])), "PR_SET_PDEATHSIG ended it"


def test_an_idle_worker_is_stopped_and_started_again_on_demand(service, monkeypatch):
    monkeypatch.setattr(renderer, "IDLE_STOP", 0.5)
    svc = service()
    assert isinstance(svc.render("s", key(), fakes.echo), Done)
    wait_until(lambda: svc.pids() == [], timeout=10)
    assert isinstance(svc.render("s", key(step=1), fakes.echo), Done), "a new worker for the next job"


@cache
def chart_spec(values=(-9, -2, 5, -7, 0, 7, -5, 2, 9, -3, 4, -8), lang="zh", code="java"):
    """The explainer's own spec (what the export page renders)."""
    return step_spec(solve(list(values)), 0, lang, code, "total")


def test_the_real_makers_make_each_kind_in_the_worker():
    """The export page's makers (stonegame.teach.export and gif): the worker draws the explainer's spec
    the page sends; it stays small doing so (no Altair, no pandas: under half its memory bound)."""
    sol = solve([1, 2, 3, 7])
    _, frame = opening(sol, 9)
    spec = step_spec(sol, 0, "en", "py", "total")
    svc = Renderer(workers=1, limits={"gif": Limit(60.0, 240.0), "png": Limit(30.0, 120.0)})
    try:
        made = {
            "png": svc.render("s", key("png", row="kinds"), export.to_png, spec, frame),
            "svg": svc.render("s", key("svg", row="kinds"), export.to_svg, spec, frame),
            "gif": svc.render("s", key("gif", row="kinds"), gif.to_gif, spec),
        }
        (pid,) = svc.pids()
        rss = renderer.rss_bytes(pid)
    finally:
        svc.shutdown()
    assert all(isinstance(result, Done) for result in made.values()), made
    assert made["png"].data.startswith(b"\x89PNG") and made["gif"].data.startswith(b"GIF89a")
    fonts.prepare()  # as the worker did first: the SVG's text in our faces, which it carries
    assert made["svg"].data == export.to_svg(step_spec(sol, 9, "en", "py", "total"), 9), "the explainer's chart"
    assert b"Bob wins." in made["svg"].data
    print(f"CPU seconds in the worker: {', '.join(f'{k} {d.seconds:.2f}' for k, d in made.items())}; {rss >> 20} MB")
    assert rss < renderer.MAX_WORKER_RSS / 2, "a worker that only draws stays small (issue 14: memory)"


def test_a_worker_after_a_png_and_the_longest_gif_stays_under_half_its_bound():
    """A PNG, then the longest GIF (20 piles, 42 frames, Chinese with Java): the worker gives its freed
    frame buffers back (without the trim: 381 MB, glibc kept them; with it: 153 MB)."""
    from stonegame.fill.spec import window_spec
    from stonegame.fill.view import gif_window
    from stonegame.window import GIF_WINDOW

    sol = solve([5, -3, 8, 2, -1, 7, 4, -6, 3, -9, 2, 5, -7, 0, 7, -5, 2, 9, -3, 4])
    spec = window_spec(sol, gif_window(sol, 0).lo, "zh", "java", "total", size=GIF_WINDOW)
    svc = Renderer(workers=1, limits={"gif": Limit(120.0, 480.0), "png": Limit(30.0, 120.0)})
    try:
        png = svc.render("s", key("png", row="long"), export.to_png, chart_spec(), 0)
        made = svc.render("s", key("gif", row="long"), gif.to_gif, spec)
        rss = renderer.rss_bytes(svc.pids()[0])
    finally:
        svc.shutdown()
    assert isinstance(png, Done) and isinstance(made, Done), (png, made)
    print(f"after a PNG and a 42-frame GIF: {rss >> 20} MB")
    assert rss < renderer.MAX_WORKER_RSS / 2, "a worker's memory after a GIF (issue 40: 312 MB against 200)"


def test_the_worker_never_imports_streamlit_altair_or_pandas():
    code = (
        "import sys; from ui.server import renderer; renderer.warm_up(); "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'streamlit', 'pandas', 'altair'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]", "the worker draws specs the server fills: charts and Streamlit are the server's"
    assert not re.search(r"^\s*(import|from)\s+streamlit", (ROOT / "ui" / "server" / "renderer.py").read_text(), re.M)


def longest_gap(action):
    """The longest pause, in seconds, of a thread that wakes every 10 ms, while action() runs."""
    gaps, stop = [0.0], threading.Event()

    def heartbeat():
        last = time.perf_counter()
        while not stop.is_set():
            time.sleep(0.01)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    beat = threading.Thread(target=heartbeat)
    beat.start()
    try:
        result = action()
    finally:
        stop.set()
        beat.join()
    return max(gaps), result


def test_a_burst_never_blocks_the_calling_threads():
    """40 PNG requests at once (the issue's burst): a heartbeat thread keeps ticking while real
    renders run, because they run in the worker; in this process one PNG stops it for seconds."""
    spec = chart_spec()
    inline, _ = longest_gap(lambda: export.to_png(spec, 5))  # what a render in the server's threads does

    def burst():
        started = time.perf_counter()
        answers = [
            svc.request(f"s{i}", key("png", step=i + 1, row="burst"), export.to_png, spec, i + 1) for i in range(40)
        ]
        asked = time.perf_counter() - started
        return answers, asked, [svc.wait(a.key, 120) for a in answers if isinstance(a, Pending)]

    svc = Renderer(workers=1, max_queue=2, limits={"png": Limit(60.0, 120.0)})  # a loaded machine is slow
    try:
        assert isinstance(svc.render("warm", key("png", row="burst"), export.to_png, spec, 0), Done)
        meanwhile, (answers, asked, done) = longest_gap(burst)
    finally:
        svc.shutdown()
    taken = sum(isinstance(a, Pending) for a in answers)
    assert taken in (2, 3), "two queued, and one rendering if the slot took it before the next arrived"
    assert all(a == Busy("queue") for a in answers[taken:])
    assert len(done) == taken and all(isinstance(d, Done) and d.data.startswith(b"\x89PNG") for d in done), done
    assert asked < 0.5, f"40 requests took {asked:.2f} s to answer"
    print(f"longest heartbeat gap: {meanwhile:.3f} s during {taken} renders, {inline:.3f} s for one PNG inline")
    assert meanwhile < inline / 3, f"the heartbeat stopped for {meanwhile:.2f} s (inline: {inline:.2f} s)"


def test_the_cache_is_bounded_and_no_clear_cache_reaches_it(service):
    cache_ = Memo(replace(renderer.FILES, max_entries=3, max_bytes=10))
    for i in range(5):
        cache_.put(key(step=i), b"abc")
    assert len(cache_) == 3 and cache_.get(key(step=0)) is None and cache_.get(key(step=4)) == b"abc"
    cache_.put(key(step=9), b"x" * 11)
    assert cache_.get(key(step=9)) is None, "one file over the byte bound is not kept"
    cache_.put(key(step=8), b"y" * 9)
    assert cache_.size <= 10 and len(cache_) == 1
    import streamlit as st

    svc = service()
    made = svc.render("s", key(), fakes.echo, "kept")
    st.cache_data.clear()
    st.cache_resource.clear()  # what Streamlit does with a visitor's clear_cache BackMsg
    assert svc.request("s", key(), fakes.echo) == Done(made.data, cached=True)


def test_every_result_has_a_message_in_both_languages():
    from stonegame.words.renderer import WORDS

    results = [Pending(key()), Pending(key(), 2), Busy("queue"), Busy("session"), TooSlow(15.0), Failed("x")]
    keys = {renderer.message_key(r) for r in results}
    assert len(keys) == len(results), "a file queued behind the visitor's earlier one is said so"
    assert keys <= set(WORDS) and renderer.message_key(Done(b"")) is None
    for entry in WORDS.values():
        assert set(entry) == {"en", "zh"}
        fields = [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in entry.values()]
        assert fields[0] == fields[1], entry
    assert WORDS["render_too_slow"]["zh"].format(seconds=15.0).startswith("生成这个文件超过了 15 秒")


def test_the_service_reads_a_processs_cpu_seconds_and_resident_memory():
    """What the limits are checked against: the process's user + system CPU seconds (its own clock
    agrees) and its resident bytes; 0 for both once it is gone."""
    mine = os.times()
    assert abs(renderer.cpu_seconds(os.getpid()) - (mine.user + mine.system)) < 0.1
    assert 10 * 2**20 < renderer.rss_bytes(os.getpid()) < 4 * 2**30
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait(30)  # exited and reaped
    assert (renderer.cpu_seconds(ended.pid), renderer.rss_bytes(ended.pid)) == (0.0, 0)


def test_the_phone_pictures_have_a_lane_that_a_full_export_queue_cannot_starve(service):
    """Issue 35: a class's phone pictures (kind phone-svg) take a queue and a worker of their own, so 8 exports
    waiting (here 1 running and 1 queued: the main lane is full) never hold a step's picture back."""
    svc = service(max_queue=1)
    running = svc.request("a", key("sleep"), fakes.sleep, 5)
    wait_until(lambda: svc.queued("main") == 0)  # the main slot took it
    assert isinstance(svc.request("b", key("sleep", step=1), fakes.sleep, 0), Pending)
    assert svc.request("c", key("sleep", step=2), fakes.sleep, 0) == Busy("queue"), "the main lane is full"
    started = time.monotonic()
    picture = svc.render("phone", key("phone-svg"), fakes.echo, "picture")
    assert isinstance(picture, Done) and time.monotonic() - started < 4.5, "made while the export still runs"
    assert svc.status(running.key) == running, "the export is still running"
    assert (svc.lane("phone-svg"), svc.lane("png"), svc.lane("gif")) == ("phone", "main", "main")
    # the main slot took the export before starting its worker, which a loaded machine may still be starting
    # (CI once: 1 worker alive when the phone's picture came)
    wait_until(lambda: len(svc.pids()) == 2)
    phone_pid = int(picture.data.decode().split("|")[2])
    assert phone_pid in svc.pids() and svc.status(running.key) == running, "each lane's own worker"


def test_a_caller_can_hold_a_session_to_fewer_files(service):
    """The card's picture route keeps one picture per client at a time (most=1), whatever PER_SESSION is."""
    svc = service()
    assert isinstance(svc.request("card:c", key("sleep"), fakes.sleep, 1, most=1), Pending)
    assert svc.request("card:c", key("sleep", step=1), fakes.sleep, 0, most=1) == Busy("session")
    assert isinstance(svc.wait(key("sleep"), 30), Done)


def test_a_picture_asked_instead_replaces_the_sessions_waiting_one_of_its_kind(service):
    """Issue 40: the export page asks for the SVG on its run (one click), so a visitor stepping fast asked for a
    new SVG at each step and, past PER_SESSION of them waiting, was told "at most 3 files" for a step they
    had left. Asked `instead`, a new step's picture takes the place of the old one: the old job, that no
    one else waits for, leaves the queue and is never made; one another session waits for is still made."""
    svc = service(per_session=3)
    running = svc.request("a", key("sleep"), fakes.sleep, 1)
    wait_until(lambda: svc.queued() == 0)  # the slot took it: what follows waits in the queue
    shared = svc.request("s", key("sleep", step=1), fakes.sleep, 0, instead=True)
    assert svc.request("t", key("sleep", step=1), fakes.sleep, 0) == shared, "another visitor waits for step 1 too"
    asked = [svc.request("s", key("sleep", step=i), fakes.sleep, 0, instead=True) for i in range(2, 9)]
    assert all(isinstance(r, Pending) and r.place == 1 for r in asked), "never Busy, always first in its line"
    assert svc.queued() == 2, "step 1 (still wanted by t) and step 8 wait; steps 2-7 left the queue"
    assert isinstance(svc.wait(asked[-1].key, 30), Done) and isinstance(svc.wait(shared.key, 30), Done)
    assert all(svc.status(r.key) is None for r in asked[:-1]), "the steps left behind were never made"
    assert isinstance(svc.wait(running.key, 30), Done)
    other = svc.request("s", key("sleep", step=20), fakes.sleep, 0)
    assert isinstance(other, Pending) and svc.request("s", key("sleep", step=21), fakes.sleep, 0).place == 2, (
        "without `instead`, a second file still queues behind the first"
    )


def test_a_rows_pictures_asked_ahead_have_a_worker_of_their_own_and_one_asked_now_jumps_their_queue(service):
    """Issue 35: a row's pictures asked ahead (lane AHEAD) are made by a worker of their own, whose command line
    names its lane (halltest.py counts its CPU apart); one still waiting there that a phone asks for now moves to
    the phone lane: made at once, not after the rest of the row (here 2 s + 4 s of it)."""
    svc = service()
    svc.request("row", key("phone-svg", step=0), fakes.sleep, 2, lane=renderer.AHEAD)
    wait_until(lambda: svc.queued(renderer.AHEAD) == 0)  # the AHEAD slot took it
    for step in range(1, 6):
        assert isinstance(
            svc.request("row", key("phone-svg", step), fakes.sleep, 1, most=9, lane=renderer.AHEAD), Pending
        )
    assert (svc.queued(renderer.AHEAD), svc.queued("phone")) == (5, 0)
    started = time.monotonic()
    now = svc.render("phone", key("phone-svg", step=5), fakes.sleep, 1)
    assert isinstance(now, Done) and time.monotonic() - started < 4.5, "made by the phone lane, not after the row"
    assert svc.queued(renderer.AHEAD) < 5, "it left the AHEAD lane's queue"
    lanes = sorted((psutil.Process(pid).cmdline()[-1], psutil.Process(pid).nice()) for pid in svc.pids())
    base = psutil.Process().nice()  # os.nice adds to the niceness the worker inherits, up to 19
    assert lanes == [
        (renderer.AHEAD, min(19, base + renderer.AHEAD_NICE)),
        ("phone", min(19, base + renderer.WORKER_NICE)),
    ]
    assert isinstance(svc.wait(key("phone-svg", step=4), 30), Done), "the rest of the row is still made"


class _FinishingCache(Memo):
    """The service's cache, except that its first miss for `key` returns only once the service has
    answered that key's job: the slot thread finishing the job between status()'s two looks."""

    def __init__(self, key: RenderKey) -> None:
        super().__init__(renderer.FILES, "rendered files")
        self.key, self.service = key, None

    def get(self, key):
        found = super().get(key)
        if found is None and key == self.key and self.service is not None:
            service, self.service = self.service, None
            service.wait(key, 30)  # the job is cached and forgotten meanwhile
        return found


def test_a_file_that_is_made_while_its_page_looks_is_never_reported_unknown(service):
    """Issue 40 (scripts/hostile.py's GIF burst: "a GIF not made: its page said nothing"): status() read the
    cache, then (under the lock) the jobs; a job finished in between (cached, then taken off the jobs) was
    neither, so the page drew Make again with no sentence. It must be Pending or Done at every moment."""
    cache = _FinishingCache(key("sleep"))
    svc = service(cache=cache)
    assert svc.request("s", key("sleep"), fakes.sleep, 0.5) == Pending(key("sleep"))
    cache.service = svc
    seen = svc.status(key("sleep"), "s")
    assert isinstance(seen, Pending | Done), f"a file being made was reported {seen!r}"
    assert isinstance(svc.wait(key("sleep"), 30), Done) and isinstance(svc.status(key("sleep"), "s"), Done)
