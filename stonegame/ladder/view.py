"""What the approach ladder's animations draw, as tidy tables cut from the traces the core emits:
the call table of the recursion (plain or with a memo), the solver's own trace for the bottom-up
table, and the window's slots. Each animation is a list of frames with its words, the cells or calls
it draws, the marks each frame puts on them, and the listing lines each frame runs.

Tables (one row per observation):
    frames      frame, title, formula, sentence, calls, hits, writes, held, depth    one per frame
                (the counters as they stand after the frame)
    calls       call, i, depth, start, end, kind, value, name                      one per call drawn
    cells       i, row, number, reveal[, evict]                                      one per array cell drawn
    marks       frame, i, row, role                                                  one per cell a frame marks
                role: "write" (●), "read" (○), "best" (★), "drop" (✗: read for the last time, then let go)
    slots       frame, store, slot, j, number, written                               one per slot per frame
    highlight   frame, line                                                          one per listing line a frame runs
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import pandas as pd

from stonegame.explainer.explain import formula as explain_formula
from stonegame.explainer.explain import sentence as explain_sentence
from stonegame.i18n import t
from stonegame.ladder import rungs as ap
from stonegame.listing import find_lines, listing
from stonegame.solver import Solution
from stonegame.text import NBSP, SENTENCE_WIDTH, wrap

WINDOW = 16  # piles the table and window animations show at once (the explainer's window too)
NEVER = 1 << 30  # a frame number past any animation's end

# listing -> trace event -> text of the lines it runs (each must match exactly one line of the listing)
MARKERS: dict[tuple[str, str], dict[str, list[str]]] = {
    ("recursion", "total"): {
        "start": ["suffix[i] = values[i] + suffix[i + 1]", "alice = dp(0)"],
        "enter": ["if i == n:", "takes = range(", "return suffix[i] - min(dp(i + k)"],
        "return": ["return suffix[i] - min(dp(i + k)"],
        "base": ["if i == n:", "return 0  # no piles left"],
        "verdict": ['return "Alice" if 2 * alice'],
    },
    ("recursion", "diff"): {
        "start": ["lead = diff(0)"],
        "enter": ["if i == n:", "takes = range(", "return max(sum(values[i : i + k]) - diff(i + k)"],
        "return": ["return max(sum(values[i : i + k]) - diff(i + k)"],
        "base": ["if i == n:", "return 0  # no piles left"],
        "verdict": ['return "Alice" if lead > 0'],
    },
    ("memo", "total"): {
        "start": ["suffix[i] = values[i] + suffix[i + 1]", "memo: dict[int, int] = {}", "alice = dp(0)"],
        "enter": ["if i == n:", "if i in memo:", "takes = range(", "memo[i] = suffix[i] - min("],
        "return": ["memo[i] = suffix[i] - min(", "# filled"],
        "base": ["if i == n:", "return 0  # no piles left"],
        "hit": ["if i == n:", "if i in memo:", "# a cache hit"],
        "verdict": ['return "Alice" if 2 * alice'],
    },
    ("memo", "diff"): {
        "start": ["memo: dict[int, int] = {}", "lead = diff(0)"],
        "enter": ["if i == n:", "if i in memo:", "takes = range(", "memo[i] = max(sum("],
        "return": ["memo[i] = max(sum(", "# filled"],
        "base": ["if i == n:", "return 0  # no piles left"],
        "hit": ["if i == n:", "if i in memo:", "# a cache hit"],
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


@dataclass(frozen=True)
class Code:
    """A listing's lines and, per trace event, the 1-based numbers of the lines it runs."""

    lang: str  # "py" | "java"
    lines: list[str]
    lines_by_event: dict[str, list[int]]


def code_for(approach: str, form: str) -> Code:
    """The Python listing of a rung in a form: the real source of its function in stonegame.approaches."""
    source = inspect.getsource(ap.LISTINGS[(approach, form)])
    return Code("py", source.splitlines(), find_lines(source, MARKERS[(approach, form)]))


