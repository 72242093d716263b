"""A template's fill reads a table's rows off its columns (stonegame.draw.template.records): the same
rows, with the same Python types, as Altair's own data transformer writes into a spec."""

import numpy as np
import pandas as pd
from altair.utils.data import to_values

from stonegame.draw.template import records


def typed(rows):
    """The rows with each value's type beside it (1 == 1.0 == True would hide a wrong one)."""
    return [{name: (type(value), value) for name, value in row.items()} for row in rows]


def test_records_are_altairs_rows_for_every_kind_of_column_the_charts_draw():
    table = pd.DataFrame(
        {
            "int": [1, -2, 3],
            "int32": np.array([1, 2, 3], dtype="int32"),
            "float": [1.5, np.nan, np.inf],
            "float32": np.array([1, -np.inf, 3], dtype="float32"),
            "bool": [True, False, True],
            "str": pd.Series(["a", None, "中"], dtype="str"),
            "string": pd.Series(["a", None, "c"], dtype="string"),
            "Int64": pd.Series([1, None, 3], dtype="Int64"),
            "boolean": pd.Series([True, None, False], dtype="boolean"),
            "category": pd.Categorical(["x", "y", None]),
        }
    )
    assert typed(records(table)) == typed(to_values(table)["values"])
    assert records(table.iloc[:0]) == to_values(table.iloc[:0])["values"] == [], "no rows"


def test_records_fall_back_to_altair_for_the_kinds_they_do_not_read():
    """Dates, objects, and column names that are not strings go through Altair's own conversion."""
    table = pd.DataFrame({"when": pd.to_datetime(["2026-12-04", None]), "what": [np.array([1, 2]), None]})
    assert records(table) == to_values(table)["values"]
