"""Helpers for AppTest: run the app from its main page, read what the chart carries."""

import json
from pathlib import Path

from streamlit import dataframe_util
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
ENTRY = str(ROOT / "explainer.py")  # the main page (streamlit_app.py is the server: AppTest cannot run it)
TRACE_PAGE = "pages/trace.py"


def app(timeout=60, **query):
    """An AppTest of the entry page with these query parameters, run once."""
    at = AppTest.from_file(ENTRY, default_timeout=timeout)
    for key, value in query.items():
        at.query_params[key] = value
    return at.run()


def chart(at, index=0):
    """The spec (a dict) and datasets (DataFrames by name) of the page's chart number `index`."""
    proto = at.get("vega_lite_chart")[index].proto
    spec = json.loads(proto.spec)
    data = {d.name: dataframe_util.convert_arrow_bytes_to_pandas_df(d.data.data) for d in proto.datasets}
    return spec, data


def param(spec, name):
    """A top-level chart parameter by name."""
    return next(p for p in spec["params"] if p["name"] == name)


def dataset_with(data, column):
    """The first dataset that has this column."""
    return next(df for df in data.values() if column in df.columns)


def texts(at):
    """Every markdown, caption, warning and info text on the page, one string."""
    parts = [e.value for kind in ("markdown", "caption", "warning", "info", "title") for e in getattr(at, kind)]
    return "\n".join(str(p) for p in parts)


def stage(at):
    """The explainer's stage data (a dict: stonegame.fill.stage.stage_data, as the page sent it)."""
    (element,) = [e for e in at.get("bidi_component") if e.proto.component_name == "stonegame_stage"]
    return json.loads(element.proto.bytes)  # JSON bytes (ui/parts/fill.py _stage_bytes)


def stage_rows(data, name):
    """A dataset of the stage's picture that has the column `name`, as rows (the stage packs columns)."""
    dataset = next(d for d in data["spec"]["datasets"].values() if name in d)
    return [dict(zip(dataset, values, strict=True)) for values in zip(*dataset.values(), strict=True)]


def answer_kept(at, kept: object):
    """Run the page again as if the class link's asking element (opening) answered with the secret the tab
    keeps ("" for none)."""
    from streamlit.components.v2.bidi_component.main import _make_trigger_id
    from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates

    (element,) = [e for e in at.get("bidi_component") if e.proto.component_name == "stonegame_class"]
    assert "ask" in json.loads(element.proto.json)
    trigger = WidgetState(
        id=_make_trigger_id(element.proto.id, "events"),
        json_trigger_value=json.dumps([{"event": "kept", "value": kept}]),
    )
    return at._run(WidgetStates(widgets=[*at._tree.get_widget_states().widgets, trigger]))
