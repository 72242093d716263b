"""Chart specs made ready to send once, when they are cached, instead of on every run.

st.vega_lite_chart turns each named dataset of a spec given as records into a DataFrame and then
Arrow IPC bytes on every call, even when the spec comes from a cache; bytes it passes through.
st.altair_chart converts (and validates) the whole chart on every call. A cached builder returns
`arrow_datasets(spec)` or `altair_spec(chart)` instead, and the page hands the result to
st.vega_lite_chart: the element sent is byte for byte the one sent before.
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


def altair_spec(chart: Any) -> Spec:
    """The spec st.altair_chart makes of an Altair chart (Streamlit 1.67's own conversion, a private
    function of the pinned version: its theme, datasets as Arrow bytes, the schema validated once), to
    cache and hand to st.vega_lite_chart."""
    from streamlit.elements.vega_charts import _convert_altair_to_vega_lite_spec

    return _convert_altair_to_vega_lite_spec(chart)
