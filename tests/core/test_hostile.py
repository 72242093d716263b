"""Hostile input, typed or linked. Each case in the two tables gets a clear message or a documented
fallback, never a traceback, and nothing a user sends comes back as live HTML or markdown.

Every row of HOSTILE is tried four ways: by the parser, by read_link as `?values=…`, typed into the
app (AppTest: the app keeps the last good row and shows one warning) and linked to the app (AppTest,
a fresh session per case). LINKS holds what only a URL can carry: step, lang, code, random, seed,
repeated and unknown keys, and query strings too big for Streamlit to read.

What the server itself does with a URL it will not read (HTTP 400) is tested in the browser suite,
tests/e2e/test_hostile_browser.py, and written down in docs/security.md.
"""

import ast
import functools
import importlib
import time
from urllib.parse import urlencode

import pytest
from streamlit.components.v2 import manifest_scanner
from streamlit.testing.v1 import AppTest

from stonegame import ParseError, parse_values
from stonegame.i18n import CATALOGUE
from stonegame.link import DEFAULT_VALUES, read_link
from stonegame.parse import MAX_PILES, MAX_TEXT
from stonegame.text import inert as shown_as_text
from tests.apptest_helpers import ENTRY, ROOT, stage
from ui.state import notice_text

GOOD = [1, 2, 3, -9]  # the last good row the typed cases must leave in place
# Streamlit reads no query string longer than this (characters, once URL-encoded) or with more than
# 1,000 parameters: the app then sees no parameters at all (streamlit/runtime/state/query_params.py).
STREAMLIT_QUERY_LIMIT = 512 * 1024
IGNORED = "ignored"  # the app never sees the query string: the default row, no warning

# (name, text, what the parser answers: a ParseError key, or the row it documents accepting)
HOSTILE = [
    # too long
    ("50,001 values", ",".join(["1"] * (MAX_PILES + 1)), "err_too_many"),
    ("a million and one characters", "1" * (MAX_TEXT + 1), "err_too_long"),
    ("a 5,000-digit number", "9" * 5000, "err_range"),
    # out of range
    ("1001", "1001", "err_range"),
    ("-1001", "-1001", "err_range"),
    ("out of range late in a row", "5," * 10 + "1001", "err_range"),
    ("leading zeros are only zeros", "0000001,-0001000,+007", [1, -1000, 7]),
    ("leading zeros do not hide a big number", "00001001", "err_range"),
    # floats, exponents, other bases, not-a-number
    ("a decimal", "1.5", "err_not_integer"),
    ("a whole decimal", "1.0", "err_not_integer"),
    ("a bare fraction", ".5", "err_not_integer"),
    ("exponent notation", "1e3", "err_not_integer"),
    ("signed exponent", "1E+2", "err_not_integer"),
    ("hex", "0x1F", "err_not_integer"),
    ("binary", "0b101", "err_not_integer"),
    ("octal", "0o17", "err_not_integer"),
    ("Python's digit separator", "1_000", "err_not_integer"),
    ("NaN", "NaN", "err_not_integer"),
    ("infinity", "1,2,-Infinity", "err_not_integer"),
    ("the infinity sign", "∞", "err_not_integer"),
    ("null", "null", "err_not_integer"),
    # brackets
    ("unclosed bracket", "[1,2,3", "err_brackets"),
    ("unopened bracket", "1,2,3]", "err_brackets"),
    ("doubled brackets", "[[1,2]]", "err_not_integer"),
    ("round brackets", "(1,2)", "err_not_integer"),
    ("braces", "{1,2}", "err_not_integer"),
    ("brackets back to front", "]1,2[", "err_not_integer"),
    # separators
    ("doubled comma", "1,,2", "err_empty_between"),
    ("leading comma", ",1,2", "err_empty_between"),
    ("doubled semicolon", "1;;2", "err_empty_between"),
    ("comma space comma", "1, ,2", "err_empty_between"),
    ("two trailing commas", "1,2,3,,", "err_empty_between"),
    ("only commas", ",,,", "err_empty_between"),
    ("only spaces", "   \t ", "err_empty"),
    ("empty brackets", "[ ]", "err_empty"),
    ("Windows line ends", "1 , 2\r\n3", [1, 2, 3]),
    # control characters
    ("NUL", "1,\x002", "err_control"),
    ("ANSI colour codes", "\x1b[31m1\x1b[0m", "err_control"),
    ("vertical tab", "1\x0b2", "err_control"),
    ("next line (C1)", "1\x852", "err_control"),
    ("zero-width space", "1\u200b,2", "err_control"),
    ("byte order mark", "\ufeff1,2", "err_control"),
    # right-to-left and other odd Unicode
    ("right-to-left override", "\u202e1,2,3", "err_control"),
    ("right-to-left mark", "1,\u200f2", "err_control"),
    ("Arabic-Indic digits", "١,٢,٣", "err_not_integer"),
    ("Devanagari digits", "१२", "err_not_integer"),
    ("mathematical bold digits", "𝟏,𝟐", "err_not_integer"),
    ("a hyphen for a minus", "‐1", "err_not_integer"),
    ("Unicode line separator", "1\u20282", "err_not_integer"),
    ("a roman numeral", "Ⅻ", "err_not_integer"),
    ("an emoji", "🪨", "err_not_integer"),
    ("a combining accent", "1\u0301", "err_not_integer"),
    ("full-width digits (folded, documented)", "１，２，３", [1, 2, 3]),
    ("no-break spaces (folded, documented)", "1\u00a02", [1, 2]),
    # HTML, script, markdown, templates
    ("a script tag", "<script>alert(1)</script>", "err_not_integer"),
    ("an img onerror", "<img src=x onerror=alert(1)>", "err_not_integer"),
    ("an svg onload", "<svg/onload=alert(1)>", "err_not_integer"),
    ("a javascript: markdown link", "1,[x](javascript:alert(1))", "err_not_integer"),
    ("markdown bold", "**1**", "err_not_integer"),
    ("a Streamlit colour directive", ":red[1] 2", "err_not_integer"),
    ("LaTeX", "$\\frac{1}{2}$", "err_not_integer"),
    ("an HTML entity", "&lt;b&gt;", "err_not_integer"),
    ("a template", "{{7*7}}", "err_not_integer"),
    ("percent-encoded markup", "%3Cscript%3E", "err_not_integer"),
    ("backticks", "`rm -rf /`", "err_not_integer"),
    ("Python", "__import__('os').system('id')", "err_not_integer"),
    # SQL-looking text
    ("DROP TABLE", "1; DROP TABLE piles; --", "err_not_integer"),
    ("OR 1=1", "1 OR 1=1", "err_not_integer"),
    ("quotes", "' OR ''='", "err_not_integer"),
]
IDS = [name for name, _, _ in HOSTILE]
assert len(HOSTILE) >= 40 and len(set(IDS)) == len(IDS)

