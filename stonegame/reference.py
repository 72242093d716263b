"""The solution as it is usually written, line for line, in both formulations: the explainer shows
this source and highlights the line each trace step runs. The tests check both against the solver.
Every line is at most 64 characters long, comments on lines of their own, so the listing fits beside the
picture at a size a class can read."""


def stone_game_iii(
    stone_value: list[int],
    max_take: int = 3,
) -> str:
    n = len(stone_value)
    # suffix[n] = 0: no piles, no points
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = stone_value[i] + suffix[i + 1]
    dp = [0] * (n + 1)  # dp[n] = 0
    for i in range(n - 1, -1, -1):
        # the least the opponent can be held to
        opponent = min(dp[i + 1 : i + 1 + max_take])
        dp[i] = suffix[i] - opponent
    total = suffix[0]
    if 2 * dp[0] == total:
        return "Tie"
    return "Alice" if 2 * dp[0] > total else "Bob"


def stone_game_iii_diff(
    stone_value: list[int],
    max_take: int = 3,
) -> str:
    n = len(stone_value)
    # suffix[i] - suffix[j] = sum(stone_value[i:j])
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = stone_value[i] + suffix[i + 1]
    # diff[n] = 0: no piles, no lead
    diff = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        takes = range(i + 1, min(i + max_take, n) + 1)
        # taken now, less the opponent's lead after it
        leads = [suffix[i] - suffix[j] - diff[j] for j in takes]
        diff[i] = max(leads)
    if diff[0] == 0:
        return "Tie"
    return "Alice" if diff[0] > 0 else "Bob"
