"""deploy/nginx.conf.template and scripts/serve.py: the rendered configuration passes `nginx -t`; over
plain HTTP, nginx serves Streamlit's static files itself (compressed, cached for a year) and sends
every page's path, health check and media request to the replica named by the browser's cookie; the
watch replaces a replica that died or hangs; SIGTERM and Ctrl+C stop every process serve.py started.

Tests that run nginx are skipped without it (with a hint), except under CI=true, where they fail.
The browser's side (a failover in Chromium) is tests/e2e/test_failover.py.
The files for Docker and Kubernetes (deploy/Dockerfile, compose.yaml, k8s/), which need neither nginx
nor replicas to check, are tests/deploy/test_artefacts.py.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.servers import free_port, nginx_path
from scripts.topology import (
    ROUTE_COOKIE,
    TEMPLATE,
    Topology,
    Upstream,
    check_config,
    mirror_static,
    nginx_config,
    package_static_dir,
    render,
    upstream_blocks,
)
from tests.e2e.helpers import skip_without_nginx

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.nginx


# --- the template, without running anything ---------------------------------------------------------


def test_render_fills_every_placeholder_and_refuses_a_mismatch():
    assert render("a {{ x }} b {{y}}", {"x": "1", "y": "2"}) == "a 1 b 2"
    with pytest.raises(ValueError, match=r"missing \['y'\]"):
        render("{{ x }} {{ y }}", {"x": "1"})
    with pytest.raises(ValueError, match=r"unused \['z'\]"):
        render("{{ x }}", {"x": "1", "z": "2"})


SOCKETS = Path("/run/sg")  # a folder of the replicas' class room sockets (scripts/topology.room_sockets)


def test_each_replica_gets_its_own_upstream_with_the_others_as_backups():
    blocks = upstream_blocks([Upstream("r1", 1001), Upstream("r2", 1002, down=True), Upstream("r3", 1003)], SOCKETS)
    new = blocks.split("upstream st_r1")[0]
    assert "least_conn;" in new and new.count("server 127.0.0.1:") == 3 and "backup" not in new
    r2 = re.search(r"upstream st_r2 \{(.*?)\}", blocks, re.S).group(1).strip().splitlines()
    assert r2[0].strip() == "server 127.0.0.1:1002 max_fails=1 fail_timeout=5s down;"
    assert [line.strip() for line in r2[1:3]] == [
        "server 127.0.0.1:1001 max_fails=1 fail_timeout=5s backup;",
        "server 127.0.0.1:1003 max_fails=1 fail_timeout=5s backup;",
    ]


def test_a_class_s_streams_go_to_the_same_replica_on_its_socket_with_the_others_as_backups():
    blocks = upstream_blocks([Upstream("r1", 1001), Upstream("r2", 1002, down=True), Upstream("r3", 1003)], SOCKETS)
    new = re.search(r"upstream st_sock_new \{(.*?)\}", blocks, re.S).group(1)
    assert "least_conn;" in new and new.count("server unix:/run/sg/") == 3 and "backup" not in new
    r2 = re.search(r"upstream st_sock_r2 \{(.*?)\}", blocks, re.S).group(1).strip().splitlines()
    assert [line.strip() for line in r2[:3]] == [
        "server unix:/run/sg/1002.sock max_fails=1 fail_timeout=5s down;",
        "server unix:/run/sg/1001.sock max_fails=1 fail_timeout=5s backup;",
        "server unix:/run/sg/1003.sock max_fails=1 fail_timeout=5s backup;",
    ]
    assert "unix:" not in blocks.split("upstream st_sock_new")[0], "every other request goes to the TCP port"


def test_a_class_s_pictures_go_to_one_replica_by_its_code_and_skip_a_down_one():
    blocks = upstream_blocks([Upstream("r1", 1001), Upstream("r2", 1002, down=True), Upstream("r3", 1003)], SOCKETS)
    pictures = re.search(r"upstream st_pictures \{(.*?)\}", blocks, re.S).group(1).strip().splitlines()
    assert pictures[0].strip() == "hash $picture_room consistent;"
    assert [line.strip() for line in pictures[1:4]] == [
        "server 127.0.0.1:1001 max_fails=1 fail_timeout=5s;",
        "server 127.0.0.1:1002 max_fails=1 fail_timeout=5s down;",
        "server 127.0.0.1:1003 max_fails=1 fail_timeout=5s;",
    ]


def test_a_drained_replica_gets_no_new_browsers_but_keeps_its_own():
    blocks = upstream_blocks([Upstream("r1", 1001, drained=True), Upstream("r2", 1002)], SOCKETS)
    new = blocks.split("upstream st_r1")[0]
    assert "server 127.0.0.1:1001 max_fails=1 fail_timeout=5s down;" in new
    assert "server 127.0.0.1:1002 max_fails=1 fail_timeout=5s;" in new
    own = re.search(r"upstream st_r1 \{(.*?)\}", blocks, re.S).group(1)
    assert "server 127.0.0.1:1001 max_fails=1 fail_timeout=5s;" in own  # its browsers still reach it
    everyone_slow = upstream_blocks([Upstream("r1", 1001, drained=True), Upstream("r2", 1002, drained=True)], SOCKETS)
    assert " down;" not in everyone_slow  # better slow than a 502 for every new browser


def test_the_rendered_configuration_names_every_route_and_leaves_no_placeholder(tmp_path):
    text = nginx_config(
        [Upstream("r1", 1001), Upstream("r2", 1002)],
        listen="127.0.0.1:9",
        prefix=tmp_path,
        static_mirror=tmp_path / "www",
        package_static=package_static_dir(),
    )
    assert "{{" not in text and "}}" not in text
    assert "        r1 st_r1;\n        r2 st_r2;" in text
    assert '"~127\\.0\\.0\\.1:1002$" r2;' in text and '"~/1002\\.sock$" r2;' in text
    assert "        r1 st_sock_r1;\n        r2 st_sock_r2;" in text
    assert f"pid {tmp_path}/nginx.pid;" in text and "listen 127.0.0.1:9;" in text


@pytest.mark.parametrize("replicas", [1, 2, 3])
def test_nginx_accepts_the_rendered_configuration(tmp_path, replicas):
    skip_without_nginx()
    for sub in ("logs", "temp"):
        (tmp_path / sub).mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        nginx_config(
            [Upstream(f"r{k}", 20000 + k, down=k == 2) for k in range(1, replicas + 1)],
            listen=f"127.0.0.1:{free_port()}",
            prefix=tmp_path,
            static_mirror=tmp_path / "www",
            package_static=package_static_dir(),
        )
    )
    check_config(nginx_path(), tmp_path, conf)  # raises with nginx's message if it is refused


def test_nginx_t_refuses_a_broken_configuration(tmp_path):
    skip_without_nginx()
    (tmp_path / "logs").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(TEMPLATE.read_text())  # placeholders left in: not a configuration
    with pytest.raises(RuntimeError, match="nginx -t refused"):
        check_config(nginx_path(), tmp_path, conf)


def test_the_static_mirror_links_the_package_and_adds_gzip_without_touching_it(tmp_path):
    package = package_static_dir()
    root = mirror_static(package, tmp_path)
    js = sorted((tmp_path / "static" / "js").glob("index.*.js"))
    assert js and js[0].is_symlink() and js[0].resolve() == (package / "static" / "js" / js[0].name)
    packed = js[0].with_name(js[0].name + ".gz")
    assert gzip.decompress(packed.read_bytes()) == js[0].read_bytes()
    assert packed.stat().st_mtime == js[0].stat().st_mtime
    fonts = list((tmp_path / "static" / "media").glob("*.woff2"))
    assert fonts and not any(f.with_name(f.name + ".gz").exists() for f in fonts)  # compressed already
    assert root == tmp_path
    assert not list(package.rglob("*.gz")), "serve.py wrote into the installed package"


# --- nginx and two replicas, over HTTP -----------------------------------------------------------------


@pytest.fixture(scope="module")
def topology() -> Iterator[Topology]:
    skip_without_nginx()
    said: list[str] = []
    with Topology(
        replicas=2,
        port=free_port(),
        host="127.0.0.1",
        health_interval=0.5,
        say=said.append,
        health_timeout=3.0,  # a loaded 2-core machine can take a second to answer
        hung_after=12.0,
        undrain_after=2.0,
    ) as t:
        yield t


def get(topology: Topology, path: str, cookie: str | None = None, gzip_ok: bool = True) -> http.client.HTTPResponse:
    """GET `path` from nginx (as a browser that accepts gzip), with the route cookie if given; the
    response, its body read into `.body`."""
    connection = http.client.HTTPConnection("127.0.0.1", topology.port, timeout=30)
    headers = {"Accept-Encoding": "gzip"} if gzip_ok else {}
    if cookie:
        headers["Cookie"] = f"{ROUTE_COOKIE}={cookie}"
    connection.request("GET", path, headers=headers)
    answer = connection.getresponse()
    answer.body = answer.read()
    connection.close()
    return answer


def route_set(answer: http.client.HTTPResponse) -> str | None:
    """The replica a response's Set-Cookie names, if it sets the route cookie."""
    for value in answer.headers.get_all("Set-Cookie") or []:
        if value.startswith(f"{ROUTE_COOKIE}="):
            return value.split(";")[0].split("=", 1)[1]
    return None


