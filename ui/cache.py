"""The app's caches: the policies, the `cached` decorator that gives a function a memo of its own
(stonegame.memo), the sweeper thread and the solved rows. Out of reach of a visitor's `clear_cache`
message, which empties st.cache_data and st.cache_resource for everybody (the app uses neither).

A call's key is its arguments except those whose parameter name starts with "_" (as with
st.cache_resource: `_values` rides along, the row's digest before it names it). A row is cached under
a digest of its values (state.digest): hashing a digest is instant, where hashing a tuple of 50,000
ints would cost more than solving it. Values are shared read-only between sessions (a Solution is
frozen); nothing here copies them.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import inspect
import json
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, ParamSpec, TypeVar

from stonegame import Solution, solve
from stonegame.fill.stage import Data, carried, held_back, stage_data, stage_window, untaught
from stonegame.fill.template import picture
from stonegame.fill.view import frame_of_step, frame_rows, frame_steps
from stonegame.memo import Memo, Policy
from stonegame.teach import phone as phone_pictures
from stonegame.terms import Code, Form, Lang
from stonegame.window import window_at
from ui import state
from ui.server import renderer

P = ParamSpec("P")
R = TypeVar("R")

SOLUTION_BYTES_PER_PILE = 440  # a Solution with its three trace tables (measured)


def solution_bytes(sol: Solution) -> int:
    """What a solved row takes once its trace tables are built (SOLUTION_BYTES_PER_PILE per pile)."""
    return SOLUTION_BYTES_PER_PILE * (sol.n + 1)


# The policies: every cached call is bounded in entries and kept at most an hour.
CACHE = Policy(max_entries=64, ttl=3600.0)  # small things: the explainer's specs, counts
PAGE = replace(CACHE, max_entries=32)  # a page group's heavier charts and tables (the ladder, the game, the quiz)
ONCE = Policy(max_entries=1)  # one value for the process's life (the Vega bundle)
# Files made in this process (ui/parts/files.made): the trace as CSV and JSON, the trace page's tables, the HTML page.
FILES = replace(CACHE, max_entries=32, max_bytes=64 * 2**20, sizeof=len)
# Solved rows: a few of 50,000 piles at most, so a run of new long links stays within the memory goal,
# and a long one unused for a minute goes, so a server whose visitors have gone keeps none.
SOLUTIONS = replace(
    CACHE, max_bytes=120 * 2**20, sizeof=solution_bytes, big=10_000 * SOLUTION_BYTES_PER_PILE, idle=60.0
)
SWEEP_EVERY = 10.0  # seconds between two sweeps (sampling the clock, not synchronising anything)

digest = state.digest  # the row's fingerprint (pages and ui modules call it cache.digest)
MEMOS: weakref.WeakSet[Memo] = weakref.WeakSet()  # every cached function's memo, for the sweeper


def cached(policy: Policy) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A decorator in place of @st.cache_resource: the function's results kept in a memo of its own
    under `policy` (as `.memo`; `.clear()` empties it; `.peek(*args)` is the cached result or None,
    computing nothing), keyed by its arguments except those named _x."""

    def wrap(function: Callable[P, R]) -> Callable[P, R]:
        key_of = _key_maker(function)
        memo: Memo[tuple[Any, ...], R] = Memo(policy, function.__qualname__)
        _swept(memo)

        @functools.wraps(function)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            return memo.get_or_compute(key_of(*args, **kwargs), lambda: function(*args, **kwargs))

        def peek(*args: Any, **kwargs: Any) -> R | None:
            return memo.get(key_of(*args, **kwargs))

        call.memo, call.clear, call.peek = memo, memo.clear, peek  # type: ignore[attr-defined]
        return call

    return wrap


def _key_maker(function: Callable[..., Any]) -> Callable[..., tuple[Any, ...]]:
    """The function from a call's arguments to its key: their values, defaults filled in, except those
    whose parameter name starts with "_"."""
    signature = inspect.signature(function)

    def key_of(*args: Any, **kwargs: Any) -> tuple[Any, ...]:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return tuple(value for name, value in bound.arguments.items() if not name.startswith("_"))

    return key_of


# --- the sweeper -------------------------------------------------------------------------------

_SWEEPER: threading.Thread | None = None
_SWEEPER_LOCK = threading.Lock()


