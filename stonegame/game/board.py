"""What the play page draws of a game besides its replay: the board (the piles around the position,
who took which, how far each take would reach) and the strip (two games' turns one above the other).

Tables (one row per observation):
    board     i, value, player, letter, turn, reach                        one per pile shown
    compare   game, turn, player, letter, start, end, take, gained, regret one per turn of either game
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from stonegame.solver import Solution

BOARD_WINDOW = 24  # piles the play board shows at once
BOARD_BEHIND = 8  # of them, piles already taken (when there are that many)
STRIP_PILES = 60  # piles the comparison of two games shows


def board_window(n: int, position: int, size: int = BOARD_WINDOW) -> range:
    """The piles to show: up to BOARD_BEHIND taken ones, then the position and what follows."""
    lo = max(0, min(position - BOARD_BEHIND, n - size))
    return range(lo, min(n, lo + size))


def board(sol: Solution, game: pd.DataFrame, shown: range) -> pd.DataFrame:
    """One row per pile shown of a game in progress (its turns table): who took it ('' if still on the
    table) on which turn (0 if none), and `reach`: k if taking k piles now would end at this pile, else 0."""
    owner = np.repeat(game["player"].to_numpy(dtype=object), game["take"].to_numpy())
    turn = np.repeat(game["turn"].to_numpy(), game["take"].to_numpy())
    position = len(owner)
    i = list(shown)
    player = [owner[x] if x < position else "" for x in i]
    return pd.DataFrame(
        {
            "i": i,
            "value": sol.values[shown.start : shown.stop],
            "player": player,
            "letter": [p[:1] for p in player],
            "turn": [int(turn[x]) if x < position else 0 for x in i],
            "reach": [x - position + 1 if 0 <= x - position < sol.max_take else 0 for x in i],
        }
    )


def compare(yours: pd.DataFrame, optimal: pd.DataFrame, limit: int = STRIP_PILES) -> pd.DataFrame:
    """The two games' turns in one table (column `game`: 'yours' or 'optimal'), cut to the first `limit`
    piles: one row per turn that starts before the cut, its end clipped to it."""
    both = pd.concat([yours.assign(game="yours"), optimal.assign(game="optimal")], ignore_index=True)
    both = both[both["start"] < limit]
    return both.assign(end=both["end"].clip(upper=limit), letter=both["player"].str[:1])[
        ["game", "turn", "player", "letter", "start", "end", "take", "gained", "regret"]
    ].reset_index(drop=True)
