"""The words for one step of the trace: its title, its formula with the numbers filled in, and a
plain-language sentence. Each is read off the trace row (and its candidate rows), never recomputed."""

from __future__ import annotations

import pandas as pd

from stonegame.i18n import piles, t
from stonegame.solver import Solution
from stonegame.terms import WINNER_SIGN
from stonegame.text import bracketed, span, two_lines


def formula(row: pd.Series, cands: pd.DataFrame, sol: Solution, lang: str, form: str = "total") -> str:
    """The step's equation: symbols, then on a second line the numbers, e.g.
    dp[1] = suffix[1] − min(dp[2], dp[3], dp[4])
          = 12 − min(10, 7, 0) = 12
    In the score-difference form the dp steps and the verdict speak of diff = 2·dp − suffix instead."""
    i, phase = int(row["i"]), row["phase"]
    if phase == "start":
        return f"suffix[{i}] = 0,  {'diff' if form == 'diff' else 'dp'}[{i}] = 0"
    if phase == "suffix":
        numbers = f"{row['value']} + {bracketed(row['suffix_next'])} = {row['suffix']}"
        return two_lines(f"suffix[{i}]", f"values[{i}] + suffix[{i + 1}]", numbers)
    if form == "diff":
        return _diff_formula(row, cands, sol, lang)
    if phase == "dp":
        symbols = ", ".join(f"dp[{j}]" for j in cands["j"])
        numbers = ", ".join(str(v) for v in cands["dp_j"])
        return two_lines(f"dp[{i}]", f"suffix[{i}] − min({symbols})", f"{row['suffix']} − min({numbers}) = {row['dp']}")
    sign = WINNER_SIGN[sol.winner]
    return f"2·dp[0] = {2 * sol.alice} {sign} total = {sol.total}  →  {t('winner_' + sol.winner, lang)}"


def _diff_formula(row: pd.Series, cands: pd.DataFrame, sol: Solution, lang: str) -> str:
    """A dp step or the verdict in the score-difference form: diff[i] = max over k of what the mover
    takes less the opponent's lead after it, e.g. diff[1] = max(2 − 8, 5 − 4, 12 − 0) = 12."""
    i = int(row["i"])
    if row["phase"] == "verdict":
        lead = 2 * sol.alice - sol.total
        return f"diff[0] = {lead} {WINNER_SIGN[sol.winner]} 0  →  {t('winner_' + sol.winner, lang)}"
    options = ", ".join(f"{taken} − {bracketed(their)}" for taken, their in _diff_options(cands, sol))
    k = int(cands["k"].max())
    return two_lines(
        f"diff[{i}]",
        f"max over k = 1..{k} of sum(values[{i}:{i}+k]) − diff[{i}+k]",
        f"max({options}) = {_diff(sol, i)}",
    )


def _diff_options(cands: pd.DataFrame, sol: Solution) -> list[tuple[int, int]]:
    """For each candidate (i, k): what the mover takes, sum(values[i:j]) = suffix[i] − suffix[j], and the
    opponent's lead after it, diff[j] = 2·dp[j] − suffix[j]."""
    return [
        (sol.suffix[i] - sol.suffix[j], 2 * dp_j - sol.suffix[j])
        for i, j, dp_j in zip(cands["i"], cands["j"], cands["dp_j"], strict=True)
    ]


def _diff(sol: Solution, i: int) -> int:
    """diff[i] = 2·dp[i] − suffix[i]: the mover's final lead from position i."""
    return 2 * sol.dp[i] - sol.suffix[i]


def sentence(row: pd.Series, sol: Solution, lang: str, form: str = "total", cands: pd.DataFrame | None = None) -> str:
    """One plain-language sentence that says what the step means (dp steps and the verdict in the
    chosen formulation; the score-difference sentence for a dp step reads its candidates)."""
    phase, i = row["phase"], int(row["i"])
    if form == "diff" and phase == "start":
        return t("say_start_diff", lang, n=sol.n)
    if form == "diff" and phase == "verdict":
        lead = 2 * sol.alice - sol.total
        return t("say_diff_verdict_" + sol.winner, lang, lead=abs(lead))
    if form == "diff" and phase == "dp" and cands is not None:
        best = cands["best"].to_numpy().argmax()
        taken, their = _diff_options(cands, sol)[best]
        take = int(row["take"])
        return t(
            "say_diff",
            lang,
            i=i,
            take=take,
            piles=piles(take, lang),
            span=span(i, take),
            taken=taken,
            their=their,
            diff=_diff(sol, i),
        )
    if phase == "start":
        return t("say_start", lang, n=sol.n)
    if phase == "suffix" and i == sol.n - 1:
        return t("say_suffix_last", lang, i=i, suffix=row["suffix"])
    if phase == "suffix":
        return t(
            "say_suffix", lang, i=i, last=sol.n - 1, suffix=row["suffix"], value=row["value"], next=row["suffix_next"]
        )
    if phase == "dp":
        take = int(row["take"])
        return t(
            "say_dp",
            lang,
            i=i,
            take=take,
            piles=piles(take, lang),
            span=span(i, take),
            opponent=row["opponent"],
            suffix=row["suffix"],
            dp=row["dp"],
        )
    return t("say_verdict_" + sol.winner, lang, alice=sol.alice, bob=sol.bob)
