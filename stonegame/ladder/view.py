"""What the approach ladder's animations draw, as tidy tables cut from the traces the core emits:
the call table of the recursion (plain or with a memo), the solver's own trace for the bottom-up
table, and the window's slots. Each animation is a list of frames with its words, the cells or calls
it draws, the marks each frame puts on them, and the listing lines each frame runs.

Tables (one row per observation; each row type a NamedTuple below):
    frames      frame, title, formula, sentence, calls, hits, writes, held, depth    one per Frame
                (the counters as they stand after the frame)
    calls       call, i, depth, start, end, kind, value, name                      one per call drawn
    cells       i, row, number, reveal, evict                                        one per Cell drawn
                (evict: the last frame the answer is kept; empty: kept to the end)
    marks       frame, i, row, role                                                  one per Mark
                role: "write" (●), "read" (○), "best" (★), "drop" (✗: read for the last time, then let go)
    slots       frame, store, slot, j, number, written                               one per slot per frame
    highlight   frame, line                                                          one per listing line a frame runs
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import pandas as pd

from stonegame.i18n import piles, t
from stonegame.ladder import rungs as ap
from stonegame.ladder.rungs import Counters, Rung
from stonegame.listing import Listing, find_lines, listing
from stonegame.narration import formula as explain_formula
from stonegame.narration import sentence as explain_sentence
from stonegame.solver import Solution
from stonegame.terms import WINNER_SIGN, Code, Form, Lang
from stonegame.text import bracketed, two_lines, wrapped
from stonegame.window import WINDOW, Window, window_at

# The lines a call runs when it answers at once: at the end of the row, or (memo) from the memo.
_BASE = {"base": ["if i == n:", "return 0  # no piles left"]}
_HIT = {"hit": ["if i == n:", "if i in memo:", "# a cache hit"]}
# listing -> trace event -> text of the lines it runs (each must match exactly one line of the listing)
MARKERS: dict[tuple[Rung, Form], dict[str, list[str]]] = {
    ("recursion", "total"): {
        "start": ["suffix[i] = values[i] + suffix[i + 1]", "alice = dp(0)"],
        "enter": ["if i == n:", "takes = range(", "return suffix[i] - min(dp(i + k)"],
        "return": ["return suffix[i] - min(dp(i + k)"],
        **_BASE,
        "verdict": ['return "Alice" if 2 * alice'],
    },
    ("recursion", "diff"): {
        "start": ["lead = diff(0)"],
        "enter": ["if i == n:", "takes = range(", "return max(sum(values[i : i + k]) - diff(i + k)"],
        "return": ["return max(sum(values[i : i + k]) - diff(i + k)"],
        **_BASE,
        "verdict": ['return "Alice" if lead > 0'],
    },
    ("memo", "total"): {
        "start": ["suffix[i] = values[i] + suffix[i + 1]", "memo: dict[int, int] = {}", "alice = dp(0)"],
        "enter": ["if i == n:", "if i in memo:", "takes = range(", "memo[i] = suffix[i] - min("],
        "return": ["memo[i] = suffix[i] - min(", "# filled"],
        **_BASE,
        **_HIT,
        "verdict": ['return "Alice" if 2 * alice'],
    },
    ("memo", "diff"): {
        "start": ["memo: dict[int, int] = {}", "lead = diff(0)"],
        "enter": ["if i == n:", "if i in memo:", "takes = range(", "memo[i] = max(sum("],
        "return": ["memo[i] = max(sum(", "# filled"],
        **_BASE,
        **_HIT,
        "verdict": ['return "Alice" if lead > 0'],
    },
    ("window", "total"): {
        "start": ["window = deque([0])", "suffix = 0"],
        "step": ["suffix += values[i]", "best = suffix - min(window)", "if len(window) == max_take:"],
        "drop": ["window.pop()"],
        "store": ["window.appendleft(best)"],
        "verdict": ["alice = window[0]", 'return "Alice" if 2 * alice'],
    },
    ("window", "diff"): {
        "start": ["window = deque([0])"],
        "step": ["takes = range(", "best = max(sum(values[i : i + k]) - window[k - 1]", "if len(window) == max_take:"],
        "drop": ["window.pop()"],
        "store": ["window.appendleft(best)"],
        "verdict": ["lead = window[0]", 'return "Alice" if lead > 0'],
    },
}


class Frame(NamedTuple):
    """One frame of an animation: its title, formula and sentence (not yet wrapped), and the counters
    as they stand after it."""

    title: str
    formula: str
    sentence: str
    counters: Counters


class Cell(NamedTuple):
    """One box of an array: its number (None: no pile), the frame that writes it, and the last frame it
    is kept (None: to the end)."""

    i: int
    row: str
    number: int | None
    reveal: int
    evict: int | None = None


class Mark(NamedTuple):
    """A cell a frame marks, with its role: write, read, best or drop."""

    frame: int
    i: int
    row: str
    role: str


class Kid(NamedTuple):
    """A callee as its caller sees it: the take k that led to it and its answer f(i+k) in the form."""

    k: int
    value: int


# The ladder's listings' comments in Chinese: English comment -> its translation. Only comments differ (the
# lines each event runs are found in the English source; a translation keeps every line where it is).
COMMENTS_ZH = {
    "# no piles left": "# 没有石子了",
    "# a cache hit: solved before": "# 缓存命中：之前算过",
    "# filled: stored for next time": "# 算好并存入，下次直接用",
    "# dp[i+1 .. i+max_take], nearest first": "# dp[i+1 .. i+max_take]，由近到远",
    "# diff[i+1 .. i+max_take], nearest first": "# diff[i+1 .. i+max_take]，由近到远",
    "# suffix[i], as a running sum": "# suffix[i]，边走边累加",
    "# dp[i]: all slots read first": "# dp[i]：先读完所有槽",
    "# all slots read first": "# 先读完所有槽",
    "# dp[i+max_take] is never read again": "# dp[i+max_take] 以后不会再读",
    "# diff[i+max_take] is never read again": "# diff[i+max_take] 以后不会再读",
    "# slot j % size holds dp[j]; dp[n] = 0": "# 第 j % size 个槽存 dp[j]；dp[n] = 0",
    "# slot j % size holds diff[j]; diff[n] = 0": "# 第 j % size 个槽存 diff[j]；diff[n] = 0",
    "# it held dp[i+size]: not needed": "# 它原来存的是 dp[i+size]：已经用不到了",
    "# it held diff[i+size]: not needed": "# 它原来存的是 diff[i+size]：已经用不到了",
    "# sum(values[i : i + k])": "# sum(values[i : i + k])",
}


def in_words(source: str, lang: Lang) -> str:
    """A listing's source with its comments in `lang` (Chinese: COMMENTS_ZH, longest first; a comment it
    does not know stays English)."""
    if lang != "zh":
        return source
    for english in sorted(COMMENTS_ZH, key=len, reverse=True):
        source = source.replace(english, COMMENTS_ZH[english])
    return source


def code_for(approach: Rung, form: Form, lang: Lang = "en") -> Listing:
    """The Python listing of a rung in a form: the real source of its function in stonegame.ladder.rungs,
    its comments in `lang` (in_words), with the lines each event runs (found in the English source)."""
    source = inspect.getsource(ap.LISTINGS[(approach, form)])
    return Listing("py", in_words(source, lang), find_lines(source, MARKERS[(approach, form)]))


def ring_source(form: Form, lang: Lang = "en") -> str:
    """The K+1-slot listing's source, as it runs, its comments in `lang` (in_words)."""
    return in_words(inspect.getsource(ap.LISTINGS[("ring", form)]), lang)


