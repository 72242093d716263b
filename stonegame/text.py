"""Plain-text helpers every feature's words use: display width (wide CJK characters count two),
wrapping a sentence into lines, and the small typographic pieces of a formula.

Vega trims leading white space, non-breaking spaces included, so an indented formula line starts
with a zero-width space (ZWSP) before its non-breaking spaces (NBSP).
"""

from __future__ import annotations

import functools
import numbers
import re
import string
import unicodedata
from collections.abc import Mapping
from typing import NamedTuple

NBSP = "\u00a0"
ZWSP = "\u200b"
SENTENCE_WIDTH = 60  # display columns per line of a step's sentence, on every page


def display_width(text: str) -> int:
    """Columns the text takes on screen: wide (CJK) characters count two (none in ASCII text)."""
    return len(text) if text.isascii() else sum(2 if _wide(c) else 1 for c in text)


# Chinese line-breaking rules (kinsoku), as Chinese typesetting (CLREQ) and CSS `line-break` apply them:
# a line never starts with a closing mark, nor ends with an opening one. The ASCII ones are here for the
# formulas inside Chinese sentences; "——" and "……" are never split, being closers themselves.
NO_LINE_START = frozenset("。，、；：？！．）」』】》〉〕］｝”’…‥—·％%)]},.:;!?")
NO_LINE_END = frozenset("（「『【《〈〔［｛“‘([{")
NUMBER_BEFORE = frozenset("第约共")  # a word that stays with the number after it: 第 3 步
MIN_LINE = 2  # letters (not spaces, not punctuation) a line holds at least, when the text has that many


def wrap(text: str, width: int = SENTENCE_WIDTH) -> list[str]:
    """Break text into lines of at most `width` display columns (a piece that cannot be broken and is
    wider stands alone), at spaces and between wide characters, following Chinese line-breaking rules:
    no line starts with a closing mark or ends with an opening one, a number stays with the unit after
    it, and the last line is never a single character (it takes pieces from the line above)."""
    lines: list[list[str]] = [[]]
    line = ""  # the last line so far, and its width
    wide = 0
    for unit in _units(text):
        longer = line + unit
        stripped = longer.rstrip()
        if lines[-1] and wide + display_width(unit) - display_width(longer[len(stripped) :]) > width:
            lines.append([])
            line, wide = "", 0
        lines[-1].append(unit)
        line, wide = line + unit, wide + display_width(unit)
    return [line for line in ("".join(units).strip() for units in _without_runt(lines, width)) if line]


def wrapped(text: str, width: int = SENTENCE_WIDTH) -> str:
    """The text wrapped as wrap() does, its lines joined by newlines."""
    return "\n".join(wrap(text, width))


def letters(text: str) -> int:
    """How many characters of the text are neither space nor punctuation (nor a math sign)."""
    return sum(1 for c in text if not c.isspace() and unicodedata.category(c)[0] not in "PSZ")


def _without_runt(lines: list[list[str]], width: int) -> list[list[str]]:
    """The lines, the last one given pieces from the end of the one above until it holds MIN_LINE
    letters, as long as it still fits `width` and the line above keeps a piece."""
    while len(lines) > 1 and letters("".join(lines[-1])) < MIN_LINE and len(lines[-2]) > 1:
        moved = [lines[-2][-1], *lines[-1]]
        if display_width("".join(moved).strip()) > width:
            break
        lines = [*lines[:-2], lines[-2][:-1], moved]
    return lines


def _units(text: str) -> list[str]:
    """Text cut where a line may break (_pieces), then glued back where the rules forbid a break."""
    units: list[str] = []
    for piece in _pieces(text):
        if units and _no_break(units[-1], piece):
            units[-1] += piece
        else:
            units.append(piece)
    return units


def _no_break(left: str, right: str) -> bool:
    """Whether a line may not break between two pieces: before a closing mark, after an opening one,
    between a number and the wide character after it (its unit: 3 堆), or after 第 before a number."""
    last, first = left.rstrip()[-1:], right[:1]
    return (
        first in NO_LINE_START
        or last in NO_LINE_END
        or (last.isdigit() and _wide(first))
        or (last in NUMBER_BEFORE and first.isdigit())
    )


ASCII_PIECE = re.compile(r" +|[^ ]+ *")  # _pieces of ASCII text (no wide characters): words with their spaces


def _pieces(text: str) -> list[str]:
    """Text cut where a line may break: after spaces (which stay with the piece before them), and
    between wide characters (ASCII text has none: its words, each with the spaces after it)."""
    if text.isascii():
        return ASCII_PIECE.findall(text)
    pieces, piece = [], ""
    for c in text:
        if c == " " and not piece and pieces:
            pieces[-1] += c
            continue
        piece += c
        if c == " " or _wide(c):
            pieces.append(piece)
            piece = ""
    return [*pieces, piece] if piece else pieces


def _wide(c: str) -> bool:
    """Whether the character is wide (CJK): two columns on screen."""
    return unicodedata.east_asian_width(c) in "WF"


def bracketed(x: object) -> str:
    """A number for a formula: negatives in parentheses so `12 − (-3)` reads right."""
    return f"({x})" if int(x) < 0 else str(x)