# (name, query parameters, the problems the app names as (param, key), and the state it opens:
#  values (None: the default row), step, lang, code). IGNORED: Streamlit drops the whole query.
LINKS = [
    ("negative step", {"values": "1,2,3,-9", "step": "-1"}, [("step", "err_url_step")], (GOOD, 0, "en", "py")),
    ("minus zero step", {"step": "-0"}, [("step", "err_url_step")], (None, 0, "en", "py")),
    ("huge step", {"step": "9" * 30}, [("step", "err_url_step")], (None, 0, "en", "py")),
    ("step past the verdict", {"values": "1,2,3,-9", "step": "10"}, [("step", "err_url_step")], (GOOD, 0, "en", "py")),
    ("step at the verdict", {"values": "1,2,3,-9", "step": "9"}, [], (GOOD, 9, "en", "py")),
    ("step in words", {"step": "three"}, [("step", "err_url_step")], (None, 0, "en", "py")),
    ("step as exponent", {"step": "1e1"}, [("step", "err_url_step")], (None, 0, "en", "py")),
    ("step as decimal", {"step": "1.5"}, [("step", "err_url_step")], (None, 0, "en", "py")),
    ("step with a plus", {"step": "+3"}, [("step", "err_url_step")], (None, 0, "en", "py")),
    ("step with a space", {"step": " 3"}, [("step", "err_url_step")], (None, 0, "en", "py")),
    ("step in Arabic digits", {"step": "٣"}, [("step", "err_url_step")], (None, 0, "en", "py")),
    ("empty step", {"step": ""}, [("step", "err_url_step")], (None, 0, "en", "py")),
    ("step as markup", {"step": "<b>3</b>"}, [("step", "err_url_step")], (None, 0, "en", "py")),
    ("unknown lang", {"lang": "fr"}, [("lang", "err_url_lang")], (None, 0, "en", "py")),
    ("lang in capitals", {"lang": "ZH"}, [("lang", "err_url_lang")], (None, 0, "en", "py")),
    ("lang with a region", {"lang": "zh-CN"}, [("lang", "err_url_lang")], (None, 0, "en", "py")),
    ("lang as script", {"lang": "<script>alert(1)</script>"}, [("lang", "err_url_lang")], (None, 0, "en", "py")),
    ("unknown code", {"code": "cobol"}, [("code", "err_url_code")], (None, 0, "en", "py")),
    ("no piles at random", {"random": "0"}, [("random", "err_url_random")], (None, 0, "en", "py")),
    ("too many piles at random", {"random": "50001"}, [("random", "err_url_random")], (None, 0, "en", "py")),
    ("negative seed", {"random": "5", "seed": "-1"}, [("seed", "err_url_seed")], (None, 0, "en", "py")),
    ("seed past 2**31-1", {"random": "5", "seed": "2147483648"}, [("seed", "err_url_seed")], (None, 0, "en", "py")),
    ("values win over random", {"values": "1,2,3,-9", "random": "5"}, [], (GOOD, 0, "en", "py")),
    ("repeated values", {"values": ["1,2", "3"]}, [("values", "err_url_repeated")], (None, 0, "en", "py")),
    ("repeated step", {"step": ["1", "2"]}, [("step", "err_url_repeated")], (None, 0, "en", "py")),
    ("repeated lang", {"lang": ["zh", "zh", "en"]}, [("lang", "err_url_repeated")], (None, 0, "en", "py")),
    (
        "unknown keys are ignored",
        {"foo": "bar", "__proto__": "x", "VALUES": "9", "utm_source": "<b>"},
        [],
        (None, 0, "en", "py"),
    ),
    (
        "two bad parameters, two warnings",
        {"values": "<script>", "lang": "[x](javascript:1)", "code": "java"},
        [("values", "err_not_integer"), ("lang", "err_url_lang")],
        (None, 0, "en", "java"),
    ),
    ("a 600,000-character values", {"values": "1," * 150_000}, IGNORED, None),  # 600,007 once encoded
    ("a 1 MB query string", {"values": "1," * 500_000}, IGNORED, None),
    ("1,001 parameters", {"values": "1,2,3,-9", "x": ["1"] * 1001}, IGNORED, None),
]
LINK_IDS = [name for name, *_ in LINKS]