def name_of(form: Form) -> str:
    """The array (and function) a form fills: dp or diff."""
    return "diff" if form == "diff" else "dp"


def in_form(dp: int, suffix: int, form: Form) -> int:
    """An answer dp[i] in the form's terms: dp[i] itself, or diff[i] = 2·dp[i] − suffix[i]."""
    return 2 * dp - suffix if form == "diff" else dp


def answer(sol: Solution, i: int, form: Form) -> int:
    """dp[i] of the solved row, or diff[i] = 2·dp[i] − suffix[i] in the score-difference form."""
    return in_form(sol.dp[i], sol.suffix[i], form)


def _at(f: str, j: object, call: bool) -> str:
    """f(j) as a call, f[j] as a cell."""
    return f"{f}({j})" if call else f"{f}[{j}]"


def _span(f: str, a: int, b: int, call: bool = False) -> str:
    """f(a), f(a+1), …, f(b) each named when there are at most three, else f(a) … f(b); as calls or as cells."""
    if b - a < 3:
        return ", ".join(_at(f, j, call) for j in range(a, b + 1))
    return f"{_at(f, a, call)} … {_at(f, b, call)}"


def _join(lang: Lang, *sentences: str) -> str:
    """Sentences one after another: a space between them in English, none in Chinese."""
    return ("" if lang == "zh" else " ").join(sentences)


def _title(rung: Rung, lang: Lang, text: str) -> str:
    """A frame's title: the rung's name, then what the frame is."""
    return f"{t(f'ladder_name_{rung}', lang)}  ·  {text}"


