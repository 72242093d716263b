"""Benchmark: prints the figures behind the speed and size goals, for n = 8, 1,000 and 50,000 piles.

    python scripts/benchmark.py            # the full run (a few minutes; it starts the app for the browser part)
    python scripts/benchmark.py --quick    # what CI runs: fewer repeats, smaller rows, so it cannot rot

1. traced solve (solver plus its three tidy tables) against the reference write-up's Java written line
   for line in Python (no trace), medians of interleaved runs in one process, and their ratio;
2. server time per script run of every page (AppTest runs the real page; caches warm, medians);
3. bytes sent to the browser per page render (the protobuf of every element AppTest received:
   chart specs and their Arrow datasets included);
4. in headless Chromium: time from the script's end to the chart drawn, and for one step change.
Goals (reported, not asserted: machines are noisy): ratio <= 1.0 at 50,000; bytes <= 250 KB;
server time 50,000 / 8 <= 2.0; browser step change <= 100 ms; chart drawn <= 500 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from stonegame import solve  # noqa: E402
from stonegame.link import random_row  # noqa: E402


def reference_loop(stone_value: list[int]) -> str:
    """The reference write-up's Java, line for line in Python, with no trace: the baseline."""
    n = len(stone_value)
    suffix_sum = [0] * n
    suffix_sum[n - 1] = stone_value[n - 1]
    for i in range(n - 2, -1, -1):
        suffix_sum[i] = suffix_sum[i + 1] + stone_value[i]
    f = [0] * (n + 1)
    f[n] = 0
    for i in range(n - 1, -1, -1):
        bestj = f[i + 1]
        j = i + 2
        while j <= i + 3 and j <= n:
            bestj = min(bestj, f[j])
            j += 1
        f[i] = suffix_sum[i] - bestj
    total = 0
    for value in stone_value:
        total += value
    if f[0] * 2 == total:
        return "Tie"
    return "Alice" if f[0] * 2 > total else "Bob"


def traced_solve(values: list[int]) -> None:
    """The solver and all three tables of its trace."""
    sol = solve(values)
    sol.trace, sol.candidates, sol.positions  # noqa: B018 - building them is the work measured


def interleaved_medians(fns: list[Callable[[], object]], repeats: int) -> list[float]:
    """Median seconds of each function over `repeats` rounds, running them in turn in every round."""
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(repeats):
        for slot, fn in zip(times, fns, strict=True):
            start = time.perf_counter()
            fn()
            slot.append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]


def row(n: int) -> list[int]:
    """The benchmark's row of n piles: the app's seeded random row (seed 1)."""
    return random_row(n, 1)