@pytest.fixture(scope="module", autouse=True)
def _scan_installed_components_once():
    """Every AppTest.run() scans all installed packages for Streamlit components (~0.5 s of its ~0.6 s
    here); the answer cannot change during a test run, so it is looked up once for this module."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            manifest_scanner,
            "scan_component_manifests",
            functools.cache(manifest_scanner.scan_component_manifests),
        )
        yield


def q(params):
    """Query parameters as read_link takes them: every value a list."""
    return {k: v if isinstance(v, list) else [v] for k, v in params.items()}


def encoded_length(params):
    """How long the query string is once the browser (or AppTest) URL-encodes it."""
    return len(urlencode(q(params), doseq=True))


def inert(shown, token):
    """Whether a user's token reaches this markdown only as plain text: as stonegame.text.inert writes
    it (its hidden characters as escapes, inside a code span of its own), and nowhere else."""
    if not token:  # the message names no token
        return True
    plain = shown_as_text(token)
    return plain in shown and (token in plain or token not in shown.replace(plain, ""))


def expected_warning(key, fields, param=None, fallback=None):
    """The warning the app shows for a parse problem, typed (param None) or linked."""
    if param is None:
        return notice_text(("bad_input", {"reason": (key, fields)}), "en")
    return notice_text(
        ("bad_url", {"param": param, "reason": (key, fields), "fallback": (fallback, {"step": 0})}), "en"
    )


# --- the parser and read_link ----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "text", "answer"), HOSTILE, ids=IDS)
def test_parser_answers_every_case_in_words(name, text, answer):
    started = time.perf_counter()
    if isinstance(answer, list):
        assert parse_values(text) == answer
    else:
        with pytest.raises(ParseError) as caught:
            parse_values(text)
        err = caught.value
        assert err.key == answer, (err.key, err.fields)
        for lang in ("en", "zh"):
            message = err.message(lang)
            assert message and "{" not in message.replace(str(err.fields.get("token", "")), "")
        token = str(err.fields.get("token", ""))
        assert len(token) <= 21, "a token is quoted at most 20 characters long (and an ellipsis)"
    assert time.perf_counter() - started < 5, "even a million characters are answered at once"


@pytest.mark.parametrize(("name", "text", "answer"), HOSTILE, ids=IDS)
def test_read_link_answers_every_case_with_a_fallback(name, text, answer):
    link = read_link({"values": [text]})
    if isinstance(answer, list):
        assert (link.values, link.problems) == (answer, ())
        return
    (problem,) = link.problems
    assert (problem.param, problem.key, problem.fallback) == ("values", answer, "fallback_default")
    assert link.values == DEFAULT_VALUES and link.step == 0


def test_a_lone_surrogate_is_refused_by_the_parser():
    """A browser cannot send one (it becomes U+FFFD), but the parser still answers in words."""
    with pytest.raises(ParseError) as caught:
        parse_values("1,\ud800")
    assert caught.value.key == "err_not_integer"


@pytest.mark.parametrize(("name", "params", "problems", "state"), LINKS, ids=LINK_IDS)
def test_read_link_names_every_url_problem(name, params, problems, state):
    if problems == IGNORED:  # read_link would see these, but Streamlit never hands them over
        assert encoded_length(params) > STREAMLIT_QUERY_LIMIT or sum(len(q(params)[k]) for k in q(params)) > 1000
        return
    link = read_link(q(params))
    assert [(p.param, p.key) for p in link.problems] == problems
    values, step, lang, code = state
    assert (link.values, link.step, link.lang, link.code) == (values or DEFAULT_VALUES, step, lang, code)
    for p in link.problems:
        assert p.key in CATALOGUE and p.fallback in CATALOGUE


# --- the app, typed ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def typed_app():
    """One AppTest session for all typed cases: each case first re-applies the good row."""
    return AppTest.from_file(ENTRY, default_timeout=60).run()


def submit(at, text):
    at.text_area(key="explainer_row_text").set_value(text)
    at.form_submit_button[0].click()
    return at.run()


def assert_safe(at):
    """No traceback, no error box, and no HTML but the app's own constant style blocks."""
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    for html in at.get("html"):
        assert html.proto.body in app_constants().values() and not html.proto.unsafe_allow_javascript
    assert not any(m.proto.allow_html for m in at.markdown), "no markdown with HTML allowed"


