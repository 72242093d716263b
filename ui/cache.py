"""Cached calls into the core. Each takes plain values (never widgets) and is bounded in entries
and time, so a public link flooded with different rows cannot grow the server's memory without end."""

from __future__ import annotations

import streamlit as st

from stonegame import Solution, solve

CACHE = {"max_entries": 64, "ttl": "1h", "show_spinner": False}


@st.cache_resource(**CACHE)
def solution(values: tuple[int, ...]) -> Solution:
    """The solved row (shared read-only between sessions: Solution is frozen)."""
    return solve(list(values))
