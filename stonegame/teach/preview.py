"""A shared link's preview picture, 1200 × 630 pixels (the size Open Graph and Twitter cards show whole),
drawn as a card a chat can read at the ~480 px it shows it: a band with the app's name, the row, "Step n
of N" with the question (or, at the verdict, who wins), and the step's cells in a window of piles around
the one it writes, coloured as the stage colours them, with their legend. Pure: a Face
(stonegame.card.face) in, SVG text or PNG bytes out; run by the render service's worker
(ui/server/card.py asks for it).

Every text is at least LEAST px tall at 1200 wide, so at least 14 px when the card is shown 480 px wide.
Widths are estimated from the characters (`em_width`: generous per-character widths of DejaVu Sans and
Noto Sans CJK), so that the layout needs no font file; a text still too wide at LEAST px is squeezed
into its room (SVG textLength), never made smaller.
"""

from __future__ import annotations

import html
import unicodedata
from typing import NamedTuple

import vl_convert as vlc

from stonegame.card import UNKNOWN, Column, Face, Role
from stonegame.draw.kit import BLUE, GREEN, ORANGE, SKY, VERMILLION

SIZE = (1200, 630)  # pixels: Open Graph's recommended image, Twitter's summary_large_image
SHOWN = 480  # pixels: about the width a chat shows a card at
LEAST = 36  # px at 1200 wide: 14.4 px at SHOWN wide, the smallest text on the card
PAD = 48  # pixels of margin left and right
BAND = 100  # the top band's height, holding the app's name
NAMES_WIDTH = 150  # the grid's row names, right-aligned in this width
GAP = 20  # between the row names and the first cell, and around "…" where the row goes on
MORE = 44  # the width of a "…" column where piles lie beyond the window
CELL = (112, 180)  # a cell's least width, and the most a short row's cells are widened to
ROW_H = 76  # a grid row's height
CELLS_TOP = 318  # the cells' top; the pile numbers stand over them
NUMBER, NAME = LEAST + 8, LEAST + 2  # the cells' numbers and the row names, px
SWATCH = 34  # a legend swatch's side
INK, SOFT, LINE = "#1a1a1a", "#595959", "#b0b0b0"  # text, pile numbers and "·" (7:1 on white), cell borders
FILLS: dict[Role, str] = {"write": ORANGE, "read": SKY, "best": GREEN, "": "#ffffff"}
SANS = {"en": "DejaVu Sans, Noto Sans CJK SC, sans-serif", "zh": "Noto Sans CJK SC, DejaVu Sans, sans-serif"}
MONO = "DejaVu Sans Mono, Noto Sans Mono CJK SC, monospace"


def em_width(text: str, bold: bool = False, mono: bool = False) -> float:
    """The text's width in ems, estimated generously: a wide (CJK) character 1, in a monospace face 0.6
    each, else a digit or capital 0.72, a space or narrow punctuation 0.4, any other 0.64; bold 8 % more."""
    if mono:
        return sum(1.0 if unicodedata.east_asian_width(c) in "WF" else 0.6 for c in text)
    total = 0.0
    for c in text:
        if unicodedata.east_asian_width(c) in "WF":
            total += 1.0
        elif c.isdigit() or c.isupper() or c in "−…":
            total += 0.72
        elif c in " ,.:;·[]()'!|":
            total += 0.4
        else:
            total += 0.64
    return total * (1.08 if bold else 1.0)


def fit_size(text: str, size: float, room: float, bold: bool = False, mono: bool = False) -> float:
    """The largest font size up to `size`, and at least LEAST, at which the text's estimated width fits `room`."""
    width = em_width(text, bold, mono)
    return max(float(LEAST), min(size, room / width)) if width else size


def text(x: float, y: float, body: str, size: float, **attrs: object) -> str:
    """An SVG <text> at (x, y) (y its baseline) of `size` px, its body escaped; squeezed into `room`
    (textLength) if given and its estimated width at that size is wider."""
    room = attrs.pop("room", None)
    mono, bold = attrs.get("font-family") == MONO, attrs.get("font-weight") == "bold"
    if isinstance(room, (int, float)) and em_width(body, bold, mono) * size > room:
        attrs |= {"textLength": round(room, 1), "lengthAdjust": "spacingAndGlyphs"}
    extra = "".join(f' {name}="{html.escape(str(value))}"' for name, value in attrs.items())
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}"{extra}>{html.escape(body)}</text>'


def rect(x: float, y: float, width: float, height: float, fill: str, stroke: str, stroke_width: float) -> str:
    """An SVG <rect> with its fill and stroke."""
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{stroke_width}"/>'
    )


def header(face: Face) -> list[str]:
    """The top band (the app's name, and the problem's at the right), the row, and the step's line: "Step
    n of N · " and the question in vermilion, or at the verdict who wins in green."""
    sans, width = SANS[face.lang], SIZE[0] - 2 * PAD
    problem_w = em_width(face.problem) * LEAST
    name_size = fit_size(face.name, 50, width - problem_w - 40, bold=True)
    row_size = fit_size(face.row, 48, width, bold=True, mono=True)
    line = f"{face.step} · {face.end}"
    step_size = fit_size(line, 50, width, bold=True)
    end_colour = GREEN if face.verdict else VERMILLION
    return [
        f'<rect width="{SIZE[0]}" height="{BAND}" fill="{BLUE}"/>',
        text(PAD, 66, face.name, name_size, fill="#ffffff", **{"font-family": sans, "font-weight": "bold"}),
        text(SIZE[0] - PAD, 64, face.problem, LEAST, fill="#ffffff", **{"font-family": sans, "text-anchor": "end"}),
        text(PAD, 172, face.row, row_size, fill=INK, room=width, **{"font-family": MONO, "font-weight": "bold"}),
        f'<text x="{PAD}" y="240" font-size="{step_size:.1f}" font-family="{sans}" font-weight="bold" fill="{INK}"'
        + (f' textLength="{width}" lengthAdjust="spacingAndGlyphs"' if em_width(line, True) * step_size > width else "")
        + f'>{html.escape(face.step)} · <tspan fill="{end_colour}">{html.escape(face.end)}</tspan></text>',
    ]


