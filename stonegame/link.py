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
from typing import TypeVar

from stonegame.parse import MAX_PILES, ParseError, format_values, parse_values, quoted  # quoted: links quote with it
from stonegame.terms import CODES, DEFAULT_TAKE, FORMS, LANGS, TAKES, Code, Form, Lang

Allowed = TypeVar("Allowed", bound=str)  # one of a parameter's allowed values

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


def read_link(params: Mapping[str, Sequence[str]]) -> Link:
    """Validate query parameters (each a list of values) into a Link; problems say what was dropped."""
    problems: list[Problem] = []
    values, rand = _row(params, problems)
    return Link(
        values=values,
        random=rand,
        step=_step(params, problems, 2 * len(values) + 1),
        lang=_choice(params, "lang", LANGS, problems, "err_url_lang", "fallback_lang"),
        code=_choice(params, "code", CODES, problems, "err_url_code", "fallback_code"),
        max_take=int(_choice(params, "k", TAKE_TEXTS, problems, "err_url_k", "fallback_k")),
        form=_choice(params, "form", FORMS, problems, "err_url_form", "fallback_form"),
        present=_choice(params, "present", FLAGS, problems, "err_url_flag", "fallback_flag") == "1",
        lock=_choice(params, "lock", FLAGS, problems, "err_url_flag", "fallback_flag") == "1",
        problems=tuple(problems),
    )


def _row(params: Mapping[str, Sequence[str]], problems: list[Problem]) -> tuple[list[int], tuple[int, int] | None]:
    """The row a link asks for and its (piles, seed) if it is a seeded random one: `values` if given,
    else `random` (with `seed`), else the default row; a bad one is dropped with a Problem."""
    text = single_param(params, "values", problems, "fallback_default")
    piles = single_param(params, "random", problems, "fallback_default")
    if text is not None:
        try:
            return parse_values(text), None
        except ParseError as err:
            problems.append(Problem("values", err.key, err.fields, "fallback_default"))
    elif piles is not None:
        return _random(params, piles, problems)
    return list(DEFAULT_VALUES), None


def _random(
    params: Mapping[str, Sequence[str]], piles: str, problems: list[Problem]
) -> tuple[list[int], tuple[int, int] | None]:
    """The seeded random row of `piles` piles (seed 0 unless the link gives one), or the default row with
    a Problem naming whichever of the two is bad."""
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
        return random_row(n, seed), (n, seed)
    return list(DEFAULT_VALUES), None


def _step(params: Mapping[str, Sequence[str]], problems: list[Problem], last: int) -> int:
    """The step a link opens at, 0 .. last; 0 (with a Problem if it was bad) unless it gives a good one."""
    text = single_param(params, "step", problems, "fallback_step")
    if text is None:
        return 0
    step = whole_number(text, 0, last)
    if step is None:
        problems.append(Problem("step", "err_url_step", {"token": quoted(text), "last": last}, "fallback_step"))
        return 0
    return step


def _choice(
    params: Mapping[str, Sequence[str]],
    key: str,
    allowed: tuple[Allowed, ...],
    problems: list[Problem],
    err: str,
    fallback: str,
) -> Allowed:
    """The parameter's value if it is one of `allowed`, else the first allowed (with a Problem if it was
    given)."""
    given = single_param(params, key, problems, fallback)
    if given is None:
        return allowed[0]
    if given in allowed:
        return allowed[allowed.index(given)]
    problems.append(Problem(key, err, {"token": quoted(given)}, fallback))
    return allowed[0]


def fits_in_link(values: Sequence[int]) -> bool:
    """Whether a row is short enough for a link to carry as `values` (at most URL_VALUES_LIMIT characters;
    a row of more than half that many piles never is, each taking at least "d,")."""
    return len(values) <= URL_VALUES_LIMIT // 2 and len(format_values(values)) <= URL_VALUES_LIMIT


def write_link(link: Link) -> dict[str, str]:
    """The query parameters that reopen this link's state; defaults are left out to keep links short.
    A row too long for a link is carried as random=…&seed=… when it is one, else left out."""
    params: dict[str, str] = {}
    if link.random is not None:
        params["random"], params["seed"] = str(link.random[0]), str(link.random[1])
    elif link.values != DEFAULT_VALUES and fits_in_link(link.values):
        params["values"] = format_values(link.values)
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