def recurrence(form: Form, max_take: int, n: int, lang: Lang, call: bool = False) -> str:
    """The recurrence with K filled in, e.g. dp(i) = suffix[i] − min(dp(i+1), dp(i+2), dp(i+3)), dp(n) = 0;
    the score-difference one in `lang`'s words (max over k = 1..K of …)."""
    f = name_of(form)
    if form == "diff":
        body = t("formula_diff_max", lang, k=max_take, i="i", after=_at(f, "i+k", call))
    else:
        body = f"suffix[i] − min({', '.join(_at(f, f'i+{k}', call) for k in range(1, max_take + 1))})"
    return t("ladder_recurrence", lang, rule=f"{_at(f, 'i', call)} = {body}", base=f"{_at(f, n, call)} = 0")


def latex(form: Form, max_take: int) -> str:
    """The form's recurrence and base case in LaTeX, on two lines, with K written in (a take never runs
    past the row: k ≤ min(K, n − i))."""
    takes = rf"1 \le k \le \min({max_take},\, n-i)"
    if form == "diff":
        step = rf"\max_{{{takes}}} \Big( \sum_{{t=i}}^{{i+k-1}} \mathrm{{values}}[t] - \mathrm{{diff}}[i+k] \Big)"
        return rf"\begin{{aligned}} \mathrm{{diff}}[i] &= {step} \\ \mathrm{{diff}}[n] &= 0 \end{{aligned}}"
    step = rf"\mathrm{{suffix}}[i] - \min_{{{takes}}} \mathrm{{dp}}[i+k]"
    return rf"\begin{{aligned}} \mathrm{{dp}}[i] &= {step} \\ \mathrm{{dp}}[n] &= 0 \end{{aligned}}"


def verdict_formula(sol: Solution, lang: Lang, form: Form, call: bool = False) -> str:
    """2·dp[0] against the total, or diff[0] against 0, and the winner."""
    winner, sign, zero = t("winner_" + sol.winner, lang), WINNER_SIGN[sol.winner], _at(name_of(form), 0, call)
    if form == "diff":
        return f"{zero} = {answer(sol, 0, 'diff')} {sign} 0  →  {winner}"
    return f"2·{zero} = {2 * sol.alice} {sign} total = {sol.total}  →  {winner}"


def verdict_sentence(sol: Solution, lang: Lang, form: Form) -> str:
    """The verdict in words, in the form's terms."""
    if form == "diff":
        return t("say_diff_verdict_" + sol.winner, lang, lead=abs(answer(sol, 0, "diff")))
    return t("say_verdict_" + sol.winner, lang, alice=sol.alice, bob=sol.bob)


def _verdict(sol: Solution, rung: Rung, lang: Lang, form: Form, counters: Counters, call: bool = False) -> Frame:
    """The last frame of a rung's animation: the verdict, in the form's terms."""
    title = _title(rung, lang, t("phase_verdict", lang))
    return Frame(title, verdict_formula(sol, lang, form, call), verdict_sentence(sol, lang, form), counters)


def _taken(sol: Solution, i: int, k: int) -> int:
    """What a take of k piles from pile i collects: sum(values[i:i+k])."""
    return sol.suffix[i] - sol.suffix[i + k]


def _candidates(sol: Solution, i: int, ks: Sequence[int], form: Form, call: bool) -> str:
    """f(i)'s candidates for the takes ks, in symbols: max(taken − f(i+k), ...) or suffix[i] − min(f(i+k), ...)."""
    f = name_of(form)
    if form == "diff":
        return f"max({', '.join(f'{_taken(sol, i, k)} − {_at(f, i + k, call)}' for k in ks)})"
    return f"suffix[{i}] − min({', '.join(_at(f, i + k, call) for k in ks)})"


def _numbers(sol: Solution, i: int, kids: Sequence[Kid], form: Form) -> str:
    """f(i)'s candidates in numbers, and its answer: max(taken − f(i+k), ...) = v or suffix[i] − min(...) = v."""
    if form == "diff":
        numbers = f"max({', '.join(f'{_taken(sol, i, k)} − {bracketed(v)}' for k, v in kids)})"
    else:
        numbers = f"{sol.suffix[i]} − min({', '.join(bracketed(v) for _, v in kids)})"
    return f"{numbers} = {answer(sol, i, form)}"


