"""The solution as it is usually written, line for line: the explainer shows this source and
highlights the line each trace step runs. The tests check it against the solver."""


def stone_game_iii(stone_value: list[int]) -> str:
    n = len(stone_value)
    suffix = [0] * (n + 1)  # suffix[n] = 0: no piles, no points
    for i in range(n - 1, -1, -1):
        suffix[i] = stone_value[i] + suffix[i + 1]
    dp = [0] * (n + 1)  # dp[n] = 0
    for i in range(n - 1, -1, -1):
        opponent = min(dp[i + 1 : i + 4])  # the least the opponent can be held to
        dp[i] = suffix[i] - opponent
    total = suffix[0]
    if 2 * dp[0] == total:
        return "Tie"
    return "Alice" if 2 * dp[0] > total else "Bob"