def sweep_all() -> int:
    """Sweep every memo; if anything was dropped, hand freed memory back to the system (glibc's
    malloc_trim: a 50,000-pile row's tables are many small blocks). How many entries were dropped."""
    dropped = sum(memo.sweep() for memo in list(MEMOS))
    if dropped:
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6").malloc_trim(0)
    return dropped


def _sweep_forever() -> None:
    """Sweep every SWEEP_EVERY seconds, for the process's life."""
    while True:
        time.sleep(SWEEP_EVERY)  # a period: nothing waits for the sweep
        sweep_all()


def _swept(memo: Memo) -> None:
    """Put memo among those the sweeper sweeps, starting the one daemon thread that does (once per process)."""
    global _SWEEPER
    MEMOS.add(memo)
    with _SWEEPER_LOCK:
        if _SWEEPER is None:
            _SWEEPER = threading.Thread(target=_sweep_forever, name="cache-sweeper", daemon=True)
            _SWEEPER.start()


# --- solved rows -------------------------------------------------------------------------------


@cached(SOLUTIONS)
def _solved(key: str, _values: Sequence[int], max_take: int) -> Solution:
    """The solved row for this digest (shared read-only between sessions: Solution is frozen)."""
    return solve(list(_values), max_take)


def solution(values: Sequence[int], max_take: int = 3) -> Solution:
    """The solved row (moves of 1..max_take piles), from the cache when it was solved before."""
    return _solved(digest(values), values, max_take)


def session_solution() -> Solution:
    """The session's row solved under its rule: what a page, and a callback that runs before it, works on."""
    values, max_take = state.session_row()
    return solution(values, max_take)


# --- the stage's data --------------------------------------------------------------------------


def row_key(sol: Solution) -> str:
    """The cache key of a solved row: its values' digest and its take limit."""
    return f"{digest(sol.values)}:{sol.max_take}"


@cached(CACHE)
def stage(key: str, _sol: Solution, lo: int, lang: Lang, code: Code, form: Form, present: bool) -> Data:
    """The stage data of the row with this key for its window starting at lo, with the step each frame
    shows (`steps`, for a class's stage following the teacher's step), shared read-only by every session
    that shows it; its picture cached without the listing, which only changes the code lines, so
    switching Python/Java does not rebuild it."""
    pictured = _picture(key, _sol, lo, lang, form, present)
    data = stage_data(_sol, carried(_sol, lo), lang, code, form, present, key, pictured)
    return data | {"steps": frame_steps(_sol, carried(_sol, lo))}


@cached(CACHE)
def stage_body(key: str, _sol: Solution, lo: int, lang: Lang, code: Code, form: Form, present: bool) -> bytes:
    """stage(...)'s data as compact JSON (UTF-8) without its "start", a page's stage opening at any step
    (`opened` puts the start and the page's own fields in front), cached with it: json.dumps of
    30-130 KB on every run was the stage's largest cost on a cached run."""
    return _startless(stage(key, _sol, lo, lang, code, form, present))


@cached(CACHE)
def untaught_body(
    key: str, _sol: Solution, lo: int, lang: Lang, code: Code, form: Form, present: bool, hide: tuple[str, ...]
) -> bytes:
    """stage_body(...) without what a lesson's chapter has not taught yet (stonegame.fill.stage.untaught)."""
    return _startless(untaught(stage(key, _sol, lo, lang, code, form, present), hide, lang))


def _startless(data: Data) -> bytes:
    """A stage's data as compact JSON without its "start" (opened puts a page's own in front)."""
    return _json_bytes({name: value for name, value in data.items() if name != "start"})


def _json_bytes(value: object) -> bytes:
    """Compact JSON of a value, as UTF-8."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def opened(body: bytes, fields: dict[str, object]) -> bytes:
    """A stage's JSON body (stage_body) with these fields (the start, the page's own) in front of its own."""
    return _json_bytes(fields)[:-1] + b"," + body[1:]


@cached(CACHE)
def _picture(key: str, _sol: Solution, lo: int, lang: Lang, form: Form, present: bool) -> Data:
    """The stage picture's spec of the row with this key for its window starting at lo (filled from its
    shape's template: stonegame.fill.template)."""
    return picture(_sol, carried(_sol, lo), lang, form, present)


