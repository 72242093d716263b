"""Browser end-to-end tests: one Streamlit server per session, Debian's Chromium through Playwright.

- Every test here gets the `browser` marker (declared in pyproject.toml).
- No Chromium at $CHROMIUM_PATH or /usr/bin/chromium: the tests are skipped with a hint, except
  with CI=true, where a missing browser fails them.
- Every browser context is watched for console errors and page errors; a test that caused one fails
  (the two 404 base-path probes Streamlit makes on a page other than `/` are allowed).
- `playwright install` is never needed or run: the launch args point Playwright at the system browser.
"""

from __future__ import annotations

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
