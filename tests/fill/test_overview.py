"""The overview of a long row: bounded in size, no extreme lost, and its (unvalidated) spec valid."""

import random
from functools import partial

import numpy as np
import pytest
from altair.utils.schemapi import validate_jsonschema
from altair.vegalite.v6.schema.core import load_schema

from stonegame import solve
from stonegame.draw.template import canonical, fill, probe, template_of
from stonegame.fill.charts import overview_chart, overview_data, overview_layout
from stonegame.fill.overview import BINS, bin_edges, overview
from stonegame.fill.spec import overview_spec, overview_words
from stonegame.link import random_row


@pytest.mark.parametrize("n", [1, 7, 299, 300, 1000, 50_000])
def test_point_count_is_bounded_and_bins_cover_every_position(n):
    sol = solve(random_row(n, n))
    table = overview(sol)
    assert len(table) <= 3 * BINS
    for _, group in table.groupby("series"):
        assert group["start"].iloc[0] == 0 and group["stop"].iloc[-1] == n + 1
        assert (group["start"].iloc[1:].to_numpy() == group["stop"].iloc[:-1].to_numpy()).all()
        assert (group["stop"] > group["start"]).all()


def test_extremes_are_kept():
    rng = random.Random(5)
    values = [rng.randint(-1000, 1000) for _ in range(20_000)]
    sol = solve(values)
    table = overview(sol).set_index("series")
    dp, suffix = np.array(sol.dp), np.array(sol.suffix)
    for name, full in {"dp": dp, "suffix": suffix, "diff": 2 * dp - suffix}.items():
        part = table.loc[name]
        assert part["low"].min() == full.min() and part["high"].max() == full.max()
        for row in part.itertuples():  # every bin's band is exactly its values' range
            assert (row.low, row.high) == (full[row.start : row.stop].min(), full[row.start : row.stop].max())


def test_edges():
    assert bin_edges(5, 300).tolist() == [0, 1, 2, 3, 4, 5]
    edges = bin_edges(50_001)
    assert len(edges) == BINS + 1 and np.diff(edges).max() - np.diff(edges).min() <= 1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_overview_spec_is_valid_vega_lite(lang):
    """overview_spec skips Altair's validation (the page caches it): the schema is checked here."""
    spec = overview_spec(solve(random_row(500, 3)), 240, 256, lang)
    validate_jsonschema(spec, load_schema())  # raises ValidationError on an invalid spec
    assert len(spec["vconcat"]) == 3 and spec["datasets"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_overview_fill_equals_a_full_build(lang):
    """The overview comes from one template per language (stonegame.draw.template): filled with another
    row's bins and window it is that row's own full build, datasets aside from their names; a row whose
    series is flat (low == high) too."""
    words = overview_words(lang)
    build = partial(overview_chart, words=words)
    rows = [random_row(500, 3), random_row(50_000, 4), [0] * 300, random_row(201, 5)]
    made = None
    for values, lo in zip(rows, (240, 10_000, 0, 185), strict=True):
        table = overview(solve(values))
        tables, layout = overview_data(table, lo, lo + 16), overview_layout(table, words)
        if made is None:
            made = template_of(build(tables, probe(layout)).to_dict(validate=False), probe(layout), tables)
        assert canonical(fill(made, layout, tables)) == canonical(build(tables, layout).to_dict(validate=False))