def _candidates_formula(sol: Solution, i: int, kids: Sequence[Kid], form: Form, call: bool) -> str:
    """f(i) from its candidates [(k, f(i+k))]: symbols, then numbers, in the form's terms."""
    symbols = _candidates(sol, i, [kid.k for kid in kids], form, call)
    return two_lines(_at(name_of(form), i, call), symbols, _numbers(sol, i, kids, form))


def _cells(cells: Sequence[Cell]) -> pd.DataFrame:
    """The cells as a table (numbers and evict frames nullable)."""
    return pd.DataFrame(cells, columns=list(Cell._fields)).astype({"number": "Int64", "evict": "Int64"})


def _marks(marks: Sequence[Mark]) -> pd.DataFrame:
    """The marks as a table."""
    return pd.DataFrame(marks, columns=list(Mark._fields))


def frames_table(frames: Sequence[Frame]) -> pd.DataFrame:
    """The frames as a table: frame, title, formula, sentence (wrapped for the caption) and the counters."""
    return pd.DataFrame(
        {
            "frame": range(len(frames)),
            "title": [fr.title for fr in frames],
            "formula": [fr.formula for fr in frames],
            "sentence": [wrapped(fr.sentence) for fr in frames],
            **{c: [getattr(fr.counters, c) for fr in frames] for c in ap.COUNTERS},
        }
    )


def _highlight(lines: Sequence[Sequence[int]]) -> pd.DataFrame:
    """One row per (frame, line) from the listing lines each frame runs."""
    rows = sorted({(frame, line) for frame, numbers in enumerate(lines) for line in numbers})
    return pd.DataFrame(rows, columns=["frame", "line"])


def _lines_run(code: Listing, events: Sequence[Sequence[str]]) -> list[list[int]]:
    """The listing lines each frame runs, from the events it runs."""
    return [[line for name in names for line in code.lines_by_phase[name]] for names in events]


# --- recursion, plain or with a memo ---------------------------------------------------------------


@dataclass(frozen=True)
class CallsView:
    """The call sequence of plain recursion or of the memo, ready to draw."""

    frames: pd.DataFrame
    calls: pd.DataFrame
    cells: pd.DataFrame  # the memo's cells (empty for plain recursion)
    marks: pd.DataFrame
    code: Listing
    highlight: pd.DataFrame
    events: int  # events in the call sequence


class Said(NamedTuple):
    """What a frame of a call sequence says (its formula and sentence) and the memo cells it marks."""

    formula: str
    sentence: str
    marks: list[Mark]


class Event(NamedTuple):
    """A moment of a call sequence: at `event`, call `call` starts ("enter"), returns ("return"), or
    answers at once (its kind: "base" or "hit")."""

    event: int
    what: str
    call: int


def events_of(calls: pd.DataFrame) -> list[Event]:
    """The call sequence's events in order: two for a call that computes, one for any other."""
    events = []
    for row in calls.itertuples():
        if row.start == row.end:
            events.append(Event(row.start, row.kind, row.call))
        else:
            events += [Event(row.start, "enter", row.call), Event(row.end, "return", row.call)]
    return sorted(events)


def _counted(before: Counters, what: str, depth: int, memo: bool) -> Counters:
    """The counters after an event: a call that starts or answers at once counts a call (a cache hit a
    hit too), a memo's return one more answer written and held; the depth is the event's call's."""
    called, stored = what in ("enter", "base", "hit"), what == "return" and memo
    hits = before.hits + (what == "hit")
    return Counters(before.calls + called, hits, before.writes + stored, before.held + stored, depth)