@cached(CACHE)
def _stage_json(key: str, _sol: Solution, lang: Lang, code: Code, form: Form, held: int | None) -> bytes:
    """The JSON bytes of the row's whole stage (window from its first pile, opening at frame 0, not in
    presenter mode), held back at the frame of step `held` if one is given."""
    win = stage_window(_sol, 0)
    data = stage(key, _sol, win.lo, lang, code, form, False)
    return _json_bytes(data if held is None else held_back(data, frame_of_step(_sol, carried(_sol, win.lo), held)))


def stage_json(
    values: Sequence[int], max_take: int, lang: Lang, code: Code, form: Form, held: int | None = None
) -> bytes:
    """The stage of this row as JSON bytes, built once for everybody who asks for the same row, language,
    listing, formulation and held step (a class's students after the teacher changed the row, or while a
    question holds the class at step `held`: nothing past it)."""
    sol = solution(values, max_take)
    return _stage_json(row_key(sol), sol, lang, code, form, held)


# --- the light student page (ui/server/rooms/phone.py): the stage as SVG made here, and its words -------

PHONE_WIDTH = 380  # pixels across a phone's stage picture: a 390 px phone's width less its margins


class PictureNotMade(Exception):
    """The render service did not make a phone's picture (its queue full, the job too slow or failed)."""


def _picture_job(sol: Solution, step: int, lang: Lang, code: Code, form: Form) -> tuple[Any, ...]:
    """The render service's session, key, maker and arguments for the row's picture at `step` (clamped to
    0 .. the verdict): a session per picture, so one phone never waits on another's; kind "phone-svg", so
    it takes the service's phone lane (renderer.LANES), never behind the export page's queue."""
    step = min(max(int(step), 0), sol.last_step)
    key = renderer.RenderKey(row_key(sol), step, lang, code, sol.max_take, form, "phone-svg")
    return (
        f"phone:{key.row}:{step}:{lang}:{code}:{form}",
        key,
        phone_pictures.stage_svg,
        *(tuple(sol.values), sol.max_take, step, lang, code, form, PHONE_WIDTH),
    )


def stage_svg(values: Sequence[int], max_take: int, step: int, lang: Lang, code: Code, form: Form) -> bytes:
    """The row's stage at `step` (clamped to 0 .. the verdict) as SVG bytes, made once for every phone of
    a class by the render service's worker (never in this process: vl-convert holds the GIL, and two calls
    at once from two threads can deadlock it) and kept in the service's one cache (renderer.FILES) per
    row, step, language, listing and formulation; this call waits for it. PictureNotMade if not made."""
    made = renderer.service().render(*_picture_job(solution(values, max_take), step, lang, code, form))
    if not isinstance(made, renderer.Done):
        raise PictureNotMade(type(made).__name__)
    return made.data


def ask_stage_svg(
    values: Sequence[int], max_take: int, step: int, lang: Lang, code: Code, form: Form, lane: str | None = None
) -> bool:
    """Ask the render service for stage_svg's picture without waiting (renderer.Renderer.request, in `lane`:
    None for the phone lane, renderer.AHEAD for a row's pictures asked ahead): True if it is made or being made
    now, False if the service did not take it (the lane full, or failed)."""
    made = renderer.service().request(*_picture_job(solution(values, max_take), step, lang, code, form), lane=lane)
    return isinstance(made, renderer.Done | renderer.Pending)


def stage_svg_cached(values: Sequence[int], max_take: int, step: int, lang: Lang, code: Code, form: Form) -> bool:
    """Whether stage_svg's picture of this row at `step` is in the service's cache now (making nothing)."""
    _, key, *_ = _picture_job(solution(values, max_take), step, lang, code, form)
    return isinstance(renderer.service().status(key), renderer.Done)


@cached(CACHE)
def _captions(key: str, _sol: Solution, lang: Lang, form: Form) -> bytes:
    """Every step's words as JSON [[title, formula, sentence], ...], index = step (one window over the whole
    row, whose frames are the steps), unwrapped: what a phone's picture says, as text for screen readers."""
    rows = frame_rows(_sol, window_at(_sol, 0, _sol.n), lang, form, wrap=False)
    return _json_bytes([[r.title, r.formula, r.sentence] for r in rows])


def captions(values: Sequence[int], max_take: int, lang: Lang, form: Form) -> bytes:
    """_captions of this row, cached per row, language and formulation."""
    sol = solution(values, max_take)
    return _captions(row_key(sol), sol, lang, form)
