"""Wrapping by Chinese line-breaking rules: property tests over made-up mixed text, and every sentence
the pages draw for several rows in Chinese (the explainer's and the quiz's, the ladder's, the replay's)."""

from __future__ import annotations

import itertools
import re
from string import Formatter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stonegame import solve
from stonegame.game.charts import TITLE_COLUMNS
from stonegame.game.replay import replay_tables, turn_window
from stonegame.game.rules import optimal_game, turns
from stonegame.i18n import CATALOGUE, t
from stonegame.ladder import rungs
from stonegame.ladder.view import calls_view, table_view, window_view
from stonegame.link import random_row
from stonegame.narration import sentence
from stonegame.text import (
    MIN_LINE,
    NO_LINE_END,
    NO_LINE_START,
    NUMBER_BEFORE,
    SENTENCE_WIDTH,
    SINGULAR,
    bracketed,
    display_width,
    fill,
    letters,
    wrap,
    wrapped,
)

HAN = st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF)  # CJK unified ideographs


# --- property tests: made-up text mixing Chinese, numbers with units, formulas and punctuation --------------

WORD = st.text(HAN, min_size=1, max_size=6)
NUMBER = st.builds(lambda n, unit: f"{n} {unit}", st.integers(0, 9999), st.sampled_from("堆分步个次"))
FORMULA = st.builds(lambda a, b: f"dp[{a}] = {b} ", st.integers(0, 99), st.integers(-999, 999))
LATIN = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8).map(lambda w: w + " ")
ORDINAL = st.integers(1, 99).map(lambda n: f"第 {n} 步")
OPENED = st.builds(lambda o, w: o + w, st.sampled_from("（「『“"), WORD)
CLOSER = st.sampled_from(["", "", "。", "，", "、", "；", "：", "？", "！", "）", "」", "』", "”", "……"])
TOKEN = st.builds(lambda body, close: body + close, st.one_of(WORD, NUMBER, FORMULA, LATIN, ORDINAL, OPENED), CLOSER)
TEXT = st.lists(TOKEN, min_size=1, max_size=40).map("".join)


def breaks(lines):
    """Each pair of lines that meet at a break: (the line before, the line after)."""
    return list(itertools.pairwise(lines))


