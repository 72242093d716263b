"""The player every animated chart shares: a state machine in the chart's own Vega handlers, so
stepping and playing cost the server nothing. No Streamlit here, and no Vega bindings: the controls
are drawn in the chart (`nav_bar`: five buttons, speed chips, "step n of N" and a scrubber) or, on the
explainer's stage, are HTML controls that send the same actions as window `player` events.

States and transitions (`frame` 0 .. `last`; what the user sees as playing is `playing && frame < last`):

    play        paused, frame < last  -> playing          paused at the last frame -> frame 0, playing
                playing               -> paused
    tick        playing, frame < last -> frame + 1        (a stopper: playing at the last frame -> paused)
    first / back / next / last (buttons, Home ← PageUp / → PageDown / End), seek (the scrubber)
                -> that frame, paused
    speed       -> that speed, playing or not as before

Vega-Lite passes unknown keys of a variable parameter through to the Vega signal; Altair's schema does
not know them, so the handlers are added to the validated spec dict (`add_vega_on`). Only timer, click,
mouse, key and window events drive them, never signal events (a cycle of signal-event handlers broke
Vega's layout of concatenated views in Streamlit 1.67).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import altair as alt
import pandas as pd

from stonegame.draw.kit import BLUE, GREY, ORANGE
from stonegame.i18n import t
from stonegame.terms import Lang

SPEEDS = {"0.5×": 20, "1×": 10, "2×": 5, "4×": 3}  # tenths of a second per frame
TICK_MS = 100
NAV = ("first", "back", "play", "next", "last")
SHORT = {"first": "|◀", "back": "◀", "next": "▶", "last": "▶|"}  # a narrow bar's labels; play keeps its word
ACTIVE = "playing && frame < last"  # what the user sees as playing
NARROW = "containerSize()[0] < 560"  # a phone: the buttons across the first row (symbols only but ▶ play)
# Vega names a named layer's marks <name>_<index of its view in the vconcat>_marks; the drawn bar is view 0.
MARKS = "_0_marks"
NAV_MARKS = tuple(name + MARKS for name in ("nav_button", "nav_label"))
SCRUB_MARKS = "scrub_cell" + MARKS
SPEED_MARKS = tuple(name + MARKS for name in ("speed_chip", "speed_label"))
BAR_HEIGHT = 80  # the drawn bar: a row of buttons (44 px: a touch target), a gap, the scrubber row (26 px)
ROOMY_HEIGHT = 94  # a roomy bar (nav_bar(roomy=True)): a 6-px gap, then a second row of 44 px (thumb-sized)

# Keys the player answers anywhere on the page, except while the user types, works a menu or a slider,
# holds a modifier, or presses space on a button or link (which clicks it).
KEY_FILTER = (
    "indexof(['ArrowRight', 'ArrowLeft', 'PageDown', 'PageUp', 'Home', 'End', ' '], event.key) >= 0 && "
    "!event.ctrlKey && !event.metaKey && !event.altKey && "
    "indexof(['INPUT', 'TEXTAREA', 'SELECT'], event.target.tagName) < 0 && !event.target.isContentEditable && "
    "!(event.key == ' ' && indexof(['BUTTON', 'A'], event.target.tagName) >= 0)"
)
KEY_ACTION = (
    "(event.key == 'ArrowRight' || event.key == 'PageDown' ? 'next' : "
    "event.key == 'ArrowLeft' || event.key == 'PageUp' ? 'back' : "
    "event.key == 'Home' ? 'first' : event.key == 'End' ? 'last' : 'play')"
)

Handlers = dict[str, list[dict[str, Any]]]


@dataclass(frozen=True)
class PlayerWords:
    """The drawn player's words: each button's label (in NAV order), the play button's while playing,
    "step {n} of {N}" (n the frame, N the last frame), and each button's name for screen readers (in NAV
    order; the explainer's stage names its buttons the same) and the play button's while playing."""

    buttons: tuple[str, ...]
    pause: str
    step_of: str
    names: tuple[str, ...] = ()
    pause_name: str = ""

    @classmethod
    def of(cls, lang: Lang, step_of: str = "player_step_of") -> PlayerWords:
        """The player's words in `lang` ("step n of N" from the catalogue key `step_of`)."""
        names = tuple(t("stage_aria_" + a, lang) for a in NAV)
        buttons = tuple(t("nav_" + a, lang) for a in NAV)
        return cls(buttons, t("nav_pause", lang), t(step_of, lang), names, t("stage_aria_pause", lang))


