"""The approach ladder's core: every rung (its listing as shown, and its instrumented twin) against an
independent exhaustive minimax and against each other for k = 1..5; the exact call count; the counters;
the traces the animations are cut from; the identity between the two formulations; the charts."""

import random
import sys
import time
from pathlib import Path

import pytest

from stonegame import score_difference, solve
from stonegame.draw.kit import MUTED
from stonegame.i18n import t
from stonegame.ladder import rungs as ap
from stonegame.ladder import spec
from stonegame.ladder.charts import GROWTH_HEIGHT
from stonegame.ladder.view import (
    MARKERS,
    calls_view,
    code_for,
    count_text,
    latex,
    summary_table,
    table_view,
    window_view,
)
from stonegame.reference import stone_game_iii as reference_total
from stonegame.reference import stone_game_iii_diff as reference_diff
from stonegame.terms import FORMS, TAKES

ROOT = Path(__file__).resolve().parents[2]


def brute(values, max_take):
    """Alice's and Bob's totals when each, on their turn, tries every take and keeps the one that leaves
    them the most: a game-tree search over (position, whose turn), written without the dp shortcut."""
    n = len(values)

    def play(i, alice_moves):
        if i == n:
            return 0, 0
        best = None
        for k in range(1, min(max_take, n - i) + 1):
            alice, bob = play(i + k, not alice_moves)
            taken = sum(values[i : i + k])
            alice, bob = (alice + taken, bob) if alice_moves else (alice, bob + taken)
            mine = alice if alice_moves else bob
            if best is None or mine > (best[0] if alice_moves else best[1]):
                best = (alice, bob)
        return best

    return play(0, True)


def winner(alice, bob):
    return "Alice" if alice > bob else "Bob" if bob > alice else "Tie"


def rows(count, seed, longest=9, spread=9):
    """Random rows of 1..longest piles, small values (so ties happen)."""
    rng = random.Random(seed)
    return [[rng.randint(-spread, spread) for _ in range(rng.randint(1, longest))] for _ in range(count)]


# --- every rung gives the brute force's answer ---------------------------------------------------


@pytest.mark.parametrize("max_take", TAKES)
def test_every_rung_agrees_with_an_exhaustive_minimax_and_with_the_others(max_take):
    for values in rows(60, seed=max_take, longest=9):
        alice, bob = brute(values, max_take)
        sol = solve(values, max_take)
        assert (sol.alice, sol.bob) == (alice, bob), values  # the solver, the table rung's own fill
        listed = {name: fn(values, max_take) for name, fn in ap.LISTINGS.items()}
        listed["reference"] = reference_total(values, max_take)
        listed["reference_diff"] = reference_diff(values, max_take)
        assert set(listed.values()) == {winner(alice, bob)}, (values, listed)
        runs = ap.ladder(sol)
        assert {r.dp0 for r in runs.values()} == {alice}, (values, runs)  # the instrumented twins, exactly
        assert score_difference(values, max_take)[0] == alice - bob


def test_ties_and_one_pile_and_negative_rows():
    for values, expected in [([1, 2, 3, 6], "Tie"), ([5], "Alice"), ([-7], "Bob"), ([0], "Tie"), ([-1, -2, -3], "Tie")]:
        assert {fn(values, 3) for fn in ap.LISTINGS.values()} == {expected}, values
        assert winner(*brute(values, 3)) == expected


# --- the listings as shown, watched while they run ------------------------------------------------


def watch(func, values, max_take):
    """Run a listing under sys.settrace: the (i, answer) of every call of its inner function, and the
    line numbers (relative to the listing's first line, 1-based) it executes."""
    calls, lines = [], set()
    first = func.__code__.co_firstlineno

    def local(frame, event, arg):
        if event == "line" and frame.f_code.co_firstlineno >= first:
            lines.add(frame.f_lineno - first + 1)
        if event == "return" and frame.f_code.co_name in ("dp", "diff"):
            calls.append((frame.f_locals["i"], arg))
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code.co_filename == func.__code__.co_filename else None

    sys.settrace(tracer)
    try:
        func(values, max_take)
    finally:
        sys.settrace(None)
    return calls, lines


