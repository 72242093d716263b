"""A shared link's preview picture: the explainer's stage at one step, 1200 × 630 pixels (the size Open
Graph and Twitter cards show whole). Pure: the explainer's spec and a frame in, PNG bytes out; run by
the render service's worker (ui/server/card.py asks for it).

The stage is taller than a card is wide (caption, arrays, bars, and the code listing under them), so
the card leaves the listing out: what is left (the step's sentence, the arrays, the bars) is drawn at
DRAW_WIDTH and scaled to fit inside the card's margins on a white ground, centred.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from stonegame.teach import export

SIZE = (1200, 630)  # pixels: Open Graph's recommended image, Twitter's summary_large_image
MARGIN = 24  # pixels of white around the stage
DRAW_WIDTH = 1100  # the stage's width as drawn, before it is scaled into the card
LISTING_PREFIX = "code_"  # the code listing's layers (stonegame.fill.charts): code_highlight, code_text, ...


def _is_listing(view: dict[str, Any]) -> bool:
    """Whether a view of the stage's vconcat is the code listing."""
    return any(str(layer.get("name", "")).startswith(LISTING_PREFIX) for layer in view.get("layer", []))


def without_listing(spec: dict[str, Any]) -> dict[str, Any]:
    """A shallow copy of the stage's spec without its code listing view."""
    return {**spec, "vconcat": [view for view in spec["vconcat"] if not _is_listing(view)]}


def fitted(png: bytes, size: tuple[int, int] = SIZE, margin: int = MARGIN) -> bytes:
    """The picture scaled (never up) to fit inside `size` less `margin` on each side, centred on white,
    as PNG bytes of exactly `size`."""
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    picture.thumbnail((size[0] - 2 * margin, size[1] - 2 * margin), Image.Resampling.LANCZOS)
    card = Image.new("RGB", size, "white")
    card.paste(picture, ((size[0] - picture.width) // 2, (size[1] - picture.height) // 2))
    out = io.BytesIO()
    card.save(out, format="PNG", optimize=True)
    return out.getvalue()


def card_png(spec: dict[str, Any], frame: int) -> bytes:
    """The card's PNG: the stage at `frame` without its listing, drawn 2× sharp, fitted into SIZE."""
    return fitted(export.to_png(without_listing(spec), frame, width=DRAW_WIDTH, scale=export.PNG_SCALE))
