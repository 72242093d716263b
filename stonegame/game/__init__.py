"""The game itself, played forward on the solved table: a game turn by turn and against the computer
(`rules`), the full game tree and its counts (`tree`), the replay's tables (`replay`), the play page's
board and comparison (`board`), and their charts (`charts`)."""
