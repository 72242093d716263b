"""The words for one step of the trace: its title, its formula with the numbers filled in, and a
plain-language sentence. Each is read off the trace row (and its candidate rows), never recomputed."""

from __future__ import annotations

import unicodedata

import pandas as pd

from stonegame.i18n import t
from stonegame.solver import Solution

NBSP = "\u00a0"


def formula(row: pd.Series, cands: pd.DataFrame, sol: Solution, lang: str) -> str:
    """The step's equation: symbols, then on a second line the numbers, e.g.
    dp[1] = suffix[1] − min(dp[2], dp[3], dp[4])
          = 12 − min(10, 7, 0) = 12"""
    i, phase = int(row["i"]), row["phase"]
    if phase == "start":
        return f"suffix[{i}] = 0,  dp[{i}] = 0"
    if phase == "suffix":
        numbers = f"{row['value']} + {_n(row['suffix_next'])} = {row['suffix']}"
        return _two_lines(f"suffix[{i}]", f"values[{i}] + suffix[{i + 1}]", numbers)
    if phase == "dp":
        symbols = ", ".join(f"dp[{j}]" for j in cands["j"])
        numbers = ", ".join(_n(v) for v in cands["dp_j"])
        return _two_lines(
            f"dp[{i}]", f"suffix[{i}] − min({symbols})", f"{row['suffix']} − min({numbers}) = {row['dp']}"
        )
    sign = {"Alice": ">", "Bob": "<", "Tie": "="}[sol.winner]
    return f"2·dp[0] = {2 * sol.alice} {sign} total = {sol.total}  →  {t('winner_' + sol.winner, lang)}"


def sentence(row: pd.Series, sol: Solution, lang: str) -> str:
    """One plain-language sentence that says what the step means."""
    phase, i = row["phase"], int(row["i"])
    if phase == "start":
        return t("say_start", lang, n=sol.n)
    if phase == "suffix" and i == sol.n - 1:
        return t("say_suffix_last", lang, i=i, suffix=row["suffix"])
    if phase == "suffix":
        return t(
            "say_suffix", lang, i=i, last=sol.n - 1, suffix=row["suffix"], value=row["value"], next=row["suffix_next"]
        )
    if phase == "dp":
        piles = t("pile_one" if row["take"] == 1 else "pile_many", lang)
        take = int(row["take"])
        span = f"{i}" if take == 1 else f"{i}–{i + take - 1}"
        return t(
            "say_dp",
            lang,
            i=i,
            take=take,
            piles=piles,
            span=span,
            opponent=_n(row["opponent"]),
            suffix=row["suffix"],
            dp=row["dp"],
        )
    return t("say_verdict_" + sol.winner, lang, alice=sol.alice, bob=sol.bob)


def _two_lines(left: str, symbols: str, numbers: str) -> str:
    """`left = symbols`, and below it `= numbers` with its = under the first. The indent is non-breaking
    spaces after a zero-width space, since renderers trim leading white space (non-breaking included)."""
    return f"{left} = {symbols}\n\u200b{NBSP * (len(left) + 1)}= {numbers}"


def _n(x: object) -> str:
    """A number for a formula: negatives in parentheses so `12 − (-3)` reads right."""
    return f"({x})" if int(x) < 0 else str(x)


def display_width(text: str) -> int:
    """Columns the text takes on screen: wide (CJK) characters count two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int) -> list[str]:
    """Break text into lines of at most `width` display columns, at spaces where there are any."""
    lines, line = [], ""
    for word in _words(text):
        if line and display_width((line + word).rstrip()) > width:
            lines.append(line.rstrip())
            line = word.lstrip()
        else:
            line += word
    return [*lines, line.rstrip()] if line.strip() else lines


def _words(text: str) -> list[str]:
    """Text cut where a line may break: after spaces, and between wide characters."""
    words, word = [], ""
    for c in text:
        word += c
        if c == " " or unicodedata.east_asian_width(c) in "WF":
            words.append(word)
            word = ""
    return [*words, word] if word else words
