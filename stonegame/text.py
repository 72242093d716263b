"""Plain-text helpers every feature's words use: display width (wide CJK characters count two),
wrapping a sentence into lines, and the small typographic pieces of a formula.

Vega trims leading white space, non-breaking spaces included, so an indented formula line starts
with a zero-width space (ZWSP) before its non-breaking spaces (NBSP).
"""

from __future__ import annotations

import re
import unicodedata

NBSP = "\u00a0"
ZWSP = "\u200b"
SENTENCE_WIDTH = 60  # display columns per line of a step's sentence, on every page


def display_width(text: str) -> int:
    """Columns the text takes on screen: wide (CJK) characters count two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int = SENTENCE_WIDTH) -> list[str]:
    """Break text into lines of at most `width` display columns, at spaces where there are any."""
    lines, line = [], ""
    for word in _words(text):
        if line and display_width((line + word).rstrip()) > width:
            lines.append(line.rstrip())
            line = word.lstrip()
        else:
            line += word
    return [*lines, line.rstrip()] if line.strip() else lines


def wrapped(text: str, width: int = SENTENCE_WIDTH) -> str:
    """The text wrapped as wrap() does, its lines joined by newlines."""
    return "\n".join(wrap(text, width))


def _words(text: str) -> list[str]:
    """Text cut where a line may break: after spaces, and between wide characters."""
    words, word = [], ""
    for c in text:
        word += c
        if c == " " or unicodedata.east_asian_width(c) in "WF":
            words.append(word)
            word = ""
    return [*words, word] if word else words


def bracketed(x: object) -> str:
    """A number for a formula: negatives in parentheses so `12 − (-3)` reads right."""
    return f"({x})" if int(x) < 0 else str(x)


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
