"""stonegame.draw.wrappers: Altair's table of wrapper classes is built once, and charts come out the same."""

import json

import altair as alt
import pandas as pd
from altair.utils import schemapi

from stonegame.draw import wrappers


def chart_json() -> str:
    """A chart whose encodings all go through from_dict: a shorthand, a value and a condition."""
    data = pd.DataFrame({"x": ["a", "b"], "y": [1, 2]})
    pick = "datum.y > 1"
    return json.dumps(
        alt.Chart(data)
        .mark_bar()
        .encode(x="x:N", y=alt.value(6), color=alt.condition(pick, alt.value("red"), alt.value("grey")))
        .to_dict()
    )


def test_the_table_is_built_once_and_the_chart_is_the_one_altair_builds_without_it():
    assert alt.__version__ == wrappers.PINNED and wrappers.installed(), "installed on the pinned Altair"
    shared = chart_json()
    table = next(iter(wrappers._tables.values()))
    assert chart_json() == shared and next(iter(wrappers._tables.values())) is table, "built once, then shared"
    schemapi._FromDict.__init__ = wrappers._build
    schemapi.enable_debug_mode()
    try:
        assert chart_json() == shared, "the same chart as Altair's own, debug mode on"
    finally:
        wrappers.install()
    assert wrappers.installed()


def test_a_wrong_chart_is_still_refused_where_the_specs_are_validated():
    import pytest

    with pytest.raises(schemapi.SchemaValidationError):
        alt.Chart(pd.DataFrame({"x": [1]})).mark_bar(nonsense=3).to_dict(validate=True)
