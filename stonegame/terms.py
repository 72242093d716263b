"""The words every feature shares, defined once: the languages, formulations and code listings the
app speaks, who can win, and how many piles one move may take.

    Lang     "en" | "zh"              the language of every word on screen
    Form     "total" | "diff"         dp[i], the mover's best total (the reference write-up), or
                                      diff[i] = 2·dp[i] − suffix[i], the mover's best lead
    Code     "py" | "java"            the listing shown beside the animation
    Winner   "Alice" | "Bob" | "Tie"  LeetCode 1406's answer
    TAKES    1 .. 5                   k, the most piles one move may take (LeetCode's rule: 3)

Each tuple lists its default first.
"""

from __future__ import annotations

from typing import Literal, get_args

Lang = Literal["en", "zh"]
Form = Literal["total", "diff"]
Code = Literal["py", "java"]
Winner = Literal["Alice", "Bob", "Tie"]

LANGS: tuple[Lang, ...] = get_args(Lang)
FORMS: tuple[Form, ...] = get_args(Form)
CODES: tuple[Code, ...] = get_args(Code)
WINNERS: tuple[Winner, ...] = get_args(Winner)

DEFAULT_TAKE = 3  # LeetCode's rule
TAKES = range(1, 6)  # every k the app plays: 1 .. 5

# How 2·dp[0] compares with the total (and diff[0] with 0) for each answer.
WINNER_SIGN: dict[Winner, str] = {"Alice": ">", "Bob": "<", "Tie": "="}

# LeetCode 1406's own examples, by name: Bob wins, Alice wins, a tie.
EXAMPLES: dict[str, list[int]] = {"ex1": [1, 2, 3, 7], "ex2": [1, 2, 3, -9], "ex3": [1, 2, 3, 6]}
