"""The teaching tools' core: quiz grading and transitions, the deck's numbers, and the exports."""

import dataclasses
import io
import json
from functools import cache

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from stonegame import score_difference, solve
from stonegame.fill.spec import step_spec
from stonegame.fill.view import marks, window_for_step
from stonegame.link import MAX_SEED, random_row
from stonegame.narration import formula, sentence
from stonegame.teach import deck, export, feedback, tables
from stonegame.teach import quiz as qz

rows = st.lists(st.integers(-9, 9), min_size=1, max_size=8)


def brute_dp(values, i, max_take=3):
    """The most the mover at i can collect, by plain minimax over every line of play."""
    if i >= len(values):
        return 0
    rest = sum(values[i:])
    return max(rest - brute_dp(values, i + k, max_take) for k in range(1, min(max_take, len(values) - i) + 1))


def true_guess(values, q, max_take=3):
    """The right answers to question q, from brute force alone (no trace)."""
    n = len(values)
    if q >= n:
        dp0, total = brute_dp(values, 0, max_take), sum(values)
        return qz.Guess(winner="Alice" if 2 * dp0 > total else "Bob" if 2 * dp0 < total else "Tie")
    i = n - 1 - q
    options = {k: brute_dp(values, i + k, max_take) for k in range(1, min(max_take, n - i) + 1)}
    least = min(options.values())
    return qz.Guess(take=min(k for k, v in options.items() if v == least), opponent=least, dp=sum(values[i:]) - least)


# --- quiz: the link ------------------------------------------------------------------------------


def test_no_quiz_parameters_mean_the_users_row():
    assert qz.read_setup({}) == (qz.Setup("yours", 1, 1), ())
    assert qz.write_setup(qz.Setup()) == {}


def test_a_teachers_link_is_read_back_exactly():
    setup = qz.Setup("generated", 3, 42)
    params = qz.write_setup(setup)
    assert params == {"quiz_row": "generated", "quiz_level": "3", "quiz_seed": "42"}
    assert qz.read_setup({k: [v] for k, v in params.items()}) == (setup, ())


def test_a_seed_or_level_alone_means_a_generated_row():
    assert qz.read_setup({"quiz_seed": ["7"]})[0] == qz.Setup("generated", 1, 7)
    assert qz.read_setup({"quiz_level": ["2"]})[0] == qz.Setup("generated", 2, 1)
    assert qz.read_setup({"quiz_row": ["yours"], "quiz_seed": ["7"]})[0] == qz.Setup("yours", 1, 7)


@pytest.mark.parametrize(
    ("params", "param", "key"),
    [
        ({"quiz_level": ["4"]}, "quiz_level", "quiz_err_level"),
        ({"quiz_level": ["-1"]}, "quiz_level", "quiz_err_level"),
        ({"quiz_level": ["²"]}, "quiz_level", "quiz_err_level"),
        ({"quiz_seed": ["x1"]}, "quiz_seed", "quiz_err_seed"),
        ({"quiz_seed": [str(MAX_SEED + 1)]}, "quiz_seed", "quiz_err_seed"),
        ({"quiz_seed": ["1", "2"]}, "quiz_seed", "err_url_repeated"),
        ({"quiz_row": ["mine"]}, "quiz_row", "quiz_err_row"),
    ],
)
def test_a_bad_parameter_is_named_and_replaced_by_its_default(params, param, key):
    setup, problems = qz.read_setup(params)
    assert [(p.param, p.key) for p in problems] == [(param, key)]
    fallback = {"quiz_level": ("level", 1), "quiz_seed": ("seed", 1), "quiz_row": ("row", "yours")}[param]
    assert getattr(setup, fallback[0]) == fallback[1]


@settings(suppress_health_check=[HealthCheck.too_slow])  # drawing text is slow on a loaded shared machine
@given(st.dictionaries(st.sampled_from(["quiz_row", "quiz_level", "quiz_seed"]), st.lists(st.text(), max_size=3)))
def test_reading_any_link_never_fails_and_gives_a_valid_setup(params):
    setup, _ = qz.read_setup(params)
    assert setup.row in qz.ROWS and setup.level in qz.LEVELS and 0 <= setup.seed <= MAX_SEED