def ring_source(form: str) -> str:
    """The K+1-slot listing's source, as it runs."""
    return inspect.getsource(ap.LISTINGS[("ring", form)])


def _n(x: int) -> str:
    """A number inside a formula: negatives bracketed so `12 − (-3)` reads right."""
    return f"({x})" if x < 0 else str(x)


def _two_lines(left: str, symbols: str, numbers: str) -> str:
    """`left = symbols` and under it `= numbers`, its = under the first (indent kept by a zero-width space)."""
    return f"{left} = {symbols}\n\u200b{NBSP * (len(left) + 1)}= {numbers}"


def _say(text: str) -> str:
    """A sentence wrapped for the caption."""
    return "\n".join(wrap(text, SENTENCE_WIDTH))


def name_of(form: str) -> str:
    """The array (and function) a form fills: dp or diff."""
    return "diff" if form == "diff" else "dp"


def _piles(k: int, lang: str) -> str:
    """'pile' or 'piles'."""
    return t("pile_one" if k == 1 else "pile_many", lang)


def _span(f: str, a: int, b: int, call: bool = False) -> str:
    """f(a), f(a+1), …, f(b) each named when there are at most three, else f(a) … f(b); as calls or as cells."""
    o, c = ("(", ")") if call else ("[", "]")
    if b - a < 3:
        return ", ".join(f"{f}{o}{j}{c}" for j in range(a, b + 1))
    return f"{f}{o}{a}{c} … {f}{o}{b}{c}"


def _join(lang: str, *sentences: str) -> str:
    """Sentences one after another: a space between them in English, none in Chinese."""
    return ("" if lang == "zh" else " ").join(sentences)


def _value(sol: Solution, i: int, form: str) -> int:
    """dp[i], or diff[i] = 2·dp[i] − suffix[i] in the score-difference form."""
    return 2 * sol.dp[i] - sol.suffix[i] if form == "diff" else sol.dp[i]


def recurrence(form: str, max_take: int, n: int, call: bool = False) -> str:
    """The recurrence with K filled in, e.g. dp(i) = suffix[i] − min(dp(i+1), dp(i+2), dp(i+3)), dp(n) = 0."""
    f = name_of(form)
    o, c = ("(", ")") if call else ("[", "]")
    if form == "diff":
        body = f"max over k = 1..{max_take} of sum(values[i:i+k]) − {f}{o}i+k{c}"
    else:
        body = f"suffix[i] − min({', '.join(f'{f}{o}i+{k}{c}' for k in range(1, max_take + 1))})"
    return f"{f}{o}i{c} = {body},  {f}{o}{n}{c} = 0"


def latex(form: str, max_take: int) -> str:
    """The form's recurrence and base case in LaTeX, on two lines, with K written in (a take never runs
    past the row: k ≤ min(K, n − i))."""
    takes = rf"1 \le k \le \min({max_take},\, n-i)"
    if form == "diff":
        step = rf"\max_{{{takes}}} \Big( \sum_{{t=i}}^{{i+k-1}} \mathrm{{values}}[t] - \mathrm{{diff}}[i+k] \Big)"
        return rf"\begin{{aligned}} \mathrm{{diff}}[i] &= {step} \\ \mathrm{{diff}}[n] &= 0 \end{{aligned}}"
    step = rf"\mathrm{{suffix}}[i] - \min_{{{takes}}} \mathrm{{dp}}[i+k]"
    return rf"\begin{{aligned}} \mathrm{{dp}}[i] &= {step} \\ \mathrm{{dp}}[n] &= 0 \end{{aligned}}"


def verdict_formula(sol: Solution, form: str, lang: str, call: bool = False) -> str:
    """2·dp[0] against the total, or diff[0] against 0, and the winner."""
    winner = t("winner_" + sol.winner, lang)
    zero = f"{name_of(form)}(0)" if call else f"{name_of(form)}[0]"
    if form == "diff":
        lead = _value(sol, 0, "diff")
        sign = ">" if lead > 0 else "<" if lead < 0 else "="
        return f"{zero} = {lead} {sign} 0  →  {winner}"
    sign = {"Alice": ">", "Bob": "<", "Tie": "="}[sol.winner]
    return f"2·{zero} = {2 * sol.alice} {sign} total = {sol.total}  →  {winner}"


