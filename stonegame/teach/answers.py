"""A class question's answers, revealed: the tidy table of counts (one row per answer a student could
tap, with whether it is right) and the Altair bar chart the projector shows, the right answer marked in
colour, with a check mark and with its count written on every bar (so it reads in grey too)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import altair as alt
import pandas as pd

from stonegame.draw.kit import MUTED
from stonegame.i18n import t
from stonegame.terms import Lang

RIGHT, OTHER = "#1a7f37", "#8c959f"  # the right answer's green, the others' grey (both AA on white with text)


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


def answers_chart(table: pd.DataFrame, title: str, lang: Lang, scale: float = 1.0) -> alt.LayerChart:
    """Vertical bars, one per answer in the table's order, green for a right one and grey otherwise, a
    check mark over a right bar and the count above every bar; large type for a projector. The height is
    the bars' own (autosize fit-x: Streamlit's default for a spec without one, fit, would take the
    title, legend and axes out of it and leave the bars a sliver)."""
    right, other = t("class_chart_right", lang), t("class_chart_other", lang)
    data = table.assign(kind=[right if r else other for r in table["right"]])
    data["mark"] = [f"✓ {n}" if r else str(n) for n, r in zip(data["students"], data["right"], strict=True)]
    order: Sequence[str] = list(data.sort_values("order")["answer"])
    top = max(1, int(data["students"].max()) if len(data) else 1)
    base = alt.Chart(data).encode(
        x=alt.X(
            "answer:N",
            sort=list(order),
            title=t("class_chart_answer", lang),
            axis=alt.Axis(labelAngle=0, labelFontSize=22 * scale, titleFontSize=18 * scale, labelColor="#1f2328"),
        ),
    )
    bars = base.mark_bar(cornerRadiusTopLeft=4, cornerRadiusTopRight=4).encode(
        y=alt.Y(
            "students:Q",
            title=t("class_chart_students", lang),
            scale=alt.Scale(domain=[0, top * 1.25]),
            axis=alt.Axis(tickMinStep=1, labelFontSize=16 * scale, titleFontSize=18 * scale, titleColor=MUTED),
        ),
        color=alt.Color(
            "kind:N",
            scale=alt.Scale(domain=[right, other], range=[RIGHT, OTHER]),
            legend=alt.Legend(title=None, orient="top", labelFontSize=16 * scale, symbolSize=200 * scale),
        ),
        tooltip=["answer:N", "students:Q"],
    )
    labels = base.mark_text(dy=-14 * scale, fontSize=22 * scale, fontWeight="bold", color="#1f2328").encode(
        y="students:Q", text="mark:N"
    )
    return (bars + labels).properties(
        title=alt.Title(title, fontSize=22 * scale, anchor="start"),
        height=160 * scale,
        width="container",
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
    )


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
    right, other = t("class_chart_right", lang), t("class_chart_other", lang)
    data = table.assign(kind=[right if r else other for r in table["right"]])
    data["mark"] = [f"✓ {n}" if r else str(n) for n, r in zip(data["students"], data["right"], strict=True)]
    order: Sequence[str] = list(data.sort_values("order")["answer"])
    top = max(1, int(data["students"].max()) if len(data) else 1)
    base = alt.Chart(data).encode(
        y=alt.Y(
            "answer:N",
            sort=list(order),
            title=None,
            axis=alt.Axis(labelFontSize=16 * scale, labelLimit=400, labelColor="#1f2328"),
        ),
    )
    bars = base.mark_bar(cornerRadiusTopRight=4, cornerRadiusBottomRight=4).encode(
        x=alt.X(
            "students:Q",
            title=t("class_chart_students", lang),
            scale=alt.Scale(domain=[0, top * 1.3]),
            axis=alt.Axis(tickMinStep=1, labelFontSize=14 * scale, titleFontSize=16 * scale, titleColor=MUTED),
        ),
        color=alt.Color(
            "kind:N",
            scale=alt.Scale(domain=[right, other], range=[RIGHT, OTHER]),
            legend=None,  # the bar named "right" is the green one: a legend's "other" would read as a group
        ),
        tooltip=["answer:N", "students:Q"],
    )
    labels = base.mark_text(align="left", dx=6, fontSize=18 * scale, fontWeight="bold", color="#1f2328").encode(
        x="students:Q", text="mark:N"
    )
    return (bars + labels).properties(
        title=alt.Title(title, fontSize=22 * scale, anchor="start"),
        height=alt.Step(34 * scale),
        width="container",
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"),
    )
