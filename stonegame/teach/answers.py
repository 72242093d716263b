"""A class question's answers, revealed: the tidy table of counts (one row per answer a student could
tap, with whether it is right) and the Altair bar chart the projector shows, the right answer marked in
colour, with a check mark and with its count written on every bar (so it reads in grey too)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import altair as alt
import pandas as pd

from stonegame.draw.kit import MUTED
from stonegame.i18n import t
from stonegame.terms import Lang

RIGHT, OTHER = "#1a7f37", "#8c959f"  # the right answer's green, the others' grey (both AA on white with text)
INK = "#1f2328"  # the answers' words and counts
TOOLTIP = ["answer:N", "students:Q"]


def answers_table(question: Mapping[str, Any], lang: Lang) -> pd.DataFrame:
    """One row per choice of the question (and per answer given outside them): its label, how many
    students gave it, whether it is right, and its order; `question` is the teacher's view of it
    (stonegame.room.teacher_view: choices, counts keyed by str(answer), accepted)."""
    counts: Mapping[str, int] = question.get("counts", {})
    accepted = {str(a) for a in question.get("accepted", ())}
    shown = [str(c) for c in question.get("choices", ())]
    shown += sorted((a for a in counts if a not in shown), key=_order)
    rows = [
        {
            "answer": _label(value, question["kind"], lang),
            "students": int(counts.get(value, 0)),
            "right": value in accepted,
            "order": k,
        }
        for k, value in enumerate(shown)
    ]
    return pd.DataFrame(rows, columns=["answer", "students", "right", "order"])


def _order(value: str) -> tuple[int, float | str]:
    """Numbers first in their order, then words."""
    try:
        return (0, float(value))
    except ValueError:
        return (1, value)


def _label(value: str, kind: str, lang: Lang) -> str:
    """An answer as the chart writes it: a winner's name in the language, a number as it is; the right
    one is marked by the chart, not here."""
    return t("winner_" + value, lang) if kind == "winner" else value


class Bars(NamedTuple):
    """What both answer charts draw from: the table with each row's kind in words (`kind`: right or other) and
    the text over its bar (`mark`: the count, with a check mark when right), the answers in the table's order,
    and the largest count (at least 1)."""

    data: pd.DataFrame
    order: list[str]
    top: int


def bars_of(table: pd.DataFrame, lang: Lang) -> Bars:
    """The table of answers (answers_table or write_table) ready to draw: its kinds, marks, order and top."""
    right, other = t("class_chart_right", lang), t("class_chart_other", lang)
    data = table.assign(kind=[right if r else other for r in table["right"]])
    data["mark"] = [f"✓ {n}" if r else str(n) for n, r in zip(data["students"], data["right"], strict=True)]
    order = list(data.sort_values("order")["answer"])
    top = max(1, int(data["students"].max()) if len(data) else 1)
    return Bars(data, order, top)


def kind_colour(lang: Lang, legend: alt.Legend | None) -> alt.Color:
    """A bar's colour by its kind: green for a right answer, grey for the others, with the legend given."""
    right, other = t("class_chart_right", lang), t("class_chart_other", lang)
    return alt.Color("kind:N", scale=alt.Scale(domain=[right, other], range=[RIGHT, OTHER]), legend=legend)


def framed(chart: alt.LayerChart, title: str, scale: float, height: float | alt.Step) -> alt.LayerChart:
    """The chart with its title (large type, at the start), the height given and the container's width
    (autosize fit-x: Streamlit's default for a spec without one, fit, would take the title, legend and axes out
    of the height and leave the bars a sliver)."""
    return chart.properties(
        title=alt.Title(title, fontSize=22 * scale, anchor="start"),
        height=height,
        width="container",
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
    )