def verdict_sentence(sol: Solution, form: str, lang: str) -> str:
    """The verdict in words, in the form's terms."""
    if form == "diff":
        return t("say_diff_verdict_" + sol.winner, lang, lead=abs(_value(sol, 0, "diff")))
    return t("say_verdict_" + sol.winner, lang, alice=sol.alice, bob=sol.bob)


def _candidates_formula(sol: Solution, i: int, children: list[tuple[int, int]], form: str, call: bool) -> str:
    """f(i) from its candidates [(k, f(i+k))]: symbols, then numbers, in the form's terms."""
    f = name_of(form)
    o, c = ("(", ")") if call else ("[", "]")
    left = f"{f}{o}{i}{c}"
    value = _value(sol, i, form)
    if form == "diff":
        taken = [sol.suffix[i] - sol.suffix[i + k] for k, _ in children]
        symbols = ", ".join(f"{s} − {f}{o}{i + k}{c}" for s, (k, _) in zip(taken, children, strict=True))
        numbers = ", ".join(f"{s} − {_n(v)}" for s, (_, v) in zip(taken, children, strict=True))
        return _two_lines(left, f"max({symbols})", f"max({numbers}) = {value}")
    symbols = ", ".join(f"{f}{o}{i + k}{c}" for k, _ in children)
    numbers = ", ".join(_n(v) for _, v in children)
    return _two_lines(left, f"suffix[{i}] − min({symbols})", f"{sol.suffix[i]} − min({numbers}) = {value}")


def _highlight(code: Code, events: list[list[str]]) -> pd.DataFrame:
    """One row per (frame, line) from the events each frame runs."""
    rows = [(f, line) for f, names in enumerate(events) for name in names for line in code.lines_by_event[name]]
    return pd.DataFrame(sorted(set(rows)), columns=["frame", "line"])


COUNTER_COLUMNS = list(ap.COUNTERS)


# --- recursion, plain or with a memo ---------------------------------------------------------------


@dataclass(frozen=True)
class CallsView:
    """The call sequence of plain recursion or of the memo, ready to draw."""

    frames: pd.DataFrame
    calls: pd.DataFrame
    cells: pd.DataFrame  # the memo's cells (empty for plain recursion)
    marks: pd.DataFrame
    code: Code
    highlight: pd.DataFrame
    events: int  # events in the call sequence


