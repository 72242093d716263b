"""Fuzzing the two doors user text comes in by: the row parser and the link reader (after the same
query-string decoding Streamlit does). 11,200 generated examples in all, under the `fuzz` marker;
the default `python -m pytest` runs them (select or skip them with `-m fuzz` / `-m "not fuzz"`).

The claims: whatever arrives, the parser returns a legal row or raises ParseError with a message in
both languages; read_link always returns a legal Link, and every problem it names renders as a
message with the user's token escaped; and every link the app writes reads back as the same state.
"""

from urllib.parse import parse_qs, quote, urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stonegame import ParseError, format_values, parse_values
from stonegame.i18n import CATALOGUE
from stonegame.link import KEYS, MAX_SEED, Link, read_link, write_link
from stonegame.parse import MAX_PILES, MAX_VALUE, MIN_VALUE
from stonegame.terms import CODES, LANGS
from stonegame.text import inert
from ui.state import as_text, notice_text

pytestmark = pytest.mark.fuzz

FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
EXAMPLES = {"garbage": 4000, "decorated": 1200, "params": 1500, "query": 1500, "written": 1000, "escape": 2000}
assert sum(EXAMPLES.values()) >= 10_000

# Characters that matter to the parser and to markdown, weighted in next to arbitrary Unicode.
TRICKY = (
    "0123456789+-−－–﹣,;、，［］[] \t\r\n\u3000\u00a0１２３.eExXbBoO_"
    "\x00\x1b\x0b\x85\u200b\u200e\u200f\u202e\ufeff\u2028١٢𝟏∞"
    "<>()`*_{}~$#|!:\\&=%?/'\"abcdefNaInfinity"
)
tricky_text = st.text(alphabet=TRICKY, max_size=40)
any_text = st.text(max_size=20)  # all of Unicode but surrogates, which no browser can send
texts = st.one_of(tricky_text, any_text)


def legal_row(values):
    return 1 <= len(values) <= MAX_PILES and all(MIN_VALUE <= v <= MAX_VALUE for v in values)


def check_message(err):
    """A ParseError's message exists in every language, with its fields filled in."""
    assert err.key in CATALOGUE
    for lang in LANGS:
        message = err.message(lang)
        token = str(err.fields.get("token", ""))
        assert message and "{" not in message.replace(token, "") and "}" not in message.replace(token, "")


@given(texts)
@settings(FUZZ, max_examples=EXAMPLES["garbage"])
def test_the_parser_returns_a_legal_row_or_says_why(text):
    try:
        values = parse_values(text)
    except ParseError as err:
        check_message(err)
    else:
        assert legal_row(values)
        assert parse_values(format_values(values)) == values


FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
separators = st.sampled_from([",", ", ", " ,", " ", "\n", "\r\n", "\t", ";", "，", "、", " ，\u3000", "\u00a0"])
minus = st.sampled_from(["-", "−", "－", "–", "﹣"])


@st.composite
def decorated_rows(draw):
    """A legal row written the ways a person (or LeetCode, or a Chinese IME) might write it."""
    values = draw(st.lists(st.integers(MIN_VALUE, MAX_VALUE), min_size=1, max_size=12))
    parts = []
    for v in values:
        digits = str(abs(v)).zfill(draw(st.integers(0, 4)))
        sign = draw(minus) if v < 0 else draw(st.sampled_from(["", "", "+"]))
        text = sign + digits
        parts.append(text.translate(FULL_WIDTH) if draw(st.booleans()) else text)
    body = parts[0]
    for part in parts[1:]:
        body += draw(separators) + part
    if draw(st.booleans()):
        body += draw(st.sampled_from([",", "，", ";", " ", "\n"]))  # one trailing separator is forgiven
    if draw(st.booleans()):
        open_, close = draw(st.sampled_from([("[", "]"), ("［", "］")]))
        space = draw(st.sampled_from(["", " ", "\n", "\u3000"]))
        body = f"{space}{open_}{space}{body}{space}{close}{space}"
    return values, body