@pytest.mark.parametrize(("name", "text", "answer"), HOSTILE, ids=IDS)
def test_typed_case_keeps_the_last_good_row_and_says_why(typed_app, name, text, answer):
    at = submit(typed_app, "[1,2,3,-9]")
    assert at.session_state["values"] == GOOD and not at.warning
    at = submit(at, text)
    assert_safe(at)
    warnings = [w.value for w in at.warning]
    if isinstance(answer, list):
        assert warnings == [] and at.session_state["values"] == answer
        return
    with pytest.raises(ParseError) as caught:
        parse_values(text)
    err = caught.value
    assert warnings == [expected_warning(err.key, err.fields)]
    assert inert(warnings[0], str(err.fields.get("token", ""))), warnings[0]
    assert at.session_state["values"] == GOOD
    assert stage(at)["last"] == 2 * len(GOOD) + 1  # still drawing the good row


# --- the app, linked ---------------------------------------------------------------------------------


def open_link(params, timeout=60):
    """A fresh session opening the entry page with these query parameters."""
    at = AppTest.from_file(ENTRY, default_timeout=timeout)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


def check_link(at, params, problems, state):
    """The app shows exactly these problems as warnings, each the link's own problem with its token
    escaped, and opens at this state."""
    assert_safe(at)
    warnings = [w.value for w in at.warning]
    if problems == IGNORED:
        assert warnings == []
        values, step, lang, code = DEFAULT_VALUES, 0, "en", "py"
    else:
        found = read_link(q(params)).problems
        assert [(p.param, p.key) for p in found] == problems
        assert warnings == [expected_warning(p.key, p.fields, p.param, p.fallback) for p in found]
        for shown, p in zip(warnings, found, strict=True):
            assert shown.startswith(f"The link's {p.param} is not valid: "), shown
            assert inert(shown, str(p.fields.get("token", ""))), shown
        values, step, lang, code = state
    got = at.session_state
    assert (got["values"], got["step"], got["lang"], got["code"]) == (values or DEFAULT_VALUES, step, lang, code)
    data = stage(at)
    assert data["frames"][data["start"]]["status"].startswith(f"Step {step} of ")


