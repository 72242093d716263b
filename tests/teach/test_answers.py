"""The revealed question's answers (stonegame/teach/answers.py): the tidy table and the bar chart."""

from __future__ import annotations

import pytest

from stonegame.teach.answers import OTHER, RIGHT, answers_chart, answers_table


def question(**changes):
    """A teacher's view of a revealed dp question: three of five right."""
    base = {"kind": "dp", "choices": [-7, 0, 10, 11], "accepted": [10], "counts": {"10": 3, "0": 1, "11": 1}}
    return base | changes


def test_the_table_has_every_choice_in_order_with_its_count_and_rightness():
    table = answers_table(question(), "en")
    assert list(table["answer"]) == ["-7", "0", "10", "11"]
    assert list(table["students"]) == [0, 1, 3, 1]
    assert list(table["right"]) == [False, False, True, False]


def test_an_answer_outside_the_choices_still_counts_in_the_table():
    table = answers_table(question(counts={"10": 1, "25": 2}), "en")
    assert list(table["answer"]) == ["-7", "0", "10", "11", "25"] and table["students"].sum() == 3


def test_winners_are_named_in_the_language():
    table = answers_table(
        question(kind="winner", choices=["Alice", "Bob", "Tie"], accepted=["Tie"], counts={"Tie": 2}), "zh"
    )
    assert list(table["answer"]) == ["Alice", "Bob", "平局"] and list(table["right"]) == [False, False, True]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_chart_marks_the_right_bar_in_colour_and_in_words(lang):
    chart = answers_chart(answers_table(question(), lang), "Answers to question 1", lang)
    spec = chart.to_dict()  # validates against Vega-Lite's schema
    bars, labels = spec["layer"]
    assert bars["encoding"]["color"]["scale"]["range"] == [RIGHT, OTHER]
    rows = next(iter(spec["datasets"].values()))
    marks = {r["answer"]: r["mark"] for r in rows}
    assert marks == {"-7": "0", "0": "1", "10": "✓ 3", "11": "1"}
    assert labels["encoding"]["text"]["field"] == "mark"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_bars_keep_their_height_beside_the_title_legend_and_axes(lang):
    # Streamlit gives a spec without autosize the type "fit", which takes the title, the legend and the
    # axes out of the height: on a projector that left the bars about 30 px tall
    spec = answers_chart(answers_table(question(), lang), "Answers", lang, scale=1.25).to_dict()
    assert spec["autosize"] == {"type": "fit-x", "contains": "padding"}
    assert spec["height"] == 200 and spec["width"] == "container"