@pytest.mark.parametrize("max_take", TAKES)
def test_the_recursive_listings_make_the_counted_calls_and_return_the_solvers_numbers(max_take):
    for values in rows(8, seed=10 + max_take, longest=8):
        sol = solve(values, max_take)
        n, diff = sol.n, score_difference(values, max_take)
        memo = ap.run_memo(values, max_take).counters
        for form, want in (("total", sol.dp), ("diff", diff)):
            calls, _ = watch(ap.LISTINGS[("recursion", form)], values, max_take)
            assert len(calls) == ap.recursion_calls(n, max_take), values
            assert all(v == want[i] for i, v in calls), (values, form)
            calls, _ = watch(ap.LISTINGS[("memo", form)], values, max_take)
            assert len(calls) == memo.calls and all(v == want[i] for i, v in calls), (values, form)


@pytest.mark.parametrize(("approach", "form"), list(MARKERS))
def test_every_highlighted_line_is_a_line_the_listing_runs(approach, form):
    """The animations highlight lines found by markers; each must be one the function really executes."""
    values = [1, 2, 3, 7, -2]
    code = code_for(approach, form)
    _, ran = watch(ap.LISTINGS[(approach, form)], values, 3)
    marked = {line for lines in code.lines_by_phase.values() for line in lines}
    assert marked <= ran, (sorted(marked - ran), code.lines)


def test_k_slots_suffice_read_first_but_the_in_place_version_needs_k_plus_one():
    def in_place(values, max_take, size):  # ring_diff with a chosen number of slots
        n, slots = len(values), [0] * size
        for i in range(n - 1, -1, -1):
            slots[i % size] = float("-inf")
            taken = 0
            for k in range(1, min(max_take, n - i) + 1):
                taken += values[i + k - 1]
                slots[i % size] = max(slots[i % size], taken - slots[(i + k) % size])
        return slots[0]

    for max_take in (2, 3, 4):
        sample = rows(200, seed=max_take, longest=12)
        assert all(in_place(v, max_take, max_take + 1) == score_difference(v, max_take)[0] for v in sample)
        assert any(in_place(v, max_take, max_take) != score_difference(v, max_take)[0] for v in sample)
        assert all(ap.run_window(v, max_take).run.counters.held <= max_take for v in sample)


# --- counting -------------------------------------------------------------------------------------


def calls_at(n, max_take):
    """How often plain recursion calls f(i), for i = 0..n: the ways to reach i in takes of 1..K
    (P(0) = 1, P(i) = P(i-1) + ... + P(i-K))."""
    ways = [1]
    for i in range(1, n + 1):
        ways.append(sum(ways[max(0, i - max_take) : i]))
    return ways


@pytest.mark.parametrize("max_take", TAKES)
def test_the_exact_call_count_is_the_number_of_calls_plain_recursion_makes(max_take):
    for n in range(0, 13):
        values = [1] * n
        walked = ap.walk(values, max_take, memo=False, keep=False).counters.calls
        assert ap.recursion_calls(n, max_take) == walked == sum(calls_at(n, max_take)), n
        by_position = ap.calls_table(values, max_take)["i"].value_counts().sort_index().tolist()
        assert by_position == calls_at(n, max_take), n  # f(i) is called once per way to reach pile i


def test_named_call_counts():
    assert [ap.recursion_calls(n, 3) for n in range(8)] == [1, 2, 4, 8, 15, 28, 52, 96]
    assert [ap.recursion_calls(n, 1) for n in range(5)] == [1, 2, 3, 4, 5]  # one call per position
    fib = [0, 1]
    while len(fib) < 40:
        fib.append(fib[-1] + fib[-2])
    assert all(ap.recursion_calls(n, 2) == fib[n + 3] - 1 for n in range(30))  # k = 2: Fibonacci


def test_the_count_for_fifty_thousand_piles_is_exact_and_quick():
    started = time.perf_counter()
    calls = ap.recursion_calls(50_000, 3)
    assert time.perf_counter() - started < 10  # linear in n (big-integer sums), never exponential
    big = ap.big_count(calls)
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        digits = str(calls)
    finally:
        sys.set_int_max_str_digits(old)
    assert big.digits == len(digits) == 13_233 and big.exponent == 13_232
    assert big.exact is None and big.mantissa == f"{digits[0]}.{digits[1:4]}"
    assert count_text(calls, "en") == f"≈ {big.mantissa} × 10^13,232 (13,233 digits)"
    assert count_text(2031, "en") == "2,031" and ap.big_count(10**15 - 1).exact == 10**15 - 1
    assert ap.digit_count(10**20) == 21 and ap.digit_count(10**20 - 1) == 20 and ap.digit_count(1) == 1