@pytest.mark.parametrize(("name", "text", "answer"), HOSTILE, ids=IDS)
def test_linked_case_falls_back_and_says_why(name, text, answer):
    params = {"values": text}
    if encoded_length(params) > STREAMLIT_QUERY_LIMIT:
        check_link(open_link(params), params, IGNORED, None)
    elif isinstance(answer, list):
        check_link(open_link(params), params, [], (answer, 0, "en", "py"))
    else:
        check_link(open_link(params), params, [("values", answer)], (None, 0, "en", "py"))


@pytest.mark.parametrize(("name", "params", "problems", "state"), LINKS, ids=LINK_IDS)
def test_linked_parameters_fall_back_and_say_why(name, params, problems, state):
    check_link(open_link(params), params, problems, state)


WJ = "\u2060"  # the word joiner inert puts where a literal autolink would start


@pytest.mark.parametrize(
    ("token", "markdown"),
    [
        ("https://ev.il/login", f"https\\:{WJ}//ev\\.il/login"),
        ("www.ev.il/a", f"www{WJ}\\.ev\\.il/a"),
        ("me@ev.il", f"me{WJ}\\@ev\\.il"),
        ("x\n\n    PRESS F5", "x\\\\u000a\\\\u000a    PRESS F5"),  # the line breaks shown as \u000a
        ("abc\u202edef", "abc\\\\u202edef"),
        ("a\u2066b\u200bc\td\ufeff", "a\\\\u2066b\\\\u200bc\\\\u0009d\\\\ufeff"),
        ("\U000e0041", "\\\\U000e0041"),  # a tag character (Cf) beyond the BMP
        ("**b** `c` $x$ :red[r] &lt;", "\\*\\*b\\*\\* \\`c\\` \\$x\\$ \\:red\\[r\\] \\&lt;"),
    ],
)
def test_a_token_is_shown_as_its_characters(token, markdown):
    assert shown_as_text(token) == markdown


def test_markup_in_a_link_reaches_the_page_only_escaped():
    at = open_link({"values": "<script>alert(1)</script>", "lang": "<img src=x onerror=alert(1)>"})
    shown = " ".join(w.value for w in at.warning)
    assert "“\\<script\\>alert\\(1\\)\\</sc…”" in shown  # the first 20 characters, every one inert
    assert "“\\<img src=x onerror=a…”" in shown
    assert "<script" not in shown.replace("\\<script", "") and "<img" not in shown.replace("\\<img", "")


# --- the code: nothing a user controls can reach HTML -------------------------------------------------


def app_sources():
    return [
        ROOT / "streamlit_app.py",
        ROOT / "explainer.py",
        *sorted((ROOT / "pages").glob("*.py")),
        *sorted((ROOT / "ui").rglob("*.py")),
    ]


@functools.cache
def app_constants():
    """Every module-level name of the app's UI code bound once to a string literal or to an f-string
    of literals and other module-level names, by (file, name): values fixed at import, before any
    visitor has sent anything."""
    found = {}
    for path in app_sources():
        body = ast.parse(path.read_text(encoding="utf-8")).body
        module_names = {
            t.id for node in body if isinstance(node, ast.Assign) for t in node.targets if isinstance(t, ast.Name)
        } | {  # names imported from the app's own core: constants of its code, never a visitor's text
            a.asname or a.name
            for node in body
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("stonegame")
            for a in node.names
        }
        for node in body:
            if isinstance(node, ast.Assign) and _import_time_text(node.value, module_names):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        found[path.name, target.id] = _value(path, target.id, node.value)
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.DictComp):
                # a table of texts made at import (e.g. ladder.TAB_STYLES): each entry, as NAME[key]
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        table = _value(path, target.id, node.value)
                        if all(isinstance(v, str) for v in table.values()):
                            found.update({(path.name, f"{target.id}[{key!r}]"): v for key, v in table.items()})
    return found


def _value(path, name, value):
    """The text a module-level name holds: the literal itself, or the imported ui module's attribute."""
    if isinstance(value, ast.Constant):
        return value.value
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    assert module.startswith("ui."), f"{path.name}: {name} is built at import; only ui modules may do that"
    return getattr(importlib.import_module(module), name)


