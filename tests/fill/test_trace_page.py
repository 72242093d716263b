"""The trace page in both languages: the steps' phases and the Make and Download buttons in the page's
words, each CSV made on request (kept under the row's digest) in the trace's own schema whatever the
language. A Download pressed after a restart: tests/teach/test_restart.py, tests/e2e/test_restart_trace.py."""

import io

import pandas as pd
import pytest

from stonegame import solve
from stonegame.i18n import CATALOGUE, t
from stonegame.solver import PHASES, STEPS_SCHEMA
from tests.apptest_helpers import TRACE_PAGE, app
from ui import state
from ui.parts import files, trace

NAMES = ("steps", "candidates", "positions")


def trace_page(lang):
    at = app(values="1,2,3,-9", lang=lang)
    return at.switch_page(TRACE_PAGE).run()


@pytest.mark.parametrize(
    ("lang", "phases", "labels"),
    [
        ("en", ["start", "suffix", "dp", "verdict"], ["Download “Steps” as CSV", "Download “Positions” as CSV"]),
        ("zh", ["开始", "后缀和", "dp", "结论"], ["下载“步骤”表（CSV）", "下载“位置”表（CSV）"]),
    ],
)
def test_the_phases_and_downloads_speak_the_pages_language(lang, phases, labels):
    files.made.clear()  # the files are the same in every language: made by no earlier test
    at = trace_page(lang)
    assert not at.exception
    steps = at.dataframe[0].value
    assert list(dict.fromkeys(steps[t("trace_col_phase", lang)].astype(str))) == phases
    waiting = [at.button(key=state.TRACE_WAIT.format(name=name)) for name in NAMES]
    assert all(button.disabled for button in waiting), "nothing to download until it is made"
    for name in NAMES:
        at.button(key=state.TRACE_MAKE.format(name=name)).click().run()
    shown = [button.proto.label for button in at.get("download_button")]
    assert [b.label for b in waiting] == shown, "the stand-in looks like the Download it stands for"
    assert shown[0] == labels[0] and shown[2] == labels[1] and len(shown) == 3
    assert not any("steps" in label or "positions" in label for label in shown if lang == "zh")


def test_each_table_is_made_on_request_and_kept_under_the_rows_digest():
    files.made.clear()
    at = trace_page("en")
    assert not at.get("download_button") and not files.made.memo.values(), "a run makes no file"
    at.button(key=state.TRACE_MAKE.format(name="candidates")).click().run()
    assert not at.exception
    (button,) = at.get("download_button")
    assert button.proto.url and not button.proto.deferred_file_id, "the bytes are in the button"
    assert not button.proto.ignore_rerun, "a press runs the page (a press after a restart must be seen)"
    (made,) = files.made.memo.values()
    sol = solve([1, 2, 3, -9])
    assert made == trace.csv_of(sol.candidates), "the whole table, in the solver's schema"
    assert pd.read_csv(io.BytesIO(made)).shape == sol.candidates.shape
    again = trace_page("zh")
    assert len(again.get("download_button")) == 1, "another visitor: made already, ready to download"


def test_the_csv_keeps_the_traces_schema_in_every_language():
    sol = solve([1, 2, 3, -9])
    steps = trace.of(sol)[0]
    assert trace.shown(steps.table, "zh")["阶段"].iloc[-1] == "结论"  # the page's words ...
    data = pd.read_csv(io.BytesIO(trace.csv_of(steps.table)))
    assert list(data.columns) == list(STEPS_SCHEMA) and set(data["phase"]) == set(PHASES)  # ... the file's schema
    assert sol.trace["phase"].iloc[-1] == "verdict", "the solver's table is left as it is"


@pytest.mark.parametrize(
    ("lang", "headers"),
    [
        ("en", ["step", "phase", "i", "value", "suffix_next", "suffix", "dp", "take", "opponent"]),
        ("zh", ["步骤", "阶段", "i", "值", "后一后缀和", "后缀和", "dp", "拿几堆", "对手得分"]),
    ],
)
def test_the_headers_speak_the_pages_language_and_no_cell_says_none(lang, headers):
    """Issue 40: in 中文 the headers were English, and the value of step 0 (past the last pile) read "None"."""
    at = trace_page(lang)
    assert not at.exception
    steps = at.dataframe[0].value
    assert list(steps.columns) == headers
    value = steps[headers[3]]
    assert value.iloc[0] == "—" and value.iloc[1] == "-9", "step 0 is past the last pile: no value"
    assert not steps.isna().any().any(), "no cell is empty (drawn as None)"
    named = {t(key, lang) for key in CATALOGUE if key.startswith("trace_col_")}
    for frame in (d.value for d in at.dataframe):
        assert not frame.isna().any().any() and set(frame.columns) <= named, list(frame.columns)
    narrow = at.dataframe[1].value
    assert list(narrow.columns) == [headers[k] for k in (0, 2, 1, 6, 7, 8)], "a phone's columns: the fill's"