@pytest.mark.parametrize("max_take", TAKES)
def test_memo_table_and_window_counters_follow_their_formulas(max_take):
    for n in range(1, 61):
        values = [(-1) ** i * i for i in range(n)]
        memo = ap.run_memo(values, max_take).counters
        calls = 1 + sum(min(max_take, n - i) for i in range(n))  # f(0), then one call per take weighed
        base = min(max_take, n)  # the positions within k of the end each call f(n) once
        assert memo == ap.Counters(calls=calls, hits=calls - n - base, writes=n, held=n, depth=n + 1), n
        assert ap.run_table(solve(values, max_take)).counters == ap.Counters(writes=n, held=n + 1)
        assert ap.run_window(values, max_take).run.counters == ap.Counters(writes=n, held=min(max_take, n + 1))


def test_plain_recursion_is_run_only_while_small_and_counted_beyond():
    small = ap.run_recursion([1, 2, 3, 7], 3)
    assert small.measured and small.dp0 == 6 and small.counters == ap.Counters(calls=15, depth=5)
    large = ap.run_recursion([1] * 40, 3)
    assert not large.measured and large.dp0 is None and large.counters.calls == ap.recursion_calls(40, 3)
    assert "calls=~" in repr(ap.run_recursion([1] * 50_000, 3).counters)  # printable, though 13,233 digits


def test_the_growth_table():
    growth = ap.growth(3)
    assert {c: str(d) for c, d in growth.dtypes.items()} == ap.GROWTH_SCHEMA
    assert len(growth) == 30 * len(ap.APPROACHES) * len(ap.COUNTERS)
    at = growth.set_index(["n", "approach", "counter"])["value"]
    for n in ap.GROWTH_SIZES:
        assert at[(n, "recursion", "calls")] == ap.recursion_calls(n, 3)
        assert at[(n, "memo", "calls")] == 1 + sum(min(3, n - i) for i in range(n))
        assert at[(n, "table", "writes")] == at[(n, "window", "writes")] == at[(n, "memo", "writes")] == n
        assert at[(n, "window", "held")] == min(3, n + 1) and at[(n, "table", "held")] == n + 1
    assert not growth[growth["approach"] == "recursion"]["measured"].any()
    assert growth[growth["approach"] != "recursion"]["measured"].all()


# --- the traces -----------------------------------------------------------------------------------


@pytest.mark.parametrize("memo", [False, True])
def test_the_call_table_is_a_well_nested_call_sequence(memo):
    values = [3, -1, 4, 1, -5, 9, 2]
    calls = ap.calls_table(values, 3, memo)
    assert {c: str(d) for c, d in calls.dtypes.items()} == ap.CALLS_SCHEMA
    by = calls.set_index("call")
    events = sorted([*calls["start"], *calls.loc[calls["start"] != calls["end"], "end"]])
    assert events == list(range(len(events)))  # every event once: a call starts, returns, or answers at once
    for row in calls[calls["parent"] >= 0].itertuples():
        parent = by.loc[row.parent]
        assert parent.start < row.start <= row.end < parent.end and row.depth == parent.depth + 1
        assert row.i == parent.i + row.k
    sol = solve(values)
    assert all(calls["dp"] == [sol.dp[i] for i in calls["i"]])
    assert all(calls["diff"] == [2 * sol.dp[i] - sol.suffix[i] for i in calls["i"]])
    kinds = calls["kind"].value_counts().to_dict()
    if memo:
        assert kinds["fill"] == len(values) and kinds["hit"] == ap.run_memo(values).counters.hits
    else:
        assert kinds["first"] == len(values) and len(calls) == ap.recursion_calls(len(values))


def test_the_slots_hold_the_answers_they_claim():
    values = [2, -3, 5, 1, -1, 4, 0, 3]
    for max_take in TAKES:
        sol = solve(values, max_take)
        run, slots = ap.run_window(values, max_take, keep=range(len(values) + 1))
        assert run.dp0 == sol.dp[0]
        for row in slots.itertuples():
            if row.store == "window":
                assert row.j == row.i + row.slot and row.dp == sol.dp[row.j]
            elif row.j >= 0:
                assert row.j % (max_take + 1) == row.slot and row.dp == sol.dp[row.j] and row.j >= row.i