def answers_chart(table: pd.DataFrame, title: str, lang: Lang, scale: float = 1.0) -> alt.LayerChart:
    """Vertical bars, one per answer in the table's order, green for a right one and grey otherwise (a legend
    above), a check mark over a right bar and the count above every bar; large type for a projector; the
    height is the bars' own."""
    bars = bars_of(table, lang)
    base = alt.Chart(bars.data).encode(
        x=alt.X(
            "answer:N",
            sort=bars.order,
            title=t("class_chart_answer", lang),
            axis=alt.Axis(labelAngle=0, labelFontSize=22 * scale, titleFontSize=18 * scale, labelColor=INK),
        ),
    )
    columns = base.mark_bar(cornerRadiusTopLeft=4, cornerRadiusTopRight=4).encode(
        y=alt.Y(
            "students:Q",
            title=t("class_chart_students", lang),
            scale=alt.Scale(domain=[0, bars.top * 1.25]),
            axis=alt.Axis(tickMinStep=1, labelFontSize=16 * scale, titleFontSize=18 * scale, titleColor=MUTED),
        ),
        color=kind_colour(lang, alt.Legend(title=None, orient="top", labelFontSize=16 * scale, symbolSize=200 * scale)),
        tooltip=TOOLTIP,
    )
    labels = base.mark_text(dy=-14 * scale, fontSize=22 * scale, fontWeight="bold", color=INK).encode(
        y="students:Q", text="mark:N"
    )
    return framed(columns + labels, title, scale, 160 * scale)


#: The groups a "write" question's chart always shows (the others only once a student's code falls in them).
WRITE_SHOWN = ("right", "max_not_min", "window_early", "window_late", "other", "refused")


def group_label(group: str, lang: Lang) -> str:
    """A "write" group in words: right, other or "does not run", else the named mistake's short name."""
    if group in ("right", "other", "refused"):
        return t(f"class_group_{group}", lang)
    return t(f"write_name_{group}", lang)


def write_table(question: Mapping[str, Any], lang: Lang) -> pd.DataFrame:
    """One row per group of a "write" question (its choices, in their order) that WRITE_SHOWN names or a
    student's code fell in: the group's key and words, how many students' code is in it, whether it is right,
    and its order; `question` is the teacher's view of it (counts keyed by group)."""
    counts: Mapping[str, int] = question.get("counts", {})
    rows = [
        {
            "group": group,
            "answer": group_label(group, lang),
            "students": int(counts.get(group, 0)),
            "right": group == "right",
            "order": k,
        }
        for k, group in enumerate(question.get("choices", ()))
        if group in WRITE_SHOWN or counts.get(group, 0)
    ]
    return pd.DataFrame(rows, columns=["group", "answer", "students", "right", "order"])


def write_chart(table: pd.DataFrame, title: str, lang: Lang, scale: float = 1.0) -> alt.LayerChart:
    """Horizontal bars, one per group in the table's order (their words are long: each reads on its own line),
    green for "right" and grey otherwise, the count written after each bar; large type for a projector."""
    bars = bars_of(table, lang)
    base = alt.Chart(bars.data).encode(
        y=alt.Y(
            "answer:N",
            sort=bars.order,
            title=None,
            axis=alt.Axis(labelFontSize=16 * scale, labelLimit=400, labelColor=INK),
        ),
    )
    rows = base.mark_bar(cornerRadiusTopRight=4, cornerRadiusBottomRight=4).encode(
        x=alt.X(
            "students:Q",
            title=t("class_chart_students", lang),
            scale=alt.Scale(domain=[0, bars.top * 1.3]),
            axis=alt.Axis(tickMinStep=1, labelFontSize=14 * scale, titleFontSize=16 * scale, titleColor=MUTED),
        ),
        color=kind_colour(
            lang, None
        ),  # the bar named "right" is the green one: a legend's "other" would read as a group
        tooltip=TOOLTIP,
    )
    labels = base.mark_text(align="left", dx=6, fontSize=18 * scale, fontWeight="bold", color=INK).encode(
        x="students:Q", text="mark:N"
    )
    return framed(rows + labels, title, scale, alt.Step(34 * scale))