def calls_view(sol: Solution, calls: pd.DataFrame, memo: bool, form: str, lang: str) -> CallsView:
    """The frames of a call sequence: start, one per event (a call starts, returns, or answers at once), verdict."""
    n, f = sol.n, name_of(form)
    approach = "memo" if memo else "recursion"
    rung = t(f"ladder_name_{approach}", lang)
    code = code_for(approach, form)
    by_call = calls.set_index("call")
    children: dict[int, list[tuple[int, int]]] = {}
    for row in calls.itertuples():
        if row.parent >= 0:
            children.setdefault(row.parent, []).append((row.k, row.diff if form == "diff" else row.dp))
    timeline = []  # (event, what, call)
    for row in calls.itertuples():
        if row.start == row.end:
            timeline.append((row.start, row.kind, row.call))
        else:
            timeline += [(row.start, "enter", row.call), (row.end, "return", row.call)]
    timeline.sort()
    events = len(timeline)
    asked: dict[int, int] = {}
    counts = dict.fromkeys(COUNTER_COLUMNS, 0)
    start_say = t(f"ladder_say_start_{approach}", lang, f=f, k=sol.max_take, n=n)
    frames = [
        (
            f"{rung}  ·  " + t("ladder_start", lang),
            recurrence(form, sol.max_take, n, call=True),
            _say(start_say),
            {**counts},
        )
    ]
    run = [["start"]]
    marks: list[tuple[int, int, str, str]] = []
    for event, what, call in timeline:
        row = by_call.loc[call]
        i, depth = int(row["i"]), int(row["depth"])
        frame = event + 1
        value = int(row[f])
        if what in ("enter", "base", "hit"):
            counts["calls"] += 1
            asked[i] = asked.get(i, 0) + 1
        counts["hits"] += what == "hit"
        if what == "return" and memo:
            counts["writes"] += 1
            counts["held"] += 1
        counts["depth"] = depth
        title = f"{rung}  ·  " + t("ladder_event_of", lang, event=event + 1, events=events, depth=depth)
        if what == "base":
            words = (f"{f}({i}) = 0", t("ladder_say_base", lang, f=f, i=i))
        elif what == "hit":
            words = (f"{f}({i}) = memo[{i}] = {value}", t("ladder_say_hit", lang, f=f, i=i, value=value))
            marks.append((frame, i, "memo", "read"))
        elif what == "enter":
            last = min(sol.max_take, n - i)
            key = "ladder_say_enter_fill" if memo else f"ladder_say_enter_{row['kind']}"
            say = t(
                key,
                lang,
                f=f,
                i=i,
                wanted=_span(f, i + 1, i + last, call=True),
                times=asked[i],
                left=n - i,
                piles=_piles(n - i, lang),
            )
            words = (_candidates_formula(sol, i, [(k, 0) for k in range(1, last + 1)], form, True).split("\n")[0], say)
        else:  # return
            kids = children[call]
            take = _best_take(kids, sol, i, form)
            parent = int(row["parent"])
            to = f"{f}({int(by_call.loc[parent, 'i'])})" if parent >= 0 else t("ladder_the_caller", lang)
            say = t("ladder_say_return", lang, f=f, i=i, value=value, to=to, take=take, piles=_piles(take, lang))
            if memo:
                say = _join(lang, say, t("ladder_say_stored", lang, i=i))
                marks.append((frame, i, "memo", "write"))
            words = (_candidates_formula(sol, i, kids, form, True), say)
        frames.append((title, words[0], _say(words[1]), {**counts}))
        run.append([what])
    counts["depth"] = 0
    verdict_title = f"{rung}  ·  " + t("phase_verdict", lang)
    frames.append(
        (verdict_title, verdict_formula(sol, form, lang, call=True), _say(verdict_sentence(sol, form, lang)), counts)
    )
    run.append(["verdict"])
    table = _frames_table(frames)
    drawn = calls.assign(value=calls[f], name=[f"{i}" for i in calls["i"]])[
        ["call", "i", "depth", "start", "end", "kind", "value", "name"]
    ]
    cells = pd.DataFrame(columns=["i", "row", "number", "reveal"])
    if memo:
        fills = calls[calls["kind"] == "fill"].set_index("i")["end"]
        cells = pd.DataFrame(
            {
                "i": range(n),  # position n is the base case: answered, never stored
                "row": "memo",
                "number": [_value(sol, i, form) for i in range(n)],
                "reveal": [int(fills[i]) + 1 for i in range(n)],
            }
        )
    return CallsView(
        table,
        drawn,
        cells,
        pd.DataFrame(marks, columns=["frame", "i", "row", "role"]),
        code,
        _highlight(code, run),
        events,
    )


def _best_take(kids: list[tuple[int, int]], sol: Solution, i: int, form: str) -> int:
    """The take a returning call picks: the least opponent dp (or the largest lead), fewest piles among equals."""
    if form == "diff":
        worth = [sol.suffix[i] - sol.suffix[i + k] - v for k, v in kids]
        return kids[worth.index(max(worth))][0]
    least = min(v for _, v in kids)
    return next(k for k, v in kids if v == least)


# --- the bottom-up table: the solver's own fill ----------------------------------------------------


@dataclass(frozen=True)
class Piles:
    """Piles lo..hi-1 are animated; positions hi..last are shown as already known."""

    lo: int
    hi: int
    last: int

    @property
    def positions(self) -> range:
        """Every position drawn."""
        return range(self.lo, self.last + 1)


