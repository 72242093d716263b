"""The explainer's animated GIF in a few seconds of CPU: what does not move is drawn once (why: docs/architecture.md,
What keeps a run cheap). A GIF is three pictures a frame, two of them made once:

    under     the chart at frame 0 with every dynamic mark and everything drawn after one taken out:
              the background, the grid's boxes, the bars' axis (drawn once)
    dynamic   the dynamic marks only (those whose encoding or data reads the `frame` signal), on a
              transparent background, with the groups placed where the whole chart placed them and
              no guides (drawn for every frame)
    over      the static marks and guides drawn after a dynamic one (the listing's text, the legends,
              the titles, the zero rule), on a transparent background (drawn once)
    frame     under + dynamic + over, mapped onto one palette made from the first and last frames

Every frame is drawn (a slide made from the GIF shows every write of the fill); what keeps that cheap: the
moving layer's texts and rects are each drawn once per distinct picture and laid in order (Pieces), and a
frame like the one before is not drawn again. The layers are checked: frame
0 composed must match frame 0 rendered whole (at most CHECK_TOLERANCE of the pixels off, allowing a
one-pixel shift); if not, or if the chart has a dynamic guide or scale, every frame is rendered whole,
so a change to the chart makes the GIF slower, not wrong.
"""

from __future__ import annotations

import copy
import io
import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any

import vl_convert as vlc
from PIL import Image, ImageChops

from stonegame.teach import export

SVG_NS = "http://www.w3.org/2000/svg"
CHECK_TOLERANCE = 0.002  # share of pixels a composed frame may differ (by more than CHECK_LEVEL) from whole
CHECK_LEVEL = 48
MAX_DRAWN = export.MAX_GIF_FRAMES  # frames a GIF draws at most (shown_frames): every frame of a chart it is made for
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
Spec = dict[str, Any]


def compile_picture(spec: Spec, width: int = export.WIDTH) -> Spec:
    """The chart as the PNG and SVG draw it (export.to_vega: CJK fonts only where the text is Chinese,
    from stonegame.teach.fonts' subsets when registered), compiled to Vega at frame 0."""
    return export.to_vega(spec, width)


# --- which marks move --------------------------------------------------------------------------


def _names(node: object, pattern: re.Pattern[str]) -> bool:
    return bool(pattern.search(json.dumps(node)))


def _mentions(names: Iterable[str]) -> re.Pattern[str]:
    """A pattern for any of these signal names used in an expression (not as a field: datum.frame)."""
    alternatives = "|".join(re.escape(n) for n in sorted(names))
    return re.compile(rf"(?<![.\w$])(?:{alternatives})(?![\w$])")


def dynamic_signals(vega: Spec) -> set[str]:
    """`frame` and every signal computed from it, however indirectly."""
    found = {"frame"}
    signals = [s for s in vega.get("signals", []) if s["name"] != "frame"]
    while True:
        pattern = _mentions(found)
        more = {s["name"] for s in signals if s["name"] not in found and _names({**s, "name": ""}, pattern)}
        if not more:
            return found
        found |= more


def dynamic_data(vega: Spec, signals: set[str]) -> set[str]:
    """The data sets whose rows depend on a dynamic signal (directly, or through their source)."""
    pattern, found = _mentions(signals), set()
    for data in vega.get("data", []):  # Vega lists a data set after its source
        source = data.get("source")
        sources = source if isinstance(source, list) else [source] if source else []
        if _names({k: v for k, v in data.items() if k not in ("name", "values")}, pattern) or found & set(sources):
            found.add(data["name"])
    return found


def _is_dynamic(mark: Spec, signals: set[str], data: set[str]) -> bool:
    """Whether a leaf mark draws anything that depends on the frame."""
    source = mark.get("from", {}).get("data")
    return source in data or _names({k: v for k, v in mark.items() if k != "name"}, _mentions(signals))


