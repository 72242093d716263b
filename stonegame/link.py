"""What a link asks for, read as strictly as typed input: `?values=1,2,3,7&step=5&lang=zh&code=java`,
or `?random=50000&seed=7` for a seeded random row. Every problem is named, with the fallback used.

Query parameters:
    values   the piles, as parse_values reads them
    random   a number of piles for a seeded random row (instead of values); seed picks the row
    seed     0 .. 2**31-1, default 0
    step     the step the explainer opens at, 0 .. 2n+1 (checked against the row once it is known)
    lang     en | zh
    code     py | java
    k        the most piles one move may take, 1 .. 5 (LeetCode's rule is 3)
    form     total | diff: the reference write-up's "best total" dp, or the "score difference" diff
    present  1: presenter mode (large, chrome hidden, the essential controls only)
    lock     1: the row cannot be edited (a teacher's link)
A page may carry parameters of its own beside these (`write_link` leaves them to the page).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from stonegame.parse import MAX_PILES, ParseError, format_values, parse_values
from stonegame.terms import CODES, DEFAULT_TAKE, FORMS, LANGS, TAKES, Code, Form, Lang

KEYS = ("values", "random", "seed", "step", "lang", "code", "k", "form", "present", "lock")
TAKE_TEXTS = tuple(dict.fromkeys(str(k) for k in (DEFAULT_TAKE, *TAKES)))  # "3", "1", "2", "4", "5": the default first
FLAGS = ("0", "1")
DEFAULT_VALUES = [1, 2, 3, 7]
MAX_SEED = 2**31 - 1
RANDOM_RANGE = (-9, 9)  # small numbers read well on a projector
URL_VALUES_LIMIT = 4000  # characters of `values` a link may carry; longer rows travel as random=…


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a link: the parameter, a catalogue key and fields, and the fallback's key."""

    param: str
    key: str
    fields: dict[str, object]
    fallback: str


@dataclass(frozen=True)
class Link:
    """A link's request, after validation: unknown or bad parameters are dropped with a Problem."""

    values: list[int] = field(default_factory=lambda: list(DEFAULT_VALUES))
    random: tuple[int, int] | None = None  # (piles, seed) when the row is a seeded random one
    step: int = 0
    lang: Lang = "en"
    code: Code = "py"
    max_take: int = DEFAULT_TAKE
    form: Form = "total"
    present: bool = False
    lock: bool = False
    problems: tuple[Problem, ...] = ()


def random_row(piles: int, seed: int) -> list[int]:
    """A reproducible row of `piles` whole numbers in RANDOM_RANGE from `seed`."""
    rng = random.Random(seed)
    return [rng.randint(*RANDOM_RANGE) for _ in range(piles)]


def single_param(params: Mapping[str, Sequence[str]], key: str, problems: list[Problem], fallback: str) -> str | None:
    """The one value of `key`, or None (with a Problem if it was given more than once)."""
    given = list(params.get(key, []))
    if len(given) > 1:
        problems.append(Problem(key, "err_url_repeated", {"count": len(given)}, fallback))
        return None
    return given[0] if given else None


def whole_number(text: str, lo: int, hi: int) -> int | None:
    """text as an int in lo..hi, or None: ASCII digits only, no sign, at most 10 of them."""
    if not (text.isascii() and text.isdigit() and len(text) <= 10):
        return None
    value = int(text)
    return value if lo <= value <= hi else None


def quoted(token: str) -> str:
    """A token cut short enough to quote in a message."""
    return token if len(token) <= 20 else token[:20] + "…"


def read_link(params: Mapping[str, Sequence[str]]) -> Link:
    """Validate query parameters (each a list of values) into a Link; problems say what was dropped."""
    problems: list[Problem] = []
    values, rand = list(DEFAULT_VALUES), None
    text = single_param(params, "values", problems, "fallback_default")
    piles = single_param(params, "random", problems, "fallback_default")
    if text is not None:
        try:
            values = parse_values(text)
        except ParseError as err:
            problems.append(Problem("values", err.key, err.fields, "fallback_default"))
    elif piles is not None:
        n = whole_number(piles, 1, MAX_PILES)
        seed_text = single_param(params, "seed", problems, "fallback_default") or "0"
        seed = whole_number(seed_text, 0, MAX_SEED)
        if n is None:
            problems.append(
                Problem("random", "err_url_random", {"token": quoted(piles), "limit": MAX_PILES}, "fallback_default")
            )
        elif seed is None:
            problems.append(
                Problem("seed", "err_url_seed", {"token": quoted(seed_text), "limit": MAX_SEED}, "fallback_default")
            )
        else:
            values, rand = random_row(n, seed), (n, seed)
    step = 0
    step_text = single_param(params, "step", problems, "fallback_step")
    if step_text is not None:
        last = 2 * len(values) + 1
        parsed = whole_number(step_text, 0, last)
        if parsed is None:
            problems.append(
                Problem("step", "err_url_step", {"token": quoted(step_text), "last": last}, "fallback_step")
            )
        else:
            step = parsed
    lang = _choice(params, "lang", LANGS, problems, "err_url_lang", "fallback_lang")
    code = _choice(params, "code", CODES, problems, "err_url_code", "fallback_code")
    max_take = int(_choice(params, "k", TAKE_TEXTS, problems, "err_url_k", "fallback_k"))
    form = _choice(params, "form", FORMS, problems, "err_url_form", "fallback_form")
    present = _choice(params, "present", FLAGS, problems, "err_url_flag", "fallback_flag") == "1"
    lock = _choice(params, "lock", FLAGS, problems, "err_url_flag", "fallback_flag") == "1"
    return Link(values, rand, step, lang, code, max_take, form, present, lock, tuple(problems))


def _choice(
    params: Mapping[str, Sequence[str]],
    key: str,
    allowed: tuple[str, ...],
    problems: list[Problem],
    err: str,
    fallback: str,
) -> str:
    """The parameter's value if it is one of `allowed`, else the first allowed (with a Problem)."""
    given = single_param(params, key, problems, fallback)
    if given is None or given in allowed:
        return given or allowed[0]
    problems.append(Problem(key, err, {"token": quoted(given)}, fallback))
    return allowed[0]


def write_link(link: Link) -> dict[str, str]:
    """The query parameters that reopen this link's state; defaults are left out to keep links short.
    A row too long for a link is carried as random=…&seed=… when it is one, else left out."""
    params: dict[str, str] = {}
    if link.random is not None:
        params["random"], params["seed"] = str(link.random[0]), str(link.random[1])
    elif link.values != DEFAULT_VALUES and len(link.values) <= URL_VALUES_LIMIT // 2:  # at least "d," a value
        text = format_values(link.values)
        if len(text) <= URL_VALUES_LIMIT:
            params["values"] = text
    if link.step:
        params["step"] = str(link.step)
    for key, value, default in (
        ("lang", link.lang, LANGS[0]),
        ("code", link.code, CODES[0]),
        ("k", str(link.max_take), TAKE_TEXTS[0]),
        ("form", link.form, FORMS[0]),
    ):
        if value != default:
            params[key] = value
    if link.present:
        params["present"] = "1"
    if link.lock:
        params["lock"] = "1"
    return params