def test_generated_rows_are_reproducible_and_fit_their_level():
    for level, spec in qz.LEVELS.items():
        row = qz.generated_row(level, 42)
        assert row == qz.generated_row(level, 42), "same level and seed, same row: the class gets one quiz"
        assert len(row) == spec.piles and all(spec.low <= v <= spec.high for v in row)
    assert len({tuple(qz.generated_row(2, seed)) for seed in range(20)}) > 15, "seeds give different rows"
    assert qz.generated_row(1, 1) == [4, 9, 9, 1], "pinned: a link must give the same row after an upgrade"
    assert qz.next_seed(MAX_SEED) == 0 and qz.next_seed(5) == 6


# --- quiz: grading ----------------------------------------------------------------------------


def test_grading_reads_the_issues_example_off_the_trace():
    sol = solve([1, 2, 3, 7])
    marked = qz.grade(sol, 2, qz.Guess(take=3, opponent=0, dp=12))  # question 2 is pile 1
    assert marked.step == 7 and marked.right
    assert [(m.part, m.expected) for m in marked.marks] == [("take", 3), ("opponent", 0), ("dp", 12)]
    wrong = qz.grade(sol, 2, qz.Guess(take=1, opponent=10, dp=2))
    assert [m.right for m in wrong.marks] == [False, False, False]
    assert qz.grade(sol, 4, qz.Guess(winner="Bob")).right and not qz.grade(sol, 4, qz.Guess(winner="Tie")).right


def test_a_take_as_good_as_the_solvers_is_right_too():
    sol = solve([1, 0])  # at pile 0, taking 1 or 2 both collect 1
    take = qz.grade(sol, 1, qz.Guess(take=2, opponent=0, dp=1)).marks[0]
    assert take.expected == 1 and take.accepted == (1, 2) and take.right


@settings(max_examples=60, deadline=None)
@given(rows, st.integers(1, 4))
def test_the_true_answers_by_brute_force_are_always_graded_right(values, max_take):
    sol = solve(values, max_take)
    for q in range(len(values) + 1):
        assert qz.grade(sol, q, true_guess(values, q, max_take)).right, (values, q)


def test_blank_parts_are_named():
    assert qz.missing(qz.Guess(take=1), 4, 0) == ("opponent", "dp")
    assert qz.missing(qz.Guess(take=1, opponent=0, dp=0), 4, 4) == ("winner",)


# --- quiz: transitions ------------------------------------------------------------------------


def play_through(values, wrong_at=()):
    """A quiz answered question by question: right, except at the questions in wrong_at."""
    sol = solve(values)
    quiz = qz.start(qz.Setup(), "row", sol.n)
    for q in range(sol.n + 1):
        guess = true_guess(values, q)
        if q in wrong_at:
            guess = dataclasses.replace(guess, dp=-999) if q < sol.n else qz.Guess(winner="Tie")
        quiz = qz.advance(qz.answer(quiz, sol, guess))
    return sol, quiz


def test_answer_reveals_scores_and_advance_moves_on():
    sol = solve([1, 2, 3, 7])
    quiz = qz.start(qz.Setup(), "row", 4)
    assert (qz.question(quiz), quiz.revealed, quiz.score) == (0, False, 0)
    quiz = qz.answer(quiz, sol, qz.Guess(take=1, opponent=0, dp=7))
    assert (qz.question(quiz), quiz.revealed, quiz.score, quiz.asked, quiz.streak) == (0, True, 3, 3, 1)
    assert qz.answer(quiz, sol, qz.Guess(take=1, opponent=0, dp=7)) == quiz, "a double submit counts once"
    quiz = qz.advance(quiz)
    assert (qz.question(quiz), quiz.revealed) == (1, False)
    assert qz.advance(quiz) == quiz, "nothing revealed: nothing to move on from"


def test_a_perfect_run_scores_every_part_and_a_wrong_part_breaks_the_streak():
    _, quiz = play_through([1, 2, 3, 7])
    assert qz.finished(quiz) and quiz.score == quiz.asked == qz.max_score(4) == 13
    assert quiz.streak == quiz.best_streak == 5
    _, quiz = play_through([1, 2, 3, 7], wrong_at={2})
    assert quiz.score == 12 and quiz.streak == 2 and quiz.best_streak == 2
    assert quiz.revealed, "the last answer stays on show with the result"
    restarted = qz.restart(quiz)
    assert restarted == qz.start(qz.Setup(), "row", 4)