def add_vega_on(spec: dict[str, Any], handlers: Handlers) -> dict[str, Any]:
    """A copy of the spec whose named top-level params also carry these Vega `on` handlers."""
    params = [{**p, "on": handlers[p["name"]]} if p.get("name") in handlers else p for p in spec.get("params", [])]
    return {**spec, "params": params}


def moved(action: str) -> str:
    """The frame after an action (a Vega expression of the action's name): first, back, next, last;
    play from the last frame when paused starts at 0; seek goes to event.detail.frame."""
    return (
        f"{action} == 'first' ? 0 : {action} == 'back' ? max(frame - 1, 0) : "
        f"{action} == 'next' ? min(frame + 1, last) : {action} == 'last' ? last : "
        f"{action} == 'play' && !({ACTIVE}) && frame >= last ? 0 : "
        f"{action} == 'seek' ? clamp(event.detail.frame, 0, last) : frame"
    )


def still_playing(action: str) -> str:
    """Whether playing after an action: play toggles what the user sees, speed keeps it, any other pauses."""
    return f"{action} == 'play' ? !({ACTIVE}) : {action} == 'speed' ? playing : false"


def player_handlers(player_id: str = "player", keys: bool = True, drawn: bool = True) -> Handlers:
    """The handlers of `frame`, `playing` and `speed`: a timer per speed moves the frame on while
    playing, a 100-ms stopper pauses at the last frame, window `player` events {id, action, frame,
    speed} with this id drive it (the stage's HTML controls); with `drawn`, the drawn bar's buttons,
    scrubber and speed chips; with `keys`, the keys anywhere on the page (KEY_FILTER)."""
    custom = {"source": "window", "type": "player", "filter": [f"event.detail && event.detail.id == '{player_id}'"]}
    frame = [
        {
            "events": {"type": "timer", "throttle": TICK_MS * ticks},
            "update": f"playing && speed == {ticks} && frame < last ? frame + 1 : frame",
        }
        for ticks in SPEEDS.values()
    ]
    frame.append({"events": custom, "update": moved("event.detail.action")})
    playing = [
        {"events": {"type": "timer", "throttle": TICK_MS}, "update": "playing && frame >= last ? false : playing"}
    ]
    playing.append({"events": custom, "update": still_playing("event.detail.action")})
    speed = [{"events": custom, "update": "event.detail.action == 'speed' ? event.detail.speed : speed"}]
    if drawn:
        _drawn_handlers(frame, playing, speed)
    if keys:
        pressed = {"source": "window", "type": "keydown", "consume": True, "filter": [KEY_FILTER]}
        frame.append({"events": pressed, "update": moved(KEY_ACTION)})
        playing.append({"events": pressed, "update": still_playing(KEY_ACTION)})
    return {"frame": frame, "playing": playing, "speed": speed}


def _drawn_handlers(frame: list[dict], playing: list[dict], speed: list[dict]) -> None:
    """Add the drawn bar's handlers: button clicks act, a press or a drag on the scrubber seeks (and
    pauses), a speed chip sets the speed."""
    clicks = ", ".join(f"@{name}:click" for name in NAV_MARKS)
    frame.append({"events": clicks, "update": moved("datum.action")})
    playing.append({"events": clicks, "update": still_playing("datum.action")})
    scrub = f"@{SCRUB_MARKS}:mousedown, [@{SCRUB_MARKS}:mousedown, window:mouseup] > @{SCRUB_MARKS}:mouseover"
    frame.append({"events": scrub, "update": "datum.frame"})
    playing.append({"events": scrub, "update": "false"})
    speed.append({"events": ", ".join(f"@{name}:click" for name in SPEED_MARKS), "update": "datum.ticks"})


def player_params(last: int, start: int) -> list[alt.Parameter]:
    """The shared parameters, plain variables (no bindings): last (the last frame), frame (start, kept
    within 0..last), playing, speed (tenths of a second per frame) and narrow (a phone-wide chart)."""
    return player_params_at(last, max(0, min(start, last)))


def player_params_at(last: int, frame: int) -> list[alt.Parameter]:
    """player_params with the frame taken as it is (a template's: stonegame.draw.template)."""
    return [
        alt.param(name="last", value=last),
        alt.param(name="frame", value=frame),
        alt.param(name="playing", value=False),
        alt.param(name="speed", value=SPEEDS["1×"]),
        alt.param(name="narrow", expr=NARROW),
    ]


def scrub_frames(last: int) -> pd.DataFrame:
    """The scrubber's cells: one row per frame 0..last."""
    return pd.DataFrame({"frame": range(last + 1)})


