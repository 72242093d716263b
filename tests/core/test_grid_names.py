"""The grid's row names fit their column in the pictures vl-convert draws (the light page's phone picture and the
exports' picture, stonegame/draw/grid.py): each name's text, measured in the bold face the picture is drawn in
at the size the SVG gives it, lies inside the picture and ends before its row's first pile box, and the last
pile box ends inside the picture's width.
On bca1b24 the names were drawn at the numbers' fitted size (18 px) centred in a column one pile wide: in the 380
px phone picture 'values' spanned 1.1-66.9 px and its row's first pile box began at 53.0 ('values5' on a phone;
vl-convert had widened the picture to 401 px to hold the name's overhang); 4 of 4 failed, 4 pass now."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache

import pytest

from stonegame.i18n import t
from stonegame.teach.phone import stage_svg

ROW = (5, -3, 8, 2, -1, 7, 4, -6)
GRID_ROWS = ("values", "suffix", "dp")
SVG = "{http://www.w3.org/2000/svg}"
TRANSLATE = re.compile(r"translate\(([-\d.e]+),\s*([-\d.e]+)\)")
BOX = re.compile(r"^M([-\d.e]+),([-\d.e]+)h([-\d.e]+)")


@cache
def bold_face():
    """DejaVu Sans Bold's advance widths and units per em (the face vl-convert draws the picture's bold
    Latin text in), or None where fontconfig or fontTools cannot give it."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    if shutil.which("fc-match") is None:
        return None
    path = subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans:bold"], capture_output=True, text=True).stdout
    if "DejaVuSans-Bold" not in path:
        return None
    font = ttlib.TTFont(path)
    return font.getBestCmap(), font["hmtx"].metrics, font["head"].unitsPerEm


def text_width(text: str, size: float) -> float:
    """The text's advance width in pixels at `size` px in DejaVu Sans Bold."""
    face = bold_face()
    if face is None:
        pytest.skip("DejaVu Sans Bold not found by fc-match")
    cmap, metrics, em = face
    return sum(metrics[cmap[ord(c)]][0] for c in text) * size / em


def placed(node: ET.Element, x: float = 0, y: float = 0) -> Iterator[tuple[ET.Element, float, str]]:
    """Every element under `node` with the x its ancestors' translations (and its own) move it to, and the
    class of the element that holds it (a mark's layer)."""
    for child in node:
        moved = TRANSLATE.search(child.get("transform", ""))
        dx, dy = map(float, moved.groups()) if moved else (0, 0)
        yield child, x + dx, node.get("class", "")
        yield from placed(child, x + dx, y + dy)


def fit_of(svg: bytes) -> dict[str, object]:
    """The picture's width, each row name's text span [left, right] (measured), each row's first pile box's
    left edge and the last pile box's right edge, in the picture's coordinates."""
    root = ET.fromstring(svg)
    names, first, last = {}, {}, 0.0
    for element, x, layer in placed(root):
        label = element.get("aria-label", "")
        row = re.search(r"row: ([^;]+)", label)
        if element.tag == f"{SVG}text" and row and ("name:" in label or "col: #" in label):
            width = text_width(element.text or "", float(element.get("font-size", "11px").rstrip("px")))
            shift = {"middle": width / 2, "end": width}.get(element.get("text-anchor", "start"), 0)
            names[row.group(1)] = (x - shift, x - shift + width)
        elif element.tag == f"{SVG}path" and row and "col: " in label and "col: #" not in label:
            box = BOX.match(element.get("d", ""))
            if box and "grid_boxes" in layer:
                left = x + float(box.group(1))
                first[row.group(1)] = min(first.get(row.group(1), left), left)
                last = max(last, left + float(box.group(3)))
    return {"width": float(root.get("width")), "names": names, "first": first, "last": last}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("width", [380, 300])
def test_the_phone_pictures_row_names_fit_their_column(width: int, lang: str) -> None:
    svg = stage_svg(ROW, 3, 12, lang, "py", "total", width)
    fit = fit_of(svg)
    assert set(fit["names"]) == set(GRID_ROWS), fit
    for row, (left, right) in fit["names"].items():
        name = t("row_" + row, lang)
        assert left >= 0 and right <= fit["first"][row], f"{width}-{lang}: '{name}' spans {left:.1f}-{right:.1f}, " + (
            f"its column 0-{fit['first'][row]:.1f}"
        )
    assert fit["last"] <= fit["width"], f"{width}-{lang}: the last column ends at {fit['last']:.1f} of {fit['width']}"
