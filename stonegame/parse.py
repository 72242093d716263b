"""Turn text a person typed or pasted into a row of piles, or say exactly what is wrong.

Accepted: LeetCode's `[1,2,3,7]`, plain `1,2,3,7`, spaces, tabs, newlines, semicolons, and what a
Chinese input method types (full-width digits, commas `，`, enumeration commas `、`, brackets `［］`,
the ideographic space, and the minus signs `－` and `−`). Nothing else is folded: `²` or `١` is
refused, not guessed at. One trailing separator is forgiven; an empty value between two
separators is not. Limits are LeetCode's: 1 to 50,000 values, each a whole number from -1000 to 1000.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from stonegame.terms import Lang

MIN_VALUE, MAX_VALUE = -1000, 1000
MAX_PILES = 50_000
MAX_TEXT = 1_000_000  # characters; longer text is refused before it is read

# Full-width ASCII (U+FF01..U+FF5E) and the ideographic space fold to ASCII; so do the other minus signs.
_FOLD = str.maketrans(
    {
        **{chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)},
        "\u3000": " ",
        "\u00a0": " ",
        "−": "-",
        "–": "-",
        "﹣": "-",
    }
)
_SEPARATOR = re.compile(r"[ \t\r\n]*[,;、][ \t\r\n]*|[ \t\r\n]+")  # one comma-like mark, or just spaces
_NUMBER = re.compile(r"[+-]?[0-9]+")


class ParseError(ValueError):
    """A ValueError that also carries what went wrong as a catalogue key and its fields."""

    def __init__(self, key: str, fields: dict[str, object]) -> None:
        self.key, self.fields = key, fields
        super().__init__(key)

    def __str__(self) -> str:
        return self.message("en")

    def message(self, lang: Lang) -> str:
        """The message in the given language."""
        from stonegame.i18n import t  # on demand: reading a row needs no catalogue until it goes wrong

        return t(self.key, lang, **self.fields)


class Token(NamedTuple):
    """One value's text as typed, and where it starts (1-based character position in the whole text)."""

    pos: int
    text: str


def _fail(key: str, **fields: object) -> ParseError:
    """The ParseError of catalogue key `key` with these fields."""
    return ParseError(key, fields)


def quoted(token: str) -> str:
    """A token cut short enough to quote in a message: its first 20 characters and "…"."""
    return token if len(token) <= 20 else token[:20] + "…"


def normalise(text: str) -> tuple[str, int]:
    """Fold full-width characters and minus signs, drop one pair of outer brackets and the space
    around them; return the body and how many characters before it were dropped."""
    folded = text.translate(_FOLD)
    body = folded.lstrip()
    skipped = len(folded) - len(body)
    body = body.rstrip()
    opened, closed = body.startswith("["), body.endswith("]")
    if opened != closed:
        raise _fail("err_brackets")
    if opened:
        inner = body[1:-1]
        skipped += 1 + len(inner) - len(inner.lstrip())
        body = inner.strip()
    return body, skipped


def tokens(text: str, offset: int = 0) -> list[Token]:
    """Split text at separators into Tokens, each at its 1-based character position + offset."""
    found, pos = [], 0
    for sep in _SEPARATOR.finditer(text):
        found.append(Token(offset + pos + 1, text[pos : sep.start()]))
        pos = sep.end()
    found.append(Token(offset + pos + 1, text[pos:]))
    if found and found[-1].text == "" and len(found) > 1:
        found.pop()  # one trailing separator: "1,2,3," means [1, 2, 3]
    return found


def _number(index: int, pos: int, token: str) -> int:
    """The token as an int, or ParseError naming it, its index and its position."""
    if token == "":
        raise _fail("err_empty_between", index=index, pos=pos)
    shown = quoted(token)
    if not _NUMBER.fullmatch(token):
        raise _fail("err_not_integer", index=index, pos=pos, token=shown)
    digits = token.lstrip("+-").lstrip("0")  # "0007" is 7; a long run of digits is never handed to int()
    if len(digits) > 4:
        raise _fail("err_range", index=index, pos=pos, token=shown, lo=MIN_VALUE, hi=MAX_VALUE)
    value = -int(digits or "0") if token.startswith("-") else int(digits or "0")
    if not MIN_VALUE <= value <= MAX_VALUE:
        raise _fail("err_range", index=index, pos=pos, token=shown, lo=MIN_VALUE, hi=MAX_VALUE)
    return value


def parse_values(text: str) -> list[int]:
    """The piles in `text`, or ValueError (a ParseError) saying what is wrong and where."""
    if len(text) > MAX_TEXT:
        raise _fail("err_too_long", length=len(text), limit=MAX_TEXT)
    bad = next((i for i, c in enumerate(text) if unicodedata.category(c) in ("Cc", "Cf") and c not in "\t\n\r"), None)
    if bad is not None:
        raise _fail("err_control", pos=bad + 1, code=f"U+{ord(text[bad]):04X}")
    body, offset = normalise(text)
    if not body:
        raise _fail("err_empty")
    pairs = tokens(body, offset)
    if len(pairs) > MAX_PILES:
        raise _fail("err_too_many", count=len(pairs), limit=MAX_PILES)
    return [_number(index, token.pos, token.text) for index, token in enumerate(pairs, start=1)]


def parse_whole(text: str, low: int, high: int) -> int | None:
    """One whole number typed into a box, read as parse_values reads a value (full-width digits and the
    other minus signs folded, the space around it dropped): None for a blank box; ParseError
    "err_whole_not_integer" or "err_whole_range" (fields token, lo, hi) for anything else that is not a
    whole number in low..high ("1e5", "--3", "5.0", "1,000" and 20 digits among them)."""
    body = text.translate(_FOLD).strip()
    if not body:
        return None
    shown, bound = quoted(body), {"lo": low, "hi": high}
    if not _NUMBER.fullmatch(body):
        raise _fail("err_whole_not_integer", token=shown, **bound)
    digits = body.lstrip("+-").lstrip("0")  # a long run of digits is never handed to int()
    if len(digits) > max(len(str(abs(low))), len(str(abs(high)))):
        raise _fail("err_whole_range", token=shown, **bound)
    value = -int(digits or "0") if body.startswith("-") else int(digits or "0")
    if not low <= value <= high:
        raise _fail("err_whole_range", token=shown, **bound)
    return value


def format_values(values: list[int]) -> str:
    """The canonical text of a row, `1,2,3,7`: what the URL carries and parse_values reads back."""
    return ",".join(map(str, values))
