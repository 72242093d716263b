"""The trace page in both languages: the steps' phases and the download buttons in the page's words,
the downloaded CSV in the trace's own schema whatever the language."""

import io

import pandas as pd
import pytest

from stonegame import solve
from stonegame.solver import PHASES, STEPS_SCHEMA
from tests.apptest_helpers import TRACE_PAGE, app
from ui import trace


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
    at = trace_page(lang)
    assert not at.exception
    steps = at.dataframe[0].value
    assert list(dict.fromkeys(steps["phase"].astype(str))) == phases
    shown = [button.proto.label for button in at.get("download_button")]
    assert shown[0] == labels[0] and shown[2] == labels[1] and len(shown) == 3
    assert not any("steps" in label or "positions" in label for label in shown if lang == "zh")


def test_the_csv_keeps_the_traces_schema_in_every_language():
    sol = solve([1, 2, 3, -9])
    steps = trace.of(sol)[0]
    assert trace.shown(steps.table, "zh")["phase"].iloc[-1] == "结论"  # the page's words ...
    data = pd.read_csv(io.BytesIO(trace.csv_of(steps.table)()))
    assert list(data.columns) == list(STEPS_SCHEMA) and set(data["phase"]) == set(PHASES)  # ... the file's schema
    assert sol.trace["phase"].iloc[-1] == "verdict", "the solver's table is left as it is"