@dataclass(frozen=True)
class _CallStory:
    """What the frames of one call sequence say: the row, the form, the language, and the call table's
    rows by call (with, per call, how many times its position had been asked for when it started)."""

    sol: Solution
    memo: bool
    form: Form
    lang: Lang
    by_call: dict[int, dict[str, Any]]
    kids: dict[int, list[Kid]]

    @classmethod
    def of(cls, sol: Solution, calls: pd.DataFrame, memo: bool, lang: Lang, form: Form) -> _CallStory:
        """The story of the call table `calls` (calls in call order, so in the order they start)."""
        kids: dict[int, list[Kid]] = {}
        for row in calls[calls["parent"] >= 0].itertuples():
            kids.setdefault(row.parent, []).append(Kid(row.k, row.diff if form == "diff" else row.dp))
        rows = calls.assign(times=calls.groupby("i").cumcount() + 1).to_dict("records")
        return cls(sol, memo, form, lang, {int(row["call"]): row for row in rows}, kids)

    @property
    def rung(self) -> Rung:
        """memo or recursion."""
        return "memo" if self.memo else "recursion"

    @property
    def f(self) -> str:
        """The function's name: dp or diff."""
        return name_of(self.form)

    def start(self) -> Frame:
        """The first frame: f(0) is called, with the recurrence."""
        sol, lang = self.sol, self.lang
        say = t(f"ladder_say_start_{self.rung}", lang, f=self.f, k=sol.max_take, n=sol.n)
        formula = recurrence(self.form, sol.max_take, sol.n, lang, call=True)
        return Frame(_title(self.rung, lang, t("ladder_start", lang)), formula, say, Counters())

    def frame(self, event: Event, counters: Counters, events: int) -> tuple[Frame, list[Mark]]:
        """The frame of an event (the counters after it), and the cells of the memo it marks."""
        row = self.by_call[event.call]
        words = {"base": self._base, "hit": self._hit, "enter": self._enter, "return": self._return}[event.what]
        said = words(event.call, row, event.event + 1)
        text = t("ladder_event_of", self.lang, event=event.event + 1, events=events, depth=int(row["depth"]))
        return Frame(_title(self.rung, self.lang, text), said.formula, said.sentence, counters), said.marks

    def _base(self, call: int, row: Mapping[str, Any], frame: int) -> Said:
        """f(n) = 0: the end of the row."""
        i = int(row["i"])
        return Said(f"{self.f}({i}) = 0", t("ladder_say_base", self.lang, f=self.f, i=i), [])

    def _hit(self, call: int, row: Mapping[str, Any], frame: int) -> Said:
        """f(i) read from the memo."""
        i, value = int(row["i"]), int(row[self.f])
        say = t("ladder_say_hit", self.lang, f=self.f, i=i, value=value)
        return Said(f"{self.f}({i}) = memo[{i}] = {value}", say, [Mark(frame, i, "memo", "read")])

    def _enter(self, call: int, row: Mapping[str, Any], frame: int) -> Said:
        """f(i) starts and asks for its callees."""
        sol, f, i = self.sol, self.f, int(row["i"])
        last, left = min(sol.max_take, sol.n - i), sol.n - i
        key = "ladder_say_enter_fill" if self.memo else f"ladder_say_enter_{row['kind']}"
        wanted = _span(f, i + 1, i + last, call=True)
        say = t(
            key, self.lang, f=f, i=i, wanted=wanted, times=int(row["times"]), left=left, piles=piles(left, self.lang)
        )
        return Said(f"{f}({i}) = {_candidates(sol, i, range(1, last + 1), self.form, True)}", say, [])

    def _return(self, call: int, row: Mapping[str, Any], frame: int) -> Said:
        """f(i) returns its answer to its caller (and, with a memo, stores it)."""
        sol, f, lang, i, kids = self.sol, self.f, self.lang, int(row["i"]), self.kids[call]
        take, parent = _best_take(kids, sol, i, self.form), int(row["parent"])
        to = f"{f}({int(self.by_call[parent]['i'])})" if parent >= 0 else t("ladder_the_caller", lang)
        say = t("ladder_say_return", lang, f=f, i=i, value=int(row[f]), to=to, take=take, piles=piles(take, lang))
        marks = [Mark(frame, i, "memo", "write")] if self.memo else []
        if self.memo:
            say = _join(lang, say, t("ladder_say_stored", lang, i=i))
        return Said(_candidates_formula(sol, i, kids, self.form, True), say, marks)


def _best_take(kids: Sequence[Kid], sol: Solution, i: int, form: Form) -> int:
    """The take a returning call picks: the least opponent dp (or the largest lead), fewest piles among equals."""
    if form == "diff":
        worth = [_taken(sol, i, k) - v for k, v in kids]
        return kids[worth.index(max(worth))].k
    least = min(kid.value for kid in kids)
    return next(k for k, v in kids if v == least)


def _memo_cells(sol: Solution, calls: pd.DataFrame, form: Form) -> list[Cell]:
    """The memo's cells, positions 0..n-1 (n is the base case: answered, never stored), each revealed
    the frame after the event that fills it."""
    fills = calls[calls["kind"] == "fill"].set_index("i")["end"]
    return [Cell(i, "memo", answer(sol, i, form), int(fills[i]) + 1) for i in range(sol.n)]