def nav_bar(words: PlayerWords, frames: pd.DataFrame, scale: float = 1.0, roomy: bool = False) -> alt.LayerChart:
    """The drawn player, as wide as the chart: first · back · play/pause · next · last, the speed chips
    and "step n of N" on the first row, the scrubber (a cell per row of `frames`: scrub_frames) on the
    second. On a narrow chart the buttons fill the first row, showing symbols only but on play, and the
    chips, the scrubber and "step n of N" share the second. Roomy: the second row 44 px tall as well
    (ROOMY_HEIGHT), the chips 44 px tall (and on a narrow chart 44 px wide), so every control takes a
    thumb. Every clickable mark has an (empty) tooltip, which keeps it interactive beside a selection param."""
    x = alt.Scale(domain=[0, 1], nice=False, zero=False)
    layers = [
        *_buttons(words, x, scale),
        *_chips(x, scale, roomy),
        _step_text(words, x, scale, roomy),
        _scrubber(frames, x, scale, roomy),
    ]
    height = ROOMY_HEIGHT if roomy else BAR_HEIGHT
    return alt.layer(*layers).properties(width="container", height=round(height * scale))


def _font(size: float, columns: float, narrow: float) -> alt.ExprRef:
    """A font size: `narrow` px on a narrow chart, else one that fits `columns` characters across the
    chart, from 10 px up to `size`."""
    return alt.ExprRef(expr=f"narrow ? {narrow} : clamp(containerSize()[0] / ({columns} * 0.62), 10, {size})")


def _at(field: str, x: alt.Scale) -> alt.X:
    """An x position on the bar's [0, 1] scale, no axis."""
    return alt.X(field, scale=x, axis=None)


def _row(top: float, bottom: float, scale: float) -> dict[str, alt.YValue]:
    """A band of the bar, in pixels from its top."""
    return {"y": alt.value(round(top * scale)), "y2": alt.value(round(bottom * scale))}


def _buttons(words: PlayerWords, x: alt.Scale, scale: float) -> list[alt.Chart]:
    """The five buttons (the play button orange while playing) and their labels; each button is a button
    with its name for screen readers (Pause while playing), its label drawn over it hidden from them. On a
    narrow chart the play button is wide enough for its word, and every button at least 44 px across."""
    table = pd.DataFrame(
        {
            "action": NAV,
            "label": list(words.buttons),
            "short": [SHORT.get(a, "") for a in NAV],
            "name": list(words.names or words.buttons),
            "w0": [k * 0.11 for k in range(5)],
            "n0": [0, 0.15, 0.3, 0.57, 0.72],
            "nw": [0.14, 0.14, 0.26, 0.14, 0.14],
        }
    )
    base = alt.Chart(table).transform_calculate(
        x0="narrow ? datum.n0 : datum.w0", x1="narrow ? datum.n0 + datum.nw : datum.w0 + 0.104"
    )
    on = f"datum.action == 'play' && {ACTIVE}"
    pause_name = json.dumps(words.pause_name or words.pause)
    box = (
        base.transform_calculate(named=f"{on} ? {pause_name} : datum.name")
        .mark_rect(
            cornerRadius=8,
            cursor="pointer",
            stroke=GREY,
            strokeWidth=1,
            ariaRole="button",
            ariaRoleDescription="button",
        )
        .encode(
            x=_at("x0:Q", x),
            x2="x1:Q",
            **_row(0, 44, scale),
            tooltip=alt.value(None),
            description="named:N",
            color=alt.condition(on, alt.value(ORANGE), alt.value("#F4F4F4")),
        )
    )
    shown = f"{on} ? {json.dumps(words.pause)} : narrow && datum.action != 'play' ? datum.short : datum.label"
    label = (
        base.transform_calculate(mid="(datum.x0 + datum.x1) / 2", shown=shown)
        .mark_text(
            fontSize=_font(16 * scale, 80, 18 * scale), fontWeight="bold", cursor="pointer", color="#111111", aria=False
        )
        .encode(x=_at("mid:Q", x), y=alt.value(round(22 * scale)), text="shown:N", tooltip=alt.value(None))
    )
    return [box.properties(name="nav_button"), label.properties(name="nav_label")]


# Where the chips sit: (narrow step, narrow width, top and bottom on a narrow chart, then on a wide one), px
# from the bar's top; a roomy bar's are 44 px tall, and on a narrow chart 0.125 of ~358 px wide (44.75 px).
CHIP_SPOTS = {False: (0.09, 0.082, 54, 80, 6, 38), True: (0.13, 0.125, 50, 94, 0, 44)}