@given(decorated_rows())
@settings(FUZZ, max_examples=EXAMPLES["decorated"])
def test_every_documented_way_of_writing_a_row_reads_the_same(case):
    values, text = case
    assert parse_values(text) == values


param_values = st.one_of(
    texts,
    st.integers(-5, 99).map(str),
    st.sampled_from(["", "0", "1", "9", "en", "zh", "py", "java", "3", "5", "total", "diff", "1,2,3,7"]),
    st.sampled_from(["50001", "2147483647", "2147483648", "9" * 30, "-0", "+1", "1e3", "٣"]),
)
params = st.dictionaries(
    st.one_of(st.sampled_from(KEYS), st.sampled_from(["", "VALUES", "embed", "__proto__", "x"])),
    st.lists(param_values, min_size=1, max_size=3),
    max_size=6,
)


def check_link(link):
    """The Link is legal whatever the link said, and every problem renders, tokens as plain text."""
    assert legal_row(link.values)
    assert 0 <= link.step <= 2 * len(link.values) + 1
    assert link.lang in LANGS and link.code in CODES
    if link.random is not None:
        piles, seed = link.random
        assert len(link.values) == piles and 0 <= seed <= MAX_SEED
    for p in link.problems:
        assert p.param in KEYS and p.key in CATALOGUE and p.fallback in CATALOGUE
        notice = ("bad_url", {"param": p.param, "reason": (p.key, p.fields), "fallback": (p.fallback, {"step": 0})})
        for lang in LANGS:
            shown = notice_text(notice, lang)
            token = p.fields.get("token")
            assert token is None or inert(token) in shown  # a code span: its characters, no markup


@given(params)
@settings(FUZZ, max_examples=EXAMPLES["params"])
def test_read_link_always_gives_a_legal_state(query):
    check_link(read_link(query))


query_chunk = st.one_of(
    st.sampled_from(["values=", "step=", "lang=", "code=", "random=", "seed=", "k=", "form=", "&", "=", "+", "%"]),
    st.text(alphabet=st.sampled_from("0123456789,-[]%20%2C%3C%00%FF%E2%80%AEabc"), max_size=12),
    texts.map(quote),
    st.binary(max_size=8).map(lambda b: "".join(f"%{x:02X}" for x in b)),  # bytes that may not be UTF-8
)


@given(st.lists(query_chunk, max_size=12).map("".join))
@settings(FUZZ, max_examples=EXAMPLES["query"])
def test_any_query_string_decodes_to_a_legal_state(query_string):
    """Decoded exactly as Streamlit decodes it (parse_qs with blank values kept; invalid UTF-8 is
    replaced), then read by the app's link reader."""
    check_link(read_link(parse_qs(query_string, keep_blank_values=True)))


@given(
    st.lists(st.integers(MIN_VALUE, MAX_VALUE), min_size=1, max_size=60),
    st.data(),
    st.sampled_from(LANGS),
    st.sampled_from(CODES),
)
@settings(FUZZ, max_examples=EXAMPLES["written"])
def test_links_the_app_writes_read_back_as_the_same_state(values, data, lang, code):
    step = data.draw(st.integers(0, 2 * len(values) + 1))
    written = write_link(Link(values, None, step, lang, code))
    link = read_link(parse_qs(urlencode(written), keep_blank_values=True))
    assert (link.values, link.step, link.lang, link.code, link.problems) == (values, step, lang, code, ())


LIVE = set("<>[]`*_${}~\\")


@given(texts)
@settings(FUZZ, max_examples=EXAMPLES["escape"])
def test_as_text_escapes_every_markup_character(text):
    """Every live character comes out behind a backslash, and taking the backslashes out gives back
    exactly what the user typed."""
    escaped = as_text(text)
    out, i = [], 0
    while i < len(escaped):
        if escaped[i] == "\\":
            out.append(escaped[i + 1])
            i += 2
        else:
            assert escaped[i] not in LIVE, (text, escaped)
            out.append(escaped[i])
            i += 1
    assert "".join(out) == text
