"""Words of the game pages (optimal replay, play against the computer, game tree), English and Chinese."""

WORDS: dict[str, dict[str, str]] = {}