def piles_shown(sol: Solution, size: int = WINDOW) -> Piles:
    """The piles a table or window animation shows: all of a short row; of a long one the first `size`
    piles (the end of the backward fill, where the verdict is), with the positions they read after them."""
    hi = min(sol.n, size)
    return Piles(0, hi, min(hi + sol.max_take - 1, sol.n))


@dataclass(frozen=True)
class GridView:
    """The table or the window animation, ready to draw."""

    frames: pd.DataFrame
    cells: pd.DataFrame
    marks: pd.DataFrame
    slots: pd.DataFrame  # the window's slots (empty for the table)
    code: Code
    highlight: pd.DataFrame
    piles: Piles
    rows: list[str]  # the grid's rows, top to bottom


def table_view(sol: Solution, form: str, code_lang: str, lang: str, size: int = WINDOW) -> GridView:
    """The bottom-up fill as the solver's trace records it: its start, the dp steps of the piles shown,
    its verdict; the formulas and sentences are the explainer's, in the chosen form."""
    n, K, f = sol.n, sol.max_take, name_of(form)
    win = piles_shown(sol, size)
    steps = [0, *(2 * n - i for i in range(win.hi - 1, win.lo - 1, -1)), sol.last_step]
    trace = sol.trace.set_index("step").loc[steps].reset_index()
    cands = sol.candidates[sol.candidates["step"].isin(steps)]
    by_step = dict(tuple(cands.groupby("step")))
    empty = cands.iloc[0:0]
    listed = listing(code_lang, form, K)  # the explainer's own listing: Python, or the reference Java
    rung = t("ladder_name_table", lang)
    frames, marks, lines = [], [], []
    for frame, row in trace.iterrows():
        step_cands = by_step.get(row["step"], empty)
        i, phase = int(row["i"]), str(row["phase"])
        title = f"{rung}  ·  " + t("ladder_trace_step", lang, step=int(row["step"]), last=sol.last_step)
        text = explain_sentence(row, sol, lang, form, step_cands)
        if phase == "start" and win.last < n:
            text = t("ladder_say_table_window", lang, f=f, lo=win.hi, hi=win.last, n=n)
        written = n - i if phase == "dp" else (n - win.hi if phase == "start" else n)
        counts = {"calls": 0, "hits": 0, "writes": written, "held": n + 1, "depth": 0}
        frames.append((title, explain_formula(row, step_cands, sol, lang, form), _say(text), counts))
        if phase == "dp":
            marks += [(frame, i, f, "write")] + ([(frame, i, "suffix", "read")] if form == "total" else [])
            marks += [(frame, int(c.j), f, "best" if c.best else "read") for c in step_cands.itertuples()]
        elif phase == "verdict":
            marks.append((frame, 0, f, "best"))
        elif win.last == n:
            marks.append((frame, n, f, "write"))
        lines += [(frame, line) for line in listed.lines_for(phase, i, n, K)]
    rows = ["values", "suffix", f] if form == "total" else ["values", f]
    frame_of = {2 * n - i: frame for frame, i in enumerate(trace["i"]) if 0 < frame < len(trace) - 1}
    cells = []
    for i in win.positions:
        cells.append((i, "values", sol.values[i] if i < n else None, 0))
        if form == "total":
            cells.append((i, "suffix", sol.suffix[i], 0))
        cells.append((i, f, _value(sol, i, form), frame_of.get(2 * n - i, 0)))
    return GridView(
        _frames_table(frames),
        pd.DataFrame(cells, columns=["i", "row", "number", "reveal"]).astype({"number": "Int64"}),
        pd.DataFrame(marks, columns=["frame", "i", "row", "role"]),
        pd.DataFrame(columns=["frame", "store", "slot", "j", "number", "written"]),
        Code(listed.lang, listed.lines, listed.lines_by_phase),
        pd.DataFrame(lines, columns=["frame", "line"]),
        win,
        rows,
    )


