"""The game itself, played forward on the solved table: the optimal replay, a game against the
computer and the full game tree (`rules`), and their charts (`charts`)."""
