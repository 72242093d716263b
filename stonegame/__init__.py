"""Stone Game III (LeetCode 1406), solved with a tidy trace for the explainer. Never imports Streamlit."""

from stonegame.game import GameTree, game_tree, optimal_play
from stonegame.parse import ParseError, format_values, parse_values
from stonegame.solver import Solution, score_difference, solve, stone_game_iii

__all__ = [
    "GameTree",
    "ParseError",
    "Solution",
    "format_values",
    "game_tree",
    "optimal_play",
    "parse_values",
    "score_difference",
    "solve",
    "stone_game_iii",
]
