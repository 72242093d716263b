"""Top-level parameters for concatenated charts, without Altair's add_params. No Streamlit here.

On a vconcat, `add_params` adds the params to every view and then lifts them out again, and each step
deep-copies every view and layer: building the ladder's animated charts spent about half their time
there. A chart's variable parameters (a value or an expression, no selection) belong to no view, so
they can be set on the top-level chart directly; the spec Altair writes is the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import altair as alt

Chart = TypeVar("Chart", bound=alt.TopLevelMixin)


def top_params(chart: Chart, params: Sequence[alt.Parameter]) -> Chart:
    """The chart itself (changed in place: pass one just built), with `params` after its own top-level
    params. Only variable parameters: a selection must be added to its views with add_params."""
    if any(p.param_type != "variable" for p in params):
        raise ValueError("top_params takes variable parameters only; add selections with add_params")
    own = [] if chart.params is alt.Undefined else list(chart.params)
    chart.params = [*own, *(p.param for p in params)]
    return chart
