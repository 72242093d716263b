"""Serve the app to a class from one machine: N `streamlit run streamlit_app.py` replicas behind nginx.

    python scripts/serve.py --replicas 2             # http://<this machine>:8080
    python scripts/serve.py --replicas 3 --port 8000
    python scripts/serve.py --rooms redis            # the class room in a redis-server of its own
    python scripts/serve.py --rooms redis://10.0.0.5:6379/0   # ... or in one Redis for many machines

Starts the replicas on free local ports (scripts/servers.py's StreamlitServer, which the tests use
too: the same flags, the repository's .streamlit/config.toml, bound to 127.0.0.1 so that only nginx
reaches them), renders deploy/nginx.conf.template into a temporary prefix (its config, pid file,
logs and temp files, and a mirror of Streamlit's static files with precompressed copies), checks it
with `nginx -t`, starts nginx in the foreground as the current user, and waits until every replica
answers through nginx. Then it prints the URL and watches every replica's /_stcore/health: one that
answers slowly gets no new browsers until it answers again (its own browsers stay with it); one
whose process exited, or that has not answered for a minute (hung), is marked `down` in nginx
(reloaded), replaced by a new replica, and put back. Ctrl+C or SIGTERM stops nginx and every replica
and removes the prefix. All of that is scripts/topology.py's Topology; this is its command.

The class room's store (`--rooms`): `sqlite` (the default: one file in STONEGAME_STATE that every
replica of this machine shares), `redis` (Debian's `redis-server` started here on a free port of
127.0.0.1, `--save '' --appendonly yes` in a temporary folder, stopped at the end), or
`redis://host:port/db` (an existing Redis, which every machine of a class can point at). Every replica,
also a replacement, gets it as STONEGAME_ROOMS (scripts/redis_server.py's rooms_env).

Needs Debian's nginx (`apt-get install -y nginx`, or $NGINX_PATH) and the app's requirements.txt (the
replicas are started by scripts/servers.py, which has no test dependencies).
"""

from __future__ import annotations

import argparse
import signal
import socket
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.redis_server import rooms_env  # noqa: E402
from scripts.servers import NGINX_HINT, nginx_path  # noqa: E402
from scripts.topology import HUNG_AFTER, Topology, announce  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replicas", type=int, default=2, help="Streamlit processes (default 2)")
    parser.add_argument("--port", type=int, default=8080, help="nginx's port (default 8080; 0 = a free one)")
    parser.add_argument("--host", default="0.0.0.0", help="nginx's address (default 0.0.0.0: every interface)")
    parser.add_argument("--health-interval", type=float, default=2.0, help="seconds between health polls")
    parser.add_argument(
        "--hung-after",
        type=float,
        default=HUNG_AFTER,
        help="seconds without a health answer before a replica is replaced",
    )
    parser.add_argument(
        "--rooms",
        default="sqlite",
        help="the class room's store: sqlite (default), redis (a redis-server of its own) or redis://host:port/db",
    )
    args = parser.parse_args(argv)
    if args.replicas < 1:
        parser.error("--replicas must be at least 1")
    if nginx_path() is None:
        parser.error(NGINX_HINT)
    with tempfile.TemporaryDirectory(prefix="stonegame-redis-") as folder:
        try:
            with rooms_env(args.rooms, Path(folder)) as url:
                return serve(args, url)
        except (ValueError, RuntimeError) as err:
            announce(f"could not start: {err}")
            return 1


def serve(args: argparse.Namespace, rooms: str) -> int:
    """Start the topology (its replicas on the class room's store `rooms`), print where it serves, and
    wait for Ctrl+C, SIGTERM or a dead nginx; then stop it all. 1 if it could not start or nginx died,
    else 0."""
    done = threading.Event()
    topology = Topology(
        args.replicas, args.port, args.host, args.health_interval, on_fatal=done.set, hung_after=args.hung_after
    )

    def on_signal(*_: object) -> None:
        topology.halt()  # before anything else: a Ctrl+C also reaches the replicas, which then exit
        done.set()

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, on_signal)
    announce(f"starting {args.replicas} replica(s) and nginx (prefix {topology.prefix}) ...")
    try:
        topology.start()
    except RuntimeError as err:
        announce(f"could not start: {err}")
        return 1
    for replica in topology.replicas:
        announce(f"  {replica.name}: pid {replica.pid}, port {replica.port}")
    announce(f"  nginx: pid {topology.nginx.pid}, config {topology.conf}")
    announce(f"  class room store: {rooms}")
    shown = "localhost" if args.host in ("0.0.0.0", "::") else args.host
    announce(f"serving on http://{shown}:{topology.port}/  (students: http://{socket.gethostname()}:{topology.port}/)")
    announce("Ctrl+C or SIGTERM stops everything.")
    try:
        done.wait()
    finally:
        announce("stopping ...")
        fatal = topology.nginx is not None and not topology.nginx.alive()
        topology.stop()
        announce("stopped.")
    return 1 if fatal else 0


if __name__ == "__main__":
    sys.exit(main())
