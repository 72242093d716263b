"""Stone Game III (LeetCode 1406), solved with a tidy trace for the explainer. Never imports Streamlit.

The names below are loaded on first use, so importing a light module (`stonegame.i18n`,
`stonegame.parse`) does not pull in pandas.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {
    "Solution": "stonegame.solver",
    "solve": "stonegame.solver",
    "score_difference": "stonegame.solver",
    "stone_game_iii": "stonegame.solver",
    "ParseError": "stonegame.parse",
    "format_values": "stonegame.parse",
    "parse_values": "stonegame.parse",
    "GameTree": "stonegame.game.tree",
    "game_tree": "stonegame.game.tree",
    "optimal_play": "stonegame.game.rules",
}
__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    """A public name, imported from its home module the first time it is asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module 'stonegame' has no attribute {name!r}")
    return getattr(importlib.import_module(_HOMES[name]), name)
