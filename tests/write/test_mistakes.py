"""The named mistakes: a student program with each, in each mode where it can be written, run through the real
child-process pool, matched to its named mistake and its sentence on a row where it shows; a correct program
matches nothing; a program that matches none gets the plain sentence with the truth's numbers; and the mistakes
that hide on a row are named with a row where they show."""

import pytest

from stonegame.i18n import t
from stonegame.write.compare import truth
from stonegame.write.mistakes import (
    FILLS,
    MISTAKES,
    diagnose,
    diagnose_outcome,
    explain,
    hidden_note,
    mistake_name,
    same_table,
    showing_row,
    shows,
    variant,
)
from stonegame.write.modes import REFERENCES
from stonegame.write.run import Pool

ROW, K = [2, 5, 1, 7, -2, -4], 3  # every named mistake shows on it (test_every_mistake_shows_on_the_test_row)

LOOP = "for i in range(n - 1, -1, -1):\n    suffix[i] = values[i] + suffix[i + 1]\n    dp[i] = {expr}\n"
FN_HEAD = (
    "def stone_game_iii(values, k):\n"
    "    n = len(values)\n"
    "    suffix = [0] * (n + 1)\n"
    "    dp = [0] * (n + 1)\n"
    "    for i in range(n - 1, -1, -1):\n"
    "        suffix[i] = values[i] + suffix[i + 1]\n"
)
FN_TAIL = "    return dp[0]\n"


def fn_gains(first: str, loop: str, gain: str = "suffix[i] - dp[j]", pick: str = "max") -> str:
    """A whole function whose dp[i] is pick(best, gain) over `loop`, best starting at `first`."""
    return (
        FN_HEAD
        + f"        best = {first}\n"
        + f"        for j in {loop}:\n"
        + f"            best = {pick}(best, {gain})\n"
        + "        dp[i] = best\n"
        + FN_TAIL
    )


ZERO_BODY = (
    "best = float('-inf')\n"
    "for j in range(i + 1, i + k + 1):\n"
    "    if j <= n:\n"
    "        best = max(best, suffix[i] - dp[j])\n"
    "    else:\n"
    "        best = max(best, 0)\n"
    "dp[i] = best\n"
)
DIFF_BODY = (
    "best = float('-inf')\n"
    "taken = 0\n"
    "for j in range(i + 1, min(i + k, n) + 1):\n"
    "    taken = taken + values[j - 1]\n"
    "    best = max(best, taken - dp[j])\n"
    "dp[i] = best\n"
)


def indent(code: str, by: str) -> str:
    """Every line of `code` with `by` in front."""
    return "".join(by + line + "\n" for line in code.splitlines())