def _frames_table(frames: list[tuple[str, str, str, dict[str, int]]]) -> pd.DataFrame:
    """The frames as a table: frame, title, formula, sentence and the counters."""
    return pd.DataFrame(
        {
            "frame": range(len(frames)),
            "title": [fr[0] for fr in frames],
            "formula": [fr[1] for fr in frames],
            "sentence": [fr[2] for fr in frames],
            **{c: [fr[3][c] for fr in frames] for c in COUNTER_COLUMNS},
        }
    )


# --- the rolling window ------------------------------------------------------------------------------


def window_view(sol: Solution, form: str, lang: str, size: int = WINDOW) -> GridView:
    """The rolling window, step by step over the piles shown: which answers are alive in its K slots,
    which one is read for the last time and let go, and where the K+1-slot ring puts each answer."""
    n, K, f = sol.n, sol.max_take, name_of(form)
    win = piles_shown(sol, size)
    size_ring = K + 1
    _, slots = ap.run_window(sol.values, K, keep=range(win.lo, win.hi + 1))
    code = code_for("window", form)
    rung = t("ladder_name_window", lang)
    order = list(range(win.hi - 1, win.lo - 1, -1))  # the steps shown, in the order they run
    frame_of = {i: frame for frame, i in enumerate(order, start=1)}
    frame_of[win.hi] = 0  # the state before the first step shown
    slots = slots[slots["i"].isin(frame_of)].assign(frame=lambda s: s["i"].map(frame_of))
    slots = slots.assign(written=slots["written"] & (slots["frame"] > 0))
    slots = slots.assign(number=[_value(sol, j, form) if j >= 0 else 0 for j in slots["j"]])
    frames, marks, run = [], [], [["start"]]
    start_counts = {"calls": 0, "hits": 0, "writes": n - win.hi, "held": min(K, n - win.hi + 1), "depth": 0}
    alive = slots[(slots["frame"] == 0) & (slots["store"] == "window")]["j"].tolist()
    start_say = (
        t("ladder_say_window_start", lang, f=f, n=n, k=K)
        if win.hi == n
        else t("ladder_say_window_later", lang, f=f, kept=_span(f, min(alive), max(alive)), n=n)
    )
    frames.append((f"{rung}  ·  " + t("ladder_start", lang), recurrence(form, K, n), _say(start_say), start_counts))
    marks += [(0, j, f, "read") for j in alive]
    for frame, i in enumerate(order, start=1):
        reads = list(range(i + 1, min(i + K, n) + 1))
        dropped = i + K if i + K <= n else None
        take = sol.take[i]
        kids = [(j - i, _value(sol, j, form)) for j in reads]
        held = len(slots[(slots["frame"] == frame) & (slots["store"] == "window")])
        counts = {"calls": 0, "hits": 0, "writes": n - i, "held": held, "depth": 0}
        title = f"{rung}  ·  " + t("ladder_step_of", lang, step=frame, steps=len(order), i=i)
        old = i + size_ring
        step_say = t(
            "ladder_say_window_step",
            lang,
            f=f,
            i=i,
            read=_span(f, reads[0], reads[-1]),
            value=_value(sol, i, form),
            take=take,
            piles=_piles(take, lang),
        )
        drop_say = (
            t("ladder_say_window_drop", lang, f=f, j=dropped, i=i)
            if dropped is not None
            else t("ladder_say_window_grow", lang)
        )
        ring_say = t(
            "ladder_say_ring",
            lang,
            f=f,
            i=i,
            size=size_ring,
            slot=i % size_ring,
            old=(f"{f}[{old}]" if old <= n else t("ladder_nothing", lang)),
        )
        say = _join(lang, step_say, drop_say, ring_say)
        frames.append((title, _window_formula(sol, i, kids, form), _say(say), counts))
        marks += [(frame, i, f, "write")]
        marks += [(frame, j, f, "best" if j - i == take else "read") for j in reads if j != dropped or j - i == take]
        if dropped is not None and dropped - i != take:
            marks.append((frame, dropped, f, "drop"))
        run.append(["step", "drop", "store"] if dropped is not None else ["step", "store"])
    final_counts = {**frames[-1][3]}
    frames.append(
        (
            f"{rung}  ·  " + t("phase_verdict", lang),
            verdict_formula(sol, form, lang),
            _say(verdict_sentence(sol, form, lang)),
            final_counts,
        )
    )
    marks.append((len(frames) - 1, 0, f, "best"))
    run.append(["verdict"])
    verdict_slots = slots[slots["frame"] == len(order)].assign(frame=len(frames) - 1, written=False)
    slots = pd.concat([slots, verdict_slots], ignore_index=True)
    cells = []
    for j in win.positions:
        drop_step = j - K  # the step that reads dp[j] for the last time
        evict = frame_of.get(drop_step, NEVER) if drop_step >= win.lo else NEVER
        cells.append((j, "values", sol.values[j] if j < n else None, 0, NEVER))
        cells.append((j, f, _value(sol, j, form), frame_of.get(j, 0) if j < win.hi else 0, evict))
    return GridView(
        _frames_table(frames),
        pd.DataFrame(cells, columns=["i", "row", "number", "reveal", "evict"]).astype({"number": "Int64"}),
        pd.DataFrame(marks, columns=["frame", "i", "row", "role"]),
        slots[["frame", "store", "slot", "j", "number", "written"]].reset_index(drop=True),
        code,
        _highlight(code, run),
        win,
        ["values", f],
    )