def query(n: int) -> dict[str, str]:
    """The link that opens the benchmark's row of n piles, at its middle step."""
    return {"random": str(n), "seed": "1", "step": str(n + n // 2)}


def solver_figures(sizes: list[int], repeats: int) -> None:
    """Print traced solve vs the plain loop for each size."""
    print(f"\n1. Traced solve vs the reference loop (medians of {repeats} interleaved runs)")
    print(f"{'n':>8} {'plain loop ms':>14} {'traced ms':>10} {'ratio':>6}  goal <= 1.0 at 50,000")
    for n in sizes:
        values = row(n)
        base, traced = interleaved_medians(
            [lambda v=values: reference_loop(v), lambda v=values: traced_solve(v)], repeats
        )
        print(f"{n:>8,} {base * 1e3:>14.2f} {traced * 1e3:>10.2f} {traced / base:>6.2f}")


def element_bytes(node: object) -> int:
    """Bytes of the protobuf of every element under an AppTest node."""
    total = 0
    proto = getattr(node, "proto", None)
    if proto is not None and hasattr(proto, "ByteSize"):
        total += proto.ByteSize()
    children = getattr(node, "children", {})
    for child in children.values() if isinstance(children, dict) else children:
        total += element_bytes(child)
    return total


MAIN_PAGE = "explainer.py"  # the app's entry page: AppTest starts there and switches to the others (pages/)


def page_figures(sizes: list[int], repeats: int) -> None:
    """Print server time per script run and bytes per render of every page, for each size."""
    from streamlit.testing.v1 import AppTest

    from ui.nav import PAGES

    print(f"\n2-3. Server time per script run (median of {repeats} warm runs) and bytes to the browser")
    print(f"{'page':<22} {'n':>8} {'ms/run':>8} {'KB':>8}")
    per_page: dict[str, dict[int, float]] = {}
    for path, _, _ in PAGES:
        for n in sizes:
            at = AppTest.from_file(str(ROOT / MAIN_PAGE), default_timeout=120)
            for key, value in query(n).items():
                at.query_params[key] = value
            at.run()
            if path != MAIN_PAGE:
                at.switch_page(path).run()
            if at.exception:
                raise SystemExit(f"{path} raised at n={n}: {at.exception[0].value}")
            runs = []
            for _ in range(repeats):
                start = time.perf_counter()
                at.run()
                runs.append(time.perf_counter() - start)
            ms = statistics.median(runs) * 1e3
            per_page.setdefault(path, {})[n] = ms
            print(f"{path:<22} {n:>8,} {ms:>8.1f} {element_bytes(at._tree) / 1024:>8.1f}")
    print("server time, largest n / n = 8 (goal <= 2.0):")
    for path, times in per_page.items():
        print(f"  {path:<20} {times[max(times)] / times[min(times)]:.2f}")


def browser_figures(sizes: list[int]) -> None:
    """Print, in headless Chromium, the time from script end to the stage drawn and for one step change."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.helpers import CHROMIUM_ARGS, StreamlitServer, chromium_path, wait_for_app_run

    print("\n4. In Chromium: script end -> stage drawn, and one step change (ms; median of 3)")
    print(f"{'n':>8} {'drawn':>8} {'step':>8}   goals <= 500 and <= 100")
    with StreamlitServer() as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for n in sizes:
            drawn, step = [], []
            for _ in range(3):
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.add_init_script(WATCH_SCRIPT)
                page.goto(server.url + "/?" + "&".join(f"{k}={v}" for k, v in query(n).items()))
                wait_for_app_run(page)
                page.wait_for_function("window.__chartDrawnAt !== undefined", timeout=30000)
                drawn.append(page.evaluate("window.__chartDrawnAt - window.__scriptEndedAt"))
                step.append(page.evaluate(STEP_SCRIPT))
                page.close()
            print(f"{n:>8,} {statistics.median(drawn):>8.0f} {statistics.median(step):>8.0f}")
        browser.close()


# Records when the last script run ended and when the explainer's stage had drawn (its data-ready),
# looking once per animation frame (the stage lives in a component's shadow root, which a
# MutationObserver on the document does not see).
WATCH_SCRIPT = """
(() => {
  window.__stage = () => {
    for (const e of document.querySelectorAll("*")) {
      const found = e.shadowRoot && e.shadowRoot.querySelector("[data-testid='stage']");
      if (found) return found;
    }
    return null;
  };
  const tick = () => {
    const app = document.querySelector("[data-testid='stApp']");
    const stage = window.__stage();
    if (window.__scriptEndedAt === undefined && stage && app
        && app.getAttribute("data-test-script-state") === "notRunning") window.__scriptEndedAt = performance.now();
    if (window.__scriptEndedAt !== undefined && stage && stage.dataset.ready === "true") {
      window.__chartDrawnAt = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""

# Presses the stage's next (or, at the last step, back) button and returns the ms until its caption
# shows the new step.
STEP_SCRIPT = """
async () => {
  const stage = window.__stage();
  const title = () => stage.querySelector(".title").textContent;
  const before = title();
  const start = performance.now();
  const scrub = stage.querySelector("input[type=range]");
  const atEnd = Number(scrub.value) >= Number(scrub.max);
  stage.querySelector(atEnd ? "button.nav-back" : "button.nav-next").click();
  while (title() === before) await new Promise(requestAnimationFrame);
  return performance.now() - start;
}
"""


def main() -> None:
    """Run the benchmark's parts and print their tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="CI's quick run: smaller rows, fewer repeats")
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium figures")
    args = parser.parse_args()
    sizes = [8, 1000] if args.quick else [8, 1000, 50_000]
    repeats = 3 if args.quick else 7
    solver_figures([8, 1000, 50_000] if not args.quick else [8, 1000, 5000], repeats)
    page_figures(sizes, repeats)
    if not args.no_browser:
        browser_figures(sizes)


if __name__ == "__main__":
    main()
