"""The mistakes the app knows, each a pure fill of both tables, and the matcher that names the student's.

Each named mistake is written here as plain Python over the row (never through the interpreter): the fills are
our own trusted code, they cost microseconds per pile, and a test runs a student program with each mistake
through the real pool and checks that its tables are exactly the fill's (tests/write/test_mistakes.py), so the
two cannot drift apart unnoticed.

    max_not_min        dp[i] = suffix[i] − max(dp[i+1 .. i+k])
    window_early       dp[i] = suffix[i] − min(dp[i .. i+k−1])   (dp[i] still holds its 0 when read)
    window_late        dp[i] = suffix[i] − min(dp[i+1 .. i+k+1])
    no_suffix          dp[i] = −min(dp[i+1 .. i+k])
    values_not_suffix  dp[i] = values[i] − min(dp[i+1 .. i+k])
    zero_past_end      dp[i] = max of the gains suffix[i] − dp[j], a take past the end counting 0 (not −∞)
    difference         diff[i] = max(sum(values[i:j]) − diff[j]) = 2·dp[i] − suffix[i]
    suffix_forward     suffix built from i = 0 up (suffix[i] = values[i], or prefix sums), dp true from it
    no_base_case       dp[n] never set to 0: dp[n] = −∞ (a list made for a max), or no cell n at all

A mistake "hides" on a row when its fill is the true table there (max_not_min on every k = 1 row, say): then
the row cannot show it, and showing_row() finds a small row where it does.

    d = diagnose(values, k, outcome.suffix, outcome.dp)
    d.mistake        # "max_not_min" or None
    explain(d, "en") # the sentence for the first wrong cell
    hidden_note(d, "en")  # when the tables are right: the named mistakes this row cannot show, and rows that do
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from stonegame.i18n import t
from stonegame.solver import score_difference
from stonegame.terms import Lang
from stonegame.write.compare import Comparison, compare, truth

Tables = tuple[list[Any], list[Any]]  # (suffix, dp); a cell may be a float (±inf) or None (no such cell)
Fill = Callable[[list[int], int], Tables]

#: The named mistakes, in the order the matcher prefers them when several fill the same tables.
MISTAKES: tuple[str, ...] = (
    "max_not_min",
    "window_early",
    "window_late",
    "no_suffix",
    "zero_past_end",
    "difference",
    "values_not_suffix",
    "suffix_forward",
    "no_base_case",
)
#: The mistakes whose matching looks at dp only (the student may leave suffix unbuilt for them).
DP_ONLY = frozenset({"no_suffix", "values_not_suffix", "difference"})
#: The values showing_row() tries, in order: small positive piles first.
TRY_VALUES = (1, 2, 3, -1, -2, 4, 0, -3, 5, 7)
MAX_TRY_PILES = 4


def _suffix(values: list[int]) -> list[int]:
    """suffix[i] = sum(values[i:]), suffix[n] = 0."""
    out = [0] * (len(values) + 1)
    for i in range(len(values) - 1, -1, -1):
        out[i] = values[i] + out[i + 1]
    return out


def _min_fill(base: list[Any], k: int, lo: int = 1, hi: int = 0, pick: Callable[..., Any] = min) -> list[Any]:
    """dp[i] = base[i] − pick(dp[i+lo : i+k+1+hi]) for i = n−1 down to 0, dp as n + 1 zeros to start (the
    slice clipped at n, as Python's is)."""
    n = len(base) - 1
    dp: list[Any] = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        dp[i] = base[i] - pick(dp[i + lo : i + k + 1 + hi])
    return dp


def max_not_min(values: list[int], k: int) -> Tables:
    """dp[i] = suffix[i] − max(dp[i+1 .. i+k])."""
    s = _suffix(values)
    return s, _min_fill(s, k, pick=max)


def window_early(values: list[int], k: int) -> Tables:
    """dp[i] = suffix[i] − min(dp[i .. i+k−1]), dp[i] read while it still holds 0."""
    s = _suffix(values)
    return s, _min_fill(s, k, lo=0, hi=-1)


def window_late(values: list[int], k: int) -> Tables:
    """dp[i] = suffix[i] − min(dp[i+1 .. i+k+1])."""
    s = _suffix(values)
    return s, _min_fill(s, k, hi=1)


def no_suffix(values: list[int], k: int) -> Tables:
    """dp[i] = −min(dp[i+1 .. i+k]) (every cell 0), suffix true."""
    return _suffix(values), _min_fill([0] * (len(values) + 1), k)


def values_not_suffix(values: list[int], k: int) -> Tables:
    """dp[i] = values[i] − min(dp[i+1 .. i+k]), suffix true."""
    return _suffix(values), _min_fill([*values, 0], k)


def zero_past_end(values: list[int], k: int) -> Tables:
    """dp[i] = the max over takes of suffix[i] − dp[i+take], where a take past the end gains 0 instead of −∞."""
    s = _suffix(values)
    n = len(values)
    dp = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        gains = [s[i] - dp[j] for j in range(i + 1, min(i + k, n) + 1)]
        dp[i] = max([*gains, 0] if i + k > n else gains)
    return s, dp


def difference(values: list[int], k: int) -> Tables:
    """diff[i] = max over takes of sum(values[i:j]) − diff[j] (the solver's score_difference), suffix true."""
    return _suffix(values), score_difference(values, k)


def suffix_forward(values: list[int], k: int) -> Tables:
    """suffix[i] = values[i] + suffix[i+1] for i = 0 up to n−1 (suffix[i+1] still 0: suffix = values), and dp
    filled truly from that suffix."""
    s = [*values, 0]
    return s, _min_fill(s, k)


def suffix_prefix(values: list[int], k: int) -> Tables:
    """suffix[i+1] = suffix[i] + values[i] for i = 0 up (prefix sums under the name suffix), dp truly from it."""
    s = [0] * (len(values) + 1)
    for i, v in enumerate(values):
        s[i + 1] = s[i] + v
    return s, _min_fill(s, k)


def no_base_minus_inf(values: list[int], k: int) -> Tables:
    """dp made as n + 1 cells of −∞ (for a max) and dp[n] never set to 0; each dp[i] truly from the window."""
    s = _suffix(values)
    n = len(values)
    dp: list[Any] = [-math.inf] * (n + 1)
    for i in range(n - 1, -1, -1):
        dp[i] = s[i] - min(dp[i + 1 : i + k + 1])
    return s, dp


def no_base_short(values: list[int], k: int) -> Tables:
    """dp with n cells (no cell n): takes that reach the end are never weighed, a position with no other take
    gets −∞ (the max over no gains), and cell n is absent (None)."""
    s = _suffix(values)
    n = len(values)
    dp: list[Any] = [0] * n + [None]
    for i in range(n - 1, -1, -1):
        gains = [s[i] - dp[j] for j in range(i + 1, min(i + k, n - 1) + 1)]
        dp[i] = max(gains, default=-math.inf)
    return s, dp


#: Each named mistake's fills: the first is its usual form (used to tell whether it hides on a row), the others
#: are further shapes of the same mistake that the matcher also recognises.
FILLS: dict[str, tuple[Fill, ...]] = {
    "max_not_min": (max_not_min,),
    "window_early": (window_early,),
    "window_late": (window_late,),
    "no_suffix": (no_suffix,),
    "zero_past_end": (zero_past_end,),
    "difference": (difference,),
    "values_not_suffix": (values_not_suffix,),
    "suffix_forward": (suffix_forward, suffix_prefix),
    "no_base_case": (no_base_minus_inf, no_base_short),
}


def variant(name: str, values: list[int], k: int) -> Tables:
    """The tables the named mistake's usual form fills on the row (suffix and dp over 0 .. n)."""
    return FILLS[name][0](values, k)


def _same_cell(a: Any, b: Any) -> bool:
    """Two cells agree: both absent, or both numbers (not True/False) and equal (∞ equals ∞)."""
    if a is None or b is None:
        return a is None and b is None
    return type(a) in (int, float) and type(b) in (int, float) and a == b


def same_table(got: list[Any] | None, want: list[Any]) -> bool:
    """The student's table holds exactly `want`, cell for cell (a missing cell n matches an absent one)."""
    if got is None:
        return False
    padded = list(got) + [None] * (len(want) - len(got))
    return len(padded) == len(want) and all(_same_cell(a, b) for a, b in zip(padded, want, strict=True))


def fit(name: str, values: list[int], k: int, suffix: list[Any] | None, dp: list[Any] | None) -> int:
    """How well the named mistake explains the student's tables on this row: 2 when one of its fills makes
    exactly both tables, 1 when one makes exactly dp and the mistake is about dp only (suffix not looked at),
    0 otherwise."""
    best = 0
    for fill in FILLS[name]:
        vs, vd = fill(values, k)
        if same_table(dp, vd):
            if same_table(suffix, vs):
                return 2
            best = 1 if name in DP_ONLY else best
    return best


def fills_like(name: str, values: list[int], k: int, suffix: list[Any] | None, dp: list[Any] | None) -> bool:
    """True when one of the named mistake's fills makes exactly the student's dp (and suffix, unless the
    mistake is about dp only) on this row."""
    return fit(name, values, k, suffix, dp) > 0


def shows(name: str, values: list[int], k: int) -> bool:
    """True when the mistake's usual fill differs from the true tables on this row (the row can show it)."""
    vs, vd = variant(name, values, k)
    ts, td = truth(values, k)
    return not (same_table(vd, td) and same_table(vs, ts))


def hidden_on(values: list[int], k: int, names: tuple[str, ...] = MISTAKES) -> tuple[str, ...]:
    """The named mistakes whose usual fill is exactly the true table on this row: a right table here does not
    rule them out."""
    return tuple(name for name in names if not shows(name, values, k))


@lru_cache(maxsize=64)
def showing_row(name: str, k: int) -> tuple[tuple[int, ...], int]:
    """A small row where the mistake shows: the fewest piles, then the earliest values in TRY_VALUES order,
    with takes 1..k if it can show there, else with the nearest k that can (LeetCode's 3 first among equals)."""
    for kk in sorted(range(1, 6), key=lambda x: (abs(x - k), x != 3, x)):
        for n in range(1, MAX_TRY_PILES + 1):
            for row in itertools.product(TRY_VALUES, repeat=n):
                if shows(name, list(row), kk):
                    return row, kk
    raise ValueError(f"{name} never shows on a small row")  # pragma: no cover - every mistake shows (tested)


@dataclass(frozen=True)
class Diagnosis:
    """What the student's tables say: the cell-by-cell comparison, the named mistake they match exactly (None
    when they are right or match none), the other named mistakes that make the same tables on this row, and
    (when the tables are right) the named mistakes this row cannot show."""

    comparison: Comparison
    values: tuple[int, ...]
    k: int
    mistake: str | None
    also: tuple[str, ...]
    hidden: tuple[str, ...]

    @property
    def right(self) -> bool:
        """True when every cell of both tables is right."""
        return self.comparison.right


def diagnose(values: list[int], k: int, suffix: list[Any] | None, dp: list[Any] | None) -> Diagnosis:
    """Compare the student's tables with the truth and, when they differ, match them against every named
    mistake's fills on this row; when they are right, list the named mistakes that hide on this row."""
    cmp = compare(values, k, suffix, dp)
    if cmp.right:
        return Diagnosis(cmp, tuple(values), k, None, (), hidden_on(values, k))
    fits = {name: fit(name, values, k, suffix, dp) for name in MISTAKES}
    matched = tuple(sorted((m for m in MISTAKES if fits[m]), key=lambda m: (-fits[m], MISTAKES.index(m))))
    return Diagnosis(cmp, tuple(values), k, matched[0] if matched else None, matched[1:], ())


def diagnose_outcome(outcome: Any, values: list[int], k: int) -> Diagnosis | None:
    """diagnose() on a run's Outcome (stonegame.write.modes); None unless the run finished ("done")."""
    if outcome.kind != "done":
        return None
    return diagnose(values, k, outcome.suffix, outcome.dp)


def mistake_name(name: str, lang: Lang = "en") -> str:
    """The short name of a named mistake ("max instead of min")."""
    return t(f"write_name_{name}", lang)


def _number(v: Any) -> str:
    """A cell as text: a whole number, ∞ / −∞, or "nothing" for an absent cell."""
    if v is None:
        return "—"
    if type(v) is float and math.isinf(v):
        return "∞" if v > 0 else "−∞"
    return str(int(v)) if type(v) is float and v.is_integer() else str(v)


def _first_wrong(d: Diagnosis, lang: Lang) -> str:
    """ "The first cell that differs is dp[2] (step 6): yours is 9, the truth is 10." (or the missing table)."""
    cell = d.comparison.first
    assert cell is not None
    problem = d.comparison.problems.get(cell.table)
    if problem == "missing":
        return t("write_no_table", lang, table=cell.table)
    head = t("write_first_wrong", lang, cell=f"{cell.table}[{cell.i}]", step=cell.step, got=_number(cell.got))
    if problem == "length":
        head += " " + t("write_table_length", lang, table=cell.table, size=d.comparison.n + 1)
    return head


def _plain(d: Diagnosis, lang: Lang) -> str:
    """The plain sentence for a first wrong cell that matches no named mistake: the numbers the truth uses."""
    cell = d.comparison.first
    assert cell is not None
    values, k, n, i = list(d.values), d.k, d.comparison.n, cell.i
    suffix, dp = truth(values, k)
    if i == n:
        return t("write_plain_base", lang, table=cell.table, n=n)
    if cell.table == "suffix":
        return t("write_plain_suffix", lang, i=i, j=i + 1, value=values[i], next=suffix[i + 1], want=cell.want)
    js = range(i + 1, min(i + k, n) + 1)
    least = min(dp[j] for j in js)
    return t(
        "write_plain_dp",
        lang,
        i=i,
        names=", ".join(f"dp[{j}]" for j in js),
        suffix=suffix[i],
        candidates=", ".join(str(dp[j]) for j in js),
        least=least,
        want=cell.want,
    )


def explain(d: Diagnosis, lang: Lang = "en") -> str:
    """The sentence for the first wrong cell: where it is, what the student has and what the truth has, then
    the named mistake the tables match, or else the numbers the truth uses there; "" when all is right."""
    if d.right:
        return ""
    head = _first_wrong(d, lang)
    first = d.comparison.first
    if first is not None and d.comparison.problems.get(first.table) == "missing":
        return head
    gap = " " if lang == "en" else ""
    if d.mistake is None:
        return head + gap + _plain(d, lang)
    body = t(f"write_mistake_{d.mistake}", lang)
    if d.also:
        sep = ", " if lang == "en" else "、"
        body += gap + t("write_also", lang, names=sep.join(mistake_name(m, lang) for m in d.also))
    return head + gap + body


def hidden_note(d: Diagnosis, lang: Lang = "en") -> str:
    """When the tables are right: which named mistakes this row cannot show (they fill the true table here)
    and, for each, a small row where it shows; "" when none hides or the tables are wrong."""
    if not d.right or not d.hidden:
        return ""
    rows = []
    for name in d.hidden:
        row, kk = showing_row(name, d.k)
        text = "[" + ", ".join(map(str, row)) + "]"
        rows.append(t("write_hidden_row", lang, name=mistake_name(name, lang), row=text, k=kk))
    if lang == "en":
        return t("write_hidden", lang) + " " + "; ".join(rows) + "."
    return t("write_hidden", lang) + "；".join(rows) + "。"
