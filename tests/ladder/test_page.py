"""AppTest on the approach-ladder page: the default row, k = 1 and 5 from the link, the score-difference
form, Chinese, a one-pile row, a bad link, and a 50,000-pile row that must answer fast and send little.
The page shows one rung at a time (a tab strip under the ladder table); a rung's chart is sent once its
tab has been picked, so the tests pick the tabs they read (pick) and the first load sends one rung only;
the formulations and the growth charts are folded away until opened (unfold)."""

import json
import time

import pytest
from streamlit import dataframe_util

from stonegame import solve
from stonegame.ladder import rungs as ap
from stonegame.link import random_row
from tests.apptest_helpers import app, param, texts

PAGE = "pages/approaches.py"
RUNGS = ("recursion", "memo", "table", "window")
PICK = "ladder_pick"  # ui.state.LADDER_PICK: the tab strip's widget
FOLDS = ("ladder_forms_open", "ladder_growth_open")  # ui.state: the formulations' and the growth charts' expanders


def ladder(timeout=60, **query):
    """The ladder page, opened the way a link opens it: the entry page first, then a switch."""
    at = app(timeout=timeout, **query)
    return at.switch_page(PAGE).run()


def pick(at, *rungs):
    """Pick each rung's tab in turn (as a click on the tab strip would), running the page after each."""
    for rung in rungs:
        at.session_state[PICK] = rung
        at.run()
    return at


def unfold(at):
    """Open the folded parts (the two formulations with their check, the growth charts), as a click on each
    expander would, and run the page."""
    for key in FOLDS:
        at.session_state[key] = True
    return at.run()


def every_tab(at):
    """Pick every rung's tab, the recursion last (the page as it stands with all four seen)."""
    return pick(at, "memo", "table", "window", "recursion")


def agreed(at):
    """The sentence under the ladder table saying every rung that ran agrees with the solver."""
    (said,) = [s.value for s in at.success if "the same as the solver" in s.value or "与求解器相同" in s.value]
    return said