def bundle_files(topology: Topology) -> list[str]:
    """The JS and CSS paths index.html names."""
    html = get(topology, "/", gzip_ok=False).body.decode()
    return re.findall(r'(?:src|href)="\./(static/(?:js|css)/[^"]+)"', html)


def test_the_hashed_bundle_comes_from_nginx_compressed_and_cached_for_a_year(topology):
    files = bundle_files(topology)
    assert any(f.endswith(".js") for f in files) and any(f.endswith(".css") for f in files)
    for path in files:
        answer = get(topology, "/" + path)
        assert answer.status == 200, path
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable", path
        original = (package_static_dir() / path).read_bytes()
        if len(original) < 1024:  # too small to be worth compressing
            assert "Content-Encoding" not in answer.headers and answer.body == original, path
            continue
        assert answer.headers["Content-Encoding"] == "gzip", path
        assert answer.headers["Vary"] == "Accept-Encoding", path
        assert gzip.decompress(answer.body) == original, path
        assert route_set(answer) is None, path  # nginx answered: no replica, no cookie
    big = next(f for f in files if (package_static_dir() / f).stat().st_size > 100_000)
    plain = get(topology, "/" + big, gzip_ok=False)  # a client that takes no gzip gets the file itself
    assert "Content-Encoding" not in plain.headers and plain.body == (package_static_dir() / big).read_bytes()
    font = next((package_static_dir() / "static" / "media").glob("*.woff2")).name
    assert get(topology, f"/static/media/{font}").headers["Cache-Control"].endswith("immutable")
    missing = get(topology, "/static/js/index.NOT-THERE.js")
    assert missing.status == 404 and "Cache-Control" not in missing.headers


