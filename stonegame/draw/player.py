"""The player every animated chart shares: a `frame` parameter moved in the browser by Vega timers
(while playing), by the chart's own buttons and by keys, so stepping and playing cost the server
nothing. No Streamlit here.

Vega-Lite passes unknown keys of a variable parameter through to the Vega signal; Altair's schema
does not know them, so the handlers are added to the validated spec dict by `add_vega_on`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import altair as alt
import pandas as pd

from stonegame.draw.kit import GREY, ORANGE, fit
from stonegame.i18n import t
from stonegame.terms import Lang

SPEEDS = {"0.5×": 20, "1×": 10, "2×": 5, "4×": 3}  # tenths of a second per frame
TICK_MS = 100
NAV = ("first", "back", "play", "next", "last")
# Vega names a named layer's marks <name>_<index of its view in the vconcat>_marks; the nav bar is view 0.
NAV_MARKS = ("nav_button_0_marks", "nav_label_0_marks")
PLAYING = "datum.action == 'play' && playing && frame < last"

# Keys the player answers anywhere on the page, except while the user types or works a control.
KEY_FILTER = (
    "indexof(['ArrowRight', 'ArrowLeft', 'PageDown', 'PageUp', 'Home', 'End', ' '], event.key) >= 0 && "
    "indexof(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'], event.target.tagName) < 0 && !event.target.isContentEditable"
)

Handlers = dict[str, list[dict[str, Any]]]


@dataclass(frozen=True)
class PlayerWords:
    """The player's words: each button's label (in NAV order), the play button's while playing, and
    the names of the step slider, the play box and the speed menu."""

    buttons: tuple[str, ...]
    pause: str
    step: str
    play: str
    speed: str

    @classmethod
    def of(cls, lang: Lang, step: str = "ctl_step") -> PlayerWords:
        """The player's words in `lang` (the slider named by the catalogue key `step`)."""
        return cls(
            tuple(t("nav_" + a, lang) for a in NAV),
            t("nav_pause", lang),
            t(step, lang),
            t("ctl_play", lang),
            t("ctl_speed", lang),
        )


def add_vega_on(spec: dict[str, Any], handlers: Handlers) -> dict[str, Any]:
    """A copy of the spec whose named top-level params also carry these Vega `on` handlers."""
    params = [{**p, "on": handlers[p["name"]]} if p.get("name") in handlers else p for p in spec.get("params", [])]
    return {**spec, "params": params}


def player_handlers(last: int, keys: bool = True) -> Handlers:
    """Vega handlers: one timer per speed moves the frame on while playing (until the last frame);
    button clicks move it too; play at the last frame starts again from frame 0. With `keys`, keys work
    anywhere on the page (outside inputs): → / PageDown next, ← / PageUp back, Home first, End last,
    space play/pause (a page with several players leaves keys out: they would step them all).

    Only timer, click and key events are used, never signal events: a cycle of signal-event handlers
    (frame <-> playing) broke Vega's layout of the concatenated views in Streamlit 1.67
    ("Cannot read properties of undefined (reading 'items')"). `playing` may stay true at the
    end; what the user sees as playing is `playing && frame < last`."""
    clicks = ", ".join(f"@{name}:click" for name in NAV_MARKS)
    move = (
        f"datum.action == 'first' ? 0 : datum.action == 'back' ? max(frame - 1, 0) : "
        f"datum.action == 'next' ? min(frame + 1, {last}) : datum.action == 'last' ? {last} : "
        f"datum.action == 'play' && frame >= {last} ? 0 : frame"
    )
    timers = [
        {
            "events": {"type": "timer", "throttle": TICK_MS * ticks},
            "update": f"playing && speed == {ticks} && frame < {last} ? frame + 1 : frame",
        }
        for ticks in SPEEDS.values()
    ]
    frame = [*timers, {"events": clicks, "update": move}]
    playing = [
        {
            "events": clicks,
            "update": f"datum.action == 'play' ? !(playing && frame < {last}) : "
            "datum.action == 'first' || datum.action == 'last' ? false : playing",
        }
    ]
    if keys:
        pressed = {"source": "window", "type": "keydown", "consume": True, "filter": [KEY_FILTER]}
        key_move = (
            f"event.key == 'ArrowRight' || event.key == 'PageDown' ? min(frame + 1, {last}) : "
            f"event.key == 'ArrowLeft' || event.key == 'PageUp' ? max(frame - 1, 0) : "
            f"event.key == 'Home' ? 0 : event.key == 'End' ? {last} : "
            f"event.key == ' ' && frame >= {last} ? 0 : frame"
        )
        frame.append({"events": pressed, "update": key_move})
        playing.append({"events": pressed, "update": f"event.key == ' ' ? !(playing && frame < {last}) : playing"})
    return {"frame": frame, "playing": playing}


def player_params(last: int, start: int, words: PlayerWords) -> list[alt.Parameter]:
    """The shared parameters: last (the last frame), frame (a slider), playing (a checkbox) and speed (a menu)."""
    return [
        alt.param(name="last", value=last),
        alt.param(name="frame", value=start, bind=alt.binding_range(min=0, max=max(last, 1), step=1, name=words.step)),
        alt.param(name="playing", value=False, bind=alt.binding_checkbox(name=words.play)),
        alt.param(
            name="speed",
            value=SPEEDS["1×"],
            bind=alt.binding_select(options=list(SPEEDS.values()), labels=list(SPEEDS), name=words.speed),
        ),
    ]


def nav_bar(words: PlayerWords, scale: float = 1.0) -> alt.LayerChart:
    """Five buttons drawn in the chart: first, back, play/pause, next, last."""
    buttons = pd.DataFrame({"action": NAV, "label": list(words.buttons)})
    base = alt.Chart(buttons).encode(x=alt.X("action:N", scale=alt.Scale(domain=list(NAV)), axis=None))
    button = base.mark_rect(cornerRadius=8, cursor="pointer", stroke=GREY, strokeWidth=1).encode(
        color=alt.condition(PLAYING, alt.value(ORANGE), alt.value("#F4F4F4")),
        tooltip=alt.value(None),
    )
    text = base.mark_text(fontSize=fit(18 * scale, 5 * 11), fontWeight="bold", cursor="pointer").encode(
        text=alt.condition(PLAYING, alt.value(words.pause), alt.Text("label:N")),
        tooltip=alt.value(None),
    )
    return alt.layer(button.properties(name="nav_button"), text.properties(name="nav_label")).properties(
        width="container", height=round(44 * scale)
    )


def played(chart: alt.TopLevelMixin, keys: bool = True, validate: bool = True) -> dict[str, Any]:
    """The Vega-Lite spec of a chart made with player_params (validated against the schema unless told
    not to), made playable in the browser: the player's handlers, up to its `last` param, added."""
    spec = chart.to_dict(validate=validate)
    last = next(p["value"] for p in spec["params"] if p["name"] == "last")
    return add_vega_on(spec, player_handlers(last, keys))