def no_errors(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def charts(at):
    """The page's charts by what they draw: recursion, memo, table, window, growth_work, growth_memory."""
    found = {}
    for element in at.get("vega_lite_chart"):
        spec = json.loads(element.proto.spec)
        data = {d.name: dataframe_util.convert_arrow_bytes_to_pandas_df(d.data.data) for d in element.proto.datasets}
        columns = {c for df in data.values() for c in df.columns}
        kinds = {k for df in data.values() if "kind" in df.columns for k in df["kind"]}
        if "kind" in columns:
            name = "memo" if "fill" in kinds else "recursion"
        elif "store" in columns:
            name = "window"
        elif "series" in columns:
            name = "growth_work" if "growth_work" not in found else "growth_memory"
        else:
            name = "table"
        found[name] = (spec, data)
    return found


def frames_of(data):
    return next(df for df in data.values() if "formula" in df.columns).sort_values("frame")


def summary(at):
    """The ladder at a glance, as a DataFrame indexed by the approach (its tab's short name)."""
    return at.table[0].value


def test_default_row_shows_every_rung_counted_and_agreeing():
    at = ladder()  # LeetCode's first example, [1,2,3,7], k = 3
    no_errors(at)
    assert at.title[0].value == "Every way to solve it, on your row"
    table = summary(at)
    assert table.index.tolist() == ["1 · Recursion", "2 · Memo", "3 · Table", "4 · Window"]
    assert table.columns.tolist() == [
        "time",
        "extra memory",
        "calls",
        "cache hits",
        "cells written",
        "cells held",
        "stack depth",
    ]
    assert table["calls"].tolist() == ["15", "10", "—", "—"]
    assert table["cache hits"].tolist() == ["—", "3", "—", "—"]
    assert table["cells written"].tolist() == ["0", "4", "4", "4"]
    assert table["cells held"].tolist() == ["0", "4", "5", "3"]
    assert table["stack depth"].tolist() == ["5", "5", "—", "—"]
    assert agreed(at) == "Every rung that ran gives dp[0] = 6 on your row, the same as the solver: Bob."
    assert "exactly 15 calls" in "\n".join(i.value for i in at.info)
    assert set(charts(at)) == {"recursion"}  # the first load sends one rung, and no growth chart (folded away)
    assert not at.latex and not at.dataframe  # the formulations are folded away
    assert at.expander[-2].label == "Two ways to write the recurrence, and the check that they agree"
    assert at.expander[-1].label == "How the counters grow with n"
    unfold(at)
    assert "All 5 rows agree" in texts(at) + "\n".join(s.value for s in at.success)
    assert len(at.latex) == 2 and len(at.dataframe) == 1
    drawn = charts(every_tab(at))
    no_errors(at)
    assert set(drawn) == {"recursion", "memo", "table", "window", "growth_work", "growth_memory"}
    spec, data = drawn["recursion"]
    frames = frames_of(data)
    assert len(frames) == 23 + 2 and frames["calls"].iloc[-1] == 15  # 8 calls compute (2 events), 7 base
    assert param(spec, "last")["value"] == 24 and param(spec, "playing")["value"] is False
    assert frames["formula"].iloc[-1] == "2·dp(0) = 12 < total = 13  →  Bob"
    _, data = drawn["memo"]
    assert frames_of(data)["hits"].max() == 3
    _, data = drawn["table"]
    assert frames_of(data)["formula"].tolist()[1].startswith("dp[3] = suffix[3] − min(dp[4])")
    assert dict(at.query_params) == {}  # the link leaves the defaults out


@pytest.mark.parametrize(("k", "calls", "winner"), [("1", "5", "Bob"), ("5", "16", "Alice")])
def test_k_from_the_link_changes_the_recurrences_counts_and_verdicts(k, calls, winner):
    at = ladder(values="1,2,3,7", k=k, code="java")
    no_errors(at)
    assert at.session_state["max_take"] == int(k)
    unfold(at)
    assert len(at.latex) == 2 and all(f"\\min({k}," in latex.value for latex in at.latex)
    assert summary(at)["calls"].iloc[0] == calls
    assert f"dp[0] = {solve([1, 2, 3, 7], int(k)).alice} on your row, the same as the solver: {winner}." in agreed(at)
    drawn = charts(pick(at, "table", "window"))
    _, data = drawn["table"]
    code = next(df for df in data.values() if "text" in df.columns)
    assert any(f"j\u00a0<=\u00a0i\u00a0+\u00a0{k}" in line for line in code["text"])  # the Java, 3 replaced by k
    _, data = drawn["window"]
    slots = next(df for df in data.values() if "store" in df.columns and "j" in df.columns)
    assert slots[slots["store"] == "ring"]["slot"].max() == int(k)  # k + 1 ring slots
    assert slots[slots["store"] == "window"]["slot"].max() == min(int(k), 5) - 1  # at most k, n + 1 = 5 here
    assert at.query_params["k"] == k


def test_the_score_difference_form_from_the_link():
    at = ladder(values="1,2,3,7", form="diff")
    no_errors(at)
    assert "gives diff[0] = -1 on your row, the same as the solver: Bob." in agreed(at)
    unfold(at)
    marked = [m.value for m in at.markdown if "the sidebar's choice" in m.value]
    assert len(marked) == 1 and "Score difference" in marked[0]
    drawn = charts(every_tab(at))
    recursion = frames_of(drawn["recursion"][1])
    assert recursion["formula"].iloc[-1] == "diff(0) = -1 < 0  →  Bob"
    assert any("diff(1) = max(" in f for f in recursion["formula"])
    code = next(df for df in drawn["recursion"][1].values() if "text" in df.columns)
    assert any("def\u00a0recursion_diff" in line for line in code["text"])
    window = frames_of(drawn["window"][1])
    assert window["formula"].iloc[-2].startswith("diff[0] = max(")


def test_chinese():
    at = ladder(values="1,2,3,-9", lang="zh")
    no_errors(at)
    assert at.title[0].value == "所有解法，用你的数组对照"
    table = summary(at)
    assert table.index.tolist() == ["1 · 朴素递归", "2 · 记忆化", "3 · 填表", "4 · 滚动窗口"]
    assert "调用" in table.columns.tolist() and not any(c.isascii() and c.isalpha() for c in table.columns)
    assert "dp[0] = 6" in agreed(at) and "Alice" in agreed(at)
    frames = frames_of(charts(at)["recursion"][1])
    assert frames["title"].iloc[0].startswith("1 · 朴素递归")


def test_one_pile():
    at = ladder(values="5")
    no_errors(at)
    assert summary(at)["calls"].tolist() == ["2", "2", "—", "—"]
    assert agreed(at) == "Every rung that ran gives dp[0] = 5 on your row, the same as the solver: Alice."
    assert len(frames_of(charts(at)["recursion"][1])) == 2 + 3  # start, f(0) starts, f(1) = 0, f(0) returns, verdict


def test_a_bad_link_is_named_and_the_page_still_answers():
    at = ladder(values="1,2,3,7", k="9", form="sum")
    no_errors(at)
    assert len(at.warning) == 2 and at.session_state["max_take"] == 3
    assert summary(at)["calls"].iloc[0] == "15"


def test_a_row_too_long_to_draw_the_recursion_is_still_counted_exactly():
    at = ladder(values=",".join(["1"] * 14))
    no_errors(at)
    assert f"{ap.recursion_calls(14, 3):,}" in summary(at)["calls"].iloc[0]
    assert "The call sequence is drawn for rows of at most 12 piles" in texts(at)
    drawn = charts(every_tab(at))
    assert "recursion" not in drawn and "memo" in drawn


def test_fifty_thousand_piles_answer_fast_and_send_little():
    started = time.perf_counter()
    at = ladder(timeout=180, random="50000", seed="1")
    took = time.perf_counter() - started
    no_errors(at)
    assert at.session_state["values"] == random_row(50_000, 1)
    table = summary(at)
    calls = table["calls"].iloc[0]
    assert calls.startswith("≈ ") and "× 10^13,232 (13,233 digits)" in calls
    assert table["calls"].iloc[1] == f"{3 * 50_000 - 2:,}" and table["cells held"].iloc[3] == "3"
    sol = solve(random_row(50_000, 1), 3)
    assert f"Every rung that ran gives dp[0] = {sol.dp[0]} on your row, the same as the solver" in agreed(at)
    shown = texts(at) + "\n".join(s.value for s in at.success)
    assert "this row has 50,000 piles and needs ≈ " in shown  # the recursion is counted, not run
    at.default_timeout = 180
    unfold(at)
    shown = texts(at) + "\n".join(s.value for s in at.success)
    assert "All 50,001 rows agree" in shown and "first 200 of the 50,001 rows" in shown
    assert len(at.dataframe[0].value) == 200
    drawn = charts(every_tab(at))
    no_errors(at)
    assert set(drawn) == {"table", "window", "growth_work", "growth_memory"}  # no call sequence at this size
    for name, (_, data) in drawn.items():
        assert all(len(df) <= 1_000 for df in data.values()), (name, {k: len(v) for k, v in data.items()})
    assert len(frames_of(drawn["table"][1])) == 16 + 2
    assert took < 120, f"the 50,000-pile page took {took:.1f} s"
