"""Benchmark: the CPU and wall seconds one exported GIF costs, made in this process as the render worker
makes it (the explainer's spec filled from its template, then stonegame.teach.gif.to_gif), for rows whose
fill has 8, 20 and 41 steps after the start (3, 9 and 20 piles), in English with Python and in Chinese
with Java (the dearest text), with the frames the file holds (main before issue 40: a 16-pile window,
at most 12 frames drawn).

    python scripts/gif_bench.py            # every row, both views
    python scripts/gif_bench.py --quick    # the 8-step row only (CI, so it cannot rot)

The subset fonts are prepared first and one throwaway GIF is made, as a warm render worker would have;
each figure is then the best of --repeat runs (time.process_time for CPU, time.perf_counter for wall).
"peak MB" is the process's peak resident memory while that row's GIFs are made (VmHWM, reset before
each row), "kept MB" what stays once the C heap is trimmed, as the worker does after a job. "worker MB" is
the largest resident memory (VmRSS) of a render worker (ui.server.renderer, one for the whole run) sampled
every 10 ms WHILE it makes the row's GIF (RssSampler), not after the job as the server checks it.
"""

from __future__ import annotations

import argparse
import ctypes
import io
import resource
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from stonegame import solve  # noqa: E402
from stonegame.teach import fonts  # noqa: E402

ROWS = {  # steps of the fill -> a row with that many (a row of n piles has 2n + 1 steps after the start)
    8: [5, -3, 8],  # not 2n + 1: 3 piles have 7 steps, and the start makes 8 frames
    20: [5, -3, 8, 2, -1, 7, 4, -6, 3],
    41: [5, -3, 8, 2, -1, 7, 4, -6, 3, -9, 2, 5, -7, 0, 7, -5, 2, 9, -3, 4],
}
VIEWS = (("en", "py"), ("zh", "java"))


def gif_spec(values: list[int], lang: str, code: str) -> dict:
    """The spec the export page hands the render worker for the row's GIF: the piles the GIF animates
    (stonegame.fill.view.gif_window, 20 piles, where there is one), else the explainer's window opening
    the row (16 piles: main before issue 40)."""
    from stonegame.fill import view
    from stonegame.fill.spec import opening, window_spec

    sol = solve(values)
    if hasattr(view, "gif_window"):
        from stonegame.window import GIF_WINDOW

        return window_spec(sol, view.gif_window(sol, 0).lo, lang, code, "total", size=GIF_WINDOW)
    win, _ = opening(sol, 0)
    return window_spec(sol, win.lo, lang, code, "total")


def measure(spec: dict, repeat: int) -> tuple[float, float, bytes]:
    """The best CPU and wall seconds of `repeat` GIFs of the spec, and the last GIF's bytes."""
    from stonegame.teach import gif

    best_cpu = best_wall = float("inf")
    data = b""
    for _ in range(repeat):
        if hasattr(gif, "clear_cache"):
            gif.clear_cache()  # a first visitor's GIF, not one kept from the run before
        cpu, wall = time.process_time(), time.perf_counter()
        data = gif.to_gif(spec)
        best_cpu, best_wall = min(best_cpu, time.process_time() - cpu), min(best_wall, time.perf_counter() - wall)
    return best_cpu, best_wall, data


def peak_mb() -> float:
    """This process's peak resident memory since reset_peak() (Linux's VmHWM), in MB: the peak during the
    GIFs of one row and view, as the render worker would reach making that row's GIF."""
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) / 1024


def reset_peak() -> None:
    """Start peak_mb() again from the resident memory now (writing 5 to /proc/self/clear_refs, Linux >= 4.0);
    the C heap's free pages are given back first, as the render worker does after every job."""
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    with open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")


def kept_mb() -> float:
    """This process's resident memory in MB once the C heap's free pages are given back (malloc_trim), as
    the render worker does after every job (ui.server.renderer._give_back_memory)."""
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize() / 2**20


def vm_rss(pid: int) -> int:
    """A process's resident memory now in bytes (VmRSS of /proc/<pid>/status); 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            return int(next(line for line in status if line.startswith("VmRSS:")).split()[1]) * 1024
    except (OSError, StopIteration):
        return 0


class RssSampler:
    """While open, a thread reads vm_rss of every process `pids()` names every `every` seconds; `peak` is the
    largest reading (bytes) and `samples` how many were taken: a render worker's memory during a job."""

    def __init__(self, pids: Callable[[], list[int]], every: float = 0.01) -> None:
        self.pids, self.every, self.peak, self.samples = pids, every, 0, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, name="rss-sampler", daemon=True)

    def _poll(self) -> None:
        """Read every named process's VmRSS until stopped, keeping the largest."""
        while not self._stop.wait(self.every):
            self.peak = max([self.peak, *(vm_rss(pid) for pid in self.pids())])
            self.samples += 1

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def worker_peak_mb(service: object, spec: dict) -> float:
    """The largest VmRSS (MB) of the service's render worker sampled while it makes the spec's GIF (uncached)."""
    from stonegame.teach import gif
    from ui.server.renderer import Done, RenderKey

    key = RenderKey(str(time.monotonic_ns()), 0, "bench", "py", 3, "total", "gif")  # a new row: never cached
    with RssSampler(service.pids) as sampler:
        made = service.render("bench", key, gif.to_gif, spec)
    assert isinstance(made, Done), made
    return sampler.peak / 2**20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="the 8-step row in English only")
    parser.add_argument("--repeat", type=int, default=2, help="GIFs per figure, the best kept (default 2)")
    args = parser.parse_args()
    from ui.server.renderer import Limit, Renderer

    service = Renderer(workers=1, lanes={}, limits={"gif": Limit(120.0, 480.0)})
    fonts.prepare()
    from stonegame.teach import gif

    gif.to_gif(gif_spec(ROWS[8], "en", "py"))  # warm up: vl-convert's engine, the fonts
    rows = {8: ROWS[8]} if args.quick else ROWS
    views = VIEWS[:1] if args.quick else VIEWS
    print(
        f"{'row':>14} {'view':>8} {'frames':>6} {'CPU s':>6} {'wall s':>6} {'CPU/frame':>9} {'KB':>5}"
        f" {'peak MB':>7} {'kept MB':>7} {'worker MB':>9}"
    )
    for values in rows.values():
        sol = solve(values)
        for lang, code in views:
            reset_peak()
            cpu, wall, data = measure(gif_spec(values, lang, code), 1 if args.quick else args.repeat)
            with Image.open(io.BytesIO(data)) as image:
                frames = image.n_frames
            label = f"{sol.n} piles/{sol.last_step}"
            print(
                f"{label:>14} {lang + '+' + code:>8} {frames:>6} {cpu:>6.2f} {wall:>6.2f} "
                f"{cpu / frames:>9.3f} {len(data) / 1024:>5.0f} {peak_mb():>7.0f} {kept_mb():>7.0f}"
                f" {worker_peak_mb(service, gif_spec(values, lang, code)):>9.0f}"
            )
    service.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
