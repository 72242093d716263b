"""The layered GIF (stonegame/teach/gif.py): the frames it draws (every one, the verdict last), the
same pictures as rendering each frame whole, made
from layers drawn once, with CJK fonts only where the text is Chinese. Its CPU cost is printed by
artifacts' benchmarks and the render worker's figures, not asserted here."""

import io
import json
import re
from functools import cache

import pytest
import vl_convert as vlc
from PIL import Image, ImageChops

from stonegame import solve
from stonegame.fill.spec import step_spec
from stonegame.link import random_row
from stonegame.teach import export, fonts, gif

ISSUE_ROW = (-9, -2, 5, -7, 0, 7, -5, 2, 9, -3, 4, -8)  # issue 14's 12-pile row: 26 frames
SUBSETS = fonts.prepare()  # as the render worker does first (made once per machine, then found)


@cache
def spec_for(values, lang="en", code="py", step=0):
    """The explainer's own spec opening at `step` (the builder the pages' cached one calls)."""
    return step_spec(solve(list(values)), step, lang, code, "total")


def gif_frames(data):
    """The frames of a GIF, each as a whole RGB picture."""
    with Image.open(io.BytesIO(data)) as image:
        frames = []
        for index in range(image.n_frames):
            image.seek(index)
            frames.append(image.convert("RGB"))
        return frames


def whole(vega, frame):
    """The compiled chart at `frame`, rendered whole (the plain way), as RGB."""
    with Image.open(io.BytesIO(vlc.svg_to_png(vlc.vega_to_svg(gif.at_frame(vega, frame)), scale=1.0))) as image:
        return image.convert("RGB")


def test_every_frame_is_drawn_up_to_the_gifs_limit():
    for count in range(1, export.MAX_GIF_FRAMES + 1):
        assert gif.shown_frames(count) == list(range(count)), count


ISSUE_40_ROW = (5, -3, 8, 2, -1, 7, 4, -6)  # issue 40's row: 18 steps, of which main's GIF drew 10


def test_the_gif_holds_every_step_and_the_page_says_how_many():
    from ui.parts import export as page
    from ui.state import View

    sol = solve(list(ISSUE_40_ROW))
    spec = spec_for(ISSUE_40_ROW)
    with Image.open(io.BytesIO(gif.to_gif(spec, scale=0.25))) as image:
        frames = image.n_frames
    scene = page.scene_at(sol, 0, View("en", "py", "total", False))
    sentence = page._gif_help(scene, View("en", "py", "total", False))
    assert frames == sol.last_step + 1 == 18, f"the file has {frames} frames for 18 steps"
    assert sentence.startswith(f"{frames} frames"), sentence


@pytest.fixture(scope="module")
def english_gif():
    spec = spec_for((1, 2, 3, 7))
    return spec, gif_frames(gif.to_gif(spec))


def test_the_gif_ends_on_the_verdict_as_the_png_shows_it(english_gif):
    spec, frames = english_gif
    assert len(frames) == export.frame_count(spec) == 10
    with Image.open(io.BytesIO(gif.to_gif(spec))) as image:
        assert image.info["loop"] == 0
    svg = export.to_svg(spec, 9).decode()
    assert "2·dp[0] = 12 &lt; total = 13" in svg and "Bob wins." in svg, "the verdict is in the last frame"
    assert "Bob wins." not in export.to_svg(spec, 8).decode()
    last = export.to_png(spec, 9, scale=export.GIF_SCALE)  # the export page's PNG, which holds "Bob wins."
    with Image.open(io.BytesIO(last)) as png:
        assert gif._differs(frames[-1], png) < 0.002, "the last frame is the verdict's picture"
        assert gif._differs(frames[-2], png) > 0.002, "and the frame before it is not"
    (drawn,) = gif.frame_pictures(spec, [9])  # the verdict's picture before it is mapped to the palette
    off = ImageChops.difference(frames[-1], drawn).convert("L").point(lambda v: v > 24)
    assert sum(off.get_flattened_data()) < 0.001 * drawn.width * drawn.height, "the palette loses (almost) nothing"


@pytest.mark.parametrize(("lang", "code"), [("zh", "java"), ("en", "py")])
def test_the_layers_draw_every_frame_as_the_whole_chart_does(lang, code):
    spec = spec_for(ISSUE_ROW, lang, code)
    vega = gif.compile_picture(spec)
    split = gif.layers(vega)
    assert split is not None, "the explainer's chart splits into layers (else every frame is drawn whole)"
    moving = json.dumps(split.moving)
    assert "code_text" not in moving and '"axes"' not in moving, "the listing and the guides are drawn once"
    assert len(split.moving["data"]) < len(vega["data"]), "the static marks' data sets are not evaluated per frame"
    for frame in (0, 7, 13, 24, 25):
        assert gif._differs(split.frame(frame), whole(vega, frame)) <= gif.CHECK_TOLERANCE, f"frame {frame}"


