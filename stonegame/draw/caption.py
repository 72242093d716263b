"""The caption every animated chart shows above its picture: the frame's title, its formula with the
numbers filled in, and a plain-language sentence, read from a frames table (one row per frame)."""

from __future__ import annotations

from typing import NamedTuple

import altair as alt
import pandas as pd

from stonegame.draw.kit import MONO, WITHIN, fit
from stonegame.text import SENTENCE_WIDTH


def widest_formula(frames: pd.DataFrame) -> int:
    """The characters of the frames' widest formula line."""
    return max(len(line) for text in frames["formula"] for line in text.split("\n"))


def caption_panel(frames: pd.DataFrame, scale: float = 1.0, widest: int | None = None) -> alt.LayerChart:
    """The current frame's title, formula (numbers filled in, on two lines, fitted to `widest` characters:
    widest_formula's unless given) and plain-language sentence."""
    widest = widest_formula(frames) if widest is None else widest
    base = alt.Chart(frames).transform_filter("datum.frame == frame")
    title = base.mark_text(align="left", baseline="top", fontSize=17 * scale, color="#222", limit=WITHIN).encode(
        x=alt.value(0), y=alt.value(0), text="title:N"
    )
    eq = base.mark_text(
        align="left",
        baseline="top",
        fontSize=fit(20 * scale, widest),
        font=MONO,
        fontWeight="bold",
        lineBreak="\n",
        lineHeight=round(26 * scale),
    ).encode(x=alt.value(0), y=alt.value(round(24 * scale)), text="formula:N")
    say = base.mark_text(
        align="left",
        baseline="top",
        fontSize=fit(17 * scale, SENTENCE_WIDTH * 0.8),
        lineBreak="\n",
        lineHeight=round(23 * scale),
    ).encode(x=alt.value(0), y=alt.value(round(82 * scale)), text="sentence:N")
    return alt.layer(
        title.properties(name="caption_title"),
        eq.properties(name="caption_formula"),
        say.properties(name="caption_sentence"),
    ).properties(width="container", height=round(150 * scale))


class CaptionFit(NamedTuple):
    """Where a fitted caption's parts go, from its frames: the widest formula line (characters), the
    sentence's top (below the tallest formula) and the panel's height (for the longest sentence)."""

    widest: int
    below: int
    height: int


def caption_fit(frames: pd.DataFrame) -> CaptionFit:
    """The fit of a caption to its frames' formulas and sentences."""
    widest = widest_formula(frames)
    below = 30 + 26 * max(text.count("\n") + 1 for text in frames["formula"])
    sentence_lines = max(text.count("\n") + 1 for text in frames["sentence"])
    return CaptionFit(widest, below, below + 23 * sentence_lines + 4)


def fitted_caption_panel(
    frames: pd.DataFrame, name: str = "caption", fitted: CaptionFit | None = None
) -> alt.LayerChart:
    """The caption sized to its frames (caption_fit, unless `fitted` is given), for animations whose
    formulas and sentences vary in length (the approach ladder's): the title, the formula below it, the
    sentence below the longest formula, and the panel as tall as the longest sentence needs; its layers
    are named <name>_title, <name>_formula and <name>_sentence."""
    widest, below, height = fitted or caption_fit(frames)
    base = alt.Chart(frames).transform_filter("datum.frame == frame")
    top = {"align": "left", "baseline": "top"}
    title = base.mark_text(fontSize=15, color="#444", **top).encode(x=alt.value(0), y=alt.value(0), text="title:N")
    eq = base.mark_text(fontSize=fit(20, widest), font=MONO, fontWeight="bold", lineBreak="\n", **top)
    say = base.mark_text(fontSize=fit(17, 56), lineBreak="\n", lineHeight=23, **top)
    return alt.layer(
        title.properties(name=f"{name}_title"),
        eq.encode(x=alt.value(0), y=alt.value(24), text="formula:N").properties(name=f"{name}_formula"),
        say.encode(x=alt.value(0), y=alt.value(below), text="sentence:N").properties(name=f"{name}_sentence"),
    ).properties(width="container", height=height)
