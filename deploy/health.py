"""The container's health check: exit 0 when the app on this machine answers /_stcore/health with
`ok` within 4 s, else 1 (`python deploy/health.py URL` asks another address). Python's urllib only,
so the image needs no curl (deploy/Dockerfile's HEALTHCHECK and deploy/compose.yaml run it;
Kubernetes asks the same path over HTTP itself)."""

import sys
import urllib.request

URL = "http://127.0.0.1:8501/_stcore/health"


def healthy(url: str = URL, timeout: float = 4.0) -> bool:
    """Whether `url` answers 200 with the body `ok` within `timeout` seconds."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status == 200 and answer.read() == b"ok"
    except OSError:
        return False


if __name__ == "__main__":
    sys.exit(0 if healthy(*sys.argv[1:2]) else 1)