def test_a_long_rows_gif_is_the_explainers_window_every_step():
    spec = spec_for(tuple(random_row(50_000, 7)), "zh", "java")
    assert export.frame_count(spec) == 2 * 16 + 2
    vega = gif.compile_picture(spec)
    split = gif.layers(vega)
    for frame in (16, 17, 33):  # the suffix row done, the first dp step, the verdict
        assert gif._differs(split.frame(frame), whole(vega, frame)) <= gif.CHECK_TOLERANCE, f"frame {frame}"
    frames = gif_frames(gif.to_gif(spec, scale=0.25))  # small pictures: the count is the point here
    assert len(frames) == 34, "every step of the window, the verdict last"
    with pytest.raises(ValueError, match="at most 10"):
        gif.to_gif(spec, max_frames=10)


def test_fonts_go_where_the_text_needs_them():
    java_en = json.dumps(export.picture_spec(spec_for(ISSUE_ROW, "en", "java")), ensure_ascii=False)
    assert java_en.count(export.CJK_MONO) == 1 and export.CJK_SANS not in java_en, "only the listing is Chinese"
    zh = export.picture_spec(spec_for(ISSUE_ROW, "zh", "py"))
    assert zh["config"]["font"].startswith(export.CJK_SANS)
    english = export.picture_spec(spec_for(ISSUE_ROW, "en", "py"))
    assert "CJK" not in json.dumps(english), "an English chart with the Python listing has no CJK font at all"


def test_the_subset_fonts_hold_every_character_the_charts_draw():
    if not SUBSETS:
        pytest.skip("fontTools or the Noto CJK faces are not installed: the full faces are used")
    vega = gif.compile_picture(spec_for(ISSUE_ROW, "zh", "java"))
    text = json.dumps(vega, ensure_ascii=False)
    assert "Stone CJK Sans, Noto Sans CJK SC" in text and "Stone CJK Mono, Noto Sans Mono CJK SC" in text
    assert "Stone CJK Sans" in export.to_svg(spec_for(ISSUE_ROW, "zh", "java"), 3).decode(), "the PNG and SVG too"
    unknown = {"values": ["\u9f98"]}  # 龘: a character no catalogue string has, so the subsets lack it
    assert fonts.use_subsets(unknown) == unknown, "a chart with a character they lack keeps the full faces"


def test_a_gif_is_refused_beyond_its_frame_limit():
    with pytest.raises(ValueError, match="at most 5"):
        gif.to_gif(spec_for((1, 2, 3, 7)), max_frames=5)


TWENTY = (5, -3, 8, 2, -1, 7, 4, -6, 3, -9, 2, 5, -7, 0, 7, -5, 2, 9, -3, 4)  # 41 steps after the start


def test_a_twenty_pile_rows_gif_holds_all_its_41_steps():
    """Issue 40: a GIF shows every step of rows up to at least 20 piles. The file the export page asks the
    render worker for (ui.parts.export.job) has a frame per step of the whole row, and the page says so."""
    from ui.parts import export as page
    from ui.state import View

    view = View("zh", "java", "total", False)
    sol = solve(list(TWENTY))
    scene = page.scene_at(sol, 0, view)
    _, (spec,) = page.job(scene, "gif")
    assert export.frame_count(spec) == sol.last_step + 1 == 42, f"the GIF's chart has {export.frame_count(spec)}"
    assert "共 42 帧" in page._gif_help(scene, view), page._gif_help(scene, view)
    assert page.render_key(scene, "gif").step == 0, "the GIF's key names the first pile of the piles it animates"
    assert len(gif_frames(gif.to_gif(spec, scale=0.25))) == 42, "every step a frame, the verdict last"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_svg_carries_the_faces_its_text_was_measured_in(lang):
    """Issue 40: vl-convert measured "● written" in its own sans-serif and Chromium drew it in DejaVu Sans,
    12 px wider, into the next swatch. Now every text of the SVG names one of our faces first, and the
    file holds that face (the characters it draws) as @font-face; the PNG keeps vl-convert's fonts."""
    if not SUBSETS:
        pytest.skip("fontTools or the Noto CJK / DejaVu faces are not installed: the SVG names generic families")
    spec = spec_for((5, -3, 8, 2, -1, 7, 4, -6), lang)
    svg = export.to_svg(spec, 4).decode()
    named = {face.split(",")[0] for face in re.findall(r'font-family="([^"]*)"', svg)}
    embedded = set(re.findall(r'@font-face\{font-family:"([^"]*)"', svg))
    ours = {"Stone Sans", "Stone Mono"} if lang == "en" else {"Stone CJK Sans", "Stone CJK Mono"}
    assert named == ours and embedded == ours, (named, embedded)
    assert len(svg) < 150_000, f"{len(svg):,} bytes: only the characters drawn are embedded"
    plain = vlc.svg_to_png(vlc.vega_to_svg(gif.at_frame(export.to_vega(spec), 4)), scale=export.PNG_SCALE)
    assert export.to_png(spec, 4) == plain, "the PNG is drawn as before"
