"""Helpers the game's tests share: random small rows, and a brute-force minimax written from the rules alone."""

import random
from functools import cache


def rows(count, seed, longest=10, spread=6):
    """`count` random rows of 1..longest piles from -spread..spread (small numbers make many ties)."""
    rng = random.Random(seed)
    return [[rng.randint(-spread, spread) for _ in range(rng.randint(1, longest))] for _ in range(count)]


def minimax(values, max_take=3):
    """(Alice's, Bob's) final scores when both play to maximise their own total, from the rules alone."""

    @cache
    def best(i):  # what the mover collects from values[i:]
        if i == len(values):
            return 0
        rest = sum(values[i:])
        return max(rest - best(i + k) for k in range(1, min(max_take, len(values) - i) + 1))

    return best(0), sum(values) - best(0)