@pytest.mark.parametrize("form", FORMS)
def test_the_frames_counters_end_at_the_runs_counters(form):
    sol = solve([1, 2, 3, 7, -4, 2], 3)
    runs = ap.ladder(sol)
    for memo in (False, True):
        view = calls_view(sol, ap.calls_table(sol.values, 3, memo), memo, "en", form)
        end = view.frames.iloc[-2]  # the last event, before the verdict
        run = runs["memo" if memo else "recursion"].counters
        assert (end["calls"], end["hits"], end["writes"]) == (run.calls, run.hits, run.writes)
        assert view.frames["depth"].max() == run.depth and len(view.frames) == view.events + 2
    table = table_view(sol, "en", "py", form)
    assert len(table.frames) == sol.n + 2 and table.frames["writes"].iloc[-1] == sol.n
    window = window_view(sol, "en", form)
    assert window.frames["held"].max() == 3 and window.frames["writes"].iloc[-1] == sol.n
    name = "diff" if form == "diff" else "dp"
    assert table.frames["formula"].iloc[-1].startswith("2·dp[0]" if form == "total" else "diff[0] = ")
    assert f"{name}(1) = " in " ".join(calls_view(sol, ap.calls_table(sol.values), False, "en", form).frames["formula"])


def test_the_table_animation_is_cut_from_the_solvers_trace():
    sol = solve([1, 2, 3, 7])
    view = table_view(sol, "en", "py", "total")
    assert (
        view.frames["formula"].tolist()[1]
        == "dp[3] = suffix[3] − min(dp[4])\n\u200b" + "\u00a0" * 6 + "= 7 − min(0) = 7"
    )
    long = solve([((i * 7) % 19) - 9 for i in range(50_000)])
    view = table_view(long, "zh", "java", "diff")
    assert len(view.frames) == 16 + 2 and view.cells["i"].max() == 18  # piles 0..15 and the 3 positions they read
    assert view.code.lang == "java" and any("diff[i] = Math.max" in line for line in view.code.lines)


def test_identity_on_every_position():
    for max_take in TAKES:
        for values in rows(20, seed=40 + max_take, longest=30, spread=1000):
            check = ap.identity(solve(values, max_take))
            assert check.all_agree and check.rows == len(values) + 1


def test_latex_and_summary_words():
    assert r"\min(3," in latex("total", 3) and r"\max" in latex("diff", 5) and r"\min(5," in latex("diff", 5)
    sol = solve([1] * 50_000, 3)
    runs = {"recursion": ap.run_recursion(sol.values, 3), "table": ap.run_table(sol)}
    table = summary_table(sol, runs, "zh", "diff")
    assert table.iloc[0, 3].startswith("≈ ") and "13,233" in table.iloc[0, 3] and table.iloc[0, -2] == "未运行"
    assert table.iloc[1, 3] == "—" and table.iloc[1, 5] == "50,000"  # the table makes no calls; writes n


# --- charts ---------------------------------------------------------------------------------------


def datasets_and_params(spec):
    return spec.get("datasets", {}), {p["name"]: p for p in spec.get("params", [])}


def biggest_drawable(max_take):
    """The largest n whose plain-recursion call sequence the page draws."""
    return max(n for n in range(1, ap.DRAW_PILES + 1) if ap.recursion_calls(n, max_take) <= ap.DRAW_CALLS)


@pytest.mark.parametrize(("max_take", "form", "lang"), [(1, "total", "en"), (3, "diff", "zh"), (5, "total", "en")])
def test_every_chart_validates_and_stays_small(max_take, form, lang):
    rng = random.Random(max_take)
    n = biggest_drawable(max_take)
    sol = solve([rng.randint(-9, 9) for _ in range(n)], max_take)
    specs = [spec.calls_spec(sol, memo, lang, form, validate=True) for memo in (False, True)]
    specs += [spec.table_spec(sol, lang, "java", form, validate=True), spec.window_spec(sol, lang, form, validate=True)]
    specs += spec.growth_specs(ap.growth(max_take), max_take, n, lang, validate=True)
    assert specs == [
        *(spec.calls_spec(sol, memo, lang, form) for memo in (False, True)),
        spec.table_spec(sol, lang, "java", form),
        spec.window_spec(sol, lang, form),
        *spec.growth_specs(ap.growth(max_take), max_take, n, lang),
    ], "the page's unvalidated specs are the validated ones"
    for played_spec in specs[:4]:
        data, params = datasets_and_params(played_spec)
        assert all(len(rows) <= 1_010 for rows in data.values()), {k: len(v) for k, v in data.items()}
        assert {"frame", "playing", "speed", "last"} <= set(params)
        assert all(
            not isinstance(h["events"], dict) or h["events"].get("type") != "keydown" for h in params["frame"]["on"]
        ), "no page-wide key handlers: four players share the page"
        assert played_spec["vconcat"][0]["layer"][0]["name"] == "nav_button_0"  # view 0: marks nav_button_0_marks
    for growth_spec in specs[4:]:
        assert sum(len(rows) for rows in datasets_and_params(growth_spec)[0].values()) <= 1_000


