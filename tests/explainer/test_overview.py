"""The overview of a long row: bounded in size, no extreme lost, and its (unvalidated) spec valid."""

import random

import numpy as np
import pytest
from altair.utils.schemapi import validate_jsonschema
from altair.vegalite.v6.schema.core import load_schema

from stonegame import solve
from stonegame.explainer.overview import BINS, bin_edges, overview
from stonegame.explainer.spec import overview_spec
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