#: (mistake, mode, code): each mistake in each mode where a student can write it.
PROGRAMS = [
    ("max_not_min", "body", "dp[i] = suffix[i] - max(dp[i + 1:i + k + 1])\n"),
    ("max_not_min", "loop", LOOP.format(expr="suffix[i] - max(dp[i + 1:i + k + 1])")),
    ("max_not_min", "function", fn_gains("float('inf')", "range(i + 1, min(i + k, n) + 1)", pick="min")),
    ("window_early", "body", "dp[i] = suffix[i] - min(dp[i:i + k])\n"),
    ("window_early", "loop", LOOP.format(expr="suffix[i] - min(dp[i:i + k])")),
    ("window_early", "function", fn_gains("float('-inf')", "range(i, min(i + k - 1, n) + 1)")),
    ("window_late", "body", "dp[i] = suffix[i] - min(dp[i + 1:i + k + 2])\n"),
    ("window_late", "loop", LOOP.format(expr="suffix[i] - min(dp[i + 1:i + k + 2])")),
    ("window_late", "function", fn_gains("float('-inf')", "range(i + 1, min(i + k + 1, n) + 1)")),
    ("no_suffix", "body", "dp[i] = -min(dp[i + 1:i + k + 1])\n"),
    ("no_suffix", "loop", "for i in range(n - 1, -1, -1):\n    dp[i] = -min(dp[i + 1:i + k + 1])\n"),
    ("no_suffix", "function", fn_gains("float('-inf')", "range(i + 1, min(i + k, n) + 1)", gain="-dp[j]")),
    ("values_not_suffix", "body", "dp[i] = values[i] - min(dp[i + 1:i + k + 1])\n"),
    ("values_not_suffix", "loop", LOOP.format(expr="values[i] - min(dp[i + 1:i + k + 1])")),
    (
        "values_not_suffix",
        "function",
        fn_gains("float('-inf')", "range(i + 1, min(i + k, n) + 1)", gain="values[i] - dp[j]"),
    ),
    ("zero_past_end", "body", ZERO_BODY),
    (
        "zero_past_end",
        "loop",
        "for i in range(n - 1, -1, -1):\n    suffix[i] = values[i] + suffix[i + 1]\n" + indent(ZERO_BODY, "    "),
    ),
    ("zero_past_end", "function", FN_HEAD + indent(ZERO_BODY, "        ") + FN_TAIL),
    ("difference", "body", DIFF_BODY),
    ("difference", "loop", "for i in range(n - 1, -1, -1):\n" + indent(DIFF_BODY, "    ")),
    ("difference", "function", FN_HEAD + indent(DIFF_BODY, "        ") + FN_TAIL),
    (
        "suffix_forward",
        "loop",
        "for i in range(n):\n    suffix[i] = values[i] + suffix[i + 1]\n"
        "for i in range(n - 1, -1, -1):\n    dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])\n",
    ),
    (
        "suffix_forward",
        "loop",
        "for i in range(n):\n    suffix[i + 1] = suffix[i] + values[i]\n"
        "for i in range(n - 1, -1, -1):\n    dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])\n",
    ),
    (
        "no_base_case",
        "function",
        FN_HEAD.replace("dp = [0] * (n + 1)", "dp = [float('-inf')] * (n + 1)")
        + "        dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])\n"
        + FN_TAIL,
    ),
    (
        "no_base_case",
        "function",
        fn_gains("float('-inf')", "range(i + 1, min(i + k, n - 1) + 1)").replace("dp = [0] * (n + 1)", "dp = [0] * n"),
    ),
]


@pytest.fixture(scope="module")
def pool():
    p = Pool(2)
    yield p
    p.close()


def test_every_mistake_shows_on_the_test_row():
    assert [m for m in MISTAKES if not shows(m, ROW, K)] == []


def test_every_mistake_has_a_program_here():
    assert {m for m, _, _ in PROGRAMS} == set(MISTAKES)
    assert all(len(FILLS[m]) <= sum(1 for p in PROGRAMS if p[0] == m) for m in MISTAKES)


@pytest.mark.parametrize(
    ("mistake", "mode", "code"), PROGRAMS, ids=[f"{m}-{mode}-{n}" for n, (m, mode, _) in enumerate(PROGRAMS)]
)
def test_a_program_with_the_mistake_is_named_by_it(pool, mistake, mode, code):
    (outcome,) = pool.run(code, mode, [(ROW, K)])
    assert outcome.kind == "done", outcome
    d = diagnose_outcome(outcome, ROW, K)
    assert d is not None and not d.right
    assert d.mistake == mistake, (d.mistake, d.also, outcome.suffix, outcome.dp)
    for lang in ("en", "zh"):
        text = explain(d, lang)
        assert t(f"write_mistake_{mistake}", lang) in text
        assert "{" not in text
    first = d.comparison.first
    assert first is not None and f"{first.table}[{first.i}]" in explain(d)


@pytest.mark.parametrize("mode", ["body", "loop", "function"])
def test_a_correct_program_has_no_mistake(pool, mode):
    (outcome,) = pool.run(REFERENCES[mode], mode, [(ROW, K)])
    d = diagnose_outcome(outcome, ROW, K)
    assert d is not None and d.right and d.mistake is None
    assert explain(d) == "" and hidden_note(d) == ""  # nothing hides on this row