def layer_names(played_spec, view):
    """The names of the layers of one view of an animated chart."""
    return [layer.get("name") for layer in played_spec["vconcat"][view].get("layer", [])]


def test_the_grids_are_the_shared_grid_and_write_negatives_with_a_hyphen():
    sol = solve([1, 2, 3, -9])
    table, window = spec.table_spec(sol, "en", "py", "diff"), spec.window_spec(sol, "en", "total")
    layers = ("name_boxes", "names", "boxes", "marks", "symbols", "numbers")  # the name column first
    grid = [f"ladder_cell_{layer}_3" for layer in layers]  # view 3: after the buttons, caption and counters
    assert layer_names(table, 3) == grid and layer_names(window, 3) == grid
    numbers = next(step["calculate"] for step in table["vconcat"][3]["layer"][5]["transform"] if "calculate" in step)
    assert "toString(datum.number)" in numbers and "format(" not in numbers  # -9 with a hyphen, as the input writes it
    cells = next(rows for rows in window["datasets"].values() if rows and "evict" in rows[0])
    let_go = {cell["col"]: cell["evict"] for cell in cells if cell["row"] == "dp" and not cell["label_cell"]}
    assert let_go == {
        "0": 1 << 30,
        "1": 1 << 30,
        "2": 1 << 30,
        "3": 4,
        "4": 3,
    }  # dp[4] after pile 1, dp[3] after pile 0


def test_the_recurrence_a_rung_starts_with_speaks_the_pages_language():
    sol = solve([1, 2, 3, 7])
    calls = ap.calls_table(sol.values, 3, False)
    en, zh = (calls_view(sol, calls, False, lang, "diff").frames["formula"].iloc[0] for lang in ("en", "zh"))
    assert en == "diff(i) = max over k = 1..3 of sum(values[i:i+k]) − diff(i+k),  diff(4) = 0"
    assert zh == "diff(i) = 在 k = 1..3 中取 sum(values[i:i+k]) − diff(i+k) 的最大值，diff(4) = 0"
    assert window_view(sol, "zh", "total").frames["formula"].iloc[0].endswith("dp[i+3])，dp[4] = 0")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_growth_charts_have_room_to_read(lang):
    """Each growth chart is a lone view whose plot is GROWTH_HEIGHT px (at least 180) tall and whose width
    fits the page; its legend goes to one column where two would not fit."""
    assert GROWTH_HEIGHT >= 180
    for growth_spec in spec.growth_specs(ap.growth(3), 3, 4, lang):
        assert growth_spec["height"] == GROWTH_HEIGHT and growth_spec["width"] == "container"
        assert growth_spec["autosize"] == {"type": "fit-x", "contains": "padding"}  # the height stays the plot's
        assert "vconcat" not in growth_spec and "layer" in growth_spec
        legends = [layer["encoding"]["color"]["legend"] for layer in growth_spec["layer"][:2]]
        assert all(legend["columns"] == {"expr": "containerSize()[0] < 640 ? 1 : 2"} for legend in legends)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_ladder_chart_is_named_for_screen_readers_and_inks_its_axes(lang):
    """Each rung's chart and both growth charts carry a description in the page's language (Vega makes it
    the chart's aria-label) and axis/legend text in MUTED; the rect marks a frame can leave empty are hidden
    from the accessibility tree (an empty, unnamed graphic is axe's svg-img-alt)."""
    sol = solve([1, 2, 3, 7])
    specs = {
        "recursion": spec.calls_spec(sol, False, lang, "total"),
        "memo": spec.calls_spec(sol, True, lang, "total"),
        "table": spec.table_spec(sol, lang, "py", "total"),
        "window": spec.window_spec(sol, lang, "total"),
    }
    for rung, shown in specs.items():
        assert shown["description"].startswith(t("ladder_name_" + rung, lang)), rung
        assert shown["config"]["axis"]["labelColor"] == shown["config"]["legend"]["labelColor"] == MUTED
    work, memory = spec.growth_specs(ap.growth(3), 3, 4, lang)
    assert work["description"].startswith(t("ladder_growth_work", lang))
    assert memory["description"].startswith(t("ladder_growth_memory", lang))
    hidden = {
        layer["name"].rsplit("_", 1)[0]  # altair numbers the names of a vconcat's layers
        for top in specs.values()
        for view in top["vconcat"]
        for layer in view.get("layer", [])
        if isinstance(layer.get("mark"), dict) and layer["mark"].get("aria") is False
    }
    assert {"ladder_call_bars", "ladder_position_bars", "ladder_cell_marks"} <= hidden, hidden
