"""Cached calls into the core. Each takes plain values (never widgets) and is bounded in entries
and time, so a public link flooded with different rows cannot grow the server's memory without end.

A row is cached under a digest of its values: hashing a digest is instant, where hashing a tuple of
50,000 ints (Streamlit's hasher walks it) would cost more than solving it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np
import streamlit as st

from stonegame import Solution, solve

# The one cache policy: every cached call is bounded in entries and kept at most an hour.
CACHE = {"max_entries": 64, "ttl": "1h", "show_spinner": False}  # small things: the explainer's specs, counts
PAGE = {**CACHE, "max_entries": 32}  # a page group's heavier charts and tables (the ladder, the game, the quiz)
RENDERS = {**CACHE, "max_entries": 8}  # rendered files (a GIF is ~1 MB)
# A solved row with its trace tables takes ~22 MB at 50,000 piles (tracemalloc), so at most 12 are
# kept: ~270 MB in the worst case, inside Community Cloud's 1 GB.
SOLUTIONS = {**CACHE, "max_entries": 12}


def digest(values: Sequence[int]) -> str:
    """A short fingerprint of a row: blake2b of its values as int64 bytes."""
    return hashlib.blake2b(np.asarray(values, dtype=np.int64).tobytes(), digest_size=16).hexdigest()


@st.cache_resource(**SOLUTIONS)
def _solved(key: str, _values: Sequence[int], max_take: int) -> Solution:
    """The solved row for this digest (shared read-only between sessions: Solution is frozen)."""
    return solve(list(_values), max_take)


def solution(values: Sequence[int], max_take: int = 3) -> Solution:
    """The solved row (moves of 1..max_take piles), from the cache when it was solved before."""
    return _solved(digest(values), values, max_take)
