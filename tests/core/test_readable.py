"""Charts a screen reader can name and a projector can show: kit.described gives a spec its description
and its axis and legend text in MUTED, which reaches WCAG AA contrast on white; the captions' CSS uses the
same colour."""

from __future__ import annotations

import altair as alt
import pandas as pd
import pytest

from stonegame.draw.kit import MUTED, described, described_chart
from tests.contrast import contrast_on_white
from ui.frame import STYLE

AA = 4.5


def test_contrast_is_computed_as_wcag_says():
    """Streamlit's chart grey #808495 is 3.7:1 on white, black 21:1, and the captions' 0.6 opacity fades text."""
    assert round(contrast_on_white("rgb(128, 132, 149)"), 1) == 3.7
    assert round(contrast_on_white("#000000")) == 21
    assert round(contrast_on_white("rgb(95, 94, 92)", 0.6), 1) == 2.7


def test_muted_text_reaches_aa_on_white_with_room_to_spare():
    """MUTED is at least 6:1 on white (so also 4.5:1 on Streamlit's light greys), and captions use it at full
    opacity (Streamlit draws them at 0.6)."""
    assert contrast_on_white(MUTED) >= 6
    assert f'[data-testid="stCaptionContainer"] {{ opacity: 1; color: {MUTED}; }}' in STYLE


def _chart() -> alt.Chart:
    data = pd.DataFrame({"n": [1, 2], "count": [1, 4], "series": ["a", "b"]})
    return alt.Chart(data).mark_line().encode(x="n:Q", y="count:Q", color="series:N").configure_view(stroke=None)


def test_described_names_the_spec_and_inks_its_axes_and_legends_without_touching_the_rest():
    spec = _chart().to_dict()
    spec["config"]["axis"] = {"labelFontSize": 13}
    shown = described(spec, "calls against n")
    assert shown["description"] == "calls against n"
    assert shown["config"]["axis"] == {"labelFontSize": 13, "labelColor": MUTED, "titleColor": MUTED}
    assert shown["config"]["legend"] == {"labelColor": MUTED, "titleColor": MUTED}
    assert shown["config"]["view"] == spec["config"]["view"] and shown["config"]["view"]["stroke"] is None
    assert "description" not in spec and spec["config"]["axis"] == {"labelFontSize": 13}, "the input is unchanged"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_described_chart_is_the_same_for_altair_charts(lang):
    text = {"en": "calls against n", "zh": "调用次数随 n 的变化"}[lang]
    assert described_chart(_chart(), text).to_dict() == described(_chart().to_dict(), text)
