"""The words for one step of the trace: its formula with the numbers filled in, and a plain-language
sentence. Each is read off the trace row (and its candidate rows), never recomputed. Shared by every
feature that speaks of a step: the explainer, the ladder's table, the replay and the quiz."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from stonegame.i18n import piles, t
from stonegame.solver import Solution
from stonegame.terms import WINNER_SIGN, Form, Lang
from stonegame.text import bracketed, span, two_lines

# A trace row (a pandas row, or the dict of one: row["i"], row["phase"] ...) and its candidates (the
# candidates table's rows for its step, or their columns as arrays: cands["j"], cands["k"].max() ...).
Row = Mapping[str, Any] | pd.Series
Candidates = pd.DataFrame | Mapping[str, np.ndarray]


def formula(row: Row, cands: Candidates, sol: Solution, lang: Lang, form: Form = "total") -> str:
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
    return f"{verdict_formula(sol)}  →  {t('winner_' + sol.winner, lang)}"


def verdict_formula(sol: Solution) -> str:
    """How Alice's total compares with half the whole, e.g. 2·dp[0] = 12 < total = 13."""
    return f"2·dp[0] = {2 * sol.alice} {WINNER_SIGN[sol.winner]} total = {sol.total}"


def _diff_formula(row: Row, cands: Candidates, sol: Solution, lang: Lang) -> str:
    """A dp step or the verdict in the score-difference form: diff[i] = the most, over k, of what the
    mover takes less the opponent's lead after it (its symbols in `lang`'s words), e.g.
    diff[1] = max(2 − 8, 5 − 4, 12 − 0) = 12."""
    i = int(row["i"])
    if row["phase"] == "verdict":
        return f"diff[0] = {_diff(sol, 0)} {WINNER_SIGN[sol.winner]} 0  →  {t('winner_' + sol.winner, lang)}"
    options = ", ".join(f"{taken} − {bracketed(their)}" for taken, their in _diff_options(cands, sol))
    k = int(cands["k"].max())
    return two_lines(
        f"diff[{i}]", t("formula_diff_max", lang, k=k, i=i, after=f"diff[{i}+k]"), f"max({options}) = {_diff(sol, i)}"
    )


def _diff_options(cands: Candidates, sol: Solution) -> list[tuple[int, int]]:
    """For each candidate (i, k): what the mover takes, sum(values[i:j]) = suffix[i] − suffix[j], and the
    opponent's lead after it, diff[j] = 2·dp[j] − suffix[j]."""
    return [
        (sol.suffix[i] - sol.suffix[j], 2 * dp_j - sol.suffix[j])
        for i, j, dp_j in zip(cands["i"], cands["j"], cands["dp_j"], strict=True)
    ]


def _diff(sol: Solution, i: int) -> int:
    """diff[i] = 2·dp[i] − suffix[i]: the mover's final lead from position i (diff[0]: Alice's lead)."""
    return 2 * sol.dp[i] - sol.suffix[i]


def sentence(row: Row, sol: Solution, lang: Lang, form: Form = "total", cands: Candidates | None = None) -> str:
    """One plain-language sentence that says what the step means: in the score-difference form the
    start, the verdict and (given its candidates) a dp step speak of diff; every other step speaks of dp."""
    phase = row["phase"]
    if form == "diff" and (phase in ("start", "verdict") or (phase == "dp" and cands is not None)):
        return _diff_sentence(row, sol, lang, cands)
    return _total_sentence(row, sol, lang)


def _diff_sentence(row: Row, sol: Solution, lang: Lang, cands: Candidates | None) -> str:
    """The score-difference sentence of the start, the verdict (Alice's lead) or a dp step (what the best
    candidate takes, the opponent's lead after it, and the mover's lead)."""
    if row["phase"] == "start":
        return t("say_start_diff", lang, n=sol.n)
    if row["phase"] == "verdict":
        return t("say_diff_verdict_" + sol.winner, lang, lead=abs(_diff(sol, 0)))
    taken, their = _diff_options(cands, sol)[int(np.asarray(cands["best"]).argmax())]
    return t("say_diff", lang, **_take_fields(row, lang), taken=taken, their=their, diff=_diff(sol, int(row["i"])))


def _total_sentence(row: Row, sol: Solution, lang: Lang) -> str:
    """The best-total sentence of a step: the start, a suffix step (the last pile's its own), a dp step
    (the take, what the opponent is held to, what the mover collects) or the verdict (both totals)."""
    phase, i = row["phase"], int(row["i"])
    if phase == "start":
        return t("say_start", lang, n=sol.n)
    if phase == "suffix" and i == sol.n - 1:
        return t("say_suffix_last", lang, i=i, suffix=row["suffix"])
    if phase == "suffix":
        fields = {"suffix": row["suffix"], "value": row["value"], "next": row["suffix_next"]}
        return t("say_suffix", lang, i=i, last=sol.n - 1, **fields)
    if phase == "dp":
        fields = {"opponent": row["opponent"], "suffix": row["suffix"], "dp": row["dp"]}
        return t("say_dp", lang, **_take_fields(row, lang), **fields)
    return t("say_verdict_" + sol.winner, lang, alice=sol.alice, bob=sol.bob)


def _take_fields(row: Row, lang: Lang) -> dict[str, object]:
    """What a take's sentence names: the pile i, the take, the word for that many piles and their span."""
    i, take = int(row["i"]), int(row["take"])
    return {"i": i, "take": take, "piles": piles(take, lang), "span": span(i, take)}
