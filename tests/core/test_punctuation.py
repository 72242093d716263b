"""Chinese text uses full-width punctuation: no ASCII comma, colon or semicolon next to a Chinese
character, in the catalogue, in the texts the core builds for several rows, or on any page (its texts,
its charts' specs and their data) as AppTest sees it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import pandas as pd
import pytest

from stonegame import solve
from stonegame.game.replay import replay_tables, turn_window
from stonegame.game.rules import optimal_game, turns
from stonegame.i18n import CATALOGUE
from stonegame.ladder import rungs
from stonegame.ladder.view import calls_view, summary_table, table_view, window_view
from stonegame.link import random_row
from stonegame.narration import formula, sentence
from stonegame.teach.feedback import explanation
from tests.apptest_helpers import app, chart

CJK = "\u3000-\u303f\u4e00-\u9fff\uff00-\uffef"  # CJK punctuation, ideographs, full-width forms
ASCII_IN_CHINESE = re.compile(rf"[{CJK}]\s*[,:;]|[,:;]\s*[{CJK}]")
ROWS = [[1, 2, 3, 7], [1, 2, 3, -9], [1, 2, 3, 6], random_row(9, 4)]


def offenders(texts: Iterable[object]) -> list[str]:
    """Each ASCII , : or ; next to a Chinese character (spaces between allowed), with a little context."""
    return [
        text[max(0, m.start() - 12) : m.end() + 12] for text in map(str, texts) for m in ASCII_IN_CHINESE.finditer(text)
    ]


def test_the_pattern_finds_what_the_issue_found():
    assert len(offenders(["Bob: 已得 0", "共 3 堆, 总和 13", "下载;"])) == 3
    assert offenders(["Bob：已得 0", "dp[1] = max(2 − 10, 5 − 7)，", "suffix[4] = 0,  dp[4] = 0"]) == []


def test_no_ascii_punctuation_in_the_chinese_catalogue():
    assert offenders(entry["zh"] for entry in CATALOGUE.values()) == []


def step_texts(values: list[int]) -> Iterator[str]:
    """Every step's formula and sentence in both forms, and the quiz's explanation of every question."""
    sol = solve(values)
    for form in ("total", "diff"):
        for _, row in sol.trace.iterrows():
            cands = sol.candidates[sol.candidates["step"] == row["step"]]
            yield formula(row, cands, sol, "zh", form)
            yield sentence(row, sol, "zh", form, cands)
    for q in range(sol.n):
        yield explanation(sol, q, "zh").sentence


def replay_texts(values: list[int]) -> Iterator[str]:
    """Every frame's title, formula and sentence and every total's line, optimal game and a learner's."""
    sol = solve(values)
    for game in (optimal_game(sol), turns(sol, [1] * sol.n)):
        rep = replay_tables(sol, game, turn_window(len(game), 1), "zh")
        yield from rep.frames[["title", "formula", "sentence"]].to_numpy().ravel()
        yield from rep.totals["label"]


def ladder_texts(values: list[int]) -> Iterator[str]:
    """Every frame's words of every rung's animation, and the summary table."""
    sol = solve(values)
    views = [calls_view(sol, rungs.calls_table(sol.values, 3, memo), memo, "zh", "diff") for memo in (False, True)]
    for view in [*views, table_view(sol, "zh", "py", "total"), window_view(sol, "zh", "diff")]:
        yield from view.frames[["title", "formula", "sentence"]].to_numpy().ravel()
    table = summary_table(sol, rungs.ladder(sol), "zh", "total")
    yield from table.columns
    yield from table.to_numpy().ravel()


@pytest.mark.parametrize("values", ROWS, ids=lambda v: f"n{len(v)}")
def test_no_ascii_punctuation_in_the_chinese_texts_the_core_builds(values):
    assert offenders([*step_texts(values), *replay_texts(values), *ladder_texts(values)]) == []


# --- every page as AppTest sees it ------------------------------------------------------------------

PAGES = ["", "lesson", "trace", "replay", "play", "tree", "approaches", "quiz", "deck", "export"]


def strings(node: object) -> Iterator[str]:
    """Every string inside a spec (dicts and lists, nested)."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings(value)


def shown_texts(element: object) -> Iterator[str]:
    """The texts of an element and of everything inside it: values, labels, help texts, options."""
    for name in ("value", "label", "help", "body", "placeholder", "options"):
        value = getattr(element, name, None)
        if isinstance(value, str):
            yield value
        elif isinstance(value, (list, tuple)):
            yield from map(str, value)
        elif isinstance(value, pd.DataFrame):
            yield from map(str, value.columns)
    for child in getattr(element, "children", {}).values():
        yield from shown_texts(child)


def chart_texts(at) -> Iterator[str]:
    """Every string in the page's charts: their specs and the text columns of their data."""
    for index in range(len(at.get("vega_lite_chart"))):
        spec, data = chart(at, index)
        yield from strings(spec)
        for table in data.values():
            for column in table.columns:
                if not pd.api.types.is_numeric_dtype(table[column]):
                    yield from map(str, table[column])


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p or "explainer")
def test_no_ascii_punctuation_in_chinese_on_any_page(page):
    at = app(lang="zh", values="1,2,3,7", timeout=120)
    if page:
        at = at.switch_page(f"pages/{page}.py").run(timeout=120)
    assert not at.exception
    texts = [*shown_texts(at.sidebar), *shown_texts(at.main), *chart_texts(at)]
    assert len(texts) > 50, "the page was read"
    assert offenders(texts) == []
