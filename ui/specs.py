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