def test_the_quiz_state_is_frozen():
    quiz = qz.start(qz.Setup(), "row", 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        quiz.score = 5


def test_the_explanation_is_the_explainers_own_words():
    sol = solve([1, 2, 3, 7])
    words = feedback.explanation(sol, 2, "en")
    row = sol.trace.iloc[7]
    cands = sol.candidates[sol.candidates["step"] == 7]
    assert words.formula == formula(row, cands, sol, "en") and "12 − min(10, 7, 0) = 12" in words.formula
    assert words.sentence == sentence(row, sol, "en", "total", cands)
    assert feedback.explanation(sol, 4, "zh").sentence == "Alice 得 6 分，Bob 得 7 分：Bob 获胜。"
    assert feedback.choice_of(words.candidates, 1) == {"k": 1, "j": 2, "dp_j": 10, "gain": 2}
    assert feedback.choice_of(words.candidates, 4) is None


def test_each_part_is_marked_and_a_wrong_one_explained_from_the_trace():
    sol = solve([1, 2, 3, 7])
    marked = qz.grade(sol, 2, qz.Guess(take=1, opponent=0, dp=12))  # pile 1: take 3, held to 0, dp 12
    cands = feedback.explanation(sol, 2, "en").candidates
    take, opponent, dp = marked.marks
    assert feedback.mark_line(sol, marked, take, "en") == "✗ the best take: you said 1; the answer is 3"
    assert feedback.mark_line(sol, marked, dp, "en") == "✓ dp[1]: 12"
    assert feedback.why(sol, marked, take, cands, "en") == (
        "Taking 1 pile leaves the opponent dp[2] = 10, so the mover collects 12 − 10 = 2. "
        "The best take (3) collects dp = 12."
    )
    assert "the least is 0" in feedback.why(sol, marked, opponent, cands, "en")
    assert (
        feedback.why(sol, marked, dp, cands, "en")
        == "dp[1] = suffix[1] − (what the opponent is held to) = 12 − 0 = 12."
    )
    verdict = qz.grade(sol, 4, qz.Guess(winner="Tie"))
    (winner,) = verdict.marks
    assert feedback.mark_line(sol, verdict, winner, "zh") == "✗ 谁赢：你的答案是 平局；正确答案是 Bob"
    assert "2·dp[0] = 12 and total = 13" in feedback.why(sol, verdict, winner, cands, "en")
    assert feedback.shown("dp", None, "en") == "—"


def test_the_takes_offered_are_every_legal_take_at_the_pile():
    sol = solve([1, 2, 3, 7], 5)
    assert [qz.takes(sol, q) for q in range(4)] == [[1], [1, 2], [1, 2, 3], [1, 2, 3, 4]]
    assert qz.takes(sol, 4) == [], "the winner's question offers no take"


def test_the_board_hides_the_answer_until_revealed():
    sol = solve([1, 2, 3, 7])
    before, after = qz.board(sol, 2, False), qz.board(sol, 2, True)
    cell = lambda b: b.cells[(b.cells["i"] == 1) & (b.cells["row"] == "dp")].iloc[0]  # noqa: E731
    assert cell(before)["reveal"] > before.frame, "dp[1] not shown before the answer"
    assert cell(after)["reveal"] <= after.frame, "shown after it"
    assert "best" not in set(before.marks["role"]), "the best take is not given away"
    win = window_for_step(sol, 7)
    expected = marks(sol, win)
    expected = expected[expected["frame"] == after.frame].reset_index(drop=True)
    pd.testing.assert_frame_equal(after.marks, expected)
    assert qz.board(solve(random_row(50_000, 7)), 0, False).cells["i"].nunique() <= 16 + 3, "a window, not the row"


# --- the deck ------------------------------------------------------------------------------------


def test_greedy_loses_where_optimal_wins():
    card = deck.card("greedy")
    assert card.row == (1, 1, 1, 1, 9), "the first row of 1s and 9s, shortest first, that catches greed"
    n = card.numbers
    assert (n["alice"], n["bob"], n["winner"]) == (10, 3, "Alice")
    assert (n["greedy_alice"], n["greedy_bob"], n["greedy_winner"]) == (3, 10, "Bob")
    assert n["greedy"].turns["k"].tolist() == [3, 2], "greedy grabs three 1s; Bob takes 1 and 9"
    for row in deck.rows_by_length((1, 9), 4):
        assert play(row, "greedy") != "Bob" or solve(row).winner != "Alice", f"a shorter trap: {row}"


def play(row, alice):
    return deck.play(solve(row), alice, "optimal").winner


@settings(max_examples=60, deadline=None)
@given(rows)
def test_the_optimal_game_scores_exactly_dp(values):
    sol = solve(values)
    game = deck.play(sol, "optimal", "optimal")
    assert (game.alice, game.bob) == (sol.alice, sol.bob)
    assert game.turns["gained"].sum() == sol.total
    greedy = deck.play(sol, "greedy", "optimal")
    assert greedy.alice <= sol.alice, "against optimal Bob, Alice can never beat dp[0]"


def test_all_negative_is_a_tie_and_the_least_loss_now_loses():
    n = deck.card("negatives").numbers
    assert (n["alice"], n["bob"], n["winner"]) == (-3, -3, "Tie")
    assert n["optimal"].turns["k"].tolist() == [2, 1]
    assert (n["greedy_alice"], n["greedy_bob"], n["greedy_winner"]) == (-4, -2, "Bob")


def test_one_zero_pile_is_a_tie_that_a_two_way_verdict_misses():
    n = deck.card("zero").numbers
    assert (n["dp0"], n["total"], n["winner"], n["no_tie"]) == (0, 0, "Tie", "Bob")


def test_starting_the_best_at_zero_turns_leetcodes_first_example_into_a_tie():
    n = deck.card("zero_init").numbers
    assert n["diff"] == [-1, 12, 10, 7, 0] == score_difference([1, 2, 3, 7])
    assert n["buggy"] == [0, 12, 10, 7, 0]
    assert (n["winner"], n["buggy_winner"]) == ("Bob", "Tie")
    assert deck.score_difference_zero_init_buggy([-5]) == [0, 0], "a lone negative pile: 'pass' for 0"


def test_memo_call_counts_are_exact():
    for n in range(5, 21):  # the recursion itself, run and counted, against the counting formulas
        assert deck.score_difference_memo([0] * n, zero_marker=True) == (0, deck.memo_calls_zero_marker(n)), n
        assert deck.score_difference_memo([0] * n) == (0, deck.memo_calls_sentinel(n)), n
    table = deck.memo_table()
    assert table["n"].tolist() == list(range(5, 26))
    assert table["sentinel"].tolist() == [3 * n - 2 for n in range(5, 26)], "1 + 3 per position but the last two"
    tribonacci = [1, 2, 4]  # calls on 0, 1, 2 zero piles with the bug: the whole game tree
    while len(tribonacci) < 26:
        tribonacci.append(1 + sum(tribonacci[-3:]))
    assert table["zero_marker"].tolist() == tribonacci[5:26]
    assert table.iloc[-1][["zero_marker", "sentinel"]].tolist() == [5_600_910, 73]


@settings(max_examples=40, deadline=None)
@given(rows)
def test_both_memos_give_the_right_answer_the_bug_only_costs_calls(values):
    right = score_difference(values)[0]
    assert deck.score_difference_memo(values)[0] == right
    assert deck.score_difference_memo(values, zero_marker=True)[0] == right


def test_mixed_formulations_give_wrong_verdicts_on_leetcodes_examples():
    table = deck.mixed_table().set_index("example")
    assert table["winner"].tolist() == ["Bob", "Alice", "Tie"]
    assert table["dp_as_lead"].tolist() == ["Alice", "Alice", "Alice"], "dp[0] = 6 > 0 in all three"
    assert table["diff_as_total"].tolist() == ["Bob", "Alice", "Bob"]
    n = deck.card("mixed").numbers
    assert (n["winner"], n["dp_as_lead"], n["diff_as_total"]) == ("Tie", "Alice", "Bob"), "both wrong on [1,2,3,6]"
    with pytest.raises(ValueError, match="no card"):
        deck.card("nope")


def test_the_decks_tables_as_shown_in_both_languages():
    greedy = deck.card("greedy").numbers
    turns = tables.turns_shown(greedy["greedy"], "en")
    assert turns.columns.tolist() == ["turn", "player", "piles taken", "points"]
    assert turns["piles taken"].tolist() == ["0–2", "3–4"] and turns["points"].tolist() == [3, 10]
    fields = tables.sentence_fields(deck.card("negatives").numbers, "zh")
    assert fields["winner"] == "平局" and fields["alice"] == -3 and "greedy" not in fields, "scalars only"
    mixed = tables.mixed_shown(deck.mixed_table(), "en")
    assert mixed.iloc[:, 0].tolist() == ["[1,2,3,7]", "[1,2,3,-9]", "[1,2,3,6]"]
    assert mixed.iloc[:, 4].tolist() == ["✓ Bob", "✓ Alice", "✓ Tie"], "the right verdict is always right"
    assert mixed.iloc[:, 5].tolist() == ["✗ Alice", "✓ Alice", "✗ Alice"]
    memo = tables.memo_shown(deck.memo_table(), "en")
    assert memo.columns[-1] == "×" and memo.iloc[-1].tolist()[:3] == [25, 5_600_910, 73]


# --- exports -------------------------------------------------------------------------------------


def read_trace_json(data):
    """The steps of a trace_json document as a DataFrame with the trace's columns, in order."""
    doc = json.loads(data)
    return pd.DataFrame(doc["steps"], columns=doc["columns"])


def test_each_kind_of_file_has_a_name_and_a_type():
    names = {kind: export.file_name(kind, 12, 5) for kind in export.KINDS}
    assert names == {
        "csv": "stone-game-12-piles-trace.csv",
        "json": "stone-game-12-piles-trace.json",
        "png": "stone-game-12-piles-step-5.png",
        "svg": "stone-game-12-piles-step-5.svg",
        "gif": "stone-game-12-piles-fill.gif",
        "html": "stone-game-12-piles-step-5.html",
    }
    assert set(export.MIME) == set(export.KINDS) and export.MIME["gif"] == "image/gif"
    assert export.gif_seconds(10) < export.gif_seconds(34) <= 8, "every frame drawn, at a fraction of a second each"


@cache
def spec_for(values, step=0, lang="en"):
    """The explainer's own spec for the row at `step`, as the page builds it."""
    return step_spec(solve(list(values)), step, lang, "py", "total")


def test_trace_csv_and_json_carry_every_step():
    sol = solve([1, 2, 3, 7])
    csv = pd.read_csv(io.BytesIO(export.trace_csv(sol)))
    assert csv.columns.tolist() == sol.trace.columns.tolist() and len(csv) == 10
    assert csv["dp"].tolist() == sol.trace["dp"].tolist()
    doc = json.loads(export.trace_json(sol))
    assert (doc["values"], doc["winner"], doc["alice"], doc["bob"]) == ([1, 2, 3, 7], "Bob", 6, 7)
    steps = read_trace_json(export.trace_json(sol))
    assert steps["phase"].tolist() == sol.trace["phase"].astype(str).tolist()
    assert steps["dp"].tolist() == sol.trace["dp"].tolist()
    assert doc["steps"][0]["value"] is None and doc["steps"][1]["value"] == 7, "no pile at n: null"


def test_a_static_spec_keeps_the_frame_and_drops_what_moves():
    spec = spec_for((1, 2, 3, 7))
    before = json.dumps(spec)
    static = export.static_spec(spec, 99)
    assert json.dumps(spec) == before, "the cached spec is not touched"
    assert len(static["vconcat"]) == len(spec["vconcat"]) and "nav_button" not in json.dumps(static), "no buttons"
    params = {p["name"]: p for p in static["params"]}
    assert params["frame"]["value"] == 9, "clamped to the last frame"
    assert not any("bind" in p or "on" in p for p in params.values())
    text = json.dumps(static)
    assert '"container"' not in text and "containerSize" not in text
    assert export.frame_count(spec) == 10 and export.current_frame(spec) == 0
    assert "font" not in static["config"], "English keeps the chart's own fonts"
    chinese = export.static_spec(spec_for((1, 2, 3, 7), 0, "zh"), 0)
    assert chinese["config"]["font"].startswith(export.CJK_SANS)
    assert f'"font": "{export.CJK_MONO}, Menlo' in json.dumps(chinese), "code lines with Chinese comments align"


def test_png_and_svg_files():
    spec = spec_for((1, 2, 3, 7), 9, "zh")
    png = export.to_png(spec, 9)
    assert png.startswith(b"\x89PNG")
    with Image.open(io.BytesIO(png)) as image:
        assert image.width >= export.WIDTH * export.PNG_SCALE
    svg = export.to_svg(spec, 9).decode()
    assert svg.startswith("<svg") and "Bob 获胜" in svg