def test_a_program_that_matches_no_mistake_gets_the_plain_sentence(pool):
    (outcome,) = pool.run("dp[i] = suffix[i] - min(dp[i + 1:i + k + 1]) + 1\n", "body", [([1, 2, 3, 7], 3)])
    d = diagnose_outcome(outcome, [1, 2, 3, 7], 3)
    assert d is not None and d.mistake is None and d.also == ()
    assert d.comparison.first is not None and (d.comparison.first.table, d.comparison.first.i) == ("dp", 3)
    text = explain(d)
    assert "dp[3]" in text and "(step 5 of the explainer): yours holds 8" in text
    assert "dp[3] = suffix[3] − min(dp[4]) = 7 − min(0) = 7 − 0 = 7" in text
    assert "正确的是 dp[3]" in explain(d, "zh")


def test_the_plain_sentence_names_the_three_candidates_and_the_min():
    suffix, dp = truth([1, 2, 3, 7], 3)
    dp_wrong = list(dp)
    dp_wrong[0] = 99
    text = explain(diagnose([1, 2, 3, 7], 3, suffix, dp_wrong))
    assert "dp[0] = suffix[0] − min(dp[1], dp[2], dp[3]) = 13 − min(12, 10, 7) = 13 − 7 = 6" in text


def test_a_wrong_suffix_cell_gets_the_suffix_sentence():
    _, dp = truth([1, 2, 3, 7], 3)
    text = explain(diagnose([1, 2, 3, 7], 3, [13, 12, 11, 7, 0], dp))
    assert "suffix[2] (step 2 of the explainer): yours holds 11" in text
    assert "suffix[2] = values[2] + suffix[3] = 3 + 7 = 10" in text


def test_a_missing_table_is_said_plainly():
    suffix, _ = truth([1, 2, 3, 7], 3)
    assert explain(diagnose([1, 2, 3, 7], 3, suffix, None)) == t("write_no_table", "en", table="dp")


@pytest.mark.parametrize("mistake", MISTAKES)
@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_each_mistake_has_a_small_row_where_it_shows(mistake, k):
    row, kk = showing_row(mistake, k)
    assert 1 <= len(row) <= 4 and 1 <= kk <= 5
    assert shows(mistake, list(row), kk)


def test_mistakes_that_hide_on_a_k1_row_are_named_with_a_row_where_they_show():
    values = [4, -1, 3]
    suffix, dp = truth(values, 1)
    d = diagnose(values, 1, suffix, dp)
    assert d.right
    assert {"max_not_min", "zero_past_end"} <= set(d.hidden)  # the note's "Mistakes that hide"
    assert not same_table(variant("max_not_min", [1, 1], 2)[1], truth([1, 1], 2)[1])
    note = hidden_note(d)
    assert mistake_name("max_not_min") in note and "with k = 2" in note
    assert "k = 2" in hidden_note(d, "zh") and mistake_name("max_not_min", "zh") in hidden_note(d, "zh")
    for name in d.hidden:
        row, kk = showing_row(name, 1)
        assert f"[{', '.join(map(str, row))}] with k = {kk}" in note


def test_on_k1_the_difference_and_values_mistakes_share_dp_and_the_suffix_table_tells_them_apart():
    values = [3, -2, 5, 1]
    s_forward, dp_forward = variant("suffix_forward", values, 1)
    s_true, dp_values = variant("values_not_suffix", values, 1)
    assert same_table(dp_forward, dp_values) and same_table(dp_values, variant("difference", values, 1)[1])
    assert diagnose(values, 1, s_forward, dp_forward).mistake == "suffix_forward"
    assert diagnose(values, 1, s_true, dp_values).mistake in ("difference", "values_not_suffix")
