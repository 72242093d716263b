"""The whole of a long row in a few hundred points: suffix[i], dp[i] and the score difference
2*dp[i] - suffix[i] over positions 0..n, cut into equal bins, each kept as its minimum and maximum
so no extreme is lost however long the row.

Table (one row per series and bin): series, bin, start, stop (positions start..stop-1), low, high.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from stonegame.solver import Solution

BINS = 150  # per series: three series, at most 450 rows


def bin_edges(length: int, bins: int = BINS) -> np.ndarray:
    """Edges 0 = e0 < e1 < ... < ek = length cutting range(length) into at most `bins` near-equal bins."""
    return np.unique(np.linspace(0, length, min(bins, length) + 1).astype(np.int64))


def overview(sol: Solution, bins: int = BINS) -> pd.DataFrame:
    """Each series' minimum and maximum in each bin of positions 0..n, read from the trace's positions."""
    pos = sol.positions
    series = {"suffix": pos["suffix"].to_numpy(), "dp": pos["dp"].to_numpy()}
    series["diff"] = 2 * series["dp"] - series["suffix"]
    edges = bin_edges(len(pos), bins)
    starts, stops = edges[:-1], edges[1:]
    return pd.concat(
        [
            pd.DataFrame(
                {
                    "series": name,
                    "bin": np.arange(len(starts)),
                    "start": starts,
                    "stop": stops,
                    "low": np.minimum.reduceat(values, starts),
                    "high": np.maximum.reduceat(values, starts),
                }
            )
            for name, values in series.items()
        ],
        ignore_index=True,
    )