def calls_view(sol: Solution, calls: pd.DataFrame, memo: bool, lang: Lang, form: Form) -> CallsView:
    """The frames of a call sequence: start, one per event (a call starts, returns, or answers at once), verdict."""
    story = _CallStory.of(sol, calls, memo, lang, form)
    events = events_of(calls)
    frames, marks, counters = [story.start()], [], Counters()
    for event in events:
        counters = _counted(counters, event.what, int(story.by_call[event.call]["depth"]), memo)
        frame, marked = story.frame(event, counters, len(events))
        frames.append(frame)
        marks += marked
    frames.append(_verdict(sol, story.rung, lang, form, replace(counters, depth=0), call=True))
    code = code_for(story.rung, form, lang)
    drawn = calls.assign(value=calls[story.f], name=calls["i"].astype(str))
    columns = ["call", "i", "depth", "start", "end", "kind", "value", "name"]
    run = [["start"], *([event.what] for event in events), ["verdict"]]
    cells = _cells(_memo_cells(sol, calls, form) if memo else [])
    return CallsView(
        frames_table(frames), drawn[columns], cells, _marks(marks), code, _highlight(_lines_run(code, run)), len(events)
    )


# --- the bottom-up table: the solver's own fill ----------------------------------------------------


@dataclass(frozen=True)
class GridView:
    """The table or the window animation, ready to draw."""

    frames: pd.DataFrame
    cells: pd.DataFrame
    marks: pd.DataFrame
    slots: pd.DataFrame  # the window's slots (empty for the table)
    code: Listing
    highlight: pd.DataFrame
    piles: Window
    rows: list[str]  # the grid's rows, top to bottom


SLOT_COLUMNS = ["frame", "store", "slot", "j", "number", "written"]


def _table_frame(sol: Solution, row: pd.Series, cands: pd.DataFrame, win: Window, lang: Lang, form: Form) -> Frame:
    """A frame of the table: the trace step's formula and sentence (the explainer's, in the form), the
    answers written so far and every cell held."""
    n, i, phase = sol.n, int(row["i"]), str(row["phase"])
    title = _title("table", lang, t("ladder_trace_step", lang, step=int(row["step"]), last=sol.last_step))
    say = explain_sentence(row, sol, lang, form, cands)
    if phase == "start" and win.last < n:
        say = t("ladder_say_table_window", lang, f=name_of(form), lo=win.hi, hi=win.last, n=n)
    written = n - i if phase == "dp" else (n - win.hi if phase == "start" else n)
    formula = explain_formula(row, cands, sol, lang, form)
    return Frame(title, formula, say, Counters(writes=written, held=n + 1))


def _table_marks(frame: int, row: pd.Series, cands: pd.DataFrame, form: Form, end_shown: bool) -> list[Mark]:
    """The cells a table frame marks: a dp step writes dp[i] (reading suffix[i] in the best-total form)
    and reads its candidates (the best one starred); the verdict stars dp[0]; the start writes dp[n]
    if the end of the row is shown."""
    i, phase, f = int(row["i"]), str(row["phase"]), name_of(form)
    if phase == "dp":
        marks = [Mark(frame, i, f, "write")] + ([Mark(frame, i, "suffix", "read")] if form == "total" else [])
        return marks + [Mark(frame, int(c.j), f, "best" if c.best else "read") for c in cands.itertuples()]
    if phase == "verdict":
        return [Mark(frame, 0, f, "best")]
    return [Mark(frame, i, f, "write")] if end_shown else []


def _table_cells(sol: Solution, win: Window, form: Form, filled: dict[int, int]) -> list[Cell]:
    """The table's cells on the positions shown: values, suffix (best-total form) and the answers, each
    answer revealed at the frame `filled` says (0: known from the start)."""
    n, f = sol.n, name_of(form)
    cells = []
    for i in win.positions:
        cells.append(Cell(i, "values", sol.values[i] if i < n else None, 0))
        if form == "total":
            cells.append(Cell(i, "suffix", sol.suffix[i], 0))
        cells.append(Cell(i, f, answer(sol, i, form), filled.get(i, 0)))
    return cells


def table_view(sol: Solution, lang: Lang, code: Code, form: Form, size: int = WINDOW) -> GridView:
    """The bottom-up fill as the solver's trace records it: its start, the dp steps of the piles shown,
    its verdict; the formulas and sentences are the explainer's, in the chosen form."""
    n, f = sol.n, name_of(form)
    win = window_at(sol, 0, size)
    steps = [0, *(2 * n - i for i in range(win.hi - 1, win.lo - 1, -1)), sol.last_step]
    trace = sol.trace.set_index("step").loc[steps].reset_index()
    cands = sol.candidates[sol.candidates["step"].isin(steps)]
    by_step = dict(tuple(cands.groupby("step")))
    listed = listing(code, form, sol.max_take, lang)  # the explainer's own listing: Python, or the reference Java
    frames, marks, lines = [], [], []
    for frame, row in trace.iterrows():
        step_cands = by_step.get(row["step"], cands.iloc[0:0])
        frames.append(_table_frame(sol, row, step_cands, win, lang, form))
        marks += _table_marks(frame, row, step_cands, form, win.last == n)
        lines.append(listed.lines_for(str(row["phase"]), int(row["i"]), n, sol.max_take))
    filled = {int(i): frame for frame, i in enumerate(trace["i"]) if 0 < frame < len(trace) - 1}
    rows = ["values", "suffix", f] if form == "total" else ["values", f]
    cells, slots = _cells(_table_cells(sol, win, form, filled)), pd.DataFrame(columns=SLOT_COLUMNS)
    return GridView(frames_table(frames), cells, _marks(marks), slots, listed, _highlight(lines), win, rows)


