"""Chart builders: the explainer's whole chart (what the PNG, SVG and GIF exports draw) validates and
carries the player's parameters, no bindings; its code panel keeps every line's indentation in the
rendered SVG, with the line numbers in a right-aligned layer of their own."""

import json
import re
from xml.etree import ElementTree

import pytest

from stonegame import solve
from stonegame.draw.player import played
from stonegame.draw.template import canonical
from stonegame.fill.charts import code_panel, explainer_chart, picture_data, picture_layout
from stonegame.fill.spec import at_frame, explainer_words, opening, step_spec
from stonegame.fill.view import cells, code_lines, frames, marks
from stonegame.link import random_row
from stonegame.listing import listing
from stonegame.teach import export, gif
from stonegame.teach.export import to_svg
from stonegame.text import NBSP, ZWSP


def playable(values, step=0, lang="en", code="py"):
    """The explainer's picture of the window that shows `step`, built in full with Altair (validated
    against the schema), made playable and opening there."""
    sol = solve(values)
    win, frame = opening(sol, step)
    lst = listing(code, words=lang)
    table, drawn = frames(sol, win, lang), cells(sol, win)
    tables = picture_data(table, drawn, marks(sol, win), code_lines(sol, win, lst), explainer_words(lang).grid.names)
    chart = explainer_chart(tables, picture_layout(table, drawn), lst.lines, explainer_words(lang))
    return at_frame(played(chart, keys=False, drawn=False), frame)


@pytest.mark.parametrize(
    ("values", "step", "lang", "code"),
    [([1, 2, 3, 7], 7, "en", "py"), ([1, 2, 3, -9], 0, "zh", "java"), ([-7], 3, "en", "py")],
)
def test_spec_validates_and_plays_without_bindings(values, step, lang, code):
    spec = playable(values, step, lang, code)  # validates against the schema
    params = {p["name"]: p for p in spec["params"]}
    last = 2 * len(values) + 1
    assert params["frame"]["value"] == step and params["last"]["value"] == last
    assert not any("bind" in p for p in spec["params"]), "no raw Vega bindings"
    assert params["playing"]["value"] is False and "on" in params["frame"]
    assert len(spec["vconcat"]) == 4  # caption, arrays, bars, code: the picture the exports draw
    json.dumps(spec)  # serialisable as it is sent


def test_the_page_spec_is_the_validated_chart_at_the_step():
    """The exports' spec (filled from its shape's template, whichever row made it) is the full build's,
    datasets aside from their names, on rows of several lengths (a window of a long one too)."""
    for values, step in (
        ([1, 2, 3, 7], 7),
        ([5, -3], 0),
        ([-9, 8, 7, -6, 5, 4, -3, 2, 1], 12),
        (random_row(300, 2), 500),
    ):
        sol = solve(values)
        assert canonical(step_spec(sol, step, "en", "py", "total")) == canonical(playable(values, step))


def test_a_long_row_sends_only_its_window():
    spec = playable(random_row(50_000, 1), step=60_000)
    data = spec["datasets"]
    assert sum(len(rows) for rows in data.values()) < 1000
    assert len(json.dumps(spec)) < 250_000


def test_the_words_are_built_once_per_language_and_form_and_read_only():
    zh, diff = explainer_words("zh"), explainer_words("en", "diff")
    assert explainer_words("zh") is zh, "cached: built once per language"
    assert zh.grid.names == {"values": "values", "suffix": "suffix", "dp": "dp"}
    assert diff.grid.names["dp"] == diff.bars.dp == "diff" and diff.bars.title.startswith("diff[i] = 2·dp[i]")
    with pytest.raises(TypeError):
        diff.grid.names["dp"] = "dp"  # shared by every session: nobody may change them


def test_the_bars_legend_names_the_third_row_as_the_form_does():
    for form, name in (("total", "dp"), ("diff", "diff")):
        bars = step_spec(solve([1, 2, 3, 7]), 7, "en", "py", form)["vconcat"][2]["layer"][0]
        legend = bars["encoding"]["color"]["legend"]
        assert legend["labelExpr"] == f'datum.label == "dp" ? "{name}" : datum.label', form


