"""Chart builders: each returns an Altair chart whose spec validates, with the player's parameters and
the Vega handlers that make it play in the browser."""

import json

import pytest

from stonegame import solve
from stonegame.draw.player import NAV_MARKS, SPEEDS, played, player_handlers
from stonegame.explainer.charts import explainer_chart
from stonegame.explainer.spec import explainer_words, opening, step_spec
from stonegame.explainer.view import cells, code_lines, frames, marks
from stonegame.link import random_row
from stonegame.listing import listing


def chart(values, step=0, lang="en", code="py"):
    """The explainer's Altair chart of the window that shows `step`, opening there."""
    sol = solve(values)
    win, frame = opening(sol, step)
    lst = listing(code)
    return explainer_chart(
        frames(sol, win, lang),
        cells(sol, win),
        marks(sol, win),
        lst.lines,
        code_lines(sol, win, lst),
        explainer_words(lang),
        start=frame,
    )


@pytest.mark.parametrize(
    ("values", "step", "lang", "code"),
    [([1, 2, 3, 7], 7, "en", "py"), ([1, 2, 3, -9], 0, "zh", "java"), ([-7], 3, "en", "py")],
)
def test_spec_validates_and_plays(values, step, lang, code):
    spec = played(chart(values, step, lang, code))  # validates against the Vega-Lite schema
    params = {p["name"]: p for p in spec["params"]}
    last = 2 * len(values) + 1
    assert params["frame"]["value"] == step and params["frame"]["bind"]["max"] == last
    assert params["last"]["value"] == last and params["playing"]["value"] is False
    assert sorted(p["update"] for p in params["frame"]["on"] if "timer" in json.dumps(p["events"]))
    assert len(spec["vconcat"]) == 5
    json.dumps(spec)  # serialisable as it is sent


def test_the_page_spec_is_the_validated_chart_at_the_step():
    sol = solve([1, 2, 3, 7])
    assert step_spec(sol, 7, "en", "py", "total") == played(chart([1, 2, 3, 7], 7))


def test_handlers_use_only_timer_click_and_key_events():
    handlers = player_handlers(9)
    events = [h["events"] for hs in handlers.values() for h in hs]
    assert all((isinstance(e, str) and "click" in e) or e.get("type") in ("timer", "keydown") for e in events)
    timers = {e["throttle"] for e in events if isinstance(e, dict) and e["type"] == "timer"}
    assert timers == {100 * v for v in SPEEDS.values()}
    keys = [e for e in events if isinstance(e, dict) and e["type"] == "keydown"]
    assert keys and all(e["source"] == "window" and "TEXTAREA" in e["filter"][0] for e in keys)
    assert any(name in h["events"] for h in handlers["frame"] if isinstance(h["events"], str) for name in NAV_MARKS)


def test_without_keys_the_player_answers_only_its_own_buttons_and_timers():
    events = [h["events"] for hs in player_handlers(9, keys=False).values() for h in hs]
    assert not any(isinstance(e, dict) and e["type"] == "keydown" for e in events)


def test_the_nav_layer_names_match_the_handlers():
    spec = json.dumps(chart([1, 2, 3, 7]).to_dict())
    for name in NAV_MARKS:
        assert f'"name": "{name.removesuffix("_marks")}"' in spec  # Altair suffixes the view's index


def test_a_long_row_sends_only_its_window():
    spec = played(chart(random_row(50_000, 1), step=60_000))
    data = spec["datasets"]
    assert sum(len(rows) for rows in data.values()) < 1000
    assert len(json.dumps(spec)) < 250_000


def test_the_words_are_built_once_per_language_and_form_and_read_only():
    zh, diff = explainer_words("zh"), explainer_words("en", "diff")
    assert explainer_words("zh") is zh, "cached: built once per language"
    assert zh.grid.names == {"values": "values", "suffix": "suffix", "dp": "dp"} and zh.player.buttons[0] == "|◀ 开头"
    assert diff.grid.names["dp"] == diff.bars.dp == "diff" and diff.bars.title.startswith("diff[i] = 2·dp[i]")
    with pytest.raises(TypeError):
        diff.grid.names["dp"] = "dp"  # shared by every session: nobody may change them


def test_the_bars_legend_names_the_third_row_as_the_form_does():
    for form, name in (("total", "dp"), ("diff", "diff")):
        bars = step_spec(solve([1, 2, 3, 7]), 7, "en", "py", form)["vconcat"][3]["layer"][0]
        legend = bars["encoding"]["color"]["legend"]
        assert legend["labelExpr"] == f'datum.label == "dp" ? "{name}" : datum.label', form
