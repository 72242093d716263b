"""Chart builders: each returns an Altair chart whose spec validates, with the player's parameters and
the Vega handlers that make it play in the browser."""

import json

import pytest

from stonegame import solve
from stonegame.charts import NAV_MARKS, SPEEDS, explainer_chart, player_handlers
from stonegame.i18n import CATALOGUE, t
from stonegame.link import random_row
from stonegame.listing import listing
from stonegame.view import cells, code_lines, frame_of_step, frames, marks, window_for_step


def build(values, step=0, lang="en", code="py"):
    sol = solve(values)
    win = window_for_step(sol, step)
    lst = listing(code)
    labels = {k: t(k, lang) for k in CATALOGUE}
    return explainer_chart(
        frames(sol, win, lang),
        cells(sol, win),
        marks(sol, win),
        lst.lines,
        code_lines(sol, win, lst),
        labels,
        start=frame_of_step(sol, win, step),
    )


@pytest.mark.parametrize(
    ("values", "step", "lang", "code"),
    [([1, 2, 3, 7], 7, "en", "py"), ([1, 2, 3, -9], 0, "zh", "java"), ([-7], 3, "en", "py")],
)
def test_spec_validates_and_plays(values, step, lang, code):
    spec = build(values, step, lang, code).to_dict()  # validates against the Vega-Lite schema
    params = {p["name"]: p for p in spec["params"]}
    last = 2 * len(values) + 1
    assert params["frame"]["value"] == step and params["frame"]["bind"]["max"] == last
    assert params["last"]["value"] == last and params["playing"]["value"] is False
    assert sorted(p["update"] for p in params["frame"]["on"] if "timer" in json.dumps(p["events"]))
    assert len(spec["vconcat"]) == 5
    json.dumps(spec)  # serialisable as it is sent


def test_handlers_use_only_timer_click_and_key_events():
    handlers = player_handlers(9)
    events = [h["events"] for hs in handlers.values() for h in hs]
    assert all((isinstance(e, str) and "click" in e) or e.get("type") in ("timer", "keydown") for e in events)
    timers = {e["throttle"] for e in events if isinstance(e, dict) and e["type"] == "timer"}
    assert timers == {100 * v for v in SPEEDS.values()}
    keys = [e for e in events if isinstance(e, dict) and e["type"] == "keydown"]
    assert keys and all(e["source"] == "window" and "TEXTAREA" in e["filter"][0] for e in keys)
    assert any(name in h["events"] for h in handlers["frame"] if isinstance(h["events"], str) for name in NAV_MARKS)


def test_the_nav_layer_names_match_the_handlers():
    spec = json.dumps(build([1, 2, 3, 7]).to_dict())
    for name in NAV_MARKS:
        assert f'"name": "{name.removesuffix("_marks")}"' in spec  # Altair suffixes the view's index


def test_a_long_row_sends_only_its_window():
    spec = build(random_row(50_000, 1), step=60_000).to_dict()
    data = spec["datasets"]
    assert sum(len(rows) for rows in data.values()) < 1000
    assert len(json.dumps(spec)) < 250_000
