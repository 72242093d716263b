"""Stone Game III (LeetCode 1406), solved with a tidy trace for the explainer. Never imports Streamlit."""

from stonegame.parse import ParseError, format_values, parse_values
from stonegame.solver import Solution, score_difference, solve, stone_game_iii

__all__ = ["ParseError", "Solution", "format_values", "parse_values", "score_difference", "solve", "stone_game_iii"]
