"""The deck's numbers as the page shows them: tables with their headers in the page's language, and a
card's numbers as the fields of its sentences (winners as words). Tables of stonegame.teach.deck in,
tables or plain dicts out.
"""

from __future__ import annotations

import pandas as pd

from stonegame.i18n import t
from stonegame.parse import format_values
from stonegame.teach.deck import Game
from stonegame.terms import Lang
from stonegame.text import span


def sentence_fields(numbers: dict[str, object], lang: Lang) -> dict[str, object]:
    """A card's scalar numbers as fields for its sentences: ints as they are, winners in `lang`
    (tables, games and lists are left out)."""
    out: dict[str, object] = {}
    for key, value in numbers.items():
        if isinstance(value, str):
            out[key] = t("winner_" + value, lang)
        elif isinstance(value, int):
            out[key] = value
    return out


def turns_shown(game: Game, lang: Lang) -> pd.DataFrame:
    """A game's turns: the turn, who moved, the piles taken ("4" or "4–6") and the points gained."""
    turns = game.turns
    return pd.DataFrame(
        {
            t("deck_col_turn", lang): turns["turn"],
            t("deck_col_player", lang): turns["player"],
            t("deck_col_piles", lang): [span(i, k) for i, k in zip(turns["i"], turns["k"], strict=True)],
            t("deck_col_gained", lang): turns["gained"],
        }
    )


def memo_shown(table: pd.DataFrame, lang: Lang) -> pd.DataFrame:
    """The memo table: n, the calls with the 0 marker and with a correct one, and their ratio to one decimal."""
    return pd.DataFrame(
        {
            "n": table["n"],
            t("deck_memo_bug", lang): table["zero_marker"],
            t("deck_memo_good", lang): table["sentinel"],
            "×": table["ratio"].round(1),
        }
    )


def mixed_shown(table: pd.DataFrame, lang: Lang) -> pd.DataFrame:
    """The mixed-formulations table: each example's row, dp[0], diff[0] and total, then the right
    verdict and the two mixed-up ones, each ✓ if it is the right one, else ✗."""
    return pd.DataFrame(
        {
            t("deck_col_row", lang): ["[" + format_values(row) + "]" for row in table["row"]],
            "dp[0]": table["dp0"],
            "diff[0]": table["diff0"],
            "total": table["total"],
            t("deck_mixed_right", lang): judged(table["winner"], table["winner"], lang),
            t("deck_mixed_dp_as_lead", lang): judged(table["dp_as_lead"], table["winner"], lang),
            t("deck_mixed_diff_as_total", lang): judged(table["diff_as_total"], table["winner"], lang),
        }
    )


def judged(verdicts: pd.Series, right: pd.Series, lang: Lang) -> list[str]:
    """Each verdict in `lang`, marked ✓ where it is the right one (the same row of `right`), else ✗."""
    return [
        ("✓ " if verdict == answer else "✗ ") + t("winner_" + verdict, lang)
        for verdict, answer in zip(verdicts, right, strict=True)
    ]
