"""N `streamlit run streamlit_app.py` replicas behind nginx on one machine, watched: what
scripts/serve.py starts for a class, and the load test and the deploy tests start too.

The replicas run on free local ports (scripts/servers.py's StreamlitServer, which the tests use too:
the same flags, the repository's .streamlit/config.toml, bound to 127.0.0.1 so that only nginx
reaches them). deploy/nginx.conf.template is rendered into a temporary prefix (its config, pid file,
logs and temp files, and a mirror of Streamlit's static files with precompressed copies), checked
with `nginx -t`, and nginx started in the foreground as the current user; start() returns once every
replica answers through nginx. Then a thread watches every replica's /_stcore/health: one that
answers slowly gets no new browsers until it answers again (its own browsers stay with it); one
whose process exited, or that has not answered for a minute (hung), is marked `down` in nginx
(reloaded), replaced by a new replica, and put back. stop() stops nginx and every replica and
removes the prefix.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import grp
import gzip
import os
import pwd
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.servers import (  # noqa: E402 - shared with the tests
    NGINX_HINT,
    StreamlitServer,
    free_port,
    nginx_path,
    raise_open_files,
)
from ui.server.edge import COMPRESSED, GZIP_LEVEL, GZIP_MIN_BYTES  # noqa: E402 - what the edge compresses, nginx too
from ui.server.static import static_dir as package_static_dir  # noqa: E402 - Streamlit's static directory

TEMPLATE = ROOT / "deploy" / "nginx.conf.template"
ROOM_SOCKETS = "STONEGAME_ROOM_SOCKETS"  # ui/server/rooms/side.py's SOCKETS (not imported: no app here)
PICTURES_FRONT = "STONEGAME_PICTURES_FRONT"  # ui/server/rooms/warm.py's FRONT_VARIABLE (not imported: no app here)
ROUTE_COOKIE = "st_route"  # the cookie naming the replica that holds a browser's session
REPLICA_ARGS = ("--server.address", "127.0.0.1")  # replicas are reached through nginx only
HEALTH_TIMEOUT = 5.0  # seconds a replica has to answer /_stcore/health before it counts as slow
HUNG_AFTER = 60.0  # seconds without one answer after which a running replica counts as hung
UNDRAIN_AFTER = 10.0  # seconds of prompt answers before a slow replica gets new browsers again
# A replica that is merely busy (a class's worth of script runs on a loaded machine) can take
# seconds to answer; killing it would throw away every session it holds and pile them onto the
# others. So slow only means "no new browsers"; only a minute of silence means "replace it".


# --- nginx and its configuration -----------------------------------------------------------------


PLACEHOLDER = re.compile(r"\{\{ *(\w+) *\}\}")


def render(template: str, values: dict[str, str]) -> str:
    """`template` with every `{{ name }}` replaced by values[name]; a placeholder without a value or a
    value without a placeholder is a ValueError (a template and its renderer that drifted apart)."""
    wanted = set(PLACEHOLDER.findall(template))
    if wanted != set(values):
        missing, unused = sorted(wanted - set(values)), sorted(set(values) - wanted)
        raise ValueError(f"template placeholders and values differ: missing {missing}, unused {unused}")
    return PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


@dataclass(frozen=True)
class Upstream:
    """One replica as nginx sees it: its route name (the cookie's value), its port, whether it is down
    (dead or restarting: no requests at all) or drained (slow: no new browsers, its own still come)."""

    name: str
    port: int
    down: bool = False
    drained: bool = False

    def server(self, backup: bool = False, new_browsers: bool = False, sockets: Path | None = None) -> str:
        """Its `server` line in an upstream block (in st_new when `new_browsers`): its TCP port, or with `sockets`
        its class room's unix socket there (ui/server/rooms/side.py: <sockets>/<port>.sock)."""
        flags = " backup" if backup else ""
        flags += " down" if self.down or (new_browsers and self.drained) else ""
        address = f"unix:{sockets}/{self.port}.sock" if sockets else f"127.0.0.1:{self.port}"
        return f"server {address} max_fails=1 fail_timeout=5s{flags};"


def upstream_blocks(replicas: list[Upstream], sockets: Path) -> str:
    """The upstream blocks: st_new (least connections over all replicas that are neither down nor
    drained, for a browser without a cookie; over every live one if all are drained), per replica,
    st_<name> with that replica first and the others as backups, and st_pictures (every replica, a
    class's pictures hashed to one of them by the class's code, the next on the ring when it is down);
    then st_sock_new and st_sock_<name>, the same over the replicas' class room sockets in `sockets` (the
    event streams')."""
    indent = " " * 8

    def block(name: str, lines: list[str], extra: str = "") -> str:
        body = "".join(f"{indent}{line}\n" for line in [*([extra] if extra else []), *lines, "keepalive 16;"])
        return f"    upstream {name} {{\n{body}    }}\n"

    if all(r.down or r.drained for r in replicas):  # better slow than nothing: take them all
        replicas = [Upstream(r.name, r.port, r.down) for r in replicas]
    blocks = []
    for prefix, where in (("st", None), ("st_sock", sockets)):
        new = [r.server(new_browsers=True, sockets=where) for r in replicas]
        blocks.append(block(f"{prefix}_new", new, "least_conn;"))
        for first in replicas:
            others = [r.server(backup=True, sockets=where) for r in replicas if r is not first]
            blocks.append(block(f"{prefix}_{first.name}", [first.server(sockets=where), *others]))
    blocks.append(block("st_pictures", [r.server() for r in replicas], "hash $picture_room consistent;"))
    return "\n".join(blocks).rstrip("\n")


def nginx_config(
    replicas: list[Upstream], *, listen: str, prefix: Path, static_mirror: Path, package_static: Path
) -> str:
    """deploy/nginx.conf.template rendered for these replicas, listening on `listen` (host:port),
    with its pid, logs and temp files under `prefix`."""
    if os.geteuid() == 0:  # as root nginx would hand its workers to `nobody`; keep them as us
        user = f"user {pwd.getpwuid(os.geteuid()).pw_name} {grp.getgrgid(os.getegid()).gr_name};"
    else:
        user = "# not root: the workers run as the user who started nginx"
    return render(
        TEMPLATE.read_text(encoding="utf-8"),
        {
            "user": user,
            "prefix": str(prefix),
            "open_files": str(nginx_open_files()),
            "listen": listen,
            "static_mirror": str(static_mirror),
            "package_static": str(package_static),
            "route_upstreams": "\n".join(f"        {r.name} st_{r.name};" for r in replicas),
            "stream_upstreams": "\n".join(f"        {r.name} st_sock_{r.name};" for r in replicas),
            "served_routes": "\n".join(
                f'        "~127\\.0\\.0\\.1:{r.port}$" {r.name};\n        "~/{r.port}\\.sock$" {r.name};'
                for r in replicas
            ),
            "upstreams": upstream_blocks(replicas, room_sockets(prefix)),
        },
    )


def room_sockets(prefix: Path) -> Path:
    """The folder of the replicas' class room sockets under nginx's prefix (ui/server/rooms/side.py's SOCKETS)."""
    return prefix / "sockets"


NGINX_OPEN_FILES = 32768  # descriptors an nginx worker asks for: 16,384 connections and the cache's files


def nginx_open_files() -> int:
    """What nginx's workers may ask for (worker_rlimit_nofile): NGINX_OPEN_FILES, at most this process's hard
    limit (a worker that asks for more is refused, and says so in the error log, even as root here)."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return NGINX_OPEN_FILES if hard == resource.RLIM_INFINITY else min(NGINX_OPEN_FILES, hard)


def mirror_static(package_static: Path, into: Path) -> Path:
    """A mirror of the package's hashed bundle (static/static/) under `into`/static: a symlink to every
    installed file, and next to each compressible one of at least GZIP_MIN_BYTES its gzip (GZIP_LEVEL,
    with the file's own modification time) for nginx's gzip_static. Nothing is written into the
    package. Returns `into` (nginx's root)."""
    source = package_static / "static"
    for path in source.rglob("*"):
        if not path.is_file():
            continue
        target = into / "static" / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(path)
        info = path.stat()
        if path.suffix in COMPRESSED and info.st_size >= GZIP_MIN_BYTES:
            packed = target.with_name(target.name + ".gz")
            packed.write_bytes(gzip.compress(path.read_bytes(), GZIP_LEVEL, mtime=0))
            os.utime(packed, ns=(info.st_atime_ns, info.st_mtime_ns))  # the same Last-Modified on every start
    return into


def check_config(nginx: str, prefix: Path, conf: Path) -> None:
    """Run `nginx -t` on `conf`; RuntimeError with nginx's own words if it is not valid."""
    errors = prefix / "logs" / "error.log"
    done = subprocess.run(
        [nginx, "-t", "-q", "-p", str(prefix), "-c", str(conf), "-e", str(errors)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"nginx -t refused {conf}:\n{done.stderr.strip()}")


class Nginx:
    """nginx in the foreground (`daemon off`) on a configuration under `prefix`, as the current user."""

    def __init__(self, binary: str, prefix: Path, conf: Path) -> None:
        self.binary, self.prefix, self.conf = binary, prefix, conf
        check_config(binary, prefix, conf)
        self._out = (prefix / "logs" / "nginx.out").open("w", encoding="utf-8")
        self._proc = subprocess.Popen(
            [binary, "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "logs" / "error.log")],
            stdout=self._out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # serve.py decides when it stops, not a Ctrl+C sent to the terminal
        )

    @property
    def pid(self) -> int:
        """The master process's id."""
        return self._proc.pid

    def alive(self) -> bool:
        return self._proc.poll() is None

    @property
    def returncode(self) -> int | None:
        return self._proc.poll()

    def reload(self, timeout: float = 10) -> None:
        """Check the configuration file again and tell the master to load it (SIGHUP); return once
        new workers run and every old one is shutting down (it takes no new connection, and finishes
        its open ones), so the next request sees the new configuration."""
        check_config(self.binary, self.prefix, self.conf)
        old = set(_children(self.pid))
        self._proc.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + timeout
        while not (set(_children(self.pid)) - old and all(_shutting_down(pid) for pid in old)):
            if time.monotonic() > deadline or not self.alive():
                raise RuntimeError(f"nginx did not reload within {timeout} s")
            time.sleep(0.02)

    def stop(self) -> None:
        """Fast shutdown (SIGTERM: the master closes every connection and stops its workers); SIGKILL
        for the master and its workers if that takes more than 10 s."""
        if self._proc.poll() is None:
            workers = _children(self._proc.pid)
            self._proc.terminate()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                for pid in workers:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                self._proc.kill()
                self._proc.wait(timeout=10)
        self._out.close()


def _shutting_down(pid: int) -> bool:
    """Whether an nginx worker is gone or says it is shutting down (its process title)."""
    try:
        return "shutting down" in " ".join(psutil.Process(pid).cmdline())
    except psutil.Error:
        return True


def _children(pid: int) -> list[int]:
    """The direct children of `pid` (none if it is gone)."""
    try:
        return [child.pid for child in psutil.Process(pid).children()]
    except psutil.Error:
        return []


def healthy(host: str, port: int, cookie: str | None = None, timeout: float = HEALTH_TIMEOUT) -> bool:
    """Whether http://host:port/_stcore/health answers `ok` within `timeout` seconds. With `cookie` (a
    route name), the request carries it and must also come back without a Set-Cookie for another
    route: through nginx, that means the named replica itself answered."""
    request = urllib.request.Request(f"http://{host}:{port}/_stcore/health")
    if cookie:
        request.add_header("Cookie", f"{ROUTE_COOKIE}={cookie}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            rerouted = any(c.startswith(f"{ROUTE_COOKIE}=") for c in answer.headers.get_all("Set-Cookie") or [])
            return answer.read() == b"ok" and not rerouted
    except OSError:
        return False


def active_sessions(port: int, timeout: float = HEALTH_TIMEOUT) -> int:
    """How many browser sessions the Streamlit server on 127.0.0.1:port holds right now (the
    `active_sessions` gauge of its own /_stcore/metrics, which nginx does not pass to visitors)."""
    url = f"http://127.0.0.1:{port}/_stcore/metrics?families=active_sessions"
    with urllib.request.urlopen(url, timeout=timeout) as answer:
        text = answer.read().decode()
    match = re.search(r"^active_sessions(?:\{\})? (\d+)", text, re.M)
    if match is None:
        raise RuntimeError(f"no active_sessions gauge in {url}:\n{text[:500]}")
    return int(match.group(1))


# --- the replicas, nginx and the watch over them ---------------------------------------------------


class Replica(StreamlitServer):
    """One `streamlit run` replica with its route name, reachable on 127.0.0.1 only (REPLICA_ARGS, unless
    other flags are given), serving the class room on a unix socket in `sockets` too (ui/server/rooms/side.py)."""

    def __init__(self, name: str, sockets: Path, args: Sequence[str] = REPLICA_ARGS) -> None:
        self.name = name
        super().__init__(extra_args=args, env={ROOM_SOCKETS: str(sockets)})


def announce(line: str) -> None:
    print(line, flush=True)


class Topology:
    """N replicas behind nginx on this machine, watched; start() returns when all of it answers.

    Use as a context manager, or call start() and stop(). `on_fatal` is called (from the watch
    thread) when nginx itself has died and nothing can be served any more."""

    def __init__(
        self,
        replicas: int = 2,
        port: int = 8080,
        host: str = "0.0.0.0",
        health_interval: float = 2.0,
        say: Callable[[str], None] = announce,
        on_fatal: Callable[[], None] | None = None,
        health_timeout: float = HEALTH_TIMEOUT,
        hung_after: float = HUNG_AFTER,
        undrain_after: float = UNDRAIN_AFTER,
        replica_args: Sequence[str] = REPLICA_ARGS,
    ) -> None:
        if replicas < 1:
            raise ValueError("at least one replica")
        binary = nginx_path()
        if binary is None:
            raise RuntimeError(NGINX_HINT)
        self.binary, self.count, self.host = binary, replicas, host
        self.local = "127.0.0.1" if host in ("", "0.0.0.0", "::") else host  # where this machine reaches nginx
        self.port = port or free_port()
        self.health_interval, self.say, self.on_fatal = health_interval, say, on_fatal
        self.health_timeout, self.hung_after, self.undrain_after = health_timeout, hung_after, undrain_after
        self.replica_args = tuple(replica_args)  # each replica's flags (a test may bind as Streamlit does by default)
        self.replicas: list[Replica] = []
        self.down: set[str] = set()  # route names marked down in nginx right now
        self.drained: set[str] = set()  # route names that get no new browsers right now
        self.events: list[str] = []  # what the watch did, in order (for tests and the report)
        self.replacements = 0  # replicas killed or found dead and started again
        self.nginx: Nginx | None = None
        self.prefix = Path(tempfile.mkdtemp(prefix="stonegame-serve-"))
        self._stopping = threading.Event()
        self._lock = threading.Lock()  # held while the replica list or nginx's config changes
        self._watch: threading.Thread | None = None

    @property
    def url(self) -> str:
        """Where nginx answers, for this machine."""
        return f"http://{self.local}:{self.port}"

    @property
    def conf(self) -> Path:
        return self.prefix / "nginx.conf"

    @property
    def access_log(self) -> Path:
        return self.prefix / "logs" / "access.log"

    def replica(self, name: str) -> Replica:
        """The running replica with that route name."""
        return next(r for r in self.replicas if r.name == name)

    def start(self) -> Topology:
        """Start the replicas (in parallel) and mirror the static files meanwhile, write and check the
        configuration, start nginx, wait until every replica answers through it, start the watch. The replicas and
        nginx get room for a hall's connections first (raise_open_files: they inherit this process's limit)."""
        raise_open_files()
        # the replicas put a class's next picture into nginx's cache through this address (ui/server/rooms/warm.py)
        os.environ[PICTURES_FRONT] = self.url
        try:
            for sub in ("logs", "temp", "sockets"):
                (self.prefix / sub).mkdir()
            self.static = package_static_dir()
            with concurrent.futures.ThreadPoolExecutor(self.count + 1) as pool:
                mirror = pool.submit(mirror_static, self.static, self.prefix / "www")
                sockets = room_sockets(self.prefix)
                started = [pool.submit(Replica, f"r{k}", sockets, self.replica_args) for k in range(1, self.count + 1)]
                concurrent.futures.wait(started)
                self.replicas = [f.result() for f in started if f.exception() is None]
                for future in started:
                    future.result()  # the first replica that did not start, if any, raises here
                self.mirror = mirror.result()
            self._write_config()
            self.nginx = Nginx(self.binary, self.prefix, self.conf)
            self._wait_routes([r.name for r in self.replicas], timeout=30)
        except BaseException:
            self.stop()
            raise
        self._watch = threading.Thread(target=self._watch_loop, name="serve-health", daemon=True)
        self._watch.start()
        return self

    def _write_config(self) -> None:
        """Render the configuration for the current replicas (as self.down and self.drained say)."""
        upstreams = [Upstream(r.name, r.port, r.name in self.down, r.name in self.drained) for r in self.replicas]
        self.conf.write_text(
            nginx_config(
                upstreams,
                listen=f"{self.host}:{self.port}",
                prefix=self.prefix,
                static_mirror=self.mirror,
                package_static=self.static,
            ),
            encoding="utf-8",
        )

    def _wait_routes(self, names: list[str], timeout: float) -> None:
        """Poll nginx until each named replica answers /_stcore/health for its own cookie."""
        deadline = time.monotonic() + timeout
        todo = list(names)
        while todo:
            if self.nginx is None or not self.nginx.alive():
                raise RuntimeError(f"nginx exited:\n{self.nginx_log()}")
            todo = [name for name in todo if not healthy(self.local, self.port, cookie=name)]
            if todo and time.monotonic() > deadline:
                raise RuntimeError(f"{todo} did not answer through nginx within {timeout} s:\n{self.nginx_log()}")
            if todo:
                time.sleep(0.1)

    def nginx_log(self) -> str:
        """nginx's error log and its own output so far."""
        logs = [self.prefix / "logs" / name for name in ("error.log", "nginx.out")]
        return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in logs if p.exists())

    # --- the watch ---

    def _watch_loop(self) -> None:
        """Every health_interval seconds: is nginx alive, and each replica? A replica whose process
        has exited is replaced; one that does not answer /_stcore/health within health_timeout is
        drained until it has answered promptly for undrain_after seconds, and replaced once it has
        not answered for hung_after seconds."""
        silent_since: dict[str, float] = {}  # since the first unanswered poll in a row
        prompt_since: dict[str, float] = {}  # since the first prompt answer in a row
        while not self._stopping.wait(self.health_interval):
            if self.nginx is not None and not self.nginx.alive():
                self._note(f"nginx exited ({self.nginx.returncode}); nothing is served any more")
                if self.on_fatal:
                    self.on_fatal()
                return
            for replica in list(self.replicas):
                if self._stopping.is_set():
                    return
                if not replica.alive():
                    silent_since.pop(replica.name, None)
                    self._replace(replica, f"exited with {replica._proc.returncode}")
                elif healthy("127.0.0.1", replica.port, timeout=self.health_timeout):
                    silent_since.pop(replica.name, None)
                    prompt = time.monotonic() - prompt_since.setdefault(replica.name, time.monotonic())
                    if replica.name in self.drained and prompt >= self.undrain_after:  # not at every blip
                        self._drain(replica, False, "answers promptly again: it takes new browsers again")
                else:
                    prompt_since.pop(replica.name, None)
                    silent = time.monotonic() - silent_since.setdefault(replica.name, time.monotonic())
                    if silent + self.health_timeout >= self.hung_after:
                        silent_since.pop(replica.name)
                        self._replace(replica, f"has not answered its health check for {self.hung_after:.0f} s")
                    elif replica.name not in self.drained:
                        why = f"did not answer its health check within {self.health_timeout:g} s"
                        self._drain(replica, True, why + ": no new browsers for it until it does")

    def _drain(self, replica: Replica, drained: bool, why: str) -> None:
        """Take the replica out of (or put it back into) st_new, nginx's upstream for new browsers;
        its own browsers keep reaching it through its route either way."""
        with self._lock:
            if self._stopping.is_set():
                return
            (self.drained.add if drained else self.drained.discard)(replica.name)
            self._write_config()
            self.nginx.reload()
            self._note(f"{replica.name} (pid {replica.pid}) {why}")

    def _note(self, event: str) -> None:
        self.events.append(event)
        self.say(f"[serve] {event}")

    def _replace(self, old: Replica, why: str) -> None:
        """Mark the replica down in nginx (reloaded), kill it if it still runs, start a new one under
        the same route name on a new port, put that in nginx's configuration (reloaded) and wait until
        nginx routes to it. A replica that will not start stays down (the next poll tries again)."""
        with self._lock:
            if self._stopping.is_set():
                return
            self._note(f"{old.name} (pid {old.pid}, port {old.port}) {why}: marked down")
            self.replacements += 1
            self.down.add(old.name)
            self.drained.discard(old.name)
            self._write_config()
            self.nginx.reload()
            if old.alive():  # it does not answer, so it would not act on SIGTERM either
                with contextlib.suppress(ProcessLookupError):
                    os.kill(old.pid, signal.SIGKILL)
            old.stop()
            try:
                new = Replica(old.name, room_sockets(self.prefix), self.replica_args)
            except RuntimeError as err:
                self._note(f"{old.name} did not start again: {str(err)[:300]}")
                return
            self.replicas[self.replicas.index(old)] = new
            self.down.discard(old.name)
            self._write_config()
            self.nginx.reload()
            try:
                self._wait_routes([new.name], timeout=30)
            except RuntimeError as err:
                self._note(f"{new.name} is running but nginx does not route to it: {str(err)[:300]}")
                return
            self._note(f"{new.name} is back (pid {new.pid}, port {new.port})")

    # --- stopping ---

    def halt(self) -> None:
        """From now on replace nothing (safe in a signal handler: it only sets a flag)."""
        self._stopping.set()

    def stop(self) -> None:
        """Stop the watch, nginx and every replica (only processes this object started), then remove
        the prefix. Safe to call more than once."""
        self._stopping.set()
        if self._watch is not None and self._watch is not threading.current_thread():
            self._watch.join(timeout=120)  # a replacement in progress finishes starting its replica first
        with self._lock:
            if self.nginx is not None:
                self.nginx.stop()
            if self.replicas:  # in parallel: each may take its 10 s grace before SIGKILL
                with concurrent.futures.ThreadPoolExecutor(len(self.replicas)) as pool:
                    list(pool.map(Replica.stop, self.replicas))
            self.replicas = []
        shutil.rmtree(self.prefix, ignore_errors=True)

    def __enter__(self) -> Topology:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