def svg_code_rows(svg: str) -> tuple[list[tuple[float, str]], list[tuple[float, str, str]]]:
    """The rendered SVG's listing: (x, text) of each code line, and (x, anchor, text) of each line number
    (Vega places a text mark with transform="translate(x,y)")."""
    ns = "{http://www.w3.org/2000/svg}"
    rows: dict[str, list] = {"code_text": [], "code_number": []}
    for group in ElementTree.fromstring(svg).iter(ns + "g"):
        layer = next((name for name in rows if name in (group.get("class") or "")), None)
        for text in group.iter(ns + "text") if layer else ():
            x = float(re.match(r"translate\(([\d.]+),", text.get("transform"))[1])
            rows[layer].append((x, text.get("text-anchor"), "".join(text.itertext())))
    return [(x, t) for x, _, t in rows["code_text"]], rows["code_number"]


def assert_listing_aligned(svg: str, code: str, lang: str) -> None:
    """Every code line of the rendered listing starts at the same x, its indentation kept as a ZWSP then
    one NBSP per space, so its first character sits exactly `indent` columns in; the numbers are a
    right-aligned layer of their own (lines 1-9 and 10+ end at the same x)."""
    code_rows, numbers = svg_code_rows(svg)
    source = listing(code, words=lang).lines
    assert len(code_rows) == len(source) >= 10 and len(numbers) == len(source)
    assert len({x for x, _ in code_rows}) == 1, "every line's text starts at the same x"
    for (_, shown), line in zip(code_rows, source, strict=True):
        indent = len(line) - len(line.lstrip(" "))
        assert shown.startswith(ZWSP + NBSP * indent) and shown[1 + indent : 2 + indent] != NBSP, (shown, line)
        assert shown.replace(ZWSP, "").replace(NBSP, " ") == line
    assert {anchor for _, anchor, _ in numbers} == {"end"} and len({x for x, _, _ in numbers}) == 1
    assert [text for _, _, text in numbers] == [str(n) for n in range(1, len(source) + 1)]


@pytest.mark.parametrize(("code", "lang"), [("py", "en"), ("java", "zh")])
def test_the_exported_svg_listing_keeps_every_lines_indentation(code, lang):
    spec = playable([1, 2, 3, 7], 7, lang, code)
    assert_listing_aligned(to_svg(spec, 7).decode("utf-8"), code, lang)


def test_the_png_listing_is_drawn_from_the_aligned_text(monkeypatch):
    """The PNG is rasterised from the SVG text the exports render: it has the listing aligned as above."""
    rendered: list[str] = []
    rasterise = export._rasterise

    def spy(svg: str, scale: float) -> bytes:
        rendered.append(svg)
        return rasterise(svg, scale)

    monkeypatch.setattr(export, "_rasterise", spy)
    picture = export.to_png(playable([1, 2], 3, "zh", "py"), 3)
    assert picture[:4] == b"\x89PNG" and len(rendered) == 1
    assert_listing_aligned(rendered[0], "py", "zh")


def test_every_gif_frame_is_made_from_svgs_with_the_aligned_listing(monkeypatch):
    """The GIF's frames are composed from SVGs vl-convert draws (the whole frame 0, whose static layers
    every frame shares, and each frame's moving marks): every one that shows the listing has it aligned."""
    svgs: list[str] = []
    to_svg = gif.vlc.vega_to_svg

    def spy(vega, *args, **kwargs):
        svgs.append(to_svg(vega, *args, **kwargs))
        return svgs[-1]

    monkeypatch.setattr(gif.vlc, "vega_to_svg", spy)
    picture = gif.to_gif(playable([1, 2], 3, "zh", "py"))
    assert picture[:4] == b"GIF8"
    listed = [svg for svg in svgs if "stone_game_iii" in svg]
    assert listed, "the listing is drawn"
    for svg in listed:
        assert_listing_aligned(svg, "py", "zh")


def test_the_code_panel_names_its_layers():
    lines = listing("py").lines
    spec = code_panel(lines, code_lines(solve([1, 2]), opening(solve([1, 2]), 0)[0], listing("py")), "t").to_dict()
    names = [layer["name"] for layer in spec["layer"]]
    assert names == ["code_highlight", "code_arrow", "code_number", "code_text"]
