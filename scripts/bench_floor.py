"""The floor of any page's first load, for scripts/bench_approaches.py: one line of text and one two-bar
Vega-Lite chart, nothing else (no sidebar, no pages, no caches), served with the app's config."""

import streamlit as st

st.markdown("The floor: one line and one tiny chart.")
st.vega_lite_chart(
    {
        "data": {"values": [{"a": "x", "b": 2}, {"a": "y", "b": 3}]},
        "mark": "bar",
        "encoding": {"x": {"field": "a", "type": "nominal"}, "y": {"field": "b", "type": "quantitative"}},
    },
    width="stretch",
)