def _import_time_text(value, module_names):
    """Whether an expression is a string literal, or an f-string whose every name is a module-level one
    (a comprehension's own loop variables included), or a literal's `.replace(...)` with literals and
    module-level names."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, str)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "replace":
        return _import_time_text(value.func.value, module_names) and all(
            _import_time_text(arg, module_names) or (isinstance(arg, ast.Name) and arg.id in module_names)
            for arg in value.args
        )
    if not isinstance(value, ast.JoinedStr):
        return False
    bound = {n.id for n in ast.walk(value) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    read = {n.id for n in ast.walk(value) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return read <= module_names | bound


def test_no_unsafe_html_anywhere_in_the_app():
    """No `unsafe_allow_html`, and st.html / components only ever with a module-level constant (or a
    choice between two, or an entry of a module-level table)."""
    for path in app_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {name for file, name in app_constants() if file == path.name}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                assert kw.arg != "unsafe_allow_html", f"{path.name}:{node.lineno} uses unsafe_allow_html"
            name = ast.unparse(node.func)
            if isinstance(node.func, ast.Attribute) and node.func.attr == "html" and not name.startswith("st."):
                continue  # a container's .html: test_html_built_in_a_function_escapes_what_it_is_given
            if name in ("st.html", "components.html", "st.components.v1.html"):
                (arg,) = node.args
                # a constant, a choice between two (`A if cond else B`), or an entry of a constant table
                chosen = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
                tables = {name.partition("[")[0] for name in constants if "[" in name}
                chosen = [a.value if isinstance(a, ast.Subscript) else a for a in chosen]
                assert all(isinstance(a, ast.Name) and (a.id in constants or a.id in tables) for a in chosen), (
                    f"{path.name}:{node.lineno}: {name} {ast.unparse(arg)}"
                )


# functions of the app that return HTML with everything they were given escaped (their own bodies are
# checked by the test below like any other: each f-string in them interpolates only escaped or safe text)
ESCAPING_BUILDERS = {"qr_image"}


def _safe_html(value, safe_names, constants):
    """Whether an expression is HTML with nothing a visitor or a request could choose left unescaped: a
    string literal; a module-level constant or an entry of a constant table; a name bound in this function
    to safe HTML; `html.escape(...)`; a catalogue word `t(key, lang)` (the app's own text, no values put
    in); a call of an ESCAPING_BUILDERS function; or an f-string, a `+` or a conditional of those."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, str | int)
    if isinstance(value, ast.Name):
        return value.id in safe_names or value.id in constants
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name):  # an entry of a constant table
        return any(name.startswith(f"{value.value.id}[") for name in constants)
    if isinstance(value, ast.JoinedStr):
        return all(
            _safe_html(part.value, safe_names, constants)
            for part in value.values
            if isinstance(part, ast.FormattedValue)
        )
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        return _safe_html(value.left, safe_names, constants) and _safe_html(value.right, safe_names, constants)
    if isinstance(value, ast.IfExp):
        return _safe_html(value.body, safe_names, constants) and _safe_html(value.orelse, safe_names, constants)
    if isinstance(value, ast.Call):
        called = ast.unparse(value.func)
        if called == "html.escape" or called in ESCAPING_BUILDERS:
            return True
        return (
            called == "t"
            and not value.keywords
            and all(isinstance(a, ast.Constant | ast.Name | ast.Attribute) for a in value.args)
        )
    return False


def _html_calls(function):
    """The `<anything>.html(...)` calls anywhere in a function's body."""
    return [
        node for node in ast.walk(function) if isinstance(node, ast.Call) and ast.unparse(node.func).endswith(".html")
    ]


def test_html_built_in_a_function_escapes_what_it_is_given():
    """Every `.html(...)` call of the app (st.html and a column's or container's alike) and every
    ESCAPING_BUILDERS function's return is given safe HTML (`_safe_html`): a local name counts as safe only
    if every assignment to it in its function is. So a request's Host header or a room's text can never
    reach the page as live HTML through a container's .html, which the st.html check above does not see."""
    checked = 0
    for path in app_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {name for file, name in app_constants() if file == path.name}
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            assigned: dict[str, list] = {}
            for node in ast.walk(function):
                if isinstance(node, ast.Assign):
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            assigned.setdefault(target.id, []).append(node.value)
            safe: set[str] = set()
            for _ in range(3):  # names built from names: a few passes settle them
                safe = {n for n, values in assigned.items() if all(_safe_html(v, safe, constants) for v in values)}
            given = [call.args[0] for call in _html_calls(function) if call.args]
            if function.name in ESCAPING_BUILDERS:
                given += [node.value for node in ast.walk(function) if isinstance(node, ast.Return) and node.value]
            for value in given:
                checked += 1
                assert _safe_html(value, safe, constants), f"{path.name}:{value.lineno}: {ast.unparse(value)}"
    assert checked >= 5  # the class room's QR codes, join words and control link at least
