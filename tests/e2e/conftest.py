"""Browser end-to-end tests: one Streamlit server per session, Debian's Chromium through Playwright.

- Every test here gets the `browser` marker (declared in pyproject.toml).
- No Chromium at $CHROMIUM_PATH or /usr/bin/chromium: the tests are skipped with a hint, except
  with CI=true, where a missing browser fails them.
- Every browser context is watched for console errors and page errors; a test that caused one fails
  (the two 404 base-path probes Streamlit makes on a page other than `/` are allowed).
- `playwright install` is never needed or run: the launch args point Playwright at the system browser.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .helpers import CHROMIUM_ARGS, DESKTOP, ConsoleWatch, StreamlitServer, chromium_available, chromium_path

HERE = Path(__file__).resolve().parent
ON_CI = os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")
HOW_TO_ENABLE = (
    "Chromium not found at {path}: install it with `apt-get install -y chromium` "
    "or point CHROMIUM_PATH at a Chromium/Chrome binary (never `playwright install`)."
)

expect.set_options(timeout=10_000)  # a 2-core machine draws a big Vega chart slower than the 5 s default


def _ours(item: pytest.Item) -> bool:
    return HERE in Path(item.path).resolve().parents


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in tests/e2e `browser`; without Chromium skip them (but not on CI)."""
    missing = not chromium_available()
    for item in items:
        if not _ours(item):
            continue
        item.add_marker(pytest.mark.browser)
        if missing and not ON_CI:
            item.add_marker(pytest.mark.skip(reason=HOW_TO_ENABLE.format(path=chromium_path())))


@pytest.fixture(scope="session", autouse=True)
def _require_chromium() -> None:
    """On CI a missing browser is a failure, never a skip (elsewhere the tests were skipped already)."""
    if not chromium_available():
        pytest.fail("CI=true: " + HOW_TO_ENABLE.format(path=chromium_path()), pytrace=False)


RUNNING: list[StreamlitServer] = []  # the session's server, for the liveness check after each test


@pytest.fixture(scope="session")
def streamlit_server() -> Iterator[StreamlitServer]:
    """The app, started once for the whole session."""
    with StreamlitServer() as server:
        RUNNING.append(server)
        yield server
        RUNNING.remove(server)


@pytest.fixture(scope="session")
def app_url(streamlit_server: StreamlitServer) -> str:
    return streamlit_server.url


@pytest.fixture(scope="session")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    """The class room's server, started once for the session and shared by the class modules: its rooms in
    a fresh SQLite folder of its own (STONEGAME_STATE is set only while it starts)."""
    before = os.environ.get("STONEGAME_STATE")
    os.environ["STONEGAME_STATE"] = str(tmp_path_factory.mktemp("class-state"))
    try:
        with StreamlitServer() as server:
            RUNNING.append(server)
            yield server
            RUNNING.remove(server)
    finally:
        if before is None:
            os.environ.pop("STONEGAME_STATE", None)
        else:
            os.environ["STONEGAME_STATE"] = before


CLASS_CLIENTS = itertools.count(2)  # the last byte of each class module's own client address: 198.51.100.2, .3, ...


@pytest.fixture(scope="module")
def class_url(class_server: StreamlitServer) -> str:
    """The class server's address (its browsers' contexts send class_headers)."""
    return class_server.url


@pytest.fixture(scope="module")
def class_headers() -> dict[str, str]:
    """The header every browser context and request of this class module sends: an X-Forwarded-For naming a
    client address of the module's own (198.51.100.2, .3, ...: a documentation range), which the server
    believes of a proxy on this machine (127.0.0.1 is trusted by default). So the per-address limits one
    module meets on the shared class server (5 rooms made in 10 minutes, 5 minutes shut out after 20
    wrong codes) never reach another module's classes."""
    return {"X-Forwarded-For": f"198.51.100.{next(CLASS_CLIENTS)}"}


@pytest.fixture
def own_headers() -> dict[str, str]:
    """class_headers with a client address of the test's own, for a module whose tests together start more
    classes than one address may in 10 minutes (5)."""
    return {"X-Forwarded-For": f"198.51.100.{next(CLASS_CLIENTS)}"}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Debian's Chromium (or $CHROMIUM_PATH) with flags that keep it off the network."""
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict, app_url: str) -> dict:
    """Every context opens relative URLs against the session's server."""
    return {**browser_context_args, "base_url": app_url}


@pytest.fixture
def console_watch() -> ConsoleWatch:
    return ConsoleWatch()


@pytest.fixture
def new_context(new_context, console_watch: ConsoleWatch):
    """pytest-playwright's context factory: 1280×720 unless a test asks for another viewport, and every
    context it makes is watched for errors."""

    def _new_context(**kwargs):
        return console_watch.watch(new_context(**{"viewport": DESKTOP, **kwargs}))

    return _new_context


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail a test (not just its teardown) when the browser logged an unexpected error during it, and
    say so plainly when the session's server died under it."""
    try:
        result = yield
    finally:
        for server in RUNNING:
            if not server.alive():
                pytest.fail(server.exit_note(), pytrace=False)
    watch = getattr(item, "funcargs", {}).get("console_watch")
    if isinstance(watch, ConsoleWatch):
        watch.check()
    return result
