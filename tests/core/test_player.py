"""The shared player (stonegame.draw.player): plain parameters, no bindings, and the handlers of its
state machine, each event kind where it belongs. The machine itself is driven in the browser by
tests/e2e/test_stage.py (the stage's HTML controls) and tests/e2e/test_drawn_player.py (drawn bars)."""

import json

import altair as alt
import pandas as pd
import pytest

from stonegame.draw.player import (
    KEY_FILTER,
    NAV,
    NAV_MARKS,
    SCRUB_MARKS,
    SPEED_MARKS,
    SPEEDS,
    TICK_MS,
    PlayerWords,
    moved,
    nav_bar,
    played,
    player_handlers,
    player_params,
    scrub_frames,
    still_playing,
)


def playable(last=4, start=1, lang="en"):
    """A tiny chart with the drawn bar as view 0, made playable."""
    dots = alt.Chart(pd.DataFrame({"frame": range(last + 1)})).mark_point().encode(x="frame:O")
    chart = alt.vconcat(
        nav_bar(PlayerWords.of(lang), scrub_frames(last)), dots.transform_filter("datum.frame == frame")
    )
    return played(chart.add_params(*player_params(last, start)))


def test_the_parameters_are_plain_variables():
    spec = playable()
    params = {p["name"]: p for p in spec["params"]}
    assert {"last", "frame", "playing", "speed", "narrow"} <= set(params)
    assert not any("bind" in p for p in spec["params"]), "no raw Vega bindings"
    assert params["frame"]["value"] == 1 and params["last"]["value"] == 4 and params["playing"]["value"] is False
    assert params["speed"]["value"] == SPEEDS["1×"]
    assert player_params(4, 9)[1].param.value == 4 and player_params(4, -2)[1].param.value == 0  # kept within 0..last


def test_every_transition_has_its_handler():
    handlers = player_handlers("stage", keys=True, drawn=True)
    frame, playing, speed = (json.dumps(handlers[name]) for name in ("frame", "playing", "speed"))
    for ticks in SPEEDS.values():  # a timer per speed moves the frame on, only while playing
        assert f'"throttle": {TICK_MS * ticks}' in frame and f"speed == {ticks}" in frame
    stopper = handlers["playing"][0]
    assert stopper["events"] == {"type": "timer", "throttle": TICK_MS}
    assert stopper["update"] == "playing && frame >= last ? false : playing"  # play stops at the last frame
    assert "event.detail.id == 'stage'" in frame and "event.detail.id == 'stage'" in playing  # the stage's events
    for name in NAV_MARKS:
        assert f"@{name}:click" in frame and f"@{name}:click" in playing
    assert f"@{SCRUB_MARKS}:mousedown" in frame and f"@{SCRUB_MARKS}:mouseover" in playing
    assert all(f"@{name}:click" in speed for name in SPEED_MARKS)
    assert '"type": "keydown"' in frame and '"type": "keydown"' in playing


def test_the_machine_in_its_expressions():
    # play from the last frame when paused restarts at 0; every other action pauses; speed keeps playing
    assert "action == 'play' && !(playing && frame < last) && frame >= last ? 0" in moved("action")
    assert still_playing("a") == "a == 'play' ? !(playing && frame < last) : a == 'speed' ? playing : false"
    for action in ("first", "back", "next", "last", "seek"):
        assert f"action == '{action}'" in moved("action")


def test_keys_are_left_to_text_fields_menus_and_sliders_and_work_on_buttons():
    for tag in ("INPUT", "TEXTAREA", "SELECT"):
        assert f"'{tag}'" in KEY_FILTER.split("event.target.tagName) < 0")[0]
    assert "'BUTTON', 'A'], event.target.tagName) >= 0)" in KEY_FILTER  # only space is left to a button
    assert "!event.ctrlKey && !event.metaKey && !event.altKey" in KEY_FILTER


def test_without_keys_or_drawn_marks_the_player_answers_only_timers_and_its_events():
    events = json.dumps(player_handlers("p", keys=False, drawn=False))
    assert "keydown" not in events and "nav_button" not in events and "scrub_cell" not in events


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_drawn_bar(lang):
    spec = playable(lang=lang)
    bar = spec["vconcat"][0]
    names = [layer["name"] for layer in bar["layer"]]  # Altair suffixes the view's index: the marks' names
    assert names == [
        f"{n}_0" for n in ("nav_button", "nav_label", "speed_chip", "speed_label", "step_text", "scrub_cell")
    ]
    assert [f"{n}_marks" for n in names[:2]] == list(NAV_MARKS) and f"{names[-1]}_marks" == SCRUB_MARKS
    words = PlayerWords.of(lang)
    assert len(words.buttons) == len(NAV) and "{n}" in words.step_of and "{N}" in words.step_of
    clickable = [layer for layer in bar["layer"] if not layer["name"].startswith("step_text")]
    assert all(layer["encoding"]["tooltip"] == {"value": None} for layer in clickable)  # stays interactive
    scrubber = spec["datasets"][bar["layer"][-1]["data"]["name"]]
    assert [cell["frame"] for cell in scrubber] == [0, 1, 2, 3, 4]  # one cell per frame