def _window_formula(sol: Solution, i: int, kids: list[tuple[int, int]], form: str) -> str:
    """A window step: the new answer from the K slots (running suffix, or sums of the next k piles)."""
    f = name_of(form)
    value = _value(sol, i, form)
    if form == "diff":
        taken = [sol.suffix[i] - sol.suffix[i + k] for k, _ in kids]
        symbols = ", ".join(f"{s} − window[{k - 1}]" for s, (k, _) in zip(taken, kids, strict=True))
        numbers = ", ".join(f"{s} − {_n(v)}" for s, (_, v) in zip(taken, kids, strict=True))
        return _two_lines(f"{f}[{i}]", f"max({symbols})", f"max({numbers}) = {value}")
    numbers = ", ".join(_n(v) for _, v in kids)
    return _two_lines(f"{f}[{i}]", "suffix − min(window)", f"{sol.suffix[i]} − min({numbers}) = {value}")


# --- the ladder at a glance --------------------------------------------------------------------------


def count_text(count: int, lang: str) -> str:
    """A count as shown: exact with thousands separators, or in scientific form with its exact digit count."""
    big = ap.big_count(count)
    if big.exact is not None:
        return f"{big.exact:,}"
    return t("ladder_big_count", lang, mantissa=big.mantissa, exponent=big.exponent, digits=big.digits)


def summary_table(sol: Solution, runs: dict[str, ap.Run], form: str, lang: str) -> pd.DataFrame:
    """One row per rung, in words: its time and extra memory, its counters on the row (“—” where it has
    no such thing), its answer in the form's terms (or “not run”), and how it was counted."""
    winner = t("winner_" + sol.winner, lang)
    table = []
    for rung, run in runs.items():
        counters = [count_text(getattr(run.counters, c), lang) if c in ap.APPLIES[rung] else "—" for c in ap.COUNTERS]
        lead = 2 * run.dp0 - sol.total if run.dp0 is not None and form == "diff" else run.dp0
        answer = (
            t("ladder_answer_value", lang, name=name_of(form), value=lead, winner=winner)
            if run.dp0 is not None
            else t("ladder_not_run", lang)
        )
        how = t("ladder_how_measured" if run.measured else "ladder_how_exact", lang)
        words = (t(f"ladder_{part}_{rung}", lang) for part in ("name", "time", "space"))
        table.append([*words, *counters, answer, how])
    columns = [t(f"ladder_col_{c}", lang) for c in ("approach", "time", "space")]
    columns += [t("ladder_counter_" + c, lang) for c in ap.COUNTERS]
    columns += [t("ladder_col_answer", lang), t("ladder_col_how", lang)]
    return pd.DataFrame(table, columns=columns)
