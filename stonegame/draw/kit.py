"""The Altair kit every chart shares: the palette, the type, sizes that fit the chart's width, and
small encodings and expressions. No Streamlit here.

Colours are Okabe-Ito, safe for colour-blind viewers; meaning is also carried by a symbol or a label.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import altair as alt

ORANGE, SKY, GREEN, BLUE, VERMILLION, GREY = "#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#999999"
PURPLE = "#CC79A7"  # Okabe-Ito reddish purple
HIGHLIGHT = "#FFE8A3"  # the code line that runs
# Text that is quieter than the body's but still readable: 6.4:1 on white, 5.6:1 on the sidebar's grey (AA
# asks 4.5:1). Streamlit's theme draws captions #828180 (3.9:1) and chart axes and legends #808495 (3.7:1).
MUTED = "#5F5E5C"
MONO = "Menlo, Consolas, DejaVu Sans Mono, monospace"

# The marks a frame puts on cells: the cell it writes, the cells it reads, the candidate that wins, and
# (the rolling window) a cell let go. Each has a colour and a symbol.
ROLE_COLOURS = {"write": ORANGE, "read": SKY, "best": GREEN, "drop": VERMILLION}
ROLE_SYMBOLS = {"write": "●", "read": "○", "best": "★", "drop": "✗"}

# A lone view's autosize: its width fits the page (axes and legends included), its height is the plot's
# (Streamlit keeps it; without it, st.vega_lite_chart fits the whole chart, legends too, in `height`).
FIT_X = alt.AutoSizeParams(type="fit-x", contains="padding")

# A text mark's `limit`: never wider than the chart (the rest becomes "…"), so no text widens a phone's page.
WITHIN = alt.ExprRef(expr="max(containerSize()[0] - 24, 80)")


# A chart's axis and legend text in MUTED (a spec's own config wins over the theme Streamlit adds).
LEGIBLE = {"labelColor": MUTED, "titleColor": MUTED}
Described = TypeVar("Described", bound=alt.TopLevelMixin)


def described(spec: dict[str, Any], description: str) -> dict[str, Any]:
    """A copy of the Vega-Lite `spec` with `description` (Vega names the chart by it: the aria-label a
    screen reader announces) and its axis and legend text in MUTED (LEGIBLE merged into its config)."""
    config = dict(spec.get("config", {}))
    for part in ("axis", "legend"):
        config[part] = {**config.get(part, {}), **LEGIBLE}
    return {**spec, "description": description, "config": config}


def described_chart(chart: Described, description: str) -> Described:
    """The Altair `chart` (a top-level one) as `described` makes a spec: named by `description`, its axis
    and legend text in MUTED."""
    return chart.properties(description=description).configure_axis(**LEGIBLE).configure_legend(**LEGIBLE)


def fit(size: float, columns: float | str, room: str = "containerSize()[0]") -> alt.ExprRef:
    """A font size that fits `columns` monospace-ish characters across `room` (a Vega expression of a
    width: by default the chart's container's), `columns` a number or a Vega expression of one, from
    8 px up to `size`."""
    return alt.ExprRef(expr=f"clamp({room} / ({columns} * 0.62), 8, {size})")


def band_start(channel: alt.X | alt.Y) -> alt.X | alt.Y:
    """The same positional encoding (scale, axis and all, so layers merge cleanly) at the band's start."""
    moved = channel.copy(deep=True)
    moved.bandPosition = 0
    return moved


def mapping_expr(field: str, mapping: dict[str, str], default: str = "''") -> str:
    """A Vega expression mapping a field's values to texts, e.g. datum.role → its symbol."""
    parts = [f"{field} == {json.dumps(k)} ? {json.dumps(v)}" for k, v in mapping.items()]
    return " : ".join([*parts, default])


def label_expr(names: dict[str, str]) -> str:
    """A Vega expression mapping a legend or axis label (a domain value) to its display name."""
    return mapping_expr("datum.label", names, "datum.label")


# The look of a legend under a chart: no title, square symbols.
LEGEND = {"title": None, "orient": "bottom", "labelFontSize": 14, "symbolType": "square", "symbolSize": 200}


def legend(names: dict[str, str], **more: object) -> alt.Legend:
    """A legend under the chart in square symbols, each value shown by its name in `names` (any other
    as it is); `more` adds or overrides Legend properties (e.g. columns=2)."""
    return alt.Legend(**{**LEGEND, "labelExpr": label_expr(names), **more})