# --- the rolling window ------------------------------------------------------------------------------


def _window_slots(sol: Solution, form: Form, win: Window, frame_of: dict[int, int]) -> pd.DataFrame:
    """The slots of the window and the ring at each frame shown (frame 0: before the first step shown),
    each holding its answer in the form's terms."""
    slots = ap.run_window(sol.values, sol.max_take, keep=range(win.lo, win.hi + 1)).slots
    slots = slots[slots["i"].isin(frame_of)].assign(frame=lambda s: s["i"].map(frame_of))
    slots = slots.assign(written=slots["written"] & (slots["frame"] > 0))
    return slots.assign(number=[answer(sol, j, form) if j >= 0 else 0 for j in slots["j"]])


def _window_start(sol: Solution, lang: Lang, form: Form, win: Window, alive: list[int]) -> Frame:
    """The window's first frame: what it holds before the first step shown (the recurrence above)."""
    n, K, f = sol.n, sol.max_take, name_of(form)
    if win.hi == n:
        say = t("ladder_say_window_start", lang, f=f, n=n, k=K)
    else:
        say = t("ladder_say_window_later", lang, f=f, kept=_span(f, min(alive), max(alive)), n=n)
    counters = Counters(writes=n - win.hi, held=min(K, n - win.hi + 1))
    return Frame(_title("window", lang, t("ladder_start", lang)), recurrence(form, K, n, lang), say, counters)


def _window_say(sol: Solution, lang: Lang, form: Form, i: int) -> str:
    """A window step in words: what it reads and keeps, what it lets go, and where the ring puts it."""
    n, K, f, take = sol.n, sol.max_take, name_of(form), sol.take[i]
    read = _span(f, i + 1, min(i + K, n))
    value = answer(sol, i, form)
    step = t("ladder_say_window_step", lang, f=f, i=i, read=read, value=value, take=take, piles=piles(take, lang))
    drop = t("ladder_say_window_drop", lang, f=f, j=i + K, i=i) if i + K <= n else t("ladder_say_window_grow", lang)
    old = f"{f}[{i + K + 1}]" if i + K + 1 <= n else t("ladder_nothing", lang)
    ring = t("ladder_say_ring", lang, f=f, i=i, size=K + 1, slot=i % (K + 1), old=old)
    return _join(lang, step, drop, ring)


def _window_formula(sol: Solution, i: int, form: Form) -> str:
    """A window step: the new answer from the K slots (running suffix, or sums of the next k piles)."""
    ks = range(1, min(sol.max_take, sol.n - i) + 1)
    if form == "diff":
        symbols = f"max({', '.join(f'{_taken(sol, i, k)} − window[{k - 1}]' for k in ks)})"
    else:
        symbols = "suffix − min(window)"
    kids = [Kid(k, answer(sol, i + k, form)) for k in ks]
    return two_lines(f"{name_of(form)}[{i}]", symbols, _numbers(sol, i, kids, form))


def _window_marks(sol: Solution, form: Form, i: int, frame: int) -> list[Mark]:
    """The cells a window step marks: dp[i] written, the answers read (the best starred), and the one
    read for the last time and let go (unless it is the best)."""
    n, K, f, take = sol.n, sol.max_take, name_of(form), sol.take[i]
    dropped = i + K if i + K <= n else None
    marks = [Mark(frame, i, f, "write")]
    reads = range(i + 1, min(i + K, n) + 1)
    marks += [Mark(frame, j, f, "best" if j - i == take else "read") for j in reads if j != dropped or j - i == take]
    if dropped is not None and dropped - i != take:
        marks.append(Mark(frame, dropped, f, "drop"))
    return marks