@settings(max_examples=400, deadline=None)
@given(TEXT, st.integers(32, 80))
def test_wrapping_keeps_every_character_and_the_width(text, width):
    lines = wrap(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(display_width(line) <= width for line in lines)
    assert all(line == line.strip() and line for line in lines)


@settings(max_examples=400, deadline=None)
@given(TEXT, st.integers(32, 80))
def test_no_line_starts_with_a_closing_mark_or_ends_with_an_opening_one(text, width):
    for before, after in breaks(wrap(text, width)):
        assert after[0] not in NO_LINE_START, (before, after)
        assert before[-1] not in NO_LINE_END, (before, after)


@settings(max_examples=400, deadline=None)
@given(TEXT, st.integers(32, 80))
def test_no_line_is_a_lone_character(text, width):
    lines = wrap(text, width)
    if len(lines) > 1:
        assert all(letters(line) >= MIN_LINE for line in lines), lines


@settings(max_examples=400, deadline=None)
@given(TEXT, st.integers(32, 80))
def test_a_number_stays_with_its_unit(text, width):
    for before, after in breaks(wrap(text, width)):
        assert not (before[-1].isdigit() and display_width(after[0]) == 2), (before, after)
        assert not (before[-1] in NUMBER_BEFORE and after[0].isdigit()), (before, after)


def test_the_cases_the_issue_found():
    # the explainer's start sentence left "0。" alone on a line, the diff sentence "的。", the replay "置"
    start = "没有石子剩下时（位置 4）谁也得不到分：suffix[4] = dp[4] = 0。"
    assert wrap(start) == ["没有石子剩下时（位置 4）谁也得不到分：suffix[4] =", "dp[4] = 0。"]
    lines = wrap("上行：石子堆，被拿走后标 A / B。下行：dp[i]，● 为行动者所在位置", 62)
    assert lines[-1] != "置" and letters(lines[-1]) >= MIN_LINE
    assert wrap("拿 3 堆", 4) == ["拿", "3 堆"]  # a number never leaves its unit, even where it is too wide
    assert wrap("one two three", 7) == ["one two", "three"]
    assert wrap("", 10) == [] and wrap("   ", 10) == []


# --- every sentence the pages draw, in Chinese --------------------------------------------------------------

ROWS = [[1, 2, 3, 7], [1, 2, 3, -9], [1, 2, 3, 6], [5, 0], random_row(12, 3), random_row(20, 8)]


def assert_lines_follow_the_rules(text: str, width: int = SENTENCE_WIDTH) -> None:
    """A wrapped text (lines joined by newlines) that wrap() made: each rule holds at every break."""
    lines = text.split("\n")
    assert all(display_width(line) <= width for line in lines), lines
    for before, after in breaks(lines):
        assert after[0] not in NO_LINE_START and before[-1] not in NO_LINE_END, lines
        assert not (before[-1].isdigit() and display_width(after[0]) == 2), lines
    if len(lines) > 1:
        assert letters(lines[-1]) >= MIN_LINE, lines


@pytest.mark.parametrize("values", ROWS, ids=lambda v: f"n{len(v)}")
@pytest.mark.parametrize("form", ["total", "diff"])
def test_every_step_sentence_in_chinese(values, form):
    sol = solve(values)
    for _, row in sol.trace.iterrows():
        cands = sol.candidates[sol.candidates["step"] == row["step"]]
        assert_lines_follow_the_rules(wrapped(sentence(row, sol, "zh", form, cands)))


@pytest.mark.parametrize("values", ROWS[:4], ids=lambda v: f"n{len(v)}")
def test_every_ladder_frame_sentence_in_chinese(values):
    sol = solve(values)
    views = [
        calls_view(sol, rungs.calls_table(sol.values, sol.max_take, memo), memo, "zh", "total")
        for memo in (False, True)
    ]
    views += [table_view(sol, "zh", "py", "diff"), window_view(sol, "zh", "total")]
    for view in views:
        for text in view.frames["sentence"]:
            assert_lines_follow_the_rules(text)


@pytest.mark.parametrize("values", ROWS, ids=lambda v: f"n{len(v)}")
def test_every_replay_frame_sentence_in_chinese(values):
    sol = solve(values)
    for game in (optimal_game(sol), turns(sol, [1] * sol.n)):
        rep = replay_tables(sol, game, turn_window(len(game), 1), "zh")
        for text in rep.frames["sentence"]:
            assert_lines_follow_the_rules(text)


def test_every_chart_title_in_chinese_wraps_by_the_rules():
    for entry in CATALOGUE.values():
        if "{" not in entry["zh"] and display_width(entry["zh"]) > TITLE_COLUMNS:
            assert_lines_follow_the_rules("\n".join(wrap(entry["zh"], TITLE_COLUMNS)), TITLE_COLUMNS)


# --- fill: a negative operand in parentheses, and "1 pile" (issue 40) ---------------------------

OPERAND_KEYS = ("say_dp", "quiz_why_dp", "quiz_why_take", "play_cost", "replay_total_mover")


def every_field(template: str, value: object) -> dict[str, object]:
    """Every field the template names, each set to `value`."""
    return {name.split(".")[0].split("[")[0]: value for _, name, _, _ in Formatter().parse(template) if name}


@pytest.mark.parametrize("value", [*range(-60, 61), -(10**9), 10**9, np.int64(-6), np.int32(-7)])
def test_a_negative_operand_is_in_parentheses_and_a_positive_one_is_not(value):
    text = t("say_dp", "en", i=3, take=2, piles="piles", span="3–4", opponent=value, suffix=5, dp=5 - int(value))
    assert f"5 − {bracketed(value)} = {5 - int(value)}." in text
    assert ("(" + str(value) + ")" in text) == (value < 0)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_sentence_writes_an_operator_before_a_minus_sign(lang):
    """Each catalogue sentence filled with -6 in every field: never `− -6` or `+ -6` (issue 40: "5 − -6 = 11")."""
    for key, entry in CATALOGUE.items():
        text = entry[lang]
        try:
            filled = fill(text, every_field(text, -6))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            continue  # a field that takes no number
        assert not re.search(r"[−+×-] -6", filled), f"{key} ({lang}): {filled}"
    assert "5 − (-6) = 11" in t("quiz_why_dp", lang, i=1, suffix=5, opponent=-6, dp=11)


def test_a_count_of_one_takes_the_singular_in_english_and_chinese_is_left_as_it_is():
    assert "1 pile left" in t("play_your_turn", "en", player="Alice", left=1, i=7)
    assert "2 piles left" in t("play_your_turn", "en", player="Alice", left=2, i=6)
    assert "1,001 piles left" in t("play_your_turn", "en", player="Alice", left=1001, i=6)
    assert "0 piles" in t("row_summary", "en", n=0, total=0) and "1 pile ·" in t("row_summary", "en", n=1, total=5)
    assert "还剩 1 堆" in t("play_your_turn", "zh", player="Alice", left=1, i=7)
    for key, entry in CATALOGUE.items():
        text = entry["en"]
        try:
            filled = fill(text, every_field(text, 1))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            continue
        assert not re.search(r"(?<![\d,.])1 (" + "|".join(SINGULAR) + r")\b", filled), f"{key}: {filled}"


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_fill_is_str_format_where_no_number_is_an_operand_or_a_count_of_one(key):
    for text in CATALOGUE[key].values():
        fields = every_field(text, "x")
        try:
            expected = text.format(**fields)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            continue
        assert fill(text, fields) == expected