def cell_width(columns: tuple[Column, ...]) -> float:
    """A cell's least width: room for its widest number (bold, at NUMBER px) and pile number, at least
    CELL's least."""
    widest = max(
        max(em_width(t, bold=True) * NUMBER for c in columns for t in c.texts),
        max(em_width(str(c.i)) * LEAST for c in columns),
    )
    return max(widest + 28, CELL[0])


class Layout(NamedTuple):
    """The grid as drawn: its columns, their width, and whether a "…" stands left and right of them."""

    columns: tuple[Column, ...]
    width: float
    left: bool
    right: bool


def layout(face: Face) -> Layout:
    """The columns that fit the grid's room at cell_width each, kept around the focus (dropping the one
    farther from it while too many), then widened up to CELL's greatest to fill the room."""
    columns, width = face.columns, cell_width(face.columns)
    room = SIZE[0] - 2 * PAD - NAMES_WIDTH - GAP

    def edges(kept: tuple[Column, ...]) -> tuple[bool, bool]:
        return face.more_left or kept[0] is not face.columns[0], face.more_right or kept[-1] is not face.columns[-1]

    while len(columns) > 1 and len(columns) * width + MORE * sum(edges(columns)) > room:
        away = [abs(c.i - face.focus) for c in (columns[0], columns[-1])]
        columns = columns[1:] if away[0] >= away[1] else columns[:-1]
    left, right = edges(columns)
    wide = (room - MORE * (left + right)) / len(columns)
    return Layout(columns, max(width, min(wide, CELL[1])), left, right)


def grid(face: Face) -> list[str]:
    """The step's cells: the row names, each shown column's pile number over its three cells (coloured
    by their role, the written one outlined over its neighbours), "…" where the row goes on past the
    window, and under them the legend of the step's roles."""
    sans, (columns, width, left, right) = SANS[face.lang], layout(face)
    x0 = PAD + NAMES_WIDTH + GAP + (MORE if left else 0)
    out, outlines = [], []
    for r, name in enumerate(face.names):
        y = CELLS_TOP + r * ROW_H + ROW_H / 2 + 0.36 * NAME
        out.append(text(PAD + NAMES_WIDTH, y, name, NAME, fill=INK, **{"font-family": sans, "text-anchor": "end"}))
        for edge, x in ((left, x0 - MORE / 2), (right, x0 + len(columns) * width + MORE / 2)):
            if edge:
                out.append(text(x, y, "…", NUMBER, fill=SOFT, **{"font-family": sans, "text-anchor": "middle"}))
    for k, column in enumerate(columns):
        x = x0 + k * width
        label = {"font-family": sans, "text-anchor": "middle"}
        out.append(text(x + width / 2, CELLS_TOP - 12, str(column.i), LEAST, fill=SOFT, **label))
        for r, (body, role) in enumerate(zip(column.texts, column.roles, strict=True)):
            out.extend(cell(x, CELLS_TOP + r * ROW_H, width, body, role))
            if role == "write":
                outlines.append(rect(x, CELLS_TOP + r * ROW_H, width, ROW_H, "none", INK, 5))
    return out + outlines + legend(face, x0)


def legend(face: Face, x: float) -> list[str]:
    """The step's roles under the grid, from x: a swatch of each role's colour and its name."""
    out, y = [], CELLS_TOP + 3 * ROW_H + 20
    for role, word in face.legend:
        out.append(rect(x, y, SWATCH, SWATCH, FILLS[role], INK, 2))
        out.append(text(x + SWATCH + 10, y + SWATCH - 4, word, LEAST, fill=INK, **{"font-family": SANS[face.lang]}))
        x += SWATCH + 10 + em_width(word) * LEAST + 36
    return out


def cell(x: float, y: float, width: float, body: str, role: Role) -> list[str]:
    """One cell: a box filled by its role and its number, bold, centred ("·" in grey)."""
    box = rect(x, y, width, ROW_H, FILLS[role], LINE, 2)
    if not body:
        return [box]
    attrs = {"font-family": SANS["en"], "text-anchor": "middle", "font-weight": "bold"}
    ink = SOFT if body == UNKNOWN else INK
    number = text(x + width / 2, y + ROW_H / 2 + 0.36 * NUMBER, body, NUMBER, fill=ink, room=width - 12, **attrs)
    return [box, number]


def card_svg(face: Face) -> str:
    """The card as SVG text, SIZE wide and high on white."""
    w, h = SIZE
    parts = [f'<rect width="{w}" height="{h}" fill="#ffffff"/>', *header(face), *grid(face)]
    body = "\n".join(parts)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">\n{body}\n</svg>\n'


def card_png(face: Face) -> bytes:
    """The card as PNG bytes, SIZE pixels (its SVG rasterised one pixel per unit)."""
    return vlc.svg_to_png(card_svg(face), scale=1.0)
