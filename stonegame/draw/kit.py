"""The Altair kit every chart shares: the palette, the type, sizes that fit the chart's width, and
small encodings and expressions. No Streamlit here.

Colours are Okabe-Ito, safe for colour-blind viewers; meaning is also carried by a symbol or a label.
"""

from __future__ import annotations

import json

import altair as alt

ORANGE, SKY, GREEN, BLUE, VERMILLION, GREY = "#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#999999"
PURPLE = "#CC79A7"  # Okabe-Ito reddish purple
HIGHLIGHT = "#FFE8A3"  # the code line that runs
MONO = "Menlo, Consolas, DejaVu Sans Mono, monospace"

# The marks a frame puts on cells: the cell it writes, the cells it reads, the candidate that wins, and
# (the rolling window) a cell let go. Each has a colour and a symbol.
ROLE_COLOURS = {"write": ORANGE, "read": SKY, "best": GREEN, "drop": VERMILLION}
ROLE_SYMBOLS = {"write": "●", "read": "○", "best": "★", "drop": "✗"}

# A text mark's `limit`: never wider than the chart (the rest becomes "…"), so no text widens a phone's page.
WITHIN = alt.ExprRef(expr="max(containerSize()[0] - 24, 80)")


def fit(size: float, columns: float | str) -> alt.ExprRef:
    """A font size that fits `columns` monospace-ish characters across the chart (a number, or a Vega
    expression of one), from 8 px up to `size`."""
    return alt.ExprRef(expr=f"clamp(containerSize()[0] / ({columns} * 0.62), 8, {size})")


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
