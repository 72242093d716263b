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

A long chart is shown in fewer frames (shown_frames, at most MAX_DRAWN). The layers are checked: frame
0 composed must match frame 0 rendered whole (at most CHECK_TOLERANCE of the pixels off, allowing a
one-pixel shift); if not, or if the chart has a dynamic guide or scale, every frame is rendered whole,
so a change to the chart makes the GIF slower, not wrong.
"""

from __future__ import annotations

import copy
import io
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from typing import Any

import vl_convert as vlc
from PIL import Image, ImageChops

from stonegame.teach import export

SVG_NS = "http://www.w3.org/2000/svg"
CHECK_TOLERANCE = 0.002  # share of pixels a composed frame may differ (by more than CHECK_LEVEL) from whole
CHECK_LEVEL = 48
MAX_DRAWN = export.GIF_DRAWN  # frames a GIF draws at most (shown_frames): each costs ~0.2 s of CPU with Chinese text
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


class Layers:
    """The chart split into its three layers (see the module's docstring), at one scale."""

    def __init__(self, vega: Spec, whole: str, dynamic: set[str], scale: float) -> None:
        self.under, self.over = (_picture(_keep(whole, dynamic, part), scale) for part in ("under", "over"))
        self.moving = dynamic_spec(vega, whole, dynamic)
        self.scale = scale
        self._made: dict[int, Image.Image] = {}  # the frames the check composed, kept for the GIF

    def frame(self, frame: int) -> Image.Image:
        """The picture of one frame: under + that frame's dynamic marks + over (each made once)."""
        if frame not in self._made:
            moving = _picture(vlc.vega_to_svg(at_frame(self.moving, frame)), self.scale)
            self._made[frame] = _compose(self.under, moving, self.over)
        return self._made[frame]

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
    """The frames a GIF of a `count`-frame chart draws: all of them if there are at most `most`; else
    the first (the row before any step), the last (the verdict) and, between them, every s-th frame
    counted back from the one before the verdict, s the smallest stride that keeps them within `most`."""
    if count <= most:
        return list(range(count))
    stride = -(-(count - 2) // (most - 2))
    return [0, *sorted(range(count - 2, 0, -stride)), count - 1]


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
    the chart has more than max_frames frames. One frame at a time is held as RGB."""
    count = export.frame_count(spec)
    if count > max_frames:
        raise ValueError(f"the chart has {count} frames; a GIF is made for at most {max_frames}")
    shown = shown_frames(count)
    pictures = frame_pictures(spec, [shown[0], shown[-1], *shown[1:-1]], width, scale)
    first, last = next(pictures), next(pictures)
    shared = palette([first, last])
    images = [picture.quantize(palette=shared, dither=Image.Dither.NONE) for picture in (first, *pictures, last)]
    out = io.BytesIO()
    images[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=images[1:],
        duration=export.durations(len(shown)),
        loop=0,
        disposal=1,
    )
    return out.getvalue()