def test_every_page_path_reaches_streamlit_uncached_and_sets_the_route(topology):
    pages = ["/", "/trace?values=1,2", "/quiz", *(f"/{p.stem}" for p in sorted((ROOT / "pages").glob("*.py")))]
    for path in pages:
        answer = get(topology, path)
        assert answer.status == 200, path
        assert answer.headers["Cache-Control"] == "no-cache", path
        body = gzip.decompress(answer.body) if answer.headers.get("Content-Encoding") == "gzip" else answer.body
        assert b'<div id="root">' in body and b"</html>" in body, path  # `/`'s root holds the join box till the app
        assert route_set(answer) in ("r1", "r2"), path  # a replica answered and named itself
    assert get(topology, "/favicon.png").headers["Cache-Control"] == "no-cache"
    assert get(topology, "/_stcore/metrics").status == 404  # for the machine's owner, on a replica's own port


def test_a_link_as_long_as_streamlit_accepts_passes_nginx(topology):
    values = ",".join(str(v % 19 - 9) for v in range(3200))  # docs/security.md: links up to ~15,000 characters open
    path = "/?values=" + values.replace(",", "%2C")
    assert 14_000 < len(path) < 15_000
    assert get(topology, path).status == 200


def test_the_cookie_keeps_a_browser_on_its_replica(topology):
    for name in ("r1", "r2"):
        for path in ("/_stcore/health", "/_stcore/host-config", "/trace", "/media/unknown.csv"):
            answer = get(topology, path, cookie=name)
            assert route_set(answer) is None, (name, path)  # the named replica answered: no new cookie
    first = route_set(get(topology, "/_stcore/health"))
    assert first in ("r1", "r2")
    assert route_set(get(topology, "/_stcore/health", cookie="r9")) in ("r1", "r2")  # a stale name
    served = {
        json.loads(line)["served"]
        for line in topology.access_log.read_text().splitlines()
        if json.loads(line)["cookie"] == "r2"
    }
    assert served == {"r2"}


def test_a_dead_replica_is_routed_around_replaced_and_the_browser_stays_where_it_went(topology):
    victim = topology.replica("r1")
    os.kill(victim.pid, signal.SIGKILL)
    answer = get(topology, "/_stcore/health", cookie="r1")  # before the watch has noticed
    assert answer.status == 200 and answer.body == b"ok"
    assert route_set(answer) == "r2"  # the replica that took over names itself
    wait_for(lambda: any(e.startswith("r1 is back") for e in topology.events), 90, topology)
    assert f"r1 (pid {victim.pid}, port {victim.port}) exited with -9: marked down" in topology.events
    assert topology.replacements == 1
    new = topology.replica("r1")
    assert new.pid != victim.pid and new.port != victim.port
    assert route_set(get(topology, "/_stcore/health", cookie="r1")) is None  # r1 answers for r1 again
    assert route_set(get(topology, "/_stcore/health", cookie="r2")) is None  # and r2 keeps its browsers


def new_browser_servers(topology: Topology) -> str:
    """The server lines of st_new, nginx's upstream for browsers without a route cookie."""
    return re.search(r"upstream st_new \{(.*?)\}", topology.conf.read_text(), re.S).group(1)