def _chips(x: alt.Scale, scale: float, roomy: bool = False) -> list[alt.Chart]:
    """A chip per speed (the current one filled), right of the buttons (on a narrow chart, left of the
    scrubber on the second row); where and how big: CHIP_SPOTS."""
    step, wide, top, bottom, wide_top, wide_bottom = CHIP_SPOTS[roomy]
    table = pd.DataFrame({"ticks": list(SPEEDS.values()), "label": list(SPEEDS), "k": range(len(SPEEDS))})
    base = alt.Chart(table).transform_calculate(
        x0=f"narrow ? datum.k * {step} : 0.57 + datum.k * 0.062",
        x1=f"narrow ? datum.k * {step} + {wide} : 0.57 + datum.k * 0.062 + 0.056",
    )
    current = "datum.ticks == speed"
    middle = f"narrow ? {round((top + bottom) / 2 * scale)} : {round((wide_top + wide_bottom) / 2 * scale)}"
    chip = base.mark_rect(cornerRadius=10, cursor="pointer", stroke=GREY).encode(
        x=_at("x0:Q", x),
        x2="x1:Q",
        y=alt.YValue(alt.ExprRef(expr=f"narrow ? {round(top * scale)} : {round(wide_top * scale)}")),
        y2=alt.Y2Value(alt.ExprRef(expr=f"narrow ? {round(bottom * scale)} : {round(wide_bottom * scale)}")),
        tooltip=alt.value(None),
        color=alt.condition(current, alt.value(BLUE), alt.value("white")),
    )
    label = (
        base.transform_calculate(mid="(datum.x0 + datum.x1) / 2")
        .mark_text(fontSize=_font(14 * scale, 60, 13 * scale), cursor="pointer")
        .encode(
            x=_at("mid:Q", x),
            y=alt.YValue(alt.ExprRef(expr=middle)),
            text="label:N",
            tooltip=alt.value(None),
            color=alt.condition(current, alt.value("white"), alt.value("#111111")),
        )
    )
    return [chip.properties(name="speed_chip"), label.properties(name="speed_label")]


def _step_text(words: PlayerWords, x: alt.Scale, scale: float, roomy: bool = False) -> alt.Chart:
    """ "step n of N": after the chips on a wide chart, right of the scrubber on a narrow one (further
    right, and lower, on a roomy bar)."""
    text = json.dumps(words.step_of).replace("{n}", '" + frame + "').replace("{N}", '" + last + "')
    spot = pd.DataFrame({"spot": [0]})
    narrow_x, narrow_y = (0.7, 72) if roomy else (0.64, 67)
    return (
        alt.Chart(spot)
        .transform_calculate(text=text, x=f"narrow ? {narrow_x} : 0.83")
        .mark_text(align="left", fontSize=_font(15 * scale, 70, 13 * scale), color="#111111")
        .encode(
            x=_at("x:Q", x),
            y=alt.YValue(alt.ExprRef(expr=f"narrow ? {round(narrow_y * scale)} : {round(22 * scale)}")),
            text="text:N",
        )
        .properties(name="step_text")
    )


def _scrubber(cells: pd.DataFrame, x: alt.Scale, scale: float, roomy: bool = False) -> alt.Chart:
    """One cell per frame across the second row (from 0.37 to 0.62 of the width on a narrow chart, between
    the chips and "step n of N"; on a roomy bar from 0.53 to 0.68, and 44 px tall), each 1 / (last + 1) of
    it: the frames up to the current one filled, the current one darker; press or drag to seek."""
    span, start, top, bottom = (0.15, 0.53, 50, 94) if roomy else (0.25, 0.37, 54, 80)
    width = f"(narrow ? {span} : 1) / (last + 1)"
    left = f"(narrow ? {start} : 0)"
    colour = alt.when("datum.frame == frame").then(alt.value("#00476E"))
    colour = colour.when("datum.frame < frame").then(alt.value(BLUE)).otherwise(alt.value("#D9D9D9"))
    return (
        alt.Chart(cells)
        .transform_calculate(x0=f"{left} + datum.frame * {width}", x1=f"{left} + (datum.frame + 1) * {width}")
        .mark_rect(cursor="ew-resize", stroke="white", strokeWidth=1)
        .encode(x=_at("x0:Q", x), x2="x1:Q", **_row(top, bottom, scale), color=colour, tooltip=alt.value(None))
        .properties(name="scrub_cell")
    )


def played(
    chart: alt.TopLevelMixin,
    keys: bool = True,
    validate: bool = True,
    drawn: bool = True,
    player_id: str = "player",
) -> dict[str, Any]:
    """The Vega-Lite spec of a chart made with player_params (validated against the schema unless told
    not to), made playable in the browser by the player's handlers (see player_handlers)."""
    return add_vega_on(chart.to_dict(validate=validate), player_handlers(player_id, keys, drawn))