# A sentence's field right after one of these is the right operand of a sum or a difference: a
# negative one is written in parentheses, `5 − (-6) = 11`, never `5 − -6 = 11`.
OPERATOR_BEFORE = ("− ", "+ ", "- ", "× ")
# English nouns a count comes before: after a count of exactly 1 the singular ("1 pile left")
SINGULAR = {
    "piles": "pile",
    "steps": "step",
    "frames": "frame",
    "calls": "call",
    "nodes": "node",
    "rows": "row",
    "moves": "move",
    "points": "point",
    "questions": "question",
    "turns": "turn",
    "games": "game",
}
_PLURAL_AFTER = re.compile(r"^ (" + "|".join(SINGULAR) + r")\b")
_FORMATTER = string.Formatter()


class _Part(NamedTuple):
    """A piece of a sentence template: its literal text (and that text after a count of 1), then the
    field after it (name, conversion, spec) and whether that field is an operand (OPERATOR_BEFORE)."""

    literal: str
    after_one: str
    name: str | None
    conversion: str | None
    spec: str
    operand: bool


@functools.lru_cache(maxsize=4096)
def _plan(template: str) -> tuple[_Part, ...] | None:
    """The template cut into _Parts, or None when no field is an operand and no literal starts with a
    counted noun (then str.format fills it as it is)."""
    parts = tuple(
        _Part(
            literal,
            _PLURAL_AFTER.sub(lambda m: " " + SINGULAR[m.group(1)], literal),
            name,
            conversion,
            spec or "",
            name is not None and literal.endswith(OPERATOR_BEFORE),
        )
        for literal, name, spec, conversion in _FORMATTER.parse(template)
    )
    special = any(p.operand or p.after_one != p.literal for p in parts)
    return parts if special else None


def number_word(value: object) -> bool:
    """Whether a field's value is a whole number (a Python or NumPy int, not a bool)."""
    if isinstance(value, str | float | bool):
        return False
    return isinstance(value, int | numbers.Integral)


def fill(template: str, fields: Mapping[str, object]) -> str:
    """template.format(**fields), except that a whole-number field right after an operator
    (OPERATOR_BEFORE) is in parentheses when negative (`5 − (-6) = 11`, see bracketed), and a counted
    English noun right after a field equal to 1 is singular ("1 pile left", SINGULAR)."""
    plan = _plan(template)
    if plan is None:
        return template.format(**fields)
    out: list[str] = []
    one = False
    for part in plan:
        out.append(part.after_one if one else part.literal)
        one = False
        if part.name is None:
            continue
        value = fields[part.name] if part.name in fields else _FORMATTER.get_field(part.name, (), fields)[0]
        if part.conversion:
            value = _FORMATTER.convert_field(value, part.conversion)
        text = format(value, part.spec.format(**fields) if "{" in part.spec else part.spec)
        if number_word(value):
            one = value == 1
            if part.operand and value < 0:
                text = f"({text})"
        out.append(text)
    return "".join(out)


def two_lines(left: str, symbols: str, numbers: str) -> str:
    """`left = symbols`, and below it `= numbers` with its = under the first, e.g.
    dp[1] = suffix[1] − min(dp[2], dp[3], dp[4])
          = 12 − min(10, 7, 0) = 12"""
    return f"{left} = {symbols}\n{ZWSP}{NBSP * (len(left) + 1)}= {numbers}"


def span(i: int, take: int) -> str:
    """The piles a take of `take` from pile i removes: "4", or "4–6"."""
    return f"{i}" if take == 1 else f"{i}–{i + take - 1}"


ROW_SHOWN = 40  # piles: a page prints a row of at most this many piles in full, and summarises a longer one


# Characters a user's text may not bring onto the page as they are: controls (line breaks and tabs
# included), format characters (bidi overrides and isolates, zero-width marks, BOM), line and paragraph
# separators, surrogates, private-use and unassigned code points.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def visible(text: str) -> str:
    """text with every character of HIDDEN_CATEGORIES written as its escape (\\u202e, \\U000e0001), so
    it can neither reorder, break nor hide the line it is shown in."""
    return "".join(
        (f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}")
        if unicodedata.category(c) in HIDDEN_CATEGORIES
        else c
        for c in text
    )


# Markdown's ASCII punctuation, every character of which a backslash makes literal
_MARKUP = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:&@])")
# Where GFM's literal autolinks start: "www.", "scheme://" and "local@domain" (backslash escapes do not
# stop them: they are found in the text once the escapes are resolved)
_LINK_START = re.compile(r"(?i)(?<=www)(?=\.)|(?<=:)(?=/)|(?=@)")
WORD_JOINER = "\u2060"  # invisible, and no character of a URL or an e-mail address


def inert(value: object) -> str:
    """A user's token as markdown that shows exactly its characters, as plain text: visible() first
    (no line break, tab or bidi control is left), then an invisible WORD_JOINER where a literal
    autolink would start (after "www", between ":" and "/", before "@"), then every markdown
    punctuation character backslash-escaped. No link, emphasis, code, HTML, math, directive, entity
    or block can come of it."""
    joined = _LINK_START.sub(WORD_JOINER, visible(str(value)))
    return _MARKUP.sub(r"\\\1", joined)
