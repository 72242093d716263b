"""Chart specs made ready to send once, when they are cached, instead of on every run.

st.vega_lite_chart turns each named dataset of a spec given as records into a DataFrame and then
Arrow IPC bytes on every call, even when the spec comes from a cache; bytes it passes through. A
cached builder returns `arrow_datasets(spec)` or `chart_spec(chart)`, and the page hands the result to
st.vega_lite_chart.

The app never uses st.altair_chart or Streamlit's conversion behind it: that conversion switches
Altair's theme and data transformer for the whole process while it converts, and a chart built on
another session's thread meanwhile came out with the wrong datasets (a page exception under the load
test with two replicas, 100 sessions: "picture datasets not found").
"""

from __future__ import annotations

from typing import Any

from streamlit import dataframe_util

Spec = dict[str, Any]


def arrow_datasets(spec: Spec) -> Spec:
    """A copy of the spec with each named dataset as Arrow IPC bytes (Streamlit's own conversion,
    done once); the rest of the spec is shared, not copied. A spec without datasets is returned as is."""
    datasets = spec.get("datasets")
    if not datasets:
        return spec
    arrow = {name: dataframe_util.convert_anything_to_arrow_bytes(rows) for name, rows in datasets.items()}
    return {**spec, "datasets": arrow}


def chart_spec(chart: Any) -> Spec:
    """An Altair chart's spec, ready to send: its to_dict with Altair's default theme and transformer,
    never switched (not validated: the tests validate every builder), datasets as Arrow IPC bytes."""
    return arrow_datasets(chart.to_dict(validate=False))


# Presenter mode's chart text: every size of text a spec names (a mark's, an axis', a legend's, a title's)
# raised to at least PROJECTED_TEXT px, and the defaults of what names none, so that Vega lays the charts out
# with the text the back row reads (CSS that enlarged the drawn text left Vega's layout at the small size).
# Only in a chart WIDE enough to take it: in a phone's column (350 px) the raised text made the charts wider than
# the screen (the approaches' 599 px, the replay's 426), and a phone is read at arm's length, not across a room.
PROJECTED_TEXT = 16
WIDE = "containerSize()[0] >= 420"
FONT_KEYS = frozenset({"fontSize", "labelFontSize", "titleFontSize", "subtitleFontSize"})
# Each part's text sizes where a spec names none: (in a WIDE chart, in a narrow one: Vega's own defaults).
_SIZES: dict[str, dict[str, tuple[int, int]]] = {
    "axis": {"labelFontSize": (PROJECTED_TEXT, 10), "titleFontSize": (PROJECTED_TEXT + 2, 11)},
    "legend": {"labelFontSize": (PROJECTED_TEXT, 10), "titleFontSize": (PROJECTED_TEXT + 2, 11)},
    "header": {"labelFontSize": (PROJECTED_TEXT, 10), "titleFontSize": (PROJECTED_TEXT + 2, 11)},
    "title": {"fontSize": (PROJECTED_TEXT + 4, 13), "subtitleFontSize": (PROJECTED_TEXT, 10)},
    "text": {"fontSize": (PROJECTED_TEXT, 11)},
}


def _if_wide(wide: Any, narrow: Any) -> Spec:
    """A size as a Vega expression: `wide` in a WIDE chart, else `narrow` (numbers or expressions)."""
    return {"expr": f"{WIDE} ? {wide} : {narrow}"}


PROJECTED_CONFIG: Spec = {
    part: {key: _if_wide(wide, narrow) for key, (wide, narrow) in sizes.items()} for part, sizes in _SIZES.items()
}
_PROJECTED: dict[int, tuple[Spec, Spec]] = {}  # id of a spec -> (that spec, kept so the id stays its own; its copy)


def _size(value: Any) -> Any:
    """A text size raised to at least PROJECTED_TEXT in a WIDE chart (_if_wide): a number under it, or an
    expression ({"expr": ...}) wrapped in max(); a number at or over it, or anything else (a signal's name, a
    field), as it is."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value if value >= PROJECTED_TEXT else _if_wide(PROJECTED_TEXT, f"{value:g}")
    if isinstance(value, dict) and set(value) == {"expr"}:
        return _if_wide(f"max({PROJECTED_TEXT}, {value['expr']})", f"({value['expr']})")
    return value


def _raised(node: Any) -> Any:
    """A copy of a spec's part with every size under FONT_KEYS raised (_size); the datasets (records or
    Arrow bytes) are shared, not walked."""
    if isinstance(node, dict):
        return {
            key: value
            if key in ("datasets", "data", "values")
            else _size(value)
            if key in FONT_KEYS
            else _raised(value)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_raised(item) for item in node]
    return node


def projected(spec: Spec) -> Spec:
    """The spec for presenter mode: its text sizes raised (_raised) and PROJECTED_CONFIG under its own
    config (a size it names wins, once raised). Made once per cached spec (the last 64 kept by identity)."""
    kept = _PROJECTED.get(id(spec))
    if kept is not None and kept[0] is spec:
        return kept[1]
    raised = _raised(spec)
    config = raised.get("config", {})
    raised["config"] = {**config, **{k: {**v, **config.get(k, {})} for k, v in PROJECTED_CONFIG.items()}}
    if len(_PROJECTED) >= 64:
        _PROJECTED.pop(next(iter(_PROJECTED)))
    _PROJECTED[id(spec)] = (spec, raised)
    return raised


def shown(spec: Spec, present: bool) -> Spec:
    """The spec to send: projected() in presenter mode, else the spec as it is."""
    return projected(spec) if present else spec
