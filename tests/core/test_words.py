"""Every user-facing word in both languages; the step words come from the trace."""

import re
import string

import pytest

from stonegame import solve
from stonegame.i18n import CATALOGUE, t
from stonegame.narration import formula, sentence
from stonegame.terms import LANGS
from stonegame.text import display_width, wrap


def fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_string_in_every_language_with_the_same_fields(key):
    entry = CATALOGUE[key]
    assert set(entry) == set(LANGS), key
    assert all(entry[lang].strip() for lang in LANGS), key
    assert fields(entry["en"]) == fields(entry["zh"]), key


def test_no_key_is_defined_in_two_sections():
    from stonegame.i18n import SECTIONS

    keys = [key for words in SECTIONS.values() for key in words]
    assert len(keys) == len(set(keys))


def test_unknown_language_falls_back_to_english():
    assert t("app_title", "fr") == t("app_title", "en")


def step_words(values, lang, form="total", max_take=3):
    sol = solve(values, max_take)
    out = []
    for _, row in sol.trace.iterrows():
        cands = sol.candidates[sol.candidates["step"] == row["step"]]
        out.append((formula(row, cands, sol, lang, form), sentence(row, sol, lang, form, cands)))
    return out


def flat(text):
    """The formula on one line, as the issue writes it."""
    return re.sub(r"\s*\n\u200b\u00a0*", " ", text)


def test_the_issues_example_formula():
    words = step_words([1, 2, 3, 7], "en")
    assert flat(words[7][0]) == "dp[1] = suffix[1] − min(dp[2], dp[3], dp[4]) = 12 − min(10, 7, 0) = 12"
    assert "takes 3 piles" in words[7][1] and "least of the choices: 0" in words[7][1]
    assert flat(words[2][0]) == "suffix[2] = values[2] + suffix[3] = 3 + 7 = 10"
    assert words[-1][0] == "2·dp[0] = 12 < total = 13  →  Bob"
    assert words[-1][1] == "Alice collects 6, Bob 7: Bob wins."


def test_verdict_words_for_each_outcome_and_language():
    assert "= total = 12" in step_words([1, 2, 3, 6], "en")[-1][0]
    assert step_words([1, 2, 3, 6], "zh")[-1][1] == "Alice 得 6 分，Bob 得 6 分：平局。"
    assert step_words([1, 2, 3, -9], "en")[-1][1].endswith("Alice wins.")


def test_negative_numbers_are_bracketed_only_after_an_operator():
    assert flat(step_words([1, 2, 3, -9], "en")[6][0]) == "dp[2] = suffix[2] − min(dp[3], dp[4]) = -6 − min(-9, 0) = 3"
    assert flat(step_words([1, -2], "en")[1][0]).endswith("= -2 + 0 = -2")
    assert flat(step_words([1, -2], "en")[2][0]).endswith("= 1 + (-2) = -1")


def test_wrap_respects_display_width():
    text = "在第 1 堆行动的玩家拿走 3 堆（1–3），让对手只能得到候选中最少的 0 分；行动者得到 12 − 0 = 12 分。"
    lines = wrap(text, 30)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(display_width(line) <= 30 for line in lines)
    assert wrap("one two three", 7) == ["one two", "three"]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("values", "verdict"), [([1, 2, 3, 7], "< 0"), ([1, 2, 3, -9], "> 0"), ([1, 2, 3, 6], "= 0")])
def test_score_difference_words(values, verdict, lang):
    words = step_words(values, lang, "diff")
    assert words[0][0].endswith("diff[4] = 0")
    assert verdict in words[-1][0] and verdict.replace(" ", "") in words[-1][1].replace(" ", "")
    sol = solve(values)
    lead = 2 * sol.dp[0] - sol.suffix[0]
    assert flat(words[-2][0]).endswith(f"= {lead}")  # the last dp step writes diff[0]


def test_score_difference_options_are_what_is_taken_less_the_lead_after():
    assert flat(step_words([1, 2, 3, 7], "en", "diff")[7][0]).endswith("= max(2 − 10, 5 − 7, 12 − 0) = 12")


def test_the_score_difference_formula_speaks_the_pages_language():
    en, zh = (flat(step_words([1, 2, 3, 7], lang, "diff")[7][0]) for lang in ("en", "zh"))
    assert en == "diff[1] = max over k = 1..3 of sum(values[1:1+k]) − diff[1+k] = max(2 − 10, 5 − 7, 12 − 0) = 12"
    assert zh == "diff[1] = 在 k = 1..3 中取 sum(values[1:1+k]) − diff[1+k] 的最大值 = max(2 − 10, 5 − 7, 12 − 0) = 12"
    assert all("max over" not in formula for formula, _ in step_words([5, -1, 2, 9, 0], "zh", "diff", max_take=2))
