"""What the quiz says once a question is answered: a line per graded part (✓, or ✗ with the right
answer), the step's own formula and sentence as the explainer says them, and for each wrong part why
the answer is what it is. Every number is read off the trace row of the question's step and the
candidates weighed there (stonegame.teach.quiz for the vocabulary).
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from stonegame.i18n import CATALOGUE, piles, t
from stonegame.narration import formula, sentence
from stonegame.solver import Solution
from stonegame.teach.quiz import Mark, Marked, Part, candidates_at, pile, step_of
from stonegame.terms import Lang
from stonegame.text import inert


@dataclass(frozen=True)
class Explanation:
    """The step's formula and sentence (the explainer's own words) and the candidates weighed."""

    formula: str
    sentence: str
    candidates: pd.DataFrame


def explanation(sol: Solution, q: int, lang: Lang) -> Explanation:
    """The words the explainer shows at question q's step, in the best-total form, from the trace."""
    step = step_of(sol.n, q)
    row = sol.trace.iloc[step]
    cands = candidates_at(sol, step)
    return Explanation(formula(row, cands, sol, lang), sentence(row, sol, lang, "total", cands), cands)


def choice_of(cands: pd.DataFrame, k: int) -> dict[str, int] | None:
    """The candidate row of take k as plain ints (j, dp_j, gain), or None if k is not a legal take."""
    rows = cands[cands["k"] == k]
    if rows.empty:
        return None
    row = rows.iloc[0]
    return {"k": k, "j": int(row["j"]), "dp_j": int(row["dp_j"]), "gain": int(row["gain"])}


def shown(part: Part, value: int | str | None, lang: Lang) -> str:
    """An answer as shown: a winner in the page's language, a number as it is, a blank as —, anything
    else (only a forged answer could be) as plain text (stonegame.text.inert)."""
    if value is None:
        return "—"
    if part == "winner" and f"winner_{value}" in CATALOGUE:
        return t(f"winner_{value}", lang)
    return str(value) if isinstance(value, int) and part != "winner" else inert(value)


def mark_line(sol: Solution, marked: Marked, mark: Mark, lang: Lang) -> str:
    """'✓ the best take: 3' or '✗ the best take: you said 1; the answer is 3', in the page's language."""
    name = t("quiz_part_" + mark.part, lang, i=pile(sol.n, marked.question))
    given, expected = shown(mark.part, mark.given, lang), shown(mark.part, mark.expected, lang)
    if mark.right:
        return t("quiz_mark_right", lang, part=name, given=given)
    return t("quiz_mark_wrong", lang, part=name, given=given, expected=expected)


def why(sol: Solution, marked: Marked, mark: Mark, cands: pd.DataFrame, lang: Lang) -> str:
    """Why the answer to a part is what it is, from the trace row of its step and the candidates `cands`."""
    row = sol.trace.iloc[marked.step]
    i, dp, suffix, opponent = int(row["i"]), int(row["dp"]), int(row["suffix"]), int(row["opponent"])
    if mark.part == "winner":
        return t("quiz_why_winner", lang, dp0=dp, twice=2 * dp, total=suffix)
    if mark.part == "opponent":
        options = ", ".join(f"dp[{j}] = {d}" for j, d in zip(cands["j"], cands["dp_j"], strict=True))
        return t("quiz_why_opponent", lang, options=options, opponent=opponent)
    if mark.part == "dp":
        return t("quiz_why_dp", lang, i=i, suffix=suffix, opponent=opponent, dp=dp)
    return _why_take(mark, cands, suffix, dp, lang)


def _why_take(mark: Mark, cands: pd.DataFrame, suffix: int, dp: int, lang: Lang) -> str:
    """What the take given leaves the opponent and collects (when it is a legal take), and what the best
    take collects."""
    chosen = choice_of(cands, int(mark.given)) if mark.given is not None else None
    best = ", ".join(str(k) for k in mark.accepted)
    if chosen is None:
        return t("quiz_why_take_best", lang, best=best, dp=dp)
    return t(
        "quiz_why_take",
        lang,
        given=mark.given,
        piles=piles(chosen["k"], lang),
        suffix=suffix,
        best=best,
        dp=dp,
        **chosen,
    )
