"""The light page's pictures are made by the render service's worker, never in the server's threads:
vl-convert holds the GIL for a whole call (a 1 s first picture stopped every other request of the process,
so a class's Redis calls timed out and answered 503) and two calls at once from two threads can deadlock."""

import vl_convert as vlc

from ui import cache
from ui.server import renderer


def test_a_phone_picture_is_made_in_the_render_worker_not_here(monkeypatch):
    def here(*_args, **_kwargs):
        raise AssertionError("vl-convert called in the server's own process")

    monkeypatch.setattr(vlc, "vega_to_svg", here)
    monkeypatch.setattr(vlc, "vegalite_to_vega", here)
    svg, packed = cache.stage_svg((5, -3, 8, 2, -1, 7, 4, -6), 3, 4, "en", "py", "total")
    assert svg.startswith(b"<svg") and b"</svg>" in svg[-20:]
    assert len(packed) < len(svg)
    assert renderer.service().pids(), "no render worker made it"


def test_each_step_is_its_own_picture_and_a_step_past_the_end_is_the_last():
    row = (1, 2, 3, 7)
    pictures = {step: cache.stage_svg(row, 3, step, "zh", "java", "total")[0] for step in range(10)}
    assert len({pictures[step] for step in range(10)}) == 10
    assert cache.stage_svg(row, 3, 99, "zh", "java", "total")[0] == pictures[9]
