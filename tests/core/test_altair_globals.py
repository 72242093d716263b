"""No chart is converted with Streamlit's Altair conversion (st.altair_chart, or the private function
behind it): it switches Altair's theme and data transformer for the whole process while it converts, so
a chart another session's thread built meanwhile came out wrong (the stage's "picture datasets not found",
seen under the load test with two replicas and 100 sessions). Every chart goes through
ui.specs.chart_spec or a template (stonegame.draw.template), which never switch them."""

import ast
from pathlib import Path

import altair as alt

from stonegame.draw.template import altair_defaults
from ui import specs

ROOT = Path(__file__).resolve().parents[2]
SWITCHES = {"altair_chart", "_convert_altair_to_vega_lite_spec"}


def sources():
    """The app's Python files: the entry and pages, ui/ and stonegame/."""
    return [
        *ROOT.glob("*.py"),
        *(ROOT / "pages").glob("*.py"),
        *(ROOT / "ui").rglob("*.py"),
        *(ROOT / "stonegame").rglob("*.py"),
    ]


def test_no_app_code_converts_with_streamlits_altair_conversion():
    used = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sources()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if (isinstance(node, ast.Attribute) and node.attr in SWITCHES)
        or (isinstance(node, ast.Name) and node.id in SWITCHES)
        or (isinstance(node, ast.alias) and node.name in SWITCHES)
    ]
    assert used == []


def test_the_apps_conversion_leaves_altairs_globals_as_they_were():
    chart = alt.Chart(alt.Data(values=[{"a": 1}])).mark_point().encode(x="a:Q")
    spec = specs.chart_spec(chart)
    assert altair_defaults()
    assert spec["mark"] == {"type": "point"} and all(isinstance(v, bytes) for v in spec.get("datasets", {}).values())
