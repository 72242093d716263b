"""A render worker's memory WHILE it makes the longest GIF, sampled every 10 ms by a thread reading its VmRSS
(scripts/gif_bench.py's RssSampler), not only once the job is over (test_render's checks: after the job, once
the worker has trimmed its heap). Before gif40 the worker reached 431-434 MB here: stonegame.teach.gif.to_gif
held every RGB frame at once (a tuple unpacked in a generator expression); 268 MB since it streams them."""

from __future__ import annotations

from scripts.gif_bench import ROWS, RssSampler, gif_spec
from stonegame.teach import gif
from ui.server import renderer
from ui.server.renderer import Done, Limit, Renderer, RenderKey


def test_a_worker_making_the_longest_gif_stays_under_its_bound_during_the_job():
    """The 41-step row (20 piles) in Chinese with Java, the dearest GIF: at no sample does the worker hold
    more than MAX_WORKER_RSS (400 MB, over which the server replaces a worker after its job)."""
    spec = gif_spec(ROWS[41], "zh", "java")
    svc = Renderer(workers=1, lanes={}, limits={"gif": Limit(120.0, 480.0)})
    try:
        with RssSampler(svc.pids) as sampler:
            made = svc.render("s", RenderKey("long", 0, "zh", "java", 3, "total", "gif"), gif.to_gif, spec)
    finally:
        svc.shutdown()
    assert isinstance(made, Done), made
    print(f"worker peak while making a 42-frame GIF: {sampler.peak >> 20} MB in {sampler.samples} samples")
    assert sampler.samples >= 10, "the job ended before the sampler read the worker's memory while it worked"
    assert 0 < sampler.peak < renderer.MAX_WORKER_RSS, f"the worker reached {sampler.peak >> 20} MB during the GIF"