def dynamic_marks(vega: Spec) -> set[str] | None:
    """The names of the leaf marks that move with the frame; None if a scale or guide moves too (then
    the chart cannot be split into layers)."""
    signals = dynamic_signals(vega)
    data = dynamic_data(vega, signals)
    pattern = _mentions(signals)
    found: set[str] = set()

    def walk(group: Spec) -> bool:
        for key in ("scales", "axes", "legends", "title", "projections"):
            value = group.get(key)
            if value and (_names(value, pattern) or (data and _names(value, _data_refs(data)))):
                return False
        for mark in group.get("marks", []):
            if mark.get("type") == "group":
                if not walk(mark):
                    return False
            elif _is_dynamic(mark, signals, data):
                found.add(mark["name"])
        return True

    return found if walk(vega) else None


def _data_refs(data: set[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(n) for n in sorted(data))
    return re.compile(rf'"data": "(?:{alternatives})"')


# --- the layers --------------------------------------------------------------------------------


def _tag(name: str) -> str:
    return f"{{{SVG_NS}}}{name}"


def _classes(element: ET.Element) -> list[str]:
    return element.get("class", "").split()


def _holds_dynamic(element: ET.Element, dynamic: set[str]) -> bool:
    return any(set(_classes(e)) & dynamic for e in element.iter())


def _label(parent: ET.Element, dynamic: set[str], labels: dict[int, str]) -> None:
    """Label each child element of the chart "dynamic", "under" (static, drawn before any dynamic
    sibling) or "over" (static, drawn after one), descending into groups that hold both kinds."""
    seen_dynamic = False
    for child in parent:
        classes = set(_classes(child))
        if classes & dynamic:
            labels[id(child)], seen_dynamic = "dynamic", True
        elif child.tag == _tag("g") and _holds_dynamic(child, dynamic):
            _label(child, dynamic, labels)
            seen_dynamic = True
        else:
            labels[id(child)] = "over" if seen_dynamic else "under"


def _keep(svg: str, dynamic: set[str], wanted: str) -> str:
    """The whole chart's SVG with only the elements labelled `wanted` (and the groups around them)."""
    root = ET.fromstring(svg)
    labels: dict[int, str] = {}
    _label(root, dynamic, labels)

    def prune(parent: ET.Element) -> None:
        for child in list(parent):
            label = labels.get(id(child))
            if label is None:
                prune(child)
            elif label != wanted:
                parent.remove(child)

    prune(root)
    return ET.tostring(root, encoding="unicode")


def _translate(element: ET.Element) -> tuple[float, float]:
    match = re.fullmatch(r"translate\(([-\d.e]+),([-\d.e]+)\)", element.get("transform", ""))
    if not match:
        raise ValueError(f"no translate on {element.tag}")
    return float(match.group(1)), float(match.group(2))


Point = tuple[float, float]


def _placement(svg: str, groups: list[str]) -> tuple[Point, Point, dict[str, Point]]:
    """From the whole chart's SVG: its size, the origin of its root group, and where each named
    top-level group mark was placed."""
    root = ET.fromstring(svg)
    size = (float(root.get("width")), float(root.get("height")))
    origin = _translate(next(g for g in root if g.tag == _tag("g")))
    places = {}
    for element in root.iter(_tag("g")):
        name = next((c for c in _classes(element) if c in groups), None)
        if name is not None:
            places[name] = _translate(element[0])
    return size, origin, places


def dynamic_spec(vega: Spec, svg: str, dynamic: set[str]) -> Spec:
    """The compiled chart drawing only the dynamic marks: each top-level group placed where the whole
    chart placed it (no layout, no guides, no static marks), same width and picture size (the rest is
    padding), transparent background."""
    groups = [m["name"] for m in vega["marks"] if m.get("type") == "group"]
    (width, height), (left, top), places = _placement(svg, groups)
    out = copy.deepcopy(vega)
    out.pop("layout", None)
    out.pop("height", None)  # the width stays: the scales' ranges are read from it
    out.update(autosize="none", background="transparent")
    out["padding"] = {"left": left, "top": top, "right": width - left - vega["width"], "bottom": height - top}

    def strip(group: Spec) -> None:
        for key in ("axes", "legends", "title"):
            group.pop(key, None)
        group["marks"] = [m for m in group.get("marks", []) if m.get("type") == "group" or m["name"] in dynamic]
        for mark in group["marks"]:
            if mark.get("type") == "group":
                strip(mark)

    for mark in out["marks"]:
        if mark.get("type") == "group":
            x, y = places[mark["name"]]
            update = mark.setdefault("encode", {}).setdefault("update", {})
            update.update(x={"value": x}, y={"value": y})
            strip(mark)
    out["marks"] = [m for m in out["marks"] if m.get("type") == "group" or m.get("name") in dynamic]
    return _without_unused_data(out)


def _without_unused_data(vega: Spec) -> Spec:
    """The compiled chart without the top-level data sets nothing else in it names (as "name" or
    'name': a mark's, a scale's or another data set's source, a lookup, an expression's data()), so
    Vega does not evaluate them for every frame (the static marks' data, once those marks are gone)."""
    data = list(vega.get("data", []))
    rest = json.dumps({key: value for key, value in vega.items() if key != "data"})
    while True:
        kept = [entry for entry in data if _named(entry["name"], rest, [d for d in data if d is not entry])]
        if len(kept) == len(data):
            return {**vega, "data": data}
        data = kept


def _named(name: str, text: str, data: list[Spec]) -> bool:
    """Whether the name appears quoted in the text or in these data sets."""
    others = text + json.dumps(data)
    return f'"{name}"' in others or f"'{name}'" in others


# --- pictures ----------------------------------------------------------------------------------


def at_frame(vega: Spec, frame: int) -> Spec:
    """The compiled chart with its `frame` signal set to `frame`."""
    return {**vega, "signals": [{**s, "value": frame} if s["name"] == "frame" else s for s in vega["signals"]]}


def _picture(svg: str, scale: float) -> Image.Image:
    with Image.open(io.BytesIO(vlc.svg_to_png(svg, scale=scale))) as image:
        return image.convert("RGBA")


def _share_off(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels where two RGB pictures of one size differ by more than CHECK_LEVEL in
    some channel."""
    channels = ImageChops.difference(a, b).split()
    worst = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    return sum(worst.histogram()[CHECK_LEVEL + 1 :]) / (a.width * a.height)


def _differs(a: Image.Image, b: Image.Image) -> float:
    """_share_off over the two pictures' common area, with b moved by at most one pixel either way
    (the best of those, trying no move first): the layers keep frame 0's geometry, and a whole
    frame's own bounds may put it one pixel off."""
    if abs(a.width - b.width) > 1 or abs(a.height - b.height) > 1:
        return 1.0
    a, b = a.convert("RGB"), b.convert("RGB")
    width, height = min(a.width, b.width) - 2, min(a.height, b.height) - 2
    base = a.crop((1, 1, 1 + width, 1 + height))
    best = 1.0
    for dx, dy in [(0, 0), *((x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0))]:
        best = min(best, _share_off(base, b.crop((1 + dx, 1 + dy, 1 + dx + width, 1 + dy + height))))
        if best <= CHECK_TOLERANCE:
            break
    return best


# --- the moving layer's text, drawn once per distinct text ----------------------------------------

LEAVES = {"path", "rect", "line", "circle", "ellipse", "polygon", "polyline", "image", "use"}
UNINHERITED = {"transform", "class", "role", "id"}  # a group's attributes a piece need not copy
PLAIN_GROUP = {"class", "role", "transform", "fill", "stroke-miterlimit"}  # a group a text may leave
Piece = tuple[Image.Image, int, int] | None  # a text's picture and where its top left goes; None: nothing drawn


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _shift(element: ET.Element) -> Point | None:
    """The element's own translate, (0, 0) without a transform; None for any other transform."""
    transform = element.get("transform")
    if transform is None:
        return 0.0, 0.0
    try:
        return _translate(element)
    except ValueError:
        return None


def _inherited(ancestors: list[ET.Element]) -> list[dict[str, str]]:
    """The presentation attributes each ancestor passes on to a text (all but transform, class, role,
    id and the aria- ones), outermost first."""
    return [
        {k: v for k, v in a.attrib.items() if k not in UNINHERITED and not k.startswith("aria-")} for a in ancestors
    ]


def _loose_texts(root: ET.Element) -> list[tuple[ET.Element, ET.Element, Point, list[ET.Element]]]:
    """The leaves of the moving layer (texts and rects) that can be drawn on their own and laid on the
    rest in their order without changing what covers what: placed by translates only, under plain groups
    (no clip, opacity or filter), and with no other drawn element that may cover them after them in their
    top-level group (the outermost "role-scope" group: the chart's views, which do not overlap). Each with
    its parent, its place in the picture (SVG units) and its ancestors."""
    found: list[tuple[ET.Element, ET.Element, Point, list[ET.Element]]] = []
    scopes: dict[int, int | None] = {}  # id(leaf) -> id of its top-level group

    def walk(parent: ET.Element, at: Point, ancestors: list[ET.Element], plain: bool, scope: int | None) -> None:
        for child in parent:
            name, shift, classes = _local(child.tag), _shift(child), _classes(child)
            if name == "g":
                simple = shift is not None and all(k in PLAIN_GROUP or k.startswith("aria-") for k in child.attrib)
                place = (at[0] + shift[0], at[1] + shift[1]) if shift else at
                inner = id(child) if scope is None and "role-scope" in classes else scope
                walk(child, place, [*ancestors, child], plain and simple, inner)
            elif name not in LEAVES | {"text"} or "background" in classes or "foreground" in classes:
                continue
            elif plain and shift is not None and (name == "text" or _rect(child, (0.0, 0.0)) is not None):
                found.append((child, parent, (at[0] + shift[0], at[1] + shift[1]), ancestors))
                scopes[id(child)] = scope
            else:  # drawn in the rest, over the loose leaves before it that it may cover
                found[:] = [f for f in found if scope is not None and scopes[id(f[0])] != scope]

    walk(root, (0.0, 0.0), [], True, None)
    return found


RECT = re.compile(r"M([-\d.e]+),([-\d.e]+)h([-\d.e]+)v([-\d.e]+)h[-\d.e]+Z")


def _rect(leaf: ET.Element, at: Point) -> tuple[float, float, float, float] | None:
    """The box a rect mark's path covers in the picture (SVG units, its stroke's width round it): left,
    top, right, bottom; None for any other element."""
    plain = _local(leaf.tag) == "path" and "transform" not in leaf.attrib
    match = RECT.fullmatch(leaf.get("d", "")) if plain else None
    if match is None:
        return None
    x, y, w, h = (float(v) for v in match.groups())
    pad = float(leaf.get("stroke-width", "1") or 1) + 1
    x0, y0 = at[0] + min(x, x + w), at[1] + min(y, y + h)
    return x0 - pad, y0 - pad, x0 + abs(w) + pad, y0 + abs(h) + pad


def _meets(text: ET.Element, at: Point, rect: tuple[float, float, float, float]) -> bool:
    """Whether the text's box (_box, placed at `at`) meets the rect's."""
    left, top, right, bottom = _box(text)
    return not (at[0] + right < rect[0] or at[0] + left > rect[2] or at[1] + bottom < rect[1] or at[1] + top > rect[3])


def _box(text: ET.Element) -> tuple[float, float, float, float]:
    """A box round a leaf drawn at (0, 0) that surely holds it, in SVG units: left, top, right, bottom.
    A rect's with its stroke (_rect); a text's with a wide character up to 1.2 em across, any other
    0.8 em, lines up to 1.7 em apart and room round it."""
    rect = _rect(text, (0.0, 0.0))
    if rect is not None:
        return rect
    size = float(re.match(r"[\d.]+", text.get("font-size", "11") + "11").group())  # type: ignore[union-attr]
    lines = ["".join(t.itertext()) for t in text.iter(_tag("tspan"))] or ["".join(text.itertext())]
    ems = max(sum(1.2 if unicodedata.east_asian_width(c) in "WF" else 0.8 for c in line) for line in lines)
    width = ems * size + 2 * size
    anchor = text.get("text-anchor", "start")
    left = {"start": -size, "middle": -width / 2, "end": -width + size}.get(anchor, -width)
    return left, -1.6 * size, left + width, len(lines) * size * 1.7 + 0.6 * size


class Pieces:
    """The pictures of the moving layer's loose texts, each drawn once and kept under its SVG (with the
    fraction of a pixel it is placed at), at one scale. A frame's new texts are drawn together, stacked
    on one canvas (one rasterising a frame: each costs a few milliseconds however small), and cut apart."""

    def __init__(self, scale: float) -> None:
        self.scale = scale
        self._kept: dict[str, Piece] = {}  # each text's picture cut to what it draws, and where in its box

    def pieces(self, texts: list[tuple[ET.Element, Point, list[ET.Element]]]) -> list[Piece]:
        """Each text's picture and the pixel its top left goes to (None if it draws nothing: opacity 0 or
        empty); the texts not kept yet drawn first, all on one canvas."""
        placed, new = [], {}
        for text, at, ancestors in texts:
            if text.get("opacity") == "0" or (_local(text.tag) == "text" and not "".join(text.itertext()).strip()):
                placed.append(None)
                continue
            left, top, right, bottom = _box(text)
            x, y = (at[0] + left) * self.scale, (at[1] + top) * self.scale
            fx, fy = x - x // 1, y - y // 1
            text.attrib.pop("transform", None)
            body = ET.tostring(text, encoding="unicode")
            for attributes in reversed(_inherited(ancestors)):
                body = f"<g {' '.join(f'{k}={_quote(v)}' for k, v in attributes.items())}>{body}</g>"
            key = f"{fx:.3f},{fy:.3f},{body}"
            if key not in self._kept:
                new[key] = (body, left - fx / self.scale, top - fy / self.scale, right - left + 1, bottom - top + 1)
            placed.append((key, int(x // 1), int(y // 1)))
        self._draw(new)
        return [None if p is None else _moved(self._kept[p[0]], p[1], p[2]) for p in placed]

    def _draw(self, new: dict[str, tuple[str, float, float, float, float]]) -> None:
        """Draw these texts (SVG body, left, top, width, height in SVG units) on one canvas, packed in
        shelves (the tallest first) of whole pixels, and keep each one's picture (None if it is blank)."""
        if not new:
            return
        shelf = max(1200, max(int(width * self.scale) + 2 for _, _, _, width, _ in new.values()))
        spots, bodies, x, y, row = [], [], 0, 0, 0
        for key, (body, left, top, width, height) in sorted(new.items(), key=lambda item: -item[1][4]):
            w, h = int(width * self.scale) + 2, int(height * self.scale) + 2
            if x + w > shelf:
                x, y, row = 0, y + row, 0
            spots.append((key, x, y, w, h))
            bodies.append(
                f'<g transform="translate({x / self.scale - left:.4f},{y / self.scale - top:.4f})">{body}</g>'
            )
            x, row = x + w, max(row, h)
        size = f'width="{shelf / self.scale:.3f}" height="{(y + row) / self.scale:.3f}"'
        canvas = _picture(f'<svg xmlns="{SVG_NS}" {size}>{"".join(bodies)}</svg>', self.scale)
        for key, x, y, w, h in spots:
            self._kept[key] = _cut(canvas.crop((x, y, x + w, y + h)))


def _cut(picture: Image.Image) -> Piece:
    """A text's picture cut to the pixels it draws (its box is generous: a 42-frame GIF kept ~700 texts,
    34 MB), with the top left of the cut in the box; None if it draws nothing."""
    box = picture.getbbox()
    return None if box is None else (picture.crop(box), box[0], box[1])


def _moved(piece: Piece, x: int, y: int) -> Piece:
    """A kept piece placed with its box's top left at (x, y)."""
    return None if piece is None else (piece[0], x + piece[1], y + piece[2])


def _quote(value: str) -> str:
    return '"' + value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;") + '"'


def _clear(like: Image.Image) -> Image.Image:
    """A transparent picture of the same size."""
    return Image.new("RGBA", like.size, (0, 0, 0, 0))


def _lay(canvas: Image.Image, piece: Piece) -> None:
    """Lay a text's picture on the canvas at its place (the part inside the canvas)."""
    if piece is None:
        return
    picture, x, y = piece
    box = (max(0, -x), max(0, -y), min(picture.width, canvas.width - x), min(picture.height, canvas.height - y))
    if box[0] < box[2] and box[1] < box[3]:
        canvas.alpha_composite(picture, dest=(x + box[0], y + box[1]), source=box)


class Layers:
    """The chart split into its three layers (see the module's docstring), at one scale. The moving layer
    of a frame is drawn as its SVG without the loose texts (_loose_texts), with each text's picture laid
    on top, drawn once per distinct text (Pieces); a frame whose moving SVG is the last one's is that
    frame's picture again."""

    def __init__(self, vega: Spec, whole: str, dynamic: set[str], scale: float) -> None:
        self.under, self.over = (_picture(_keep(whole, dynamic, part), scale) for part in ("under", "over"))
        self.moving = dynamic_spec(vega, whole, dynamic)
        self.scale = scale
        self.pieces = Pieces(scale)
        self._made: dict[int, Image.Image] = {}  # the frames the check composed, kept for the GIF
        self._last: tuple[str, Image.Image] | None = None  # the last moving SVG drawn and its frame

    def frame(self, frame: int) -> Image.Image:
        """The picture of one frame: under + that frame's dynamic marks + over (each made once)."""
        if frame not in self._made:
            svg = vlc.vega_to_svg(at_frame(self.moving, frame))
            if self._last is not None and self._last[0] == svg:
                self._made[frame] = self._last[1]
            else:
                self._made[frame] = _compose(self.under, self._moving(svg), self.over)
                self._last = (svg, self._made[frame])
        return self._made[frame]

    def _moving(self, svg: str) -> Image.Image:
        """The moving layer of a frame from its SVG: the rest drawn whole, the loose texts laid on top."""
        root = ET.fromstring(svg)
        texts = _loose_texts(root)
        for text, parent, _, _ in texts:
            parent.remove(text)
        drawn = any(
            _local(e.tag) in LEAVES | {"text"} and not {"background", "foreground"} & set(_classes(e))
            for e in root.iter()
        )
        canvas = _picture(ET.tostring(root, encoding="unicode"), self.scale) if drawn else _clear(self.under)
        for piece in self.pieces.pieces([(text, at, ancestors) for text, _, at, ancestors in texts]):
            _lay(canvas, piece)
        return canvas

    def take(self, frame: int) -> Image.Image:
        """frame(), forgetting the picture (the GIF needs each frame once)."""
        picture = self.frame(frame)
        self._made.pop(frame, None)
        return picture


def layers(vega: Spec, scale: float = export.GIF_SCALE) -> Layers | None:
    """The compiled chart's layers, if it can be split and the split draws frame 0 as the whole chart
    does (else None). Only frame 0 is checked here, the frame whose whole SVG the split is cut from
    (the check costs one rasterising); tests/teach/test_gif.py checks later frames of several charts."""
    dynamic = dynamic_marks(vega)
    if not dynamic:
        return None
    whole = vlc.vega_to_svg(at_frame(vega, 0))
    try:
        split = Layers(vega, whole, dynamic, scale)
    except (ValueError, KeyError, StopIteration, TypeError):
        return None
    if _differs(split.frame(0), _picture(whole, scale)) > CHECK_TOLERANCE:
        return None
    return split


def shown_frames(count: int, most: int = MAX_DRAWN) -> list[int]:
    """The frames a GIF of a `count`-frame chart draws: every one (a GIF is refused beyond `most`, by
    to_gif; a slide made from it must show every write of the fill)."""
    return list(range(min(count, most)))


def frame_pictures(
    spec: Spec, shown: list[int], width: int = export.WIDTH, scale: float = export.GIF_SCALE
) -> Iterator[Image.Image]:
    """The pictures of the `shown` frames, in order, each RGB, made one at a time as they are asked
    for: from the chart's layers when they check out, else each frame rendered whole."""
    vega = compile_picture(spec, width)
    split = layers(vega, scale)
    for frame in shown:
        if split is not None:
            yield split.take(frame).convert("RGB")
        else:
            yield _picture(vlc.vega_to_svg(at_frame(vega, frame)), scale).convert("RGB")


def _compose(under: Image.Image, moving: Image.Image, over: Image.Image) -> Image.Image:
    out = under.copy()
    out.alpha_composite(moving)
    out.alpha_composite(over)
    return out


def palette(pictures: list[Image.Image]) -> Image.Image:
    """One adaptive 256-colour palette for all these pictures: a median cut over them side by side,
    each at half size (every second pixel: the colours stay exact, the cut costs a quarter)."""
    halves = [p.resize((max(1, p.width // 2), max(1, p.height // 2)), Image.Resampling.NEAREST) for p in pictures]
    strip = Image.new("RGB", (sum(p.width for p in halves), max(p.height for p in halves)), "white")
    x = 0
    for picture in halves:
        strip.paste(picture, (x, 0))
        x += picture.width
    return strip.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def to_gif(
    spec: Spec, width: int = export.WIDTH, scale: float = export.GIF_SCALE, max_frames: int = export.MAX_GIF_FRAMES
) -> bytes:
    """The chart's shown_frames, in order, as a looping animated GIF (export.durations: the verdict
    held longest), each frame mapped onto one palette made from the first and the last; ValueError if
    the chart has more than max_frames frames. One frame at a time is made as RGB and mapped onto the
    palette as the encoder asks for it (itertools.chain: a tuple `(*pictures, last)` would make and
    hold every RGB frame before the first is mapped, 4 MB each, 160 MB of a 42-frame GIF's peak). The
    encoder (Pillow's GIF writer) still holds every mapped frame, 1.3 MB each, until it writes them."""
    count = export.frame_count(spec)
    if count > max_frames:
        raise ValueError(f"the chart has {count} frames; a GIF is made for at most {max_frames}")
    shown = shown_frames(count)
    pictures = frame_pictures(spec, [shown[0], shown[-1], *shown[1:-1]], width, scale)
    first, last = next(pictures), next(pictures)
    shared = palette([first, last])
    mapped = (picture.quantize(palette=shared, dither=Image.Dither.NONE) for picture in chain(pictures, [last]))
    out = io.BytesIO()
    first.quantize(palette=shared, dither=Image.Dither.NONE).save(
        out,
        format="GIF",
        save_all=True,
        append_images=mapped,  # streamed: each frame made, mapped and handed to the encoder in turn
        duration=export.durations(len(shown)),
        loop=0,
        disposal=1,
    )
    return out.getvalue()