def _window_cells(sol: Solution, form: Form, win: Window, frame_of: dict[int, int]) -> list[Cell]:
    """The values and the answers on the positions shown: an answer revealed at its step's frame, and
    let go after the step that reads it for the last time (j − K)."""
    n, K, f = sol.n, sol.max_take, name_of(form)
    cells = []
    for j in win.positions:
        evict = frame_of.get(j - K) if j - K >= win.lo else None
        cells.append(Cell(j, "values", sol.values[j] if j < n else None, 0))
        cells.append(Cell(j, f, answer(sol, j, form), frame_of.get(j, 0), evict))
    return cells


def window_view(sol: Solution, lang: Lang, form: Form, size: int = WINDOW) -> GridView:
    """The rolling window, step by step over the piles shown: which answers are alive in its K slots,
    which one is read for the last time and let go, and where the K+1-slot ring puts each answer."""
    n, K, f = sol.n, sol.max_take, name_of(form)
    win = window_at(sol, 0, size)
    order = list(range(win.hi - 1, win.lo - 1, -1))  # the steps shown, in the order they run
    frame_of = {i: frame for frame, i in enumerate(order, start=1)} | {win.hi: 0}  # win.hi: before them
    slots = _window_slots(sol, form, win, frame_of)
    kept = slots[slots["store"] == "window"].groupby("frame")["j"].apply(list)
    frames, marks = [_window_start(sol, lang, form, win, kept[0])], [Mark(0, j, f, "read") for j in kept[0]]
    for frame, i in enumerate(order, start=1):
        title = _title("window", lang, t("ladder_step_of", lang, step=frame, steps=len(order), i=i))
        counters = Counters(writes=n - i, held=len(kept[frame]))
        frames.append(Frame(title, _window_formula(sol, i, form), _window_say(sol, lang, form, i), counters))
        marks += _window_marks(sol, form, i, frame)
    last = len(frames)
    frames.append(_verdict(sol, "window", lang, form, frames[-1].counters))
    marks.append(Mark(last, 0, f, "best"))
    slots = pd.concat([slots, slots[slots["frame"] == len(order)].assign(frame=last, written=False)], ignore_index=True)
    code = code_for("window", form, lang)
    run = [["start"], *(["step", "drop", "store"] if i + K <= n else ["step", "store"] for i in order), ["verdict"]]
    cells = _cells(_window_cells(sol, form, win, frame_of))
    slots = slots[SLOT_COLUMNS].reset_index(drop=True)
    return GridView(
        frames_table(frames), cells, _marks(marks), slots, code, _highlight(_lines_run(code, run)), win, ["values", f]
    )


# --- the ladder at a glance --------------------------------------------------------------------------


def count_text(count: int, lang: Lang) -> str:
    """A count as shown: exact with thousands separators, or in scientific form with its exact digit count."""
    big = ap.big_count(count)
    if big.exact is not None:
        return f"{big.exact:,}"
    return t("ladder_big_count", lang, mantissa=big.mantissa, exponent=big.exponent, digits=big.digits)


def summary_table(sol: Solution, runs: dict[Rung, ap.Run], lang: Lang, form: Form) -> pd.DataFrame:
    """One row per rung, in words: its time and extra memory, its counters on the row (“—” where it has
    no such thing), its answer in the form's terms (or “not run”), and how it was counted."""
    winner = t("winner_" + sol.winner, lang)
    table = []
    for rung, run in runs.items():
        counters = [count_text(getattr(run.counters, c), lang) if c in ap.APPLIES[rung] else "—" for c in ap.COUNTERS]
        answer_words = (
            t("ladder_answer_value", lang, name=name_of(form), value=in_form(run.dp0, sol.total, form), winner=winner)
            if run.dp0 is not None
            else t("ladder_not_run", lang)
        )
        how = t("ladder_how_measured" if run.measured else "ladder_how_exact", lang)
        words = (t(f"ladder_{part}_{rung}", lang) for part in ("name", "time", "space"))
        table.append([*words, *counters, answer_words, how])
    columns = [t(f"ladder_col_{c}", lang) for c in ("approach", "time", "space")]
    columns += [t("ladder_counter_" + c, lang) for c in ap.COUNTERS]
    columns += [t("ladder_col_answer", lang), t("ladder_col_how", lang)]
    return pd.DataFrame(table, columns=columns)


def glance_table(summary: pd.DataFrame, lang: Lang) -> pd.DataFrame:
    """The ladder table as the page shows it above the rungs' tabs (narrow enough for a phone): summary_table
    less its last two columns (the answer, stated once under the table, and how it was counted, said in the
    recursion's tab), each rung named by its tab's short name."""
    shown = summary.iloc[:, :-2].copy()
    shown.iloc[:, 0] = [t("ladder_tab_" + rung, lang) for rung in ap.APPROACHES]
    return shown