def test_a_slow_replica_gets_no_new_browsers_until_it_answers_again(topology):
    wait_for(lambda: not topology.drained, 60, topology)
    slow, replacements = topology.replica("r1"), topology.replacements
    drained = f"r1 (pid {slow.pid}) did not answer its health check within 3 s: no new browsers for it until it does"
    back = f"r1 (pid {slow.pid}) answers promptly again: it takes new browsers again"
    os.kill(slow.pid, signal.SIGSTOP)  # alive, listening, answering nothing: as if very busy
    try:
        wait_for(lambda: drained in topology.events, 30, topology)
        assert f"127.0.0.1:{slow.port} max_fails=1 fail_timeout=5s down;" in new_browser_servers(topology)
        for _ in range(3):
            assert route_set(get(topology, "/_stcore/health")) == "r2"  # every new browser goes to r2
    finally:
        os.kill(slow.pid, signal.SIGCONT)  # well before hung_after: it was slow, not hung
    wait_for(lambda: back in topology.events, 30, topology)
    assert " down;" not in new_browser_servers(topology)
    assert topology.replacements == replacements and topology.replica("r1").pid == slow.pid  # never killed


def test_a_replica_that_hangs_is_killed_and_replaced(topology):
    victim, replacements = topology.replica("r2"), topology.replacements
    before = len(topology.events)
    os.kill(victim.pid, signal.SIGSTOP)  # and this time it stays silent
    try:
        wait_for(lambda: any(e.startswith("r2 is back") for e in topology.events[before:]), 120, topology)
    finally:
        if Path(f"/proc/{victim.pid}").exists():
            os.kill(victim.pid, signal.SIGKILL)
    events = topology.events[before:]
    assert f"r2 (pid {victim.pid}) did not answer its health check within 3 s" in events[0]
    assert (
        f"r2 (pid {victim.pid}, port {victim.port}) has not answered its health check for 12 s: marked down" in events
    )
    assert not Path(f"/proc/{victim.pid}").exists()
    assert topology.replacements == replacements + 1
    assert route_set(get(topology, "/_stcore/health", cookie="r2")) is None
    assert " down;" not in new_browser_servers(topology)


def wait_for(condition, timeout: float, topology: Topology) -> None:
    """Poll `condition` until it holds (a deadline, not a fixed sleep); fail with the watch's events."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"not within {timeout} s; the watch did: {topology.events}")
        time.sleep(0.1)  # poll interval


# --- serve.py as a person runs it ----------------------------------------------------------------------


def descendants(pid: int) -> list[int]:
    """pid's children, their children, ... from /proc."""
    found, todo = [], [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            found += children
            todo += children
    return found


def running(pid: int) -> bool:
    """Whether pid is a live process (not gone, not a zombie waiting for its parent)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl+C"])
def test_serve_py_starts_everything_and_stops_all_of_it(how):
    skip_without_nginx()
    port = free_port()
    serve = subprocess.Popen(
        [sys.executable, "scripts/serve.py", "--replicas", "2", "--port", str(port), "--host", "127.0.0.1"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group, like a program started in a terminal
    )
    lines: list[str] = []
    try:
        for line in serve.stdout:
            lines.append(line)
            if line.startswith(("serving on", "could not start")):
                break
        assert lines[-1].startswith(f"serving on http://127.0.0.1:{port}/"), "".join(lines)
        prefix = Path(re.search(r"prefix (\S+)\)", lines[0]).group(1))
        assert prefix.is_dir()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/_stcore/health")
        assert connection.getresponse().read() == b"ok"
        connection.close()
        tree = descendants(serve.pid)
        commands = [Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ") for pid in tree]
        assert sum(b"streamlit run streamlit_app.py" in c for c in commands) == 2, commands
        assert sum(c.startswith(b"nginx: master") for c in commands) == 1, commands
        assert sum(c.startswith(b"nginx: worker") for c in commands) == 1, commands
        if how == "SIGTERM":
            serve.send_signal(signal.SIGTERM)
        else:  # what a terminal sends on Ctrl+C: SIGINT to the whole foreground process group
            os.killpg(serve.pid, signal.SIGINT)
        rest, _ = serve.communicate(timeout=60)
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait()
    assert serve.returncode == 0, "".join(lines) + rest
    assert rest.rstrip().endswith("stopped."), rest
    assert "[serve]" not in rest, rest  # nothing was "replaced" on the way out
    assert [pid for pid in tree if running(pid)] == [], "processes left behind"
    assert not prefix.exists()
    with pytest.raises(OSError):
        http.client.HTTPConnection("127.0.0.1", port, timeout=2).request("GET", "/")
