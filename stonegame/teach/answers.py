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
