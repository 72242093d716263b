"""Starting the app as a process: `streamlit run streamlit_app.py` on a free local port, healthy
before the constructor returns; and finding nginx. Shared by the browser tests, the load test, the
benchmark and `scripts/serve.py`, and free of test dependencies, so serving a class needs only the
app's own requirements.
"""

from __future__ import annotations

import os
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVER_ARGS = [
    "--server.headless",
    "true",
    "--global.developmentMode",
    "false",
    "--browser.gatherUsageStats",
    "false",
    "--server.fileWatcherType",
    "none",
]
NGINX_HINT = (
    "nginx not found ($NGINX_PATH, `nginx` on PATH, /usr/sbin/nginx): install Debian's with "
    "`apt-get install -y nginx`, or point NGINX_PATH at an nginx binary."
)


def nginx_path() -> str | None:
    """The nginx to run: $NGINX_PATH, else `nginx` on PATH, else Debian's /usr/sbin/nginx; None if
    none of them is an executable file."""
    for candidate in (os.environ.get("NGINX_PATH"), shutil.which("nginx"), "/usr/sbin/nginx"):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


# Ports handed out by free_port in this process: never handed out twice, even once closed again.
_HANDED_OUT: set[int] = set()
# Below Linux's ephemeral range (32768-60999 by default), where the kernel picks the source port of every
# outgoing connection: a port found free there can be taken by a client's socket (the suite opens
# thousands) before our server binds it. CI saw exactly that: "Port 54189 is not available".
QUIET_PORTS = range(20000, 32768)


OPEN_FILES = 65536  # descriptors a server process may hold: a hall's streams, besides its keep-alive connections


def raise_open_files(most: int = OPEN_FILES) -> int:
    """Raise this process's soft limit on open descriptors to `most` (at most its hard limit), so that it and
    every process it starts after (replicas, nginx, redis-server) can hold a hall's connections where the soft
    limit is the usual 1,024; the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = most if hard == resource.RLIM_INFINITY else min(most, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        return wanted
    return soft


def ephemeral_ports() -> range:
    """The kernel's range for outgoing connections' source ports (Linux's default where unreadable)."""
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return range(int(low), int(high) + 1)
    except (OSError, ValueError):
        return range(32768, 61000)


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody is bound to right now, drawn at random from QUIET_PORTS less the
    kernel's ephemeral range, and not handed out before by this process; the kernel's own pick (port 0)
    if 200 draws find none."""
    busy = ephemeral_ports()
    candidates = [p for p in QUIET_PORTS if p not in busy and p not in _HANDED_OUT]
    for port in random.SystemRandom().sample(candidates, min(200, len(candidates))):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _HANDED_OUT.add(port)
        return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class StreamlitServer:
    """`streamlit run streamlit_app.py` on a free local port, ready once /_stcore/health says ok."""

    def __init__(
        self,
        app_dir: Path = ROOT,
        script: str = "streamlit_app.py",
        start_timeout: float = 60,
        extra_args: Sequence[str] = (),
        port: int | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        """Start the server and wait until it is healthy; `extra_args` go after SERVER_ARGS (for
        example `--server.address 127.0.0.1` for a replica only nginx should reach), `env` into its
        environment besides this process's (for it alone). On `port` if
        given (a server started again where its clients know it), else on a free one, and on
        another free one if something took that port before the server bound it (up to 3 tries)."""
        self._env = {**os.environ, **(env or {})}
        for attempt in range(3):
            self._start(app_dir, script, extra_args, port or free_port())
            try:
                self._wait_healthy(start_timeout)
                return
            except BaseException as error:
                self.stop()
                taken = isinstance(error, RuntimeError) and f"Port {self.port} is not available" in str(error)
                if port is not None or not taken or attempt == 2:
                    raise

    def _start(self, app_dir: Path, script: str, extra_args: Sequence[str], port: int) -> None:
        """Start `streamlit run` on `port`, its output going to a fresh log file."""
        self.port = port
        self.url = f"http://localhost:{self.port}"
        # a file, not a pipe, so a chatty server never blocks; closed in stop()
        self._log = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        command = [sys.executable, "-m", "streamlit", "run", script, "--server.port", str(self.port), *SERVER_ARGS]
        self._proc = subprocess.Popen(
            [*command, *extra_args],
            cwd=app_dir,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            text=True,
            env=self._env,
        )

    def _wait_healthy(self, timeout: float) -> None:
        """Poll the health endpoint until it answers `ok` (a deadline, not a fixed sleep)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise RuntimeError(f"streamlit exited with {self._proc.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=1) as answer:
                    if answer.read() == b"ok":
                        return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"streamlit did not answer {self.url}/_stcore/health within {timeout} s:\n{self.log()}")

    @property
    def pid(self) -> int:
        """The server's process id (for reading its CPU and memory from /proc, or killing it)."""
        return self._proc.pid

    def alive(self) -> bool:
        """Whether the server process is still running."""
        return self._proc.poll() is None

    def exit_note(self) -> str:
        """Why the server is gone, for a failure message."""
        code = self._proc.poll()
        return (
            f"the Streamlit server on {self.url} (pid {self._proc.pid}) exited with {code} while the tests still "
            f"needed it; 'Stopping...' in its log means a SIGTERM/SIGINT from outside the suite (pkill?). "
            f"Its log ends:\n{self.log()[-2000:]}"
        )

    def log(self) -> str:
        """Everything the server printed so far."""
        self._log.flush()
        self._log.seek(0)
        return self._log.read()

    def stop(self) -> None:
        """Stop the server (only the process this object started) and close its log."""
        if self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait(timeout=10)
        self._log.close()

    def __enter__(self) -> StreamlitServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
